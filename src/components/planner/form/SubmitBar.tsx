"use client";
// The submit button and the form's summary of what stops it: messages that
// belong to no field, or how many fields need attention. role="alert" makes a
// screen reader say it at once; focus goes to the first such field.
import { useTranslations } from "next-intl";
import type { FieldErrors } from "../errors";
import styles from "../planner.module.css";

export function SubmitBar({ errors, pending, busy }: { errors: FieldErrors; pending: boolean; busy: boolean }) {
  const t = useTranslations("submitBar");
  const general = errors._form ?? [];
  const fields = Object.keys(errors).filter((k) => k !== "_form").length;
  return (
    <div className={styles.submitBar}>
      {general.length || fields ? (
        <div id="form-errors" className={styles.formError} role="alert" tabIndex={-1}>
          {general.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {fields ? <p>{t("checkFields", { count: fields })}</p> : null}
        </div>
      ) : null}
      <button type="submit" className={styles.primary} disabled={pending || busy}>
        {pending ? t("submitting") : busy ? t("planning") : t("submit")}
      </button>
    </div>
  );
}
