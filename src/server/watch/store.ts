// The watch rows of committed plans (model PlanWatch): started by a commit, ended by a release, a re-plan or
// the plan's end; what GET /planner/optimizations/{id}/watch shows.
import type { PlanWatchView } from "../../contract/watch";
import type { Db } from "../db/client";
import type { Tx } from "../jobs/types";

export const WATCHING = "watching";
/** A re-plan the watch queued: committed (its slots held, then watched) once its job succeeds. */
export const COMMITTING = "committing";
export const ENDED = "ended";

/** Watches a committed plan until `untilMs` (its last departure), from now: its first check is due at once. */
export async function startWatch(tx: Tx, tenantId: number, optimizationId: number, vehicleId: string, untilMs: number): Promise<void> {
  const now = new Date();
  const fresh = { status: WATCHING, untilAt: new Date(untilMs), nextCheckAt: now, lastCheckedAt: null, lastCheck: null, endedAt: null, endReason: null, trigger: null, detail: null, replannedTo: null };
  await tx.planWatch.upsert({ where: { optimizationId }, create: { tenantId, optimizationId, vehicleId, ...fresh }, update: fresh });
}

/** Ends a plan's watch (released: DELETE .../commit; finished: its tour is done, or committed after its end). */
export async function endWatch(tx: Tx | Db, tenantId: number, optimizationId: number, reason: "released" | "finished", detail: string | null = null): Promise<void> {
  await tx.planWatch.updateMany({
    where: { tenantId, optimizationId, status: { not: ENDED } },
    data: { status: ENDED, endedAt: new Date(), endReason: reason, detail },
  });
}

type Row = NonNullable<Awaited<ReturnType<Db["planWatch"]["findFirst"]>>>;

export function watchView(optimizationId: number, w: Row | null): PlanWatchView {
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  return {
    optimization_id: optimizationId,
    watched: w !== null && w.status !== ENDED,
    status: (w?.status ?? "none") as PlanWatchView["status"],
    until: iso(w?.untilAt),
    last_checked_at: iso(w?.lastCheckedAt),
    last_check: w?.lastCheck ?? null,
    ended_at: iso(w?.endedAt),
    end_reason: (w?.endReason ?? null) as PlanWatchView["end_reason"],
    trigger: (w?.trigger ?? null) as PlanWatchView["trigger"],
    detail: w?.detail ?? null,
    replanned_to: w?.replannedTo ?? null,
  };
}
