// POST /planner/optimizations/{id}/commit holds a plan's charger use for the
// tenant's later plans; DELETE on the same path releases it.
import type { CommitResponse } from "../../contract/fleet-day";
import { OptimizationPath } from "../../contract/request";
import type { PlanResult } from "../../contract/result";
import { db } from "../db/client";
import { HttpError, jsonResponse, notFound } from "../http/errors";
import { parseOrThrow } from "../http/validation";
import { holdSlots } from "../fleet-day/held";
import { endWatch, startWatch } from "../watch/store";
import { authed } from "./auth";

const iso = (d: Date | number) => new Date(d).toISOString();

export async function commitPlan(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { optimization_id } = parseOrThrow(OptimizationPath, params, "path");
  const o = await db().optimization.findFirst({ where: { id: optimization_id, tenantId: auth.tenantId }, include: { job: true, tour: { select: { vehicleId: true } } } });
  if (!o) throw notFound("Optimization");
  if (!o.result || o.job?.status !== "succeeded") {
    throw new HttpError(409, { detail: `Optimization ${o.id} has no drivable plan to commit (its job is ${o.job?.status ?? "queued"})` });
  }
  const result = JSON.parse(o.result) as PlanResult;
  // Watched until its last departure (server/watch): a plan whose tour is over is committed, not watched.
  const untilMs = planEndOf(result);
  const watched = untilMs > Date.now();
  const slots = await db().$transaction(async (tx) => {
    const held = await holdSlots(tx, auth.tenantId, o.id, result);
    if (watched) await startWatch(tx, auth.tenantId, o.id, o.tour.vehicleId, untilMs);
    else await endWatch(tx, auth.tenantId, o.id, "finished", "committed after the plan's end");
    return held;
  });
  const answer: CommitResponse = {
    optimization_id: o.id, committed: true, watched,
    slots: slots.map((s) => ({ site: s.use.site, start: iso(s.use.startMs), end: iso(s.use.endMs), capacity: s.capacity, to_book: s.toBook })),
  };
  return jsonResponse(200, answer);
}

export async function releasePlan(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { optimization_id } = parseOrThrow(OptimizationPath, params, "path");
  const o = await db().optimization.findFirst({ where: { id: optimization_id, tenantId: auth.tenantId }, select: { id: true } });
  if (!o) throw notFound("Optimization");
  await db().$transaction(async (tx) => {
    await tx.heldSlot.deleteMany({ where: { tenantId: auth.tenantId, optimizationId: o.id } });
    await endWatch(tx, auth.tenantId, o.id, "released");
  });
  const answer: CommitResponse = { optimization_id: o.id, committed: false, watched: false, slots: [] };
  return jsonResponse(200, answer);
}

/** The plan's last departure (or arrival), epoch ms; NaN without one. */
function planEndOf(result: PlanResult): number {
  const last = result.sections?.at(-1)?.poi_summary;
  return Date.parse(String(last?.departure_time ?? last?.arrival_time ?? ""));
}
