"use client";
// The tenant's webhook signing secret: when it was made and, after a rotation,
// until when the previous one still signs. An admin creates or rotates it; the
// new secret is shown once, in SecretDialog.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/fleet/ConfirmDialog";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import { useAppFormatter } from "@/i18n/format";
import { SecretDialog } from "./SecretDialog";
import { formatWhen } from "./types";

export function WebhookSecretCard({ admin, onChanged }: { admin: boolean; onChanged: (message: string) => void }) {
  const t = useTranslations("webhookSecret");
  const format = useAppFormatter();
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
        onChanged(exists ? t("rotated") : t("created"));
        void queryClient.invalidateQueries({ queryKey: trpc.keys.webhookSecret.queryKey() });
      },
    });
  }

  return (
    <section className={styles.card} style={{ marginTop: 18 }} aria-labelledby="webhook-secret-heading">
      <h2 id="webhook-secret-heading">{t("heading")}</h2>
      <p>{t.rich("intro", { code: (c) => <code>{c}</code> })}</p>
      {info.isError ? (
        <p className={planner.formError} role="alert">{t("loadFailed", { message: info.error.message })}</p>
      ) : info.isPending ? (
        <p>{t("loading")}</p>
      ) : exists ? (
        <ul>
          <li>{t.rich("createdAt", { when: formatWhen(format, info.data.created_at!), time: (c) => <time dateTime={info.data.created_at!}>{c}</time> })}</li>
          {info.data.previous_valid_until ? (
            <li>
              {t.rich("previousUntil", {
                when: formatWhen(format, info.data.previous_valid_until),
                time: (c) => <time dateTime={info.data.previous_valid_until!}>{c}</time>,
              })}
            </li>
          ) : null}
        </ul>
      ) : (
        <p>{t.rich(admin ? "noneAdmin" : "none", { code: (c) => <code>{c}</code> })}</p>
      )}
      {admin && info.isSuccess ? (
        <p style={{ margin: "0 0 12px" }}>
          <button type="button" className={styles.button} disabled={rotate.isPending} onClick={() => (exists ? setConfirming(true) : run())}>
            {exists ? t("rotate") : rotate.isPending ? t("creating") : t("create")}
          </button>
        </p>
      ) : null}
      {!exists && rotate.isError ? <p className={planner.formError} role="alert">{rotate.error.message}</p> : null}
      {confirming ? (
        <ConfirmDialog
          title={t("rotateTitle")}
          confirm={t("rotate")}
          confirming={t("rotating")}
          pending={rotate.isPending}
          error={rotate.isError ? rotate.error.message : null}
          onConfirm={run}
          onClose={() => setConfirming(false)}
        >
          <p>{t("rotateText")}</p>
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
