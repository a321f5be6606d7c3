"use client";
// A form's own messages (not tied to one field) and where focus goes after a
// failed submit; shared by the fleet and key forms.
import { useTranslations } from "next-intl";
import { useEffect, type RefObject } from "react";
import planner from "@/components/planner/planner.module.css";

/** The form's own messages (and "check the fields"), focusable so focus can land on it. */
export function FormErrors({ id, errors }: { id: string; errors: Record<string, string[]> }) {
  const t = useTranslations("form");
  const general = errors._form ?? [];
  const onFields = Object.keys(errors).some((k) => k !== "_form");
  if (!general.length && !onFields) return null;
  return (
    <div id={id} className={planner.formError} role="alert" tabIndex={-1}>
      {general.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {onFields ? <p>{t("checkFields")}</p> : null}
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
