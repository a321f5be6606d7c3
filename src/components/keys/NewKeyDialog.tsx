"use client";
// The one time a key is shown in full.
import { useTranslations } from "next-intl";
import { ShownOnceDialog } from "./ShownOnceDialog";

export function NewKeyDialog({ apiKey, label, onClose }: { apiKey: string; label: string; onClose: () => void }) {
  const t = useTranslations("newKey");
  return (
    <ShownOnceDialog
      value={apiKey}
      title={t("title")}
      label={t("label", { label })}
      notCopied={t("notCopied")}
      closeText={t("close")}
      idBase="new-key"
      onClose={onClose}
      warning={t.rich("warning", { strong: (c) => <strong>{c}</strong> })}
    />
  );
}
