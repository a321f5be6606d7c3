// API keys: shown once, stored only as a SHA-256 hash, looked up by a public
// prefix and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";

const KEY_PATTERN = /^etp_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;

export const KEY_ROLES = ["admin", "member"] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export interface AuthContext {
  tenantId: number;
  tenantName: string;
  keyId: number;
  /** admin: may also manage the tenant's stations and keys. */
  role: KeyRole;
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

export function generateKey(): { key: string; prefix: string; hash: string } {
  const prefix = randomBytes(8).toString("hex").slice(0, 10);
  const key = `etp_${prefix}_${randomBytes(32).toString("base64url")}`;
  return { key, prefix, hash: sha256(key).toString("hex") };
}

export async function createApiKey(db: Db, tenantId: number, label?: string, role: KeyRole = "admin"): Promise<{ key: string; prefix: string }> {
  const { key, prefix, hash } = generateKey();
  await db.apiKey.create({ data: { tenantId, prefix, hash, label, role } });
  return { key, prefix };
}

/** Revokes the key(s) whose prefix starts with the given text; returns how many. */
export async function revokeApiKey(db: Db, keyPrefix: string): Promise<number> {
  const prefix = keyPrefix.replace(/^etp_/, "").split("_")[0];
  if (prefix.length < 4) throw new Error("give at least 4 characters of the key prefix");
  const keys = await db.apiKey.findMany({ where: { prefix: { startsWith: prefix }, revokedAt: null }, select: { id: true } });
  const { count } = await db.apiKey.updateMany({
    where: { id: { in: keys.map((k) => k.id) }, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  await endWebSessions(db, keys.map((k) => k.id));
  return count;
}

/** A revoked key's web sessions end with it, at once (sessions.ts also checks the key on every request). */
async function endWebSessions(db: Db, keyIds: number[]): Promise<void> {
  if (keyIds.length) await db.webSession.deleteMany({ where: { apiKeyId: { in: keyIds } } });
}

function unauthorized(detail: string, error?: string): HttpError {
  return new HttpError(401, { detail }, { "www-authenticate": error ? `Bearer error="${error}"` : "Bearer" });
}

/** Resolves `Authorization: Bearer <key>` to its tenant, or throws 401. */
export async function authenticate(db: Db, authorization: string | null): Promise<AuthContext> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) throw unauthorized("Not authenticated: send 'Authorization: Bearer <API key>'");
  return verifyKey(db, match[1]);
}

export async function verifyKey(db: Db, key: string): Promise<AuthContext> {
  const parts = KEY_PATTERN.exec(key);
  const invalid = unauthorized("Invalid or revoked API key", "invalid_token");
  if (!parts) throw invalid;
  const row = await db.apiKey.findUnique({ where: { prefix: parts[1] }, include: { tenant: true } });
  // Hash even when no row matched so timing does not reveal which prefixes exist.
  const presented = sha256(key);
  const stored = row ? Buffer.from(row.hash, "hex") : sha256("no such key");
  if (!row || row.revokedAt || !timingSafeEqual(presented, stored)) throw invalid;
  await noteUse(db, row.id, row.lastUsedAt);
  return { tenantId: row.tenantId, tenantName: row.tenant.name, keyId: row.id, role: row.role === "member" ? "member" : "admin" };
}

/** Station data and keys are a tenant admin's to change: 403 for a member key. */
export function requireAdmin(auth: AuthContext): void {
  if (auth.role !== "admin") throw new HttpError(403, { detail: "This API key's role is 'member': only a tenant admin key may change this" });
}

// "Last used" for the keys page. Written at most once per interval per key so
// that every request is not a write; a failed write never refuses the key.
const LAST_USED_RESOLUTION_MS = 60_000;
async function noteUse(db: Db, id: number, lastUsedAt: Date | null): Promise<void> {
  const now = new Date();
  if (lastUsedAt && now.getTime() - lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  await db.apiKey.update({ where: { id }, data: { lastUsedAt: now } }).catch(() => undefined);
}

/** What the keys page shows of a key: never its hash. */
export interface ApiKeyRecord {
  id: number;
  prefix: string;
  label: string | null;
  role: KeyRole;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

// An explicit select, so a new column (or the hash) never leaks by accident.
const RECORD_FIELDS = { id: true, prefix: true, label: true, role: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;
type RecordRow = { id: number; prefix: string; label: string | null; role: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

function keyRecord(r: RecordRow): ApiKeyRecord {
  return {
    id: r.id,
    prefix: r.prefix,
    label: r.label,
    role: r.role === "member" ? "member" : "admin",
    created_at: r.createdAt.toISOString(),
    last_used_at: r.lastUsedAt?.toISOString() ?? null,
    revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

/** The tenant's keys, newest first, revoked ones included. */
export async function listApiKeys(db: Db, tenantId: number): Promise<ApiKeyRecord[]> {
  const rows = await db.apiKey.findMany({ where: { tenantId }, select: RECORD_FIELDS, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(keyRecord);
}

/** Creates a key; the plain key is in this answer only (the database keeps its hash). */
export async function createTenantApiKey(db: Db, tenantId: number, label: string | undefined, role: KeyRole): Promise<{ key: string; record: ApiKeyRecord }> {
  const { key, prefix } = await createApiKey(db, tenantId, label, role);
  return { key, record: keyRecord(await db.apiKey.findUniqueOrThrow({ where: { prefix }, select: RECORD_FIELDS })) };
}

/** Revokes one key of the tenant; another tenant's id is "not found" like a missing one. Revoking twice keeps the first date. */
export async function revokeApiKeyById(db: Db, tenantId: number, id: number): Promise<ApiKeyRecord> {
  const row = await db.apiKey.findFirst({ where: { id, tenantId }, select: RECORD_FIELDS });
  if (!row) throw notFound(`API key ${id}`);
  if (row.revokedAt) return keyRecord(row);
  // Conditional, so a concurrent revoke does not move the date.
  await db.apiKey.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
  await endWebSessions(db, [row.id]);
  return keyRecord(await db.apiKey.findUniqueOrThrow({ where: { id: row.id }, select: RECORD_FIELDS }));
}
