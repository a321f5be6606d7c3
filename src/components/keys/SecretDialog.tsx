"use client";
// The one time the webhook signing secret is shown. As with a new API key,
// Escape does not close it: closing is an explicit button.
import { useState } from "react";
import { Dialog } from "@/components/fleet/Dialog";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";

export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  return (
    <Dialog
      open
      dismissible={false}
      title="Copy the webhook signing secret"
      onClose={onClose}
      footer={
        <button type="button" className={styles.buttonPrimary} onClick={onClose}>
          I have stored the secret
        </button>
      }
    >
      <div className={styles.warn} id="webhook-secret-warning">
        <p>
          <strong>This is the only time the secret is shown.</strong> Give it to the programs that receive your webhooks; they verify
          each webhook&apos;s signature with it. If it is lost, rotate it.
        </p>
      </div>
      <div className={`${planner.field} ${styles.form}`}>
        <label htmlFor="webhook-secret">Webhook signing secret</label>
        <div className={styles.secret}>
          <input id="webhook-secret" type="text" readOnly value={secret} spellCheck={false} autoComplete="off" aria-describedby="webhook-secret-warning" onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className={styles.button}
            data-autofocus
            onClick={(e) => {
              const input = e.currentTarget.previousElementSibling as HTMLInputElement | null;
              // No clipboard API (insecure origin, permissions): select it for Ctrl+C.
              Promise.resolve()
                .then(() => navigator.clipboard.writeText(secret))
                .then(() => setCopied("yes"), () => {
                  input?.select();
                  setCopied("no");
                });
            }}
          >
            Copy
          </button>
        </div>
        <p className={planner.hint} role="status">
          {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "Copying is not available here: the secret is selected, press Ctrl+C (⌘C)." : ""}
        </p>
      </div>
    </Dialog>
  );
}
