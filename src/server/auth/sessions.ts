// Web app sessions. Sign-in exchanges an API key for a session: a random token
// (256 bits) goes into the cookie and only its SHA-256 is stored, with the
// tenant, the key it was made from, the role and its times. The API key itself
// never leaves the sign-in request. A session ends at sign-out, when its key is
// revoked (the lookup also checks the key), when an admin ends it, after
// SESSION_IDLE_MIN without use and SESSION_MAX_HOURS after sign-in.
import { createHash, randomBytes } from "node:crypto";
import { config } from "../config";
import type { Db } from "../db/client";
import type { AuthContext, KeyRole } from "./keys";

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

export function sessionLimits(): SessionLimits {
  const cfg = config();
  return { idleMs: cfg.SESSION_IDLE_MIN * 60_000, maxMs: cfg.SESSION_MAX_HOURS * 3_600_000 };
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token is 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** lastSeenAt is written at most this often per session (not on every request). */
const SEEN_RESOLUTION_MS = 60_000;

export interface NewSession {
  token: string;
  id: string;
  expiresAt: Date;
}

export async function createSession(db: Db, auth: AuthContext, opts: { userAgent?: string | null; now?: Date; limits?: SessionLimits } = {}): Promise<NewSession> {
  const now = opts.now ?? new Date();
  const limits = opts.limits ?? sessionLimits();
  const token = randomBytes(32).toString("base64url");
  const id = randomBytes(12).toString("base64url");
  const expiresAt = new Date(now.getTime() + limits.maxMs);
  await db.webSession.create({
    data: {
      id, tokenHash: hashToken(token), tenantId: auth.tenantId, apiKeyId: auth.keyId, role: auth.role,
      createdAt: now, lastSeenAt: now, expiresAt, userAgent: opts.userAgent?.slice(0, 300) ?? null,
    },
  });
  return { token, id, expiresAt };
}

export type SessionAuth = AuthContext & { sessionId: string };

/** The session `token` stands for, if it is live; an expired one is deleted on the way. */
export async function resolveSession(db: Db, token: string, opts: { now?: Date; limits?: SessionLimits } = {}): Promise<SessionAuth | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const now = opts.now ?? new Date();
  const limits = opts.limits ?? sessionLimits();
  const row = await db.webSession.findUnique({ where: { tokenHash: hashToken(token) }, include: { apiKey: true, tenant: true } });
  if (!row) return null;
  const idleEnd = row.lastSeenAt.getTime() + limits.idleMs;
  const end = Math.min(idleEnd, row.expiresAt.getTime(), row.createdAt.getTime() + limits.maxMs);
  if (row.apiKey.revokedAt || now.getTime() >= end) {
    await db.webSession.deleteMany({ where: { id: row.id } });
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= SEEN_RESOLUTION_MS) {
    await db.webSession.updateMany({ where: { id: row.id }, data: { lastSeenAt: now } }).catch(() => undefined);
  }
  const role: KeyRole = row.role === "member" ? "member" : "admin";
  return { tenantId: row.tenantId, tenantName: row.tenant.name, keyId: row.apiKeyId, role, sessionId: row.id };
}

/** Sign-out: the session is gone server-side, whoever holds a copy of the cookie. */
export async function endSessionByToken(db: Db, token: string): Promise<void> {
  if (TOKEN_PATTERN.test(token)) await db.webSession.deleteMany({ where: { tokenHash: hashToken(token) } });
}

/** An admin ends one of the tenant's sessions; returns whether there was one. */
export async function endSessionById(db: Db, tenantId: number, id: string): Promise<boolean> {
  const { count } = await db.webSession.deleteMany({ where: { id, tenantId } });
  return count === 1;
}

export interface SessionInfo {
  id: string;
  key_prefix: string;
  key_label: string | null;
  role: KeyRole;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string | null;
  current: boolean;
}

/** The tenant's live sessions, newest first, for its admins. */
export async function listSessions(db: Db, tenantId: number, currentId: string | null, opts: { now?: Date; limits?: SessionLimits } = {}): Promise<SessionInfo[]> {
  const now = (opts.now ?? new Date()).getTime();
  const limits = opts.limits ?? sessionLimits();
  const rows = await db.webSession.findMany({ where: { tenantId }, include: { apiKey: true }, orderBy: { createdAt: "desc" }, take: 500 });
  return rows
    .map((r) => ({ r, end: Math.min(r.lastSeenAt.getTime() + limits.idleMs, r.expiresAt.getTime()) }))
    .filter(({ r, end }) => end > now && !r.apiKey.revokedAt)
    .map(({ r, end }) => ({
      id: r.id,
      key_prefix: `etp_${r.apiKey.prefix}`,
      key_label: r.apiKey.label,
      role: r.role === "member" ? "member" : "admin",
      created_at: r.createdAt.toISOString(),
      last_seen_at: r.lastSeenAt.toISOString(),
      expires_at: new Date(end).toISOString(),
      user_agent: r.userAgent,
      current: r.id === currentId,
    }));
}
