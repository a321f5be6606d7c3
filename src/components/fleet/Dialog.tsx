"use client";
// A modal built on the native <dialog>: the browser keeps focus inside, makes
// the page behind inert, closes on Escape and returns focus to the opener.
import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./manage.module.css";

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons; rendered in a footer that stays visible when the body scrolls. */
  footer: ReactNode;
  /** false: Escape does nothing (a key that would be lost for good must be closed on purpose). */
  dismissible?: boolean;
  role?: "dialog" | "alertdialog";
}

export function Dialog({ open, title, onClose, children, footer, dismissible = true, role = "dialog" }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // Browsers differ on what gets focus first; start where the dialog says (e.g. the safe "Cancel").
      d.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role={role}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) onClose();
      }}
    >
      {open ? (
        <>
          <div className={styles.dialogBody}>
            <h2 id={titleId}>{title}</h2>
            {children}
          </div>
          <div className={styles.dialogFoot}>{footer}</div>
        </>
      ) : null}
    </dialog>
  );
}
