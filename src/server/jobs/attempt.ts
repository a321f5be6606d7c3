// One planning attempt of a job a worker holds, whichever queue delivered it.
// The plan is made in this process's planning process (planning/planners.ts),
// so the worker's own thread stays free and a plan that runs out of time or
// memory fails its job alone. Every write is conditional on the worker still
// holding the job (same lockedBy, same attempt), so a job handed to another
// worker after a lease expired gets its final state from one of them only.
// While it plans, the worker renews the job's lease (lease.ts).
import { resultBodies } from "./result-body";
import { SearchLimitExceeded, TimeLimitExceeded } from "../../engine/charging/types";
import { PlanInputError } from "../../engine/plan/legs";
import type { Db } from "../db/client";
import { log } from "../log";
import { observePlanDuration } from "../observability/metrics";
import { PlanningProcessDied } from "../planning/planner-process";
import { jobPlanner } from "../planning/planners";
import { plannedWithOthers } from "../fleet-day/planning";
import { config } from "../config";
import { keepLease } from "./lease";
import type { JobRow, StoredTour } from "./types";

export interface AttemptOptions {
  workerId: string;
  maxAttempts: number;
  /** Planning longer than this stops and the job ends failed (JOB_TIME_LIMIT_S). */
  timeLimitMs: number;
  /** The lease renewed while planning (JOB_LEASE_S, every JOB_HEARTBEAT_S: the settings by default). */
  leaseS?: number;
  heartbeatMs?: number;
}

/** finished: the job has its final state; retry: it went back to the queue; superseded: another worker holds it now. */
export type AttemptOutcome = { kind: "finished"; status: string } | { kind: "retry"; error: string } | { kind: "superseded" };

function heldBy(job: JobRow, workerId: string) {
  return { id: job.id, status: "running", lockedBy: workerId, attempts: job.attempts };
}

/** Plans `job` (status running, locked by `opts.workerId`) and records the outcome. */
export async function planHeldJob(db: Db, job: JobRow, opts: AttemptOptions): Promise<AttemptOutcome> {
  const t0 = performance.now();
  const held = heldBy(job, opts.workerId);
  const cfg = config();
  const stopLease = keepLease(db, { id: job.id, lockedBy: opts.workerId, attempts: job.attempts }, {
    leaseS: opts.leaseS ?? cfg.JOB_LEASE_S,
    heartbeatMs: opts.heartbeatMs ?? cfg.JOB_HEARTBEAT_S * 1000,
  });
  try {
    const tour = await db.tour.findUniqueOrThrow({ where: { id: job.tourId } });
    const stored = JSON.parse(tour.request) as StoredTour;
    const deadlineMs = Date.now() + opts.timeLimitMs;
    // A fleet day's tour, or one of a tenant holding slots, is planned with the others in mind (server/fleet-day).
    const result = (await plannedWithOthers(db, job.tenantId, tour, stored, deadlineMs)) ?? (await jobPlanner().plan(job.tenantId, stored.input, deadlineMs));
    const body = resultBodies(job.optimizationId, job.tourId, result);
    const finishedAt = new Date();
    const written = await db.$transaction(async (tx) => {
      const { count } = await tx.job.updateMany({
        where: held,
        data: { status: result.status, error: null, finishedAt, lockedBy: null, lockedUntil: null },
      });
      if (count === 1) await tx.optimization.update({ where: { id: job.optimizationId }, data: { result: body.result, options: body.options, finishedAt } });
      return count === 1;
    });
    if (!written) return superseded(job, opts);
    observePlanDuration(performance.now() - t0, result.status);
    log.info({ jobId: job.id, attempt: job.attempts, status: result.status, ms: Math.round(performance.now() - t0) }, "job finished");
    return { kind: "finished", status: result.status };
  } catch (e) {
    const overtime = e instanceof TimeLimitExceeded;
    const message = overtime
      ? `planning stopped after the time limit of ${opts.timeLimitMs / 1000} s (JOB_TIME_LIMIT_S)`
      : e instanceof Error ? e.message : String(e);
    // A request the planner cannot serve, or one too big for the time, memory or search limit, will not get better on a retry.
    const tooBig = e instanceof SearchLimitExceeded || (e instanceof PlanningProcessDied && e.outOfMemory);
    const final = e instanceof PlanInputError || tooBig || overtime || job.attempts >= opts.maxAttempts;
    const { count } = await db.job.updateMany({
      where: held,
      data: final
        ? { status: "failed", error: message, finishedAt: new Date(), lockedBy: null, lockedUntil: null }
        : { status: "queued", error: message, lockedBy: null, lockedUntil: null },
    });
    if (count === 0) return superseded(job, opts);
    observePlanDuration(performance.now() - t0, final ? "failed" : "requeued");
    log.error({ jobId: job.id, attempt: job.attempts, final, err: message }, "job failed");
    return final ? { kind: "finished", status: "failed" } : { kind: "retry", error: message };
  } finally {
    stopLease();
  }
}

function superseded(job: JobRow, opts: AttemptOptions): AttemptOutcome {
  log.warn({ jobId: job.id, attempt: job.attempts, workerId: opts.workerId }, "job taken over by another worker after the lease expired; result discarded");
  return { kind: "superseded" };
}
