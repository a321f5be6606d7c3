"use client";
// The one time a secret (a new API key, the webhook signing secret) is shown
// in full. Escape does not close this dialog: the secret would be gone for
// good, so closing is an explicit button.
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Dialog } from "@/components/fleet/Dialog";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";

async function copy(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (insecure origin, permissions): select it for Ctrl+C.
    input?.select();
    return false;
  }
}

export interface ShownOnceProps {
  /** The secret itself. */
  value: string;
  title: string;
  /** The field's label, e.g. the key's label. */
  label: ReactNode;
  /** Said when the clipboard cannot be written: the secret is selected for Ctrl+C. */
  notCopied: string;
  /** The closing button, e.g. "I have stored the key". */
  closeText: string;
  /** Why it is shown once and where to keep it. */
  warning: ReactNode;
  /** Element ids, unique on the page. */
  idBase: string;
  onClose: () => void;
}

export function ShownOnceDialog({ value, title, label, notCopied, closeText, warning, idBase, onClose }: ShownOnceProps) {
  const t = useTranslations("shownOnce");
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  return (
    <Dialog
      open
      dismissible={false}
      title={title}
      onClose={onClose}
      footer={
        <button type="button" className={styles.buttonPrimary} onClick={onClose}>
          {closeText}
        </button>
      }
    >
      <div className={styles.warn} id={`${idBase}-warning`}>
        <p>{warning}</p>
      </div>
      <div className={`${planner.field} ${styles.form}`}>
        <label htmlFor={idBase}>{label}</label>
        <div className={styles.secret}>
          <input id={idBase} type="text" readOnly value={value} spellCheck={false} autoComplete="off" aria-describedby={`${idBase}-warning`} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className={styles.button}
            data-autofocus
            onClick={(e) => {
              const input = e.currentTarget.previousElementSibling as HTMLInputElement | null;
              void copy(value, input).then((ok) => setCopied(ok ? "yes" : "no"));
            }}
          >
            {t("copy")}
          </button>
        </div>
        <p className={planner.hint} role="status">
          {copied === "yes" ? t("copied") : copied === "no" ? notCopied : ""}
        </p>
      </div>
    </Dialog>
  );
}
