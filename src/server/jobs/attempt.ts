// One planning attempt of a job a worker holds, whichever queue delivered it.
// The plan is made in the worker slot's planning process (planning/planners.ts),
// which also turns it into the JSON to store, so the worker's own thread stays
// free and a plan that runs out of time or memory fails its job alone. Every
// write is conditional on the worker still holding the job (same lockedBy, same
// attempt), so a job handed to another worker after a lease expired gets its
// final state from one of them only. While it plans, the worker renews the
// job's lease (lease.ts). A fleet day's lead job plans and finishes the whole
// day (fleet-day/lead.ts); when it fails for good, every tour of the day fails with it.
import { SearchLimitExceeded, TimeLimitExceeded } from "../../engine/charging/types";
import { PlanInputError } from "../../engine/plan/legs";
import type { Db } from "../db/client";
import { log } from "../log";
import { observePlanDuration } from "../observability/metrics";
import { PlanningProcessDied, type PlanningProcess } from "../planning/planner-process";
import { jobPlanner } from "../planning/planners";
import { failFleetDay, finishFleetDay } from "../fleet-day/lead";
import { plannedAlone } from "../fleet-day/planning";
import { config } from "../config";
import { keepLease } from "./lease";
import { optionRows } from "./result-body";
import type { HeldJob, JobRow, StoredTour } from "./types";

export interface AttemptOptions {
  workerId: string;
  maxAttempts: number;
  /** Planning longer than this stops and the job ends failed (JOB_TIME_LIMIT_S). */
  timeLimitMs: number;
  /** The lease renewed while planning (JOB_LEASE_S, every JOB_HEARTBEAT_S: the settings by default). */
  leaseS?: number;
  heartbeatMs?: number;
  /** The worker slot's planning process (default: slot 0's). */
  planner?: PlanningProcess;
}

/** finished: the job has its final state; retry: it went back to the queue; superseded: another worker holds it now. */
export type AttemptOutcome = { kind: "finished"; status: string } | { kind: "retry"; error: string } | { kind: "superseded" };

function heldBy(job: JobRow, workerId: string): HeldJob {
  return { id: job.id, status: "running", lockedBy: workerId, attempts: job.attempts };
}

/** Plans `job` (status running, locked by `opts.workerId`) and records the outcome. */
export async function planHeldJob(db: Db, job: JobRow, opts: AttemptOptions): Promise<AttemptOutcome> {
  const t0 = performance.now();
  const held = heldBy(job, opts.workerId);
  const cfg = config();
  const lease = { leaseS: opts.leaseS ?? cfg.JOB_LEASE_S, heartbeatMs: opts.heartbeatMs ?? cfg.JOB_HEARTBEAT_S * 1000 };
  const stopLease = keepLease(db, { id: job.id, lockedBy: opts.workerId, attempts: job.attempts }, lease);
  const planner = opts.planner ?? jobPlanner();
  let fleetId: string | null = null;
  try {
    const tour = await db.tour.findUniqueOrThrow({ where: { id: job.tourId } });
    fleetId = tour.fleetId;
    const deadlineMs = Date.now() + opts.timeLimitMs;
    let status: string | null;
    if (fleetId) {
      status = await finishFleetDay(db, { job, held, fleetId, planner, deadlineMs, leaseS: lease.leaseS });
    } else {
      const stored = JSON.parse(tour.request) as StoredTour;
      // A tour of a tenant holding slots is planned around them (fleet-day/planning.ts).
      const body = await plannedAlone(db, planner, job, stored, deadlineMs);
      const finishedAt = new Date();
      status = await db.$transaction(async (tx) => {
        const { count } = await tx.job.updateMany({
          where: held,
          data: { status: body.status, error: null, finishedAt, lockedBy: null, lockedUntil: null },
        });
        if (count === 1) await tx.optimization.update({ where: { id: job.optimizationId }, data: { result: body.result, options: optionRows(body.options), finishedAt } });
        return count === 1 ? body.status : null;
      });
    }
    if (!status) return superseded(job, opts);
    observePlanDuration(performance.now() - t0, status);
    log.info({ jobId: job.id, attempt: job.attempts, status, ms: Math.round(performance.now() - t0), ...(fleetId ? { fleetId } : {}) }, "job finished");
    return { kind: "finished", status };
  } catch (e) {
    const overtime = e instanceof TimeLimitExceeded;
    const message = overtime
      ? `planning stopped after the time limit of ${opts.timeLimitMs / 1000} s (JOB_TIME_LIMIT_S)`
      : e instanceof Error ? e.message : String(e);
    // A request the planner cannot serve, or one too big for the time, memory or search limit, will not get better on a retry.
    const tooBig = e instanceof SearchLimitExceeded || (e instanceof PlanningProcessDied && e.outOfMemory);
    const final = e instanceof PlanInputError || tooBig || overtime || job.attempts >= opts.maxAttempts;
    const failed = { status: "failed", error: message, finishedAt: new Date(), lockedBy: null, lockedUntil: null };
    const count = final && fleetId
      ? await failFleetDay(db, held, fleetId, message)
      : (await db.job.updateMany({ where: held, data: final ? failed : { status: "queued", error: message, lockedBy: null, lockedUntil: null } })).count;
    if (count === 0) return superseded(job, opts);
    observePlanDuration(performance.now() - t0, final ? "failed" : "requeued");
    log.error({ jobId: job.id, attempt: job.attempts, final, err: message, ...(fleetId ? { fleetId } : {}) }, "job failed");
    return final ? { kind: "finished", status: "failed" } : { kind: "retry", error: message };
  } finally {
    stopLease();
  }
}

function superseded(job: JobRow, opts: AttemptOptions): AttemptOutcome {
  log.warn({ jobId: job.id, attempt: job.attempts, workerId: opts.workerId }, "job taken over by another worker after the lease expired; result discarded");
  return { kind: "superseded" };
}
