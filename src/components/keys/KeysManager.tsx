"use client";
// The API keys page. Tenant admins create and revoke keys; members only read
// why they cannot (the server enforces it: FORBIDDEN). Revoking the session's
// own key signs out here rather than failing on the next request. Admins also
// see the tenant's signed-in sessions and can end them (SessionsCard).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import styles from "@/components/fleet/manage.module.css";
import planner from "@/components/planner/planner.module.css";
import { useSession } from "@/components/shell/AppShell";
import { useTRPC } from "@/components/trpc";
import { CreateKeyForm } from "./CreateKeyForm";
import { RevokeKeyDialog } from "./RevokeKeyDialog";
import { displayPrefix, formatWhen, type KeyRow } from "./types";
import { SessionsCard } from "./SessionsCard";
import { WebhookSecretCard } from "./WebhookSecretCard";

export function KeysManager() {
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
      setStatus(`Revoked ${k.label ? `“${k.label}”` : displayPrefix(k)}: its web sessions have ended.`);
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
            <h1>API keys</h1>
            <p>Keys sign in to this web app and authorize programs on the REST API for {session.tenantName}. Only a hash of each key is stored, so a key is shown in full once, when it is created.</p>
          </div>
        </div>
        {admin ? null : (
          <div className={styles.note} role="note">
            <p><strong>Only a tenant admin can create or revoke API keys.</strong> You are signed in with a key whose role is <em>member</em>: it plans tours and manages the fleet.</p>
            <p>Ask an admin of {session.tenantName} for a new key, or to revoke one that is no longer needed.</p>
          </div>
        )}
        <p className={styles.status} role="status">{status}</p>
        {admin ? <CreateKeyForm onCreated={(m) => { setStatus(m); refresh(); }} /> : null}

        {keys.isError ? (
          <p className={planner.formError} role="alert">The keys could not be loaded: {keys.error.message}</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table} aria-busy={keys.isPending || undefined}>
              <caption>Keys of {session.tenantName}</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Label</th>
                  <th scope="col">Role</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  {admin ? <th scope="col" className={styles.actions}><span className={planner.srOnly}>Actions</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {keys.isPending ? (
                  <tr><td colSpan={admin ? 7 : 6} className={styles.empty}>Loading the keys…</td></tr>
                ) : (
                  keys.data.map((k) => (
                    <tr key={k.id} data-key-prefix={k.prefix} className={k.revoked_at ? styles.revoked : undefined}>
                      <th scope="row" className={styles.mono}>
                        {displayPrefix(k)}
                        {k.current ? <span className={styles.badgeSelf}>This session</span> : null}
                      </th>
                      <td>{k.label ?? <span className={styles.sub}>no label</span>}</td>
                      <td><span className={styles.badge}>{k.role}</span></td>
                      <td><time dateTime={k.created_at}>{formatWhen(k.created_at)}</time></td>
                      <td>{k.last_used_at ? <time dateTime={k.last_used_at}>{formatWhen(k.last_used_at)}</time> : "never"}</td>
                      <td>
                        {k.revoked_at ? (
                          <span className={styles.badgeOff}>Revoked <time dateTime={k.revoked_at}>{formatWhen(k.revoked_at)}</time></span>
                        ) : (
                          <span className={styles.badgeOk}>Active</span>
                        )}
                      </td>
                      {admin ? (
                        <td className={styles.actions}>
                          {k.revoked_at ? null : (
                            <button type="button" className={styles.smallDanger} onClick={() => { setStatus(""); setRevoking(k); }}>
                              Revoke<span className={planner.srOnly}> {k.label ?? displayPrefix(k)}</span>
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
