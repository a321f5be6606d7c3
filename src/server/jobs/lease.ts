// A held job's lease: the worker that plans it renews it every JOB_HEARTBEAT_S
// (its thread is free: the plan runs in a planning process), so a lease that
// runs out means the worker stopped, not that the plan is long. Any worker
// then takes the job back within JOB_LEASE_S + JOB_HEARTBEAT_S, whatever
// JOB_TIME_LIMIT_S is. Both queues use this; pg-boss-queue.ts also gives the
// dead worker's delivery back to pg-boss.
import type { Db } from "../db/client";
import { log } from "../log";

export interface LeaseSettings {
  leaseS: number;
  heartbeatMs: number;
}

export const leaseEnd = (leaseS: number, now = Date.now()) => new Date(now + leaseS * 1000);

/** Renews the lease of the job `held` names every `heartbeatMs` until the returned function is called. */
export function keepLease(db: Db, held: { id: string; lockedBy: string; attempts: number }, lease: LeaseSettings): () => void {
  let lostSaid = false;
  const timer = setInterval(() => {
    db.job
      .updateMany({ where: { ...held, status: "running" }, data: { lockedUntil: leaseEnd(lease.leaseS) } })
      .then(({ count }) => {
        if (count === 0 && !lostSaid) {
          lostSaid = true;
          log.warn({ jobId: held.id, workerId: held.lockedBy }, "lease lost: another worker holds the job now; this attempt's result will be discarded");
        }
      })
      .catch((e) => log.warn({ jobId: held.id, err: e instanceof Error ? e.message : String(e) }, "lease renewal failed; retrying at the next heartbeat"));
  }, lease.heartbeatMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Why a job ends failed when every attempt so far ended with its worker gone. */
export function abandonedMessage(attempts: number): string {
  return `the worker stopped during planning in all ${attempts} attempts (JOB_MAX_ATTEMPTS): it stopped renewing its lease (JOB_LEASE_S) each time`;
}

export interface Reclaimed {
  /** Back in the queue. */
  requeued: string[];
  /** Ended failed: their attempts were used up. */
  failed: string[];
}

/**
 * Takes back running jobs whose lease ran out (or every running job: `all`, for a
 * process that knows it was the only worker): each goes back to the queue, or
 * ends failed if its attempts are used up. Each change is conditional on the
 * row being as read, so workers sweeping at once never take a job back twice.
 */
export async function reclaimExpired(db: Db, opts: { maxAttempts: number; all?: boolean; now?: Date }): Promise<Reclaimed> {
  const now = opts.now ?? new Date();
  const expired = { status: "running", ...(opts.all ? {} : { lockedUntil: { lt: now } }) };
  const rows = await db.job.findMany({ where: expired, select: { id: true, attempts: true }, orderBy: { createdAt: "asc" }, take: 500 });
  const out: Reclaimed = { requeued: [], failed: [] };
  for (const job of rows) {
    const spent = job.attempts >= opts.maxAttempts;
    const { count } = await db.job.updateMany({
      where: { ...expired, id: job.id, attempts: job.attempts },
      data: spent
        ? { status: "failed", error: abandonedMessage(job.attempts), finishedAt: new Date(), lockedBy: null, lockedUntil: null }
        : { status: "queued", lockedBy: null, lockedUntil: null },
    });
    if (count === 1) (spent ? out.failed : out.requeued).push(job.id);
  }
  if (out.requeued.length || out.failed.length) log.warn({ requeued: out.requeued, failed: out.failed }, "took back jobs whose worker stopped renewing its lease");
  return out;
}

/**
 * How often a worker looks for jobs whose lease ran out: every second, or every heartbeat when that is
 * shorter. A job is taken back this much sooner after its lease ends than with a sweep per heartbeat
 * (5 s by default), which left a killed worker's job 28.5 s from the kill to another worker under load;
 * the query reads only running jobs.
 */
export const leaseSweepMs = (heartbeatMs: number): number => Math.min(heartbeatMs, 1000);
