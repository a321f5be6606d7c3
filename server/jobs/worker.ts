// The job worker: claims queued jobs one at a time, plans them, stores the
// result and the final status. A job is claimed by a conditional update, so
// two workers never plan the same job; a job whose worker died is queued
// again once its lease has expired (at start-up for the embedded worker).
import { hostname } from "node:os";
import { TimeLimitExceeded } from "../../engine/charging/types";
import { PlanInputError } from "../../engine/plan/legs";
import { plan } from "../../engine/plan/plan";
import type { Db } from "../db/client";
import { log } from "../log";
import { config } from "../config";
import { observePlanDuration } from "../observability/metrics";
import { packs } from "../packs";
import type { StoredTour } from "./store";

export interface WorkerOptions {
  workerId?: string;
  leaseS: number;
  maxAttempts: number;
  /** Planning longer than this stops and the job ends failed (JOB_TIME_LIMIT_S). */
  timeLimitMs?: number;
}

/** Puts running jobs back in the queue: all of them, or those whose lease expired. */
export async function requeueAbandoned(db: Db, opts: { all: boolean }): Promise<number> {
  const { count } = await db.job.updateMany({
    where: { status: "running", ...(opts.all ? {} : { lockedUntil: { lt: new Date() } }) },
    data: { status: "queued", lockedBy: null, lockedUntil: null },
  });
  return count;
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
  const t0 = performance.now();
  const limitMs = opts.timeLimitMs ?? config().JOB_TIME_LIMIT_S * 1000;
  try {
    const tour = await db.tour.findUniqueOrThrow({ where: { id: job.tourId } });
    const stored = JSON.parse(tour.request) as StoredTour;
    const data = await packs.planForTenant(db, job.tenantId, stored.input);
    const result = plan({ ...stored.input, deadlineMs: Date.now() + limitMs }, data);
    const body = JSON.stringify({ optimization_id: job.optimizationId, tour_id: job.tourId, ...result });
    const finishedAt = new Date();
    await db.$transaction([
      db.optimization.update({ where: { id: job.optimizationId }, data: { result: body, finishedAt } }),
      db.job.update({ where: { id: job.id }, data: { status: result.status, error: null, finishedAt, lockedBy: null, lockedUntil: null } }),
    ]);
    observePlanDuration(performance.now() - t0, result.status);
    log.info({ jobId: job.id, status: result.status, ms: Math.round(performance.now() - t0) }, "job finished");
  } catch (e) {
    const overtime = e instanceof TimeLimitExceeded;
    const message = overtime
      ? `planning stopped after the time limit of ${limitMs / 1000} s (JOB_TIME_LIMIT_S)`
      : e instanceof Error ? e.message : String(e);
    // A request the planner cannot serve, or one too big for the time limit, will not get better on a retry.
    const final = e instanceof PlanInputError || overtime || job.attempts >= opts.maxAttempts;
    await db.job.update({
      where: { id: job.id },
      data: final
        ? { status: "failed", error: message, finishedAt: new Date(), lockedBy: null, lockedUntil: null }
        : { status: "queued", error: message, lockedBy: null, lockedUntil: null },
    });
    observePlanDuration(performance.now() - t0, final ? "failed" : "requeued");
    log.error({ jobId: job.id, attempt: job.attempts, final, err: message }, "job failed");
  }
  return true;
}

export interface RunningWorker {
  wake(): void;
  stop(): Promise<void>;
}

export function startWorker(db: Db, opts: WorkerOptions & { pollMs: number }): RunningWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wakeUp: (() => void) | undefined;
  const loop = (async () => {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runNextJob(db, opts);
      } catch (e) {
        log.error({ err: e instanceof Error ? e.message : String(e) }, "worker loop error");
      }
      if (worked || stopped) continue;
      await new Promise<void>((resolve) => {
        wakeUp = resolve;
        timer = setTimeout(resolve, opts.pollMs);
      });
    }
  })();
  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wakeUp?.();
      await loop;
    },
  };
}
