"use client";
// The one time the webhook signing secret is shown.
import { useTranslations } from "next-intl";
import { ShownOnceDialog } from "./ShownOnceDialog";

export function SecretDialog({ secret, onClose }: { secret: string; onClose: () => void }) {
  const t = useTranslations("newSecret");
  return (
    <ShownOnceDialog
      value={secret}
      title={t("title")}
      label={t("label")}
      notCopied={t("notCopied")}
      closeText={t("close")}
      idBase="webhook-secret"
      onClose={onClose}
      warning={t.rich("warning", { strong: (c) => <strong>{c}</strong> })}
    />
  );
}
