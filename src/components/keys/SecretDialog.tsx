"use client";
// The one time the webhook signing secret is shown.
import { ShownOnceDialog } from "./ShownOnceDialog";

export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  return (
    <ShownOnceDialog
      value={secret}
      title="Copy the webhook signing secret"
      label="Webhook signing secret"
      noun="the secret"
      closeText="I have stored the secret"
      idBase="webhook-secret"
      onClose={onClose}
      warning={
        <>
          <strong>This is the only time the secret is shown.</strong> Give it to the programs that receive your webhooks; they verify
          each webhook&apos;s signature with it. If it is lost, rotate it.
        </>
      }
    />
  );
}
