// The job queue of the embedded (SQLite) setup: the Job table itself. A job
// is claimed by a conditional update, so two workers never plan the same job;
// the worker renews its lease while planning (lease.ts), and a job whose
// worker stopped renewing it is queued again by the next sweep (every
// JOB_HEARTBEAT_S), or at once at start-up for the embedded worker, which knows
// it is the only one. PostgreSQL uses pg-boss (pg-boss-queue.ts).
import { hostname } from "node:os";
import type { Db } from "../db/client";
import { config } from "../config";
import { planHeldJob } from "./attempt";
import { leaseEnd, leaseSweepMs, reclaimExpired } from "./lease";
import { log } from "../log";
import type { PlanningProcess } from "../planning/planner-process";
import { jobPlanner } from "../planning/planners";
import { slotWorkerId, startLoops, type RunningWorker } from "./worker-loop";

export interface WorkerOptions {
  workerId?: string;
  leaseS: number;
  maxAttempts: number;
  /** Planning longer than this stops and the job ends failed (JOB_TIME_LIMIT_S). */
  timeLimitMs?: number;
  heartbeatMs?: number;
  /** The planning process to plan in (default: slot 0's). */
  planner?: PlanningProcess;
}

/**
 * Puts running jobs back in the queue: all of them, or those whose lease
 * expired. A job that has used up its attempts ends failed instead.
 */
export async function requeueAbandoned(db: Db, opts: { all: boolean; maxAttempts?: number }): Promise<number> {
  const { requeued, failed } = await reclaimExpired(db, { maxAttempts: opts.maxAttempts ?? config().JOB_MAX_ATTEMPTS, all: opts.all });
  return requeued.length + failed.length;
}

async function claimNext(db: Db, opts: WorkerOptions & { workerId: string }) {
  for (let tries = 0; tries < 5; tries++) {
    // The fair order (fair-order.ts); a fleet day's later tours are planned by its lead job, never taken themselves.
    const next = await db.job.findFirst({
      where: { status: "queued", fleetLeadId: null }, orderBy: [{ fairStart: "asc" }, { createdAt: "asc" }], select: { id: true },
    });
    if (!next) return null;
    const now = new Date();
    const { count } = await db.job.updateMany({
      where: { id: next.id, status: "queued" },
      data: {
        status: "running",
        attempts: { increment: 1 },
        lockedBy: opts.workerId,
        lockedUntil: leaseEnd(opts.leaseS, now.getTime()),
        startedAt: now,
      },
    });
    if (count === 1) return db.job.findUniqueOrThrow({ where: { id: next.id } });
  }
  return null;
}

/** Plans one queued job if there is one; returns whether it did. */
export async function runNextJob(db: Db, opts: WorkerOptions): Promise<boolean> {
  const workerId = opts.workerId ?? `${hostname()}:${process.pid}`;
  const job = await claimNext(db, { ...opts, workerId });
  if (!job) return false;
  const timeLimitMs = opts.timeLimitMs ?? config().JOB_TIME_LIMIT_S * 1000;
  await planHeldJob(db, job, { workerId, maxAttempts: opts.maxAttempts, timeLimitMs, leaseS: opts.leaseS, heartbeatMs: opts.heartbeatMs, planner: opts.planner });
  return true;
}

/**
 * Plans jobs as they come, `slots` at once (each slot in a planning process of its own); every second
 * (lease.ts, leaseSweepMs), takes back jobs whose worker stopped renewing its lease.
 */
export function startTableWorker(db: Db, opts: WorkerOptions & { pollMs: number; heartbeatMs: number; slots: number; workerId: string }): RunningWorker {
  const loop = startLoops(opts.slots, (slot) => runNextJob(db, { ...opts, workerId: slotWorkerId(opts.workerId, slot), planner: jobPlanner(slot) }), opts.pollMs);
  const sweeper = setInterval(() => {
    requeueAbandoned(db, { all: false, maxAttempts: opts.maxAttempts })
      .then((n) => n > 0 && loop.wake())
      .catch((e) => log.warn({ err: e instanceof Error ? e.message : String(e) }, "lease sweep failed"));
  }, leaseSweepMs(opts.heartbeatMs));
  sweeper.unref();
  return {
    wake: () => loop.wake(),
    async stop() {
      clearInterval(sweeper);
      await loop.stop();
    },
  };
}
