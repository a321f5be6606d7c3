// Putting a job in the queue, inside the submit's transaction: the job is queued
// if and only if the submit commits. On SQLite the Job row itself is the queue
// (table-queue.ts takes it from there); on PostgreSQL the job is also sent to
// pg-boss on the same connection and idle workers are woken by NOTIFY.
import type PgBoss from "pg-boss";
import { databaseUrl, isPostgresUrl } from "../db/url";
import { PLAN_QUEUE, queueBoss, type JobMessage } from "./pg-boss-instance";
import type { Tx } from "./types";
import { JOBS_CHANNEL } from "./wakeup";

export type QueueKind = "table" | "pg-boss";

export function queueKind(url: string = databaseUrl()): QueueKind {
  return isPostgresUrl(url) ? "pg-boss" : "table";
}

/**
 * Called in the submit transaction: the job is queued if and only if the submit commits.
 * pg-boss takes higher priorities first: the fair order's start tag, negated (fair-order.ts).
 */
export async function enqueue(tx: Tx, jobId: string, fairStart: number): Promise<void> {
  if (queueKind() === "pg-boss") await sendInTransaction(tx, jobId, fairStart);
}

/** pg-boss's priority of a job: earlier fair start tags first. */
export const priorityOf = (fairStart: number) => -fairStart;

/** Gets the queue ready before the first submit (pg-boss: schema and queue settings). */
export async function prepareQueue(): Promise<void> {
  if (queueKind() === "pg-boss") await queueBoss();
}

/** pg-boss running its SQL on the submit transaction's connection. */
function onTransaction(tx: Tx): PgBoss.Db {
  return { executeSql: async (text, values) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(text, ...values) }) };
}

/** Queues job `jobId` in transaction `tx` and wakes listening workers when it commits. */
async function sendInTransaction(tx: Tx, jobId: string, fairStart: number): Promise<void> {
  const boss = await queueBoss();
  await boss.send(PLAN_QUEUE, { jobId } satisfies JobMessage, { id: jobId, priority: priorityOf(fairStart), db: onTransaction(tx) });
  await tx.$executeRawUnsafe(`SELECT pg_notify('${JOBS_CHANNEL}', '')`);
}
