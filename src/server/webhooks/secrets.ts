// A tenant's webhook signing secret. Unlike API keys it is stored in the clear
// (table WebhookSecret): the server must sign with it. Rotation returns the new
// secret once; the previous one keeps signing beside it for a grace period.
import type { Db } from "../db/client";
import { newSecret } from "./signing";

export interface SecretInfo {
  exists: boolean;
  created_at: string | null;
  previous_valid_until: string | null;
}

function info(row: { createdAt: Date; previousUntil: Date | null } | null, now: Date): SecretInfo {
  const previous = row?.previousUntil && row.previousUntil > now ? row.previousUntil.toISOString() : null;
  return { exists: !!row, created_at: row?.createdAt.toISOString() ?? null, previous_valid_until: previous };
}

export async function secretInfo(db: Db, tenantId: number, now = new Date()): Promise<SecretInfo> {
  return info(await db.webhookSecret.findUnique({ where: { tenantId } }), now);
}

export async function hasSecret(db: Db, tenantId: number): Promise<boolean> {
  return (await db.webhookSecret.count({ where: { tenantId } })) > 0;
}

/** The secrets that sign now: the current one first, then the previous one within its grace period. */
export async function signingSecrets(db: Db, tenantId: number, now = new Date()): Promise<string[]> {
  const row = await db.webhookSecret.findUnique({ where: { tenantId } });
  if (!row) return [];
  return row.previousSecret && row.previousUntil && row.previousUntil > now ? [row.secret, row.previousSecret] : [row.secret];
}

/**
 * Creates the tenant's secret, or replaces it: the replaced one signs alongside
 * for `graceS` seconds (a second rotation within that time drops the oldest).
 */
export async function rotateSecret(db: Db, tenantId: number, graceS: number, now = new Date()): Promise<SecretInfo & { secret: string }> {
  const secret = newSecret();
  const row = await db.$transaction(async (tx) => {
    const old = await tx.webhookSecret.findUnique({ where: { tenantId } });
    const previous = old && graceS > 0 ? { previousSecret: old.secret, previousUntil: new Date(now.getTime() + graceS * 1000) } : { previousSecret: null, previousUntil: null };
    return tx.webhookSecret.upsert({
      where: { tenantId },
      create: { tenantId, secret, createdAt: now },
      update: { secret, createdAt: now, ...previous },
    });
  });
  return { secret, ...info(row, now) };
}
