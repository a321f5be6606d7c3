"use client";
// The submit button and the form's summary of what stops it: messages that
// belong to no field, or how many fields need attention. role="alert" makes a
// screen reader say it at once; focus goes to the first such field.
import type { FieldErrors } from "../errors";
import styles from "../planner.module.css";

export function SubmitBar({ errors, pending, busy }: { errors: FieldErrors; pending: boolean; busy: boolean }) {
  const general = errors._form ?? [];
  const fields = Object.keys(errors).filter((k) => k !== "_form").length;
  return (
    <div className={styles.submitBar}>
      {general.length || fields ? (
        <div id="form-errors" className={styles.formError} role="alert" tabIndex={-1}>
          {general.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {fields ? <p>{fields === 1 ? "Please check the highlighted field." : `Please check the ${fields} highlighted fields.`}</p> : null}
        </div>
      ) : null}
      <button type="submit" className={styles.primary} disabled={pending || busy}>
        {pending ? "Submitting…" : busy ? "Planning…" : "Plan route"}
      </button>
    </div>
  );
}
