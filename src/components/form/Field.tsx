"use client";
// A labelled control with its hint and its messages, for every form of the app
// (planner, fleet, keys). The message's id is `<id>-error` and the hint's
// `<id>-hint`; the control names them in aria-describedby, so a screen reader
// reads both with it, the message announced as an error.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import styles from "@/components/planner/planner.module.css";
import own from "./field.module.css";

interface Props {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  required?: boolean;
  children: ReactNode;
  className?: string;
}

/** The visible "required" mark; the control itself carries aria-required. */
export function Req() {
  return (
    <span className={own.req} aria-hidden="true">
      {" "}*
    </span>
  );
}

export function Field({ id, label, hint, errors, required, children, className }: Props) {
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      {required ? (
        // The mark stays outside the label: the label's text is the field's name, exactly.
        <div className={own.labelRow}>
          <label htmlFor={id}>{label}</label>
          <Req />
        </div>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} errors={errors} />
    </div>
  );
}

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  const t = useTranslations("field");
  if (!errors?.length) return null;
  return (
    <p id={`${id}-error`} className={styles.error}>
      <span className={styles.srOnly}>{t("error")} </span>
      {errors.join(" ")}
    </p>
  );
}
