// The job queue on PostgreSQL: pg-boss (SKIP LOCKED fetch, expiry of
// deliveries whose worker died, bounded retries). Our Job row stays the
// record the API reads; pg-boss only decides which worker plans what, when.
// - A job is sent inside the submit transaction (same connection), so an
//   accepted job is always in the queue and a rejected one never is.
// - The lease is our Job row's, renewed by the planning worker (lease.ts). A
//   worker killed mid-job stops renewing it; every worker's lease sweep (every
//   JOB_HEARTBEAT_S) then queues the job again and fails the dead worker's
//   delivery, which pg-boss hands out again after its retry delay (1-2 s). The
//   delivery's own expiry is only a backstop, set past the longest a live
//   worker can take (pg-boss-instance.ts).
// - Attempts are counted on our Job row and bounded by JOB_MAX_ATTEMPTS; pg-boss
//   allows two deliveries more, so the last one can record `failed` with the reason.
// - The sweeper repairs what should never happen (a job missing from the queue,
//   or the queue done with a job our row still calls unfinished).
import { hostname } from "node:os";
import type PgBoss from "pg-boss";
import type { Db } from "../db/client";
import { databaseUrl } from "../db/url";
import { log } from "../log";
import { planHeldJob, type AttemptOptions } from "./attempt";
import { priorityOf } from "./enqueue";
import { abandonedMessage, leaseEnd, leaseSweepMs, reclaimExpired } from "./lease";
import { PLAN_QUEUE, queueBoss, SCHEMA, type JobMessage } from "./pg-boss-instance";
import { FINAL_STATUSES, type JobRow } from "./types";
import { listenForJobs } from "./wakeup";
import { jobPlanner } from "../planning/planners";
import { slotWorkerId, startLoops, type RunningWorker } from "./worker-loop";

const SWEEP_EVERY_MS = 30_000;
/** A job is left alone by the sweeper this long after its submit. */
const SWEEP_AGE_MS = 60_000;

type Held = { kind: "held"; job: JobRow } | { kind: "done" } | { kind: "busy" };

/** Takes job `jobId` for this worker: counts the attempt and sets the lease. */
async function holdJob(db: Db, jobId: string, opts: AttemptOptions & { leaseS: number }): Promise<Held> {
  const job = await db.job.findUnique({ where: { id: jobId } });
  if (!job || FINAL_STATUSES.has(job.status)) return { kind: "done" };
  const unchanged = { id: job.id, status: job.status, attempts: job.attempts };
  const now = new Date();
  if (job.status === "running" && job.attempts >= opts.maxAttempts) {
    // Delivered again after its last allowed attempt died with its worker.
    await db.job.updateMany({
      where: unchanged,
      data: { status: "failed", error: abandonedMessage(job.attempts), finishedAt: now, lockedBy: null, lockedUntil: null },
    });
    log.error({ jobId, attempts: job.attempts }, "job failed: every attempt's worker stopped");
    return { kind: "done" };
  }
  // Delivered again while its worker still renews the lease (the backstop expiry): not ours to take.
  if (job.status === "running" && job.lockedUntil && job.lockedUntil > now) return { kind: "busy" };
  const taken = { status: "running", lockedBy: opts.workerId, lockedUntil: leaseEnd(opts.leaseS, now.getTime()), startedAt: now };
  const { count } = await db.job.updateMany({ where: unchanged, data: { ...taken, attempts: { increment: 1 } } });
  if (count === 0) return { kind: "busy" };
  // The row as the update left it (no need to read it back).
  return { kind: "held", job: { ...job, ...taken, attempts: job.attempts + 1 } };
}

export interface BossWorkerOptions {
  workerId?: string;
  leaseS: number;
  maxAttempts: number;
  timeLimitMs: number;
  pollMs: number;
  heartbeatMs: number;
  /** Jobs planned at once, each in a planning process of its own. */
  slots: number;
}

/** Fetches and plans one delivery; returns whether there was one. */
export async function runNextDelivery(db: Db, boss: PgBoss, opts: AttemptOptions & { leaseS: number }): Promise<boolean> {
  const [delivery] = await boss.fetch<JobMessage>(PLAN_QUEUE, { batchSize: 1 });
  if (!delivery) return false;
  try {
    const held = await holdJob(db, delivery.data?.jobId ?? delivery.id, opts);
    if (held.kind === "done") {
      await boss.complete(PLAN_QUEUE, delivery.id);
    } else if (held.kind === "busy") {
      await boss.fail(PLAN_QUEUE, delivery.id, { error: "job changed while being taken" });
    } else {
      const outcome = await planHeldJob(db, held.job, opts);
      if (outcome.kind === "finished") await boss.complete(PLAN_QUEUE, delivery.id, { status: outcome.status });
      if (outcome.kind === "retry") await boss.fail(PLAN_QUEUE, delivery.id, { error: outcome.error });
      // superseded: the delivery belongs to the worker that holds the job now.
    }
  } catch (e) {
    // Most likely the database went away: give the delivery back now rather than after the lease (if we can).
    await boss.fail(PLAN_QUEUE, delivery.id, { error: e instanceof Error ? e.message : String(e) }).catch(() => undefined);
    throw e;
  }
  return true;
}

