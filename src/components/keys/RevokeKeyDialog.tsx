"use client";
// Confirms revoking a key. The key of the current session gets its own
// warning and button (the server also refuses it unless asked explicitly).
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
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
  const t = useTranslations("revokeKey");
  const roles = useTranslations("keyRoles");
  const trpc = useTRPC();
  const revoke = useMutation(trpc.keys.revoke.mutationOptions());
  const title = k.current ? t("titleCurrent") : k.label ? t("titleLabelled", { label: k.label }) : t("title", { key: displayPrefix(k) });
  return (
    <ConfirmDialog
      title={title}
      confirm={k.current ? t("confirmCurrent") : t("confirm")}
      confirming={t("confirming")}
      pending={revoke.isPending}
      error={revoke.isError ? revoke.error.message : null}
      onConfirm={() => revoke.mutate({ id: k.id, revokeCurrentSession: k.current }, { onSuccess: onRevoked })}
      onClose={onClose}
    >
      <p>
        {t.rich(k.label ? "textLabelled" : "text", { key: displayPrefix(k), label: k.label ?? "", role: roles(k.role), code: (c) => <code>{c}</code> })}
      </p>
      {k.current ? (
        <div className={styles.danger}>
          <p>{t.rich("current", { strong: (c) => <strong>{c}</strong> })}</p>
        </div>
      ) : null}
      {lastAdmin ? (
        <div className={styles.warn}>
          <p>{t.rich("lastAdmin", { code: (c) => <code>{c}</code> })}</p>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
