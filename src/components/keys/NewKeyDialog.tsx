"use client";
// The one time a key is shown in full.
import { ShownOnceDialog } from "./ShownOnceDialog";

export function NewKeyDialog({ apiKey, label, onClose }: { apiKey: string; label: string; onClose: () => void }) {
  return (
    <ShownOnceDialog
      value={apiKey}
      title="Copy your new API key"
      label={<>API key &ldquo;{label}&rdquo;</>}
      noun="the key"
      closeText="I have stored the key"
      idBase="new-key"
      onClose={onClose}
      warning={
        <>
          <strong>This is the only time the full key is shown.</strong> Store it now, for example in a password manager or the
          secret store of the program that uses it. It cannot be shown again; if it is lost, revoke it and create a new one.
        </>
      }
    />
  );
}
