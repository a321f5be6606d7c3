"use client";
// The tenant's signed-in web sessions, for its admins: who is signed in with
// which key, since when, until when; an admin ends a session here (ending
// one's own signs out). Revoking a key ends its sessions by itself.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import { formatWhen } from "./types";

/** "Firefox on Linux"-like, from a User-Agent; the whole string is in the title. */
function browserOf(ua: string | null): string {
  if (!ua) return "unknown";
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "other";
  const os = /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Linux/.test(ua) ? "Linux" : "";
  return os ? `${browser} on ${os}` : browser;
}

export function SessionsCard({ tenantName, onChanged, onSignedOut }: { tenantName: string; onChanged: (message: string) => void; onSignedOut: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.session.list.queryOptions());
  const end = useMutation(trpc.session.end.mutationOptions());

  function endSession(id: string, current: boolean) {
    end.mutate({ id }, {
      onSuccess: () => {
        if (current) return onSignedOut();
        onChanged("Session ended: that browser is signed out.");
        void queryClient.invalidateQueries({ queryKey: trpc.session.list.queryKey() });
      },
      onError: (e) => onChanged(`The session could not be ended: ${e.message}`),
    });
  }

  return (
    <section aria-labelledby="sessions-heading" className={styles.tableWrap}>
      <h2 id="sessions-heading">Signed-in sessions</h2>
      <p className={styles.sub}>Each sign-in to this web app starts a session of its own; the key itself is never kept in the browser. A session ends when it is signed out, when its key is revoked, after a while unused, or at the latest the end shown.</p>
      {sessions.isError ? (
        <p className={planner.formError} role="alert">The sessions could not be loaded: {sessions.error.message}</p>
      ) : (
        <table className={styles.table} aria-busy={sessions.isPending || undefined}>
          <caption>Web app sessions of {tenantName}</caption>
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Browser</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last seen</th>
              <th scope="col">Ends</th>
              <th scope="col" className={styles.actions}><span className={planner.srOnly}>Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {sessions.isPending ? (
              <tr><td colSpan={6} className={styles.empty}>Loading the sessions…</td></tr>
            ) : (
              sessions.data.map((s) => (
                <tr key={s.id} data-session-id={s.id}>
                  <th scope="row" className={styles.mono}>
                    {s.key_prefix}_…{s.key_label ? <span className={styles.sub}> {s.key_label}</span> : null}
                    {s.current ? <span className={styles.badgeSelf}>This session</span> : null}
                  </th>
                  <td title={s.user_agent ?? undefined}>{browserOf(s.user_agent)}</td>
                  <td><time dateTime={s.created_at}>{formatWhen(s.created_at)}</time></td>
                  <td><time dateTime={s.last_seen_at}>{formatWhen(s.last_seen_at)}</time></td>
                  <td><time dateTime={s.expires_at}>{formatWhen(s.expires_at)}</time></td>
                  <td className={styles.actions}>
                    <button type="button" className={styles.smallDanger} disabled={end.isPending} onClick={() => endSession(s.id, s.current)}>
                      End session<span className={planner.srOnly}> of {s.key_prefix} signed in {formatWhen(s.created_at)}{s.current ? " (this one: signs out here)" : ""}</span>
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
