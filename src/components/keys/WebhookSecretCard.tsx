"use client";
// The tenant's webhook signing secret: when it was made and, after a rotation,
// until when the previous one still signs. An admin creates or rotates it; the
// new secret is shown once, in SecretDialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "@/components/fleet/ConfirmDialog";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import { SecretDialog } from "./SecretDialog";
import { formatWhen } from "./types";

export function WebhookSecretCard({ admin, onChanged }: { admin: boolean; onChanged: (message: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const info = useQuery(trpc.keys.webhookSecret.queryOptions());
  // No mutation cache entry may keep the secret: gcTime 0 and reset() when its dialog closes.
  const rotate = useMutation(trpc.keys.rotateWebhookSecret.mutationOptions({ gcTime: 0 }));
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const exists = info.data?.exists ?? false;

  function run() {
    rotate.mutate({ rotate: true }, {
      onSuccess: (r) => {
        setConfirming(false);
        setSecret(r.secret);
        onChanged(exists ? "Rotated the webhook signing secret." : "Created the webhook signing secret.");
        void queryClient.invalidateQueries({ queryKey: trpc.keys.webhookSecret.queryKey() });
      },
    });
  }

  return (
    <section className={styles.card} style={{ marginTop: 18 }} aria-labelledby="webhook-secret-heading">
      <h2 id="webhook-secret-heading">Webhook signing secret</h2>
      <p>
        Jobs submitted with a <code>callback_url</code> report their end with a POST signed by this secret (Standard Webhooks,
        HMAC-SHA256), so that the receiver can tell it comes from this service. The service keeps it to sign with; it is shown in
        full once, when it is created or rotated. After a rotation the previous secret signs beside the new one for a grace period.
      </p>
      {info.isError ? (
        <p className={planner.formError} role="alert">The secret&apos;s state could not be loaded: {info.error.message}</p>
      ) : info.isPending ? (
        <p>Loading…</p>
      ) : exists ? (
        <ul>
          <li>Current secret created <time dateTime={info.data.created_at!}>{formatWhen(info.data.created_at!)}</time>.</li>
          {info.data.previous_valid_until ? (
            <li>The previous secret also signs until <time dateTime={info.data.previous_valid_until}>{formatWhen(info.data.previous_valid_until)}</time>.</li>
          ) : null}
        </ul>
      ) : (
        <p>No secret yet: submits with a <code>callback_url</code> are refused until {admin ? "you create one" : "an admin creates one"}.</p>
      )}
      {admin && info.isSuccess ? (
        <p style={{ margin: "0 0 12px" }}>
          <button type="button" className={styles.button} disabled={rotate.isPending} onClick={() => (exists ? setConfirming(true) : run())}>
            {exists ? "Rotate secret" : rotate.isPending ? "Creating…" : "Create secret"}
          </button>
        </p>
      ) : null}
      {!exists && rotate.isError ? <p className={planner.formError} role="alert">{rotate.error.message}</p> : null}
      {confirming ? (
        <ConfirmDialog
          title="Rotate the webhook signing secret?"
          confirm="Rotate secret"
          confirming="Rotating…"
          pending={rotate.isPending}
          error={rotate.isError ? rotate.error.message : null}
          onConfirm={run}
          onClose={() => setConfirming(false)}
        >
          <p>
            A new secret signs every webhook from now on. The current one keeps signing beside it for the grace period only: update
            your receivers before it ends.
          </p>
        </ConfirmDialog>
      ) : null}
      {secret ? (
        <SecretDialog
          secret={secret}
          onClose={() => {
            setSecret(null);
            rotate.reset();
          }}
        />
      ) : null}
    </section>
  );
}
