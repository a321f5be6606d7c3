// Plans the next queued job through the queue this test database uses: the Job
// table on SQLite, pg-boss on PostgreSQL (where a submit queues its delivery).
import { hostname } from "node:os";
import { config } from "@/server/config";
import type { Db } from "@/server/db/client";
import { queueBoss } from "@/server/jobs/pg-boss-instance";
import { runNextDelivery } from "@/server/jobs/pg-boss-queue";
import { queueKind } from "@/server/jobs/enqueue";
import { runNextJob, type WorkerOptions } from "@/server/jobs/table-queue";

/** Plans one queued job if there is one; returns whether it did (runNextJob's contract on both queues). */
export async function planNextJob(db: Db, opts: WorkerOptions): Promise<boolean> {
  if (queueKind() === "table") return runNextJob(db, opts);
  return runNextDelivery(db, await queueBoss(), {
    workerId: opts.workerId ?? `${hostname()}:${process.pid}`,
    leaseS: opts.leaseS,
    maxAttempts: opts.maxAttempts,
    // runNextJob's default; -1 (a limit already passed) is kept as given.
    timeLimitMs: opts.timeLimitMs ?? config().JOB_TIME_LIMIT_S * 1000,
  });
}
