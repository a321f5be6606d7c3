// POST /planner/optimizations/{id}/commit holds a plan's charger use for the
// tenant's later plans; DELETE on the same path releases it.
import type { CommitResponse } from "../../contract/fleet-day";
import { OptimizationPath } from "../../contract/request";
import type { PlanResult } from "../../contract/result";
import { db } from "../db/client";
import { HttpError, jsonResponse, notFound } from "../http/errors";
import { parseOrThrow } from "../http/validation";
import { holdSlots } from "../fleet-day/held";
import { authed } from "./auth";

const iso = (d: Date | number) => new Date(d).toISOString();

export async function commitPlan(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { optimization_id } = parseOrThrow(OptimizationPath, params, "path");
  const o = await db().optimization.findFirst({ where: { id: optimization_id, tenantId: auth.tenantId }, include: { job: true } });
  if (!o) throw notFound("Optimization");
  if (!o.result || o.job?.status !== "succeeded") {
    throw new HttpError(409, { detail: `Optimization ${o.id} has no drivable plan to commit (its job is ${o.job?.status ?? "queued"})` });
  }
  const result = JSON.parse(o.result) as PlanResult;
  const slots = await db().$transaction((tx) => holdSlots(tx, auth.tenantId, o.id, result));
  const answer: CommitResponse = {
    optimization_id: o.id, committed: true,
    slots: slots.map((s) => ({ site: s.use.site, start: iso(s.use.startMs), end: iso(s.use.endMs), capacity: s.capacity, to_book: s.toBook })),
  };
  return jsonResponse(200, answer);
}

export async function releasePlan(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { optimization_id } = parseOrThrow(OptimizationPath, params, "path");
  const o = await db().optimization.findFirst({ where: { id: optimization_id, tenantId: auth.tenantId }, select: { id: true } });
  if (!o) throw notFound("Optimization");
  await db().heldSlot.deleteMany({ where: { tenantId: auth.tenantId, optimizationId: o.id } });
  const answer: CommitResponse = { optimization_id: o.id, committed: false, slots: [] };
  return jsonResponse(200, answer);
}