/** Starts fetching and planning jobs; wakes on NOTIFY, polls every `pollMs` otherwise, sweeps now and then. */
export async function startBossWorker(db: Db, opts: BossWorkerOptions): Promise<RunningWorker> {
  const boss = await queueBoss();
  const attempt = { workerId: opts.workerId ?? `${hostname()}:${process.pid}`, maxAttempts: opts.maxAttempts, timeLimitMs: opts.timeLimitMs, leaseS: opts.leaseS, heartbeatMs: opts.heartbeatMs };
  const loop = startLoops(opts.slots, (slot) => runNextDelivery(db, boss, { ...attempt, workerId: slotWorkerId(attempt.workerId, slot), planner: jobPlanner(slot) }), opts.pollMs);
  const listener = listenForJobs(databaseUrl(), () => loop.wake());
  const leaseSweeper = setInterval(() => {
    reclaimFromStoppedWorkers(db, boss, opts.maxAttempts)
      .then((r) => r.requeued.length > 0 && setTimeout(() => loop.wake(), 2000).unref())
      .catch((e) => log.warn({ err: e instanceof Error ? e.message : String(e) }, "lease sweep failed"));
  }, leaseSweepMs(opts.heartbeatMs));
  leaseSweeper.unref();
  const sweeper = setInterval(() => {
    sweepQueue(db, boss).catch((e) => log.warn({ err: e instanceof Error ? e.message : String(e) }, "queue sweep failed"));
  }, SWEEP_EVERY_MS);
  sweeper.unref();
  return {
    wake: () => loop.wake(),
    async stop() {
      clearInterval(sweeper);
      clearInterval(leaseSweeper);
      await listener.close();
      await loop.stop();
    },
  };
}

/**
 * Takes back the jobs whose worker stopped renewing its lease: each goes back
 * to the queue (its delivery failed, so pg-boss hands it out again after the
 * retry delay) or, with its attempts used up, ends failed (its delivery completed).
 */
export async function reclaimFromStoppedWorkers(db: Db, boss: PgBoss, maxAttempts: number, now?: Date) {
  const reclaimed = await reclaimExpired(db, { maxAttempts, now });
  for (const id of reclaimed.requeued) await boss.fail(PLAN_QUEUE, id, { error: "the worker stopped renewing its lease" });
  for (const id of reclaimed.failed) await boss.complete(PLAN_QUEUE, id, { status: "failed" });
  return reclaimed;
}

const TERMINAL_DELIVERY = new Set(["completed", "failed", "cancelled"]);

/**
 * Unfinished jobs older than a minute whose delivery is missing are sent again;
 * those whose delivery pg-boss has given up on end failed with the reason.
 */
export async function sweepQueue(db: Db, boss: PgBoss, now = Date.now()): Promise<{ resent: number; failed: number }> {
  const open = await db.job.findMany({
    // A fleet day's later tours have no delivery of their own: their lead job plans them.
    where: { status: { in: ["queued", "running"] }, fleetLeadId: null, createdAt: { lt: new Date(now - SWEEP_AGE_MS) } },
    select: { id: true, status: true, attempts: true, fairStart: true },
    orderBy: { createdAt: "asc" },
    take: 1000,
  });
  if (!open.length) return { resent: 0, failed: 0 };
  const ids = open.map((j) => j.id);
  const { rows } = await (boss.getDb() as PgBoss.Db).executeSql(
    `SELECT id::text AS id, state, output FROM ${SCHEMA}.job WHERE name = $1 AND id = ANY($2::uuid[])
     UNION ALL SELECT id::text AS id, state, output FROM ${SCHEMA}.archive WHERE name = $1 AND id = ANY($2::uuid[])`,
    [PLAN_QUEUE, ids],
  );
  const delivery = new Map<string, { state: string; output: unknown }>(rows.map((r: { id: string; state: string; output: unknown }) => [r.id, r]));
  let resent = 0;
  let failed = 0;
  for (const job of open) {
    const d = delivery.get(job.id);
    if (!d) {
      await boss.send(PLAN_QUEUE, { jobId: job.id } satisfies JobMessage, { id: job.id, priority: priorityOf(job.fairStart) });
      resent++;
    } else if (TERMINAL_DELIVERY.has(d.state)) {
      const reason = (d.output as { error?: string; message?: string } | null)?.error ?? (d.output as { message?: string } | null)?.message;
      const { count } = await db.job.updateMany({
        where: { id: job.id, status: job.status, attempts: job.attempts },
        data: { status: "failed", error: `the queue gave up on this job (${d.state})${reason ? `: ${reason}` : ""}`, finishedAt: new Date(), lockedBy: null, lockedUntil: null },
      });
      failed += count;
    }
  }
  if (resent || failed) log.warn({ resent, failed }, "queue sweep repaired jobs");
  return { resent, failed };
}
