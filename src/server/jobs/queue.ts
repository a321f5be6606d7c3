// The worker side of the job queue this deployment uses: the Job table on SQLite
// (one host, embedded), pg-boss on PostgreSQL (any number of web and worker
// processes). Sending a job is enqueue.ts.
import { hostname } from "node:os";
import { config } from "../config";
import type { Db } from "../db/client";
import { queueKind } from "./enqueue";
import { stopBoss } from "./pg-boss-instance";
import { startBossWorker } from "./pg-boss-queue";
import { startTableWorker } from "./table-queue";
import type { RunningWorker } from "./worker-loop";

/** Starts `slots` job slots (default WORKER_CONCURRENCY), each planning in a planning process of its own. */
export async function startQueueWorker(db: Db, extra: { workerId?: string; slots?: number } = {}): Promise<RunningWorker> {
  const cfg = config();
  const workerId = extra.workerId ?? `${hostname()}:${process.pid}`;
  const opts = {
    workerId, slots: extra.slots ?? cfg.WORKER_CONCURRENCY, pollMs: cfg.WORKER_POLL_MS, leaseS: cfg.JOB_LEASE_S,
    heartbeatMs: cfg.JOB_HEARTBEAT_S * 1000, maxAttempts: cfg.JOB_MAX_ATTEMPTS, timeLimitMs: cfg.JOB_TIME_LIMIT_S * 1000,
  };
  return queueKind() === "pg-boss" ? startBossWorker(db, opts) : startTableWorker(db, opts);
}

export async function closeQueue(): Promise<void> {
  if (queueKind() === "pg-boss") await stopBoss();
}
