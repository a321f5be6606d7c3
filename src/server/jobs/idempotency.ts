// Idempotency-Key on POST /planner/v2 and .../replan (after the IETF httpapi draft): the
// same key and request within 24 h answers the first response and creates
// nothing; the same key with another request is a 422 that says so. The key
// row is written in the transaction that creates the tour, so a crash can
// leave neither a tour without its key nor a key without its tour.
import { createHash } from "node:crypto";
import type { Db } from "../db/client";
import { ValidationFailed } from "../http/errors";
import type { Tx } from "./types";

export const IDEMPOTENCY_WINDOW_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyRequest {
  key: string;
  hash: string;
}

const invalid = (msg: string, type = "value_error") => new ValidationFailed([{ loc: ["header", "Idempotency-Key"], msg, type }]);

/** The header's key and the request's fingerprint, or null without the header. */
export function idempotencyOf(req: Request, rawBody: string): IdempotencyRequest | null {
  const key = req.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY_PATTERN.test(key)) throw invalid("Idempotency-Key must be 1 to 255 visible ASCII characters", "string_pattern_mismatch");
  const url = new URL(req.url);
  const hash = createHash("sha256").update(`${url.pathname}?${url.searchParams.toString()}\n`).update(rawBody).digest("hex");
  return { key, hash };
}

/** The stored response for this key, or null when the key is new (or older than 24 h). */
export async function replay(db: Db, tenantId: number, idem: IdempotencyRequest): Promise<unknown | null> {
  const row = await db.idempotencyKey.findUnique({ where: { tenantId_key: { tenantId, key: idem.key } } });
  if (!row || row.createdAt.getTime() < Date.now() - IDEMPOTENCY_WINDOW_MS) return null;
  if (row.requestHash !== idem.hash) {
    throw invalid("This Idempotency-Key was used with a different request in the last 24 h: use a new key for a new request");
  }
  return JSON.parse(row.response);
}


/** Records the key with its response inside the submit's transaction; an expired row of the same key goes first. */
export async function remember(tx: Tx, tenantId: number, idem: IdempotencyRequest, response: unknown): Promise<void> {
  await tx.idempotencyKey.deleteMany({ where: { tenantId, key: idem.key, createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS) } } });
  await tx.idempotencyKey.create({ data: { tenantId, key: idem.key, requestHash: idem.hash, response: JSON.stringify(response) } });
}

/** Rows older than the window, removed now and then by the submit path. */
export async function forgetExpired(db: Db): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(Date.now() - IDEMPOTENCY_WINDOW_MS) } } });
  return count;
}
