// The job queue of the embedded (SQLite) setup: the Job table itself. A job
// is claimed by a conditional update, so two workers never plan the same job;
// a job whose worker died is queued again once its lease has expired (at
// start-up for the embedded worker). PostgreSQL uses pg-boss (pg-boss-queue.ts).
import { hostname } from "node:os";
import type { Db } from "../db/client";
import { config } from "../config";
import { abandonedMessage, planHeldJob } from "./attempt";
import { startLoop, type RunningWorker } from "./worker-loop";

export interface WorkerOptions {
  workerId?: string;
  leaseS: number;
  maxAttempts: number;
  /** Planning longer than this stops and the job ends failed (JOB_TIME_LIMIT_S). */
  timeLimitMs?: number;
}

/**
 * Puts running jobs back in the queue: all of them, or those whose lease
 * expired. A job that has used up its attempts ends failed instead.
 */
export async function requeueAbandoned(db: Db, opts: { all: boolean; maxAttempts?: number }): Promise<number> {
  const maxAttempts = opts.maxAttempts ?? config().JOB_MAX_ATTEMPTS;
  const where = { status: "running", ...(opts.all ? {} : { lockedUntil: { lt: new Date() } }) };
  const spent = await db.job.findMany({ where: { ...where, attempts: { gte: maxAttempts } }, select: { id: true, attempts: true } });
  for (const job of spent) {
    await db.job.updateMany({
      where: { ...where, id: job.id, attempts: job.attempts },
      data: { status: "failed", error: abandonedMessage(job.attempts), finishedAt: new Date(), lockedBy: null, lockedUntil: null },
    });
  }
  const { count } = await db.job.updateMany({ where, data: { status: "queued", lockedBy: null, lockedUntil: null } });
  return count + spent.length;
}

async function claimNext(db: Db, opts: WorkerOptions & { workerId: string }) {
  for (let tries = 0; tries < 5; tries++) {
    const next = await db.job.findFirst({ where: { status: "queued" }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (!next) return null;
    const now = new Date();
    const { count } = await db.job.updateMany({
      where: { id: next.id, status: "queued" },
      data: {
        status: "running",
        attempts: { increment: 1 },
        lockedBy: opts.workerId,
        lockedUntil: new Date(now.getTime() + opts.leaseS * 1000),
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
  await planHeldJob(db, job, { workerId, maxAttempts: opts.maxAttempts, timeLimitMs });
  return true;
}

export function startTableWorker(db: Db, opts: WorkerOptions & { pollMs: number }): RunningWorker {
  return startLoop(() => runNextJob(db, opts), opts.pollMs);
}
