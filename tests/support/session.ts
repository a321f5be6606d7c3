// The web app's session cookie for an API key, as sign-in would set it: a
// server-side session made from the key (the key itself is never a cookie).
import { verifyKey } from "@/server/auth/keys";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";

const made = new Map<string, string>();

/** The session token for `key` (one per key and test process, made on first use). */
export async function sessionToken(key: string): Promise<string> {
  let token = made.get(key);
  if (!token) {
    token = (await createSession(db(), await verifyKey(db(), key))).token;
    made.set(key, token);
  }
  return token;
}

/** `etp_session=<token>` for a Cookie header. */
export async function sessionCookie(key: string): Promise<string> {
  return `etp_session=${await sessionToken(key)}`;
}

/** Forgets the tokens made so far (after the database was replaced). */
export function forgetSessions(): void {
  made.clear();
}

/** A cookie of a session of its own (for a request that signs out). */
export async function newSessionCookie(key: string): Promise<string> {
  return `etp_session=${(await createSession(db(), await verifyKey(db(), key))).token}`;
}
