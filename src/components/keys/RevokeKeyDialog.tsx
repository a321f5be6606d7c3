"use client";
// Confirms revoking a key. The key of the current session gets its own
// warning and button (the server also refuses it unless asked explicitly).
import { useMutation } from "@tanstack/react-query";
import { ConfirmDialog } from "@/components/fleet/ConfirmDialog";
import styles from "@/components/fleet/manage.module.css";
import { useTRPC } from "@/components/trpc";
import { displayPrefix, type KeyRow } from "./types";

interface Props {
  apiKey: KeyRow;
  /** The tenant's only active admin key: nobody could manage keys in the web app afterwards. */
  lastAdmin: boolean;
  onClose: () => void;
  onRevoked: (k: KeyRow & { signedOut: boolean }) => void;
}

export function RevokeKeyDialog({ apiKey: k, lastAdmin, onClose, onRevoked }: Props) {
  const trpc = useTRPC();
  const revoke = useMutation(trpc.keys.revoke.mutationOptions());
  const name = k.label ? `“${k.label}”` : displayPrefix(k);
  return (
    <ConfirmDialog
      title={k.current ? "Revoke the key you are signed in with?" : `Revoke ${name}?`}
      confirm={k.current ? "Revoke and sign out" : "Revoke key"}
      confirming="Revoking…"
      pending={revoke.isPending}
      error={revoke.isError ? revoke.error.message : null}
      onConfirm={() => revoke.mutate({ id: k.id, revokeCurrentSession: k.current }, { onSuccess: onRevoked })}
      onClose={onClose}
    >
      <p>
        Key <code>{displayPrefix(k)}</code>
        {k.label ? <> ({k.label})</> : null}, role {k.role}. Every program or person using it is refused from the next request on.
        This cannot be undone.
      </p>
      {k.current ? (
        <div className={styles.danger}>
          <p>
            <strong>This is the key of your current session.</strong> Revoking it signs you out of the web app right away; you will need
            another valid key to sign in again.
          </p>
        </div>
      ) : null}
      {lastAdmin ? (
        <div className={styles.warn}>
          <p>It is the tenant&apos;s last active admin key: afterwards nobody can create or revoke keys or change station data until an operator creates a new admin key (<code>npm run apikey</code>).</p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
