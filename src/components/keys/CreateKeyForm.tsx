"use client";
// Create a key: a label that says who uses it and a role. The answer's plain
// key goes straight to the one-time dialog and is dropped when it closes.
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { ariaFor, errorsOf, type FieldErrors } from "@/components/fleet/errors";
import { Field } from "@/components/form/Field";
import { FormErrors, useFocusOnErrors } from "@/components/form/FormErrors";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import { NewKeyDialog } from "./NewKeyDialog";

const fieldOf = (loc: (string | number)[]) => (loc[0] === "body" && (loc[1] === "label" || loc[1] === "role") ? String(loc[1]) : "_form");

export function CreateKeyForm({ onCreated }: { onCreated: (message: string) => void }) {
  const t = useTranslations("keyForm");
  const roles = useTranslations("keyRoles");
  const requestErrors = useTranslations("requestErrors");
  const trpc = useTRPC();
  const [label, setLabel] = useState("");
  const [role, setRole] = useState<"admin" | "member">("member");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<{ key: string; label: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnErrors(formRef, errors, "key-form-errors");
  // No mutation cache entry may keep the plain key: gcTime 0 and reset() on close.
  const create = useMutation(trpc.keys.create.mutationOptions({ gcTime: 0 }));

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    create.mutate(
      { label, role },
      {
        onSuccess: (r) => {
          setCreated({ key: r.key, label: r.record.label ?? "" });
          setLabel("");
          onCreated(t("created", { label: r.record.label ?? "", role: roles(r.record.role) }));
        },
        onError: (err) => setErrors(errorsOf(requestErrors, err, fieldOf)),
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">{t("heading")}</h2>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <FormErrors id="key-form-errors" errors={errors} />
        <div className={styles.row}>
          <Field id="key-label" label={t("label")} hint={t("labelHint")} errors={errors.label}>
            <input id="key-label" type="text" autoComplete="off" maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} {...ariaFor("key-label", errors.label, true)} />
          </Field>
          <fieldset className={styles.fieldset} aria-describedby={errors.role ? "key-role-error" : undefined}>
            <legend>{t("role")}</legend>
            <label className={styles.radio}>
              <input type="radio" name="key-role" value="member" checked={role === "member"} onChange={() => setRole("member")} />
              <span>
                {t("member")} <span className={styles.sub}>{t("memberHint")}</span>
              </span>
            </label>
            <label className={styles.radio}>
              <input type="radio" name="key-role" value="admin" checked={role === "admin"} onChange={() => setRole("admin")} />
              <span>
                {t("admin")} <span className={styles.sub}>{t("adminHint")}</span>
              </span>
            </label>
            {errors.role ? <p id="key-role-error" className={planner.error}>{errors.role.join(" ")}</p> : null}
          </fieldset>
        </div>
        <p style={{ margin: "0 0 12px" }}>
          <button type="submit" className={styles.buttonPrimary} disabled={create.isPending}>
            {create.isPending ? t("creating") : t("create")}
          </button>
        </p>
      </form>
      {created ? (
        <NewKeyDialog
          apiKey={created.key}
          label={created.label}
          onClose={() => {
            setCreated(null);
            create.reset();
          }}
        />
      ) : null}
    </section>
  );
}
