"use client";
// The API keys page. Tenant admins create and revoke keys; members only read
// why they cannot (the server enforces it: FORBIDDEN). Revoking the session's
// own key signs out here rather than failing on the next request. Admins also
// see the tenant's signed-in sessions and can end them (SessionsCard).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useSession } from "@/components/shell/AppShell";
import { useTRPC } from "@/components/trpc";
import { useAppFormatter } from "@/i18n/format";
import { CreateKeyForm } from "./CreateKeyForm";
import { RevokeKeyDialog } from "./RevokeKeyDialog";
import { displayPrefix, formatWhen, type KeyRow } from "./types";
import { SessionsCard } from "./SessionsCard";
import { WebhookSecretCard } from "./WebhookSecretCard";

export function KeysManager() {
  const t = useTranslations("keys");
  const roles = useTranslations("keyRoles");
  const format = useAppFormatter();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const session = useSession();
  const admin = session.role === "admin";
  const keys = useQuery(trpc.keys.list.queryOptions());
  const [revoking, setRevoking] = useState<KeyRow | null>(null);
  const [status, setStatus] = useState("");
  const signOut = useMutation(trpc.session.signOut.mutationOptions());

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
  const activeAdmins = keys.data?.filter((k) => k.role === "admin" && !k.revoked_at).length ?? 0;

  /** Shows the sign-in form, as "Sign out" does (this browser's session has ended). */
  function signedOut() {
    const meKey = JSON.stringify(trpc.session.me.queryKey());
    queryClient.setQueryData(trpc.session.me.queryKey(), null);
    setTimeout(() => queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey) !== meKey }), 0);
  }

  function revoked(k: KeyRow & { signedOut: boolean }) {
    setRevoking(null);
    if (!k.signedOut) {
      setStatus(k.label ? t("revokedLabelled", { label: k.label }) : t("revoked", { key: displayPrefix(k) }));
      refresh();
      void queryClient.invalidateQueries({ queryKey: trpc.session.list.queryKey() });
      return;
    }
    // The session's own key: the server ended this session with it; clear the cookie too.
    signOut.mutate(undefined, { onSettled: signedOut });
  }

  return (
    <main className={styles.page}>
      <div className={styles.content}>
        <div className={styles.head}>
          <div>
            <h1>{t("heading")}</h1>
            <p>{t("intro", { tenant: session.tenantName })}</p>
          </div>
        </div>
        {admin ? null : (
          <div className={styles.note} role="note">
            <p>{t.rich("memberNote", { strong: (c) => <strong>{c}</strong>, em: (c) => <em>{c}</em> })}</p>
            <p>{t("askAdmin", { tenant: session.tenantName })}</p>
          </div>
        )}
        <p className={styles.status} role="status">{status}</p>
        {admin ? <CreateKeyForm onCreated={(m) => { setStatus(m); refresh(); }} /> : null}

        {keys.isError ? (
          <p className={planner.formError} role="alert">{t("loadFailed", { message: keys.error.message })}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-busy={keys.isPending || undefined}>
              <caption>{t("caption", { tenant: session.tenantName })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("key")}</th>
                  <th scope="col">{t("label")}</th>
                  <th scope="col">{t("role")}</th>
                  <th scope="col">{t("created")}</th>
                  <th scope="col">{t("lastUsed")}</th>
                  <th scope="col">{t("status")}</th>
                  {admin ? <th scope="col" className={styles.actions}><span className={planner.srOnly}>{t("actions")}</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {keys.isPending ? (
                  <tr><td colSpan={admin ? 7 : 6} className={styles.empty}>{t("loading")}</td></tr>
                ) : (
                  keys.data.map((k) => (
                    <tr key={k.id} data-key-prefix={k.prefix} className={k.revoked_at ? styles.revoked : undefined}>
                      <th scope="row" className={styles.mono}>
                        {displayPrefix(k)}
                        {k.current ? <span className={styles.badgeSelf}>{t("thisSession")}</span> : null}
                      </th>
                      <td>{k.label ?? <span className={styles.sub}>{t("noLabel")}</span>}</td>
                      <td><span className={styles.badge}>{roles(k.role)}</span></td>
                      <td><time dateTime={k.created_at}>{formatWhen(format, k.created_at)}</time></td>
                      <td>{k.last_used_at ? <time dateTime={k.last_used_at}>{formatWhen(format, k.last_used_at)}</time> : t("never")}</td>
                      <td>
                        {k.revoked_at ? (
                          <span className={styles.badgeOff}>
                            {t.rich("revokedAt", { when: formatWhen(format, k.revoked_at), time: (c) => <time dateTime={k.revoked_at!}>{c}</time> })}
                          </span>
                        ) : (
                          <span className={styles.badgeOk}>{t("active")}</span>
                        )}
                      </td>
                      {admin ? (
                        <td className={styles.actions}>
                          {k.revoked_at ? null : (
                            <button type="button" className={styles.smallDanger} onClick={() => { setStatus(""); setRevoking(k); }}>
                              {t("revoke")}<span className={planner.srOnly}> {k.label ?? displayPrefix(k)}</span>
                            </button>
                          )}
                        </td>
                      ) : null}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
        {keys.data?.length ? (
          <p className={styles.legend} style={{ marginBottom: 18 }}>{t("count", { active: keys.data.filter((k) => !k.revoked_at).length, revoked: keys.data.filter((k) => k.revoked_at).length })}</p>
        ) : null}
        {admin ? <SessionsCard tenantName={session.tenantName} onChanged={setStatus} onSignedOut={signedOut} /> : null}
        <WebhookSecretCard admin={admin} onChanged={setStatus} />
      </div>
      {revoking ? (
        <RevokeKeyDialog
          apiKey={revoking}
          lastAdmin={revoking.role === "admin" && activeAdmins === 1}
          onClose={() => setRevoking(null)}
          onRevoked={revoked}
        />
      ) : null}
    </main>
  );
}
