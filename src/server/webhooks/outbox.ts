// The webhook outbox: a row per job submitted with a callback_url, written in
// the submit's transaction (jobs/store.ts), and how a job shows its delivery.
import { randomUUID } from "node:crypto";
import type { CallbackStatus } from "../../contract/result";
import type { Db } from "../db/client";
import type { Tx } from "../jobs/types";

/** The completion webhook's event (its body has no `type`: the spec's body, unchanged). */
export const COMPLETED = "job.completed";
/** A watched plan was re-planned (server/watch): sent at once, to the original's callback_url. */
export const REPLANNED = "plan.replanned";

export type DeliveryRow = Awaited<ReturnType<Db["webhookDelivery"]["findUniqueOrThrow"]>>;

/** Waiting for the job to be final: the delivery loop sends it then. */
export async function addDelivery(tx: Tx, tenantId: number, jobId: string, url: string): Promise<void> {
  const now = new Date();
  await tx.webhookDelivery.create({ data: { id: `msg_${randomUUID()}`, jobId, tenantId, url, nextAttemptAt: now, createdAt: now } });
}

/** An event sent at once with its own body (`payload`), under the job it is about. */
export async function addEventDelivery(tx: Tx, tenantId: number, jobId: string, url: string, event: string, payload: unknown): Promise<void> {
  const now = new Date();
  await tx.webhookDelivery.create({ data: { id: `msg_${randomUUID()}`, jobId, tenantId, url, event, payload: JSON.stringify(payload), nextAttemptAt: now, createdAt: now } });
}

export function callbackStatus(d: DeliveryRow, jobFinal: boolean): CallbackStatus {
  return {
    url: d.url,
    webhook_id: d.id,
    status: d.status as CallbackStatus["status"],
    attempts: d.attempts,
    last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    next_attempt_at: d.status === "pending" && jobFinal ? d.nextAttemptAt.toISOString() : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
  };
}
