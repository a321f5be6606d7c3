"use client";
// The tenant's signed-in web sessions, for its admins: who is signed in with
// which key, since when, until when; an admin ends a session here (ending
// one's own signs out). Revoking a key ends its sessions by itself.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import { useAppFormatter } from "@/i18n/format";
import { formatWhen } from "./types";

type SessionsT = ReturnType<typeof useTranslations<"sessions">>;

/** "Firefox on Linux"-like, from a User-Agent; the whole string is in the title. */
export function browserOf(t: SessionsT, ua: string | null): string {
  if (!ua) return t("browserUnknown");
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : t("browserOther");
  const os = /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Linux/.test(ua) ? "Linux" : "";
  return os ? t("browserOn", { browser, os }) : browser;
}

export function SessionsCard({ tenantName, onChanged, onSignedOut }: { tenantName: string; onChanged: (message: string) => void; onSignedOut: () => void }) {
  const t = useTranslations("sessions");
  const format = useAppFormatter();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.session.list.queryOptions());
  const end = useMutation(trpc.session.end.mutationOptions());

  function endSession(id: string, current: boolean) {
    end.mutate({ id }, {
      onSuccess: () => {
        if (current) return onSignedOut();
        onChanged(t("ended"));
        void queryClient.invalidateQueries({ queryKey: trpc.session.list.queryKey() });
      },
      onError: (e) => onChanged(t("endFailed", { message: e.message })),
    });
  }

  return (
    <section aria-labelledby="sessions-heading" className={styles.tableWrap}>
      <h2 id="sessions-heading">{t("heading")}</h2>
      <p className={styles.sub}>{t("intro")}</p>
      {sessions.isError ? (
        <p className={planner.formError} role="alert">{t("loadFailed", { message: sessions.error.message })}</p>
      ) : (
        <table className={styles.table} aria-busy={sessions.isPending || undefined}>
          <caption>{t("caption", { tenant: tenantName })}</caption>
          <thead>
            <tr>
              <th scope="col">{t("key")}</th>
              <th scope="col">{t("browser")}</th>
              <th scope="col">{t("signedIn")}</th>
              <th scope="col">{t("lastSeen")}</th>
              <th scope="col">{t("ends")}</th>
              <th scope="col" className={styles.actions}><span className={planner.srOnly}>{t("actions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {sessions.isPending ? (
              <tr><td colSpan={6} className={styles.empty}>{t("loading")}</td></tr>
            ) : (
              sessions.data.map((s) => (
                <tr key={s.id} data-session-id={s.id}>
                  <th scope="row" className={styles.mono}>
                    {s.key_prefix}_…{s.key_label ? <span className={styles.sub}> {s.key_label}</span> : null}
                    {s.current ? <span className={styles.badgeSelf}>{t("thisSession")}</span> : null}
                  </th>
                  <td title={s.user_agent ?? undefined}>{browserOf(t, s.user_agent)}</td>
                  <td><time dateTime={s.created_at}>{formatWhen(format, s.created_at)}</time></td>
                  <td><time dateTime={s.last_seen_at}>{formatWhen(format, s.last_seen_at)}</time></td>
                  <td><time dateTime={s.expires_at}>{formatWhen(format, s.expires_at)}</time></td>
                  <td className={styles.actions}>
                    <button type="button" className={styles.smallDanger} disabled={end.isPending} onClick={() => endSession(s.id, s.current)}>
                      {t("end")}
                      <span className={planner.srOnly}>
                        {" "}
                        {t(s.current ? "endWhichCurrent" : "endWhich", { key: s.key_prefix, when: formatWhen(format, s.created_at) })}
                      </span>
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
