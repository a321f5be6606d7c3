"use client";
// Create a key: a label that says who uses it and a role. The answer's plain
// key goes straight to the one-time dialog and is dropped when it closes.
import { useMutation } from "@tanstack/react-query";
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
          onCreated(`Created key “${r.record.label}” (${r.record.role}).`);
        },
        onError: (err) => setErrors(errorsOf(err, fieldOf)),
      },
    );
  }

  return (
    <section className={styles.card} aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create a key</h2>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <FormErrors id="key-form-errors" errors={errors} />
        <div className={styles.row}>
          <Field id="key-label" label="Label" hint="Who or what uses the key, e.g. “Dispatch system” or a colleague’s name." errors={errors.label}>
            <input id="key-label" type="text" autoComplete="off" maxLength={100} value={label} onChange={(e) => setLabel(e.target.value)} {...ariaFor("key-label", errors.label, true)} />
          </Field>
          <fieldset className={styles.fieldset} aria-describedby={errors.role ? "key-role-error" : undefined}>
            <legend>Role</legend>
            <label className={styles.radio}>
              <input type="radio" name="key-role" value="member" checked={role === "member"} onChange={() => setRole("member")} />
              <span>
                Member <span className={styles.sub}>Plans tours, reads results, manages the fleet.</span>
              </span>
            </label>
            <label className={styles.radio}>
              <input type="radio" name="key-role" value="admin" checked={role === "admin"} onChange={() => setRole("admin")} />
              <span>
                Admin <span className={styles.sub}>Also changes station data and creates and revokes API keys.</span>
              </span>
            </label>
            {errors.role ? <p id="key-role-error" className={planner.error}>{errors.role.join(" ")}</p> : null}
          </fieldset>
        </div>
        <p style={{ margin: "0 0 12px" }}>
          <button type="submit" className={styles.buttonPrimary} disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
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
