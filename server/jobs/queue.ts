// Which job queue this deployment uses: the Job table on SQLite (one host,
// embedded), pg-boss on PostgreSQL (any number of web and worker processes).
import { hostname } from "node:os";
import { config } from "../config";
import type { Db } from "../db/client";
import { databaseUrl, isPostgresUrl } from "../db/url";
import { enqueueInTransaction, queueBoss, startBossWorker, stopBoss } from "./pg-boss-queue";
import type { Tx } from "./store";
import { startTableWorker } from "./table-queue";
import type { Watchdog } from "./watchdog";
import type { RunningWorker } from "./worker-loop";

export type QueueKind = "table" | "pg-boss";

export function queueKind(url: string = databaseUrl()): QueueKind {
  return isPostgresUrl(url) ? "pg-boss" : "table";
}

/** Called in the submit transaction: the job is queued if and only if the submit commits. */
export async function enqueue(tx: Tx, jobId: string): Promise<void> {
  if (queueKind() === "pg-boss") await enqueueInTransaction(tx, jobId);
}

/** Gets the queue ready before the first submit (pg-boss: schema and queue settings). */
export async function prepareQueue(): Promise<void> {
  if (queueKind() === "pg-boss") await queueBoss();
}

/** `watchdog`: only in worker processes (server/jobs/watchdog.ts). */
export async function startQueueWorker(db: Db, extra: { workerId?: string; watchdog?: Watchdog } = {}): Promise<RunningWorker> {
  const cfg = config();
  const workerId = extra.workerId ?? `${hostname()}:${process.pid}`;
  const opts = { workerId, watchdog: extra.watchdog, pollMs: cfg.WORKER_POLL_MS, leaseS: cfg.JOB_LEASE_S, maxAttempts: cfg.JOB_MAX_ATTEMPTS, timeLimitMs: cfg.JOB_TIME_LIMIT_S * 1000 };
  return queueKind() === "pg-boss" ? startBossWorker(db, opts) : startTableWorker(db, opts);
}

export async function closeQueue(): Promise<void> {
  if (queueKind() === "pg-boss") await stopBoss();
}
