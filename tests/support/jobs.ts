// Plans the next queued job through the queue this test database uses: the Job
// table on SQLite, pg-boss on PostgreSQL (where a submit queues its delivery).
import { hostname } from "node:os";
import { expect } from "vitest";
import { db } from "@/server/db/client";
import { config } from "@/server/config";
import type { Db } from "@/server/db/client";
import { queueBoss } from "@/server/jobs/pg-boss-instance";
import { runNextDelivery } from "@/server/jobs/pg-boss-queue";
import { queueKind } from "@/server/jobs/enqueue";
import { runNextJob, type WorkerOptions } from "@/server/jobs/table-queue";
import { call } from "./api";

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

/** POST /planner/v2 as `key`, plan that job, and the result (re-simulated by `call`); fails the test on any other status. */
export async function plannedV2(key: string, body: unknown): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const submit = await call("POST", "/planner/v2", { key, body });
  expect(submit.status, submit.text).toBe(200);
  expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(true);
  const res = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key });
  expect(res.status, res.text).toBe(200);
  return res.json;
}
