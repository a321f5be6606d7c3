// Fair order between tenants: start-time fair queueing over the Job table, the
// same on both queues. Each job gets a start tag when it is submitted:
//   start = max(V, the tenant's latest fairFinish among its unfinished jobs),
//   finish = start + cost (the plans it makes: 1, or a fleet day's tours),
// where V, the queue's virtual time, is the highest start of a running job
// (else the lowest of a queued one, else 0). Workers take jobs by start, then
// age (table-queue.ts; pg-boss by priority = -start). A tenant that floods the
// queue thus gets one turn per round like any other: another tenant's job
// waits behind the jobs already running, not behind the flood. Tags restart
// from 0 whenever the queue is empty, so they stay small.
import { config } from "../config";
import type { Db } from "../db/client";
import { HttpError } from "../http/errors";
import type { Tx } from "./types";

export interface FairTags {
  fairStart: number;
  fairFinish: number;
}

const UNFINISHED = ["queued", "running"];

/** The tags of a tenant's next job costing `cost` plans, read just before the submit's transaction. */
export async function fairTags(tx: Db | Tx, tenantId: number, cost: number): Promise<FairTags> {
  const [running, queued, own] = await Promise.all([
    tx.job.aggregate({ where: { status: "running" }, _max: { fairStart: true } }),
    tx.job.aggregate({ where: { status: "queued" }, _min: { fairStart: true } }),
    tx.job.aggregate({ where: { tenantId, status: { in: UNFINISHED } }, _max: { fairFinish: true } }),
  ]);
  const virtualTime = running._max.fairStart ?? queued._min.fairStart ?? 0;
  const fairStart = Math.max(virtualTime, own._max.fairFinish ?? 0);
  return { fairStart, fairFinish: fairStart + Math.max(1, cost) };
}

/** How long a refused submit should wait, s: the tenant's recent plans' median time per job over it, at least 1. */
async function retryAfterS(db: Db, tenantId: number, over: number): Promise<number> {
  const recent = await db.job.findMany({
    where: { tenantId, finishedAt: { not: null }, startedAt: { not: null } },
    orderBy: { finishedAt: "desc" }, take: 20, select: { startedAt: true, finishedAt: true },
  });
  const secs = recent.map((j) => (j.finishedAt!.getTime() - j.startedAt!.getTime()) / 1000).sort((a, b) => a - b);
  const median = secs.length ? secs[Math.floor(secs.length / 2)] : 5;
  return Math.min(3600, Math.max(1, Math.ceil(median * over)));
}

/**
 * 429 when the tenant's unfinished jobs (queued and running) and `adding` more
 * would pass TENANT_MAX_QUEUED_JOBS; checked before anything is stored.
 */
export async function checkTenantBacklog(db: Db, tenantId: number, adding: number): Promise<void> {
  const limit = config().TENANT_MAX_QUEUED_JOBS;
  if (limit === 0) return;
  const unfinished = await db.job.count({ where: { tenantId, status: { in: UNFINISHED } } });
  if (unfinished + adding <= limit) return;
  const over = unfinished + adding - limit;
  throw new HttpError(429, {
    detail: `Too many unfinished jobs: this tenant has ${unfinished} queued or running and the limit is ${limit} (TENANT_MAX_QUEUED_JOBS); ` +
      `${adding > 1 ? `these ${adding} tours` : "this job"} would pass it. Retry when earlier jobs have finished`,
  }, { "retry-after": String(await retryAfterS(db, tenantId, over)) });
}
