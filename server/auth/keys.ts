// API keys: shown once, stored only as a SHA-256 hash, looked up by a public
// prefix and compared in constant time.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/client";
import { HttpError } from "../http/errors";

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
  const { count } = await db.apiKey.updateMany({
    where: { prefix: { startsWith: prefix }, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return count;
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
  return { tenantId: row.tenantId, tenantName: row.tenant.name, keyId: row.id, role: row.role === "member" ? "member" : "admin" };
}

/** Station data and keys are a tenant admin's to change: 403 for a member key. */
export function requireAdmin(auth: AuthContext): void {
  if (auth.role !== "admin") throw new HttpError(403, { detail: "This API key's role is 'member': only a tenant admin key may change this" });
}
