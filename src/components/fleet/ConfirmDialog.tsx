"use client";
// A dangerous action's confirmation: "Cancel" has the focus so Enter does no
// harm; neither button nor Escape works while the request runs, because its
// answer (list refresh, sign-out) must reach this page.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import planner from "@/components/planner/planner.module.css";
import { Dialog } from "./Dialog";
import styles from "./manage.module.css";

interface Props {
  title: string;
  /** The button's label, and its label while the request runs. */
  confirm: string;
  confirming: string;
  pending: boolean;
  /** The request's failure, shown under the text. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function ConfirmDialog({ title, confirm, confirming, pending, error, onConfirm, onClose, children }: Props) {
  const t = useTranslations("confirmDialog");
  return (
    <Dialog
      open
      role="alertdialog"
      title={title}
      onClose={onClose}
      dismissible={!pending}
      footer={
        <>
          <button type="button" className={styles.button} onClick={onClose} disabled={pending} data-autofocus>
            {t("cancel")}
          </button>
          <button type="button" className={styles.buttonDanger} disabled={pending} onClick={onConfirm}>
            {pending ? confirming : confirm}
          </button>
        </>
      }
    >
      {children}
      {error ? (
        <p className={planner.formError} role="alert">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
