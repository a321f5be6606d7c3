"use client";
// The one time a key is shown in full. Escape does not close this dialog: the
// key would be gone for good, so closing is an explicit button.
import { useState } from "react";
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

export function NewKeyDialog({ apiKey, label, onClose }: { apiKey: string; label: string; onClose: () => void }) {
  const [copied, setCopied] = useState<"" | "yes" | "no">("");
  return (
    <Dialog
      open
      dismissible={false}
      title="Copy your new API key"
      onClose={onClose}
      footer={
        <button type="button" className={styles.buttonPrimary} onClick={onClose}>
          I have stored the key
        </button>
      }
    >
      <div className={styles.warn} id="new-key-warning">
        <p>
          <strong>This is the only time the full key is shown.</strong> Store it now, for example in a password manager or the
          secret store of the program that uses it. It cannot be shown again; if it is lost, revoke it and create a new one.
        </p>
      </div>
      <div className={`${planner.field} ${styles.form}`}>
        <label htmlFor="new-key">API key &ldquo;{label}&rdquo;</label>
        <div className={styles.secret}>
          <input id="new-key" type="text" readOnly value={apiKey} spellCheck={false} autoComplete="off" aria-describedby="new-key-warning" onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className={styles.button}
            data-autofocus
            onClick={(e) => {
              const input = e.currentTarget.previousElementSibling as HTMLInputElement | null;
              void copy(apiKey, input).then((ok) => setCopied(ok ? "yes" : "no"));
            }}
          >
            Copy
          </button>
        </div>
        <p className={planner.hint} role="status">
          {copied === "yes" ? "Copied to the clipboard." : copied === "no" ? "Copying is not available here: the key is selected, press Ctrl+C (⌘C)." : ""}
        </p>
      </div>
    </Dialog>
  );
}
