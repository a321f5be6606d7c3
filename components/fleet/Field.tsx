"use client";
// A labelled control with its hint and its server messages (the message's id is
// `<id>-error`, which the control names in aria-describedby via ariaFor).
import { useEffect, type ReactNode, type RefObject } from "react";
import planner from "@/components/planner/planner.module.css";

interface Props {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[];
  children: ReactNode;
}

export function Field({ id, label, hint, errors, children }: Props) {
  return (
    <div className={planner.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <p id={`${id}-hint`} className={planner.hint}>{hint}</p> : null}
      {errors?.length ? (
        <p id={`${id}-error`} className={planner.error}>
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** The form's own messages (and "check the fields"), focusable so focus can land on it. */
export function FormErrors({ id, errors }: { id: string; errors: Record<string, string[]> }) {
  const general = errors._form ?? [];
  const onFields = Object.keys(errors).some((k) => k !== "_form");
  if (!general.length && !onFields) return null;
  return (
    <div id={id} className={planner.formError} role="alert" tabIndex={-1}>
      {general.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {onFields ? <p>Please check the highlighted fields.</p> : null}
    </div>
  );
}

/**
 * After a failed submit, focus goes to the first invalid field (or the summary),
 * once React has rendered the messages: an effect, not a callback, for that reason.
 */
export function useFocusOnErrors(form: RefObject<HTMLElement | null>, errors: Record<string, string[]>, summaryId: string) {
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const el = form.current?.querySelector<HTMLElement>("[aria-invalid='true']") ?? document.getElementById(summaryId);
    el?.focus();
  }, [errors, form, summaryId]);
}
