// The tenant's plans for the web UI: the history list (newest first, by page),
// one plan with its stored result, and the stored request to plan again with
// changes. Another tenant's id answers NOT_FOUND, exactly like a missing one.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { FINAL_JOB_STATUSES, type JobStatus, type OptimizationResultResponse, type PlanResult } from "../../contract/result";
import type { RouteOptimizationRequest } from "../../contract/request";
import { db } from "../db/client";
import { pacer } from "../http/pace";
import type { StoredTour } from "../jobs/types";
import { packs } from "../packs";
import { router, tenantProcedure } from "./init";
import { placeLabel } from "./place-label";
import { totalsById } from "./plan-totals";
import { givenNames, namePoints, type NamedPoint } from "./point-names";

export interface PlanSummary {
  optimization_id: number;
  tour_id: number;
  job_id: string | null;
  created_at: string;
  status: JobStatus;
  error: string | null;
  vehicle_id: string;
  vehicle_name: string;
  /** Start, every intermediate section end, destination (from the stored tour sections); a plan's own page names them as its request does. */
  points: NamedPoint[];
  totals: PlanResult["totals"] | null;
}

const idInput = z.object({ optimizationId: z.number().int().positive().max(2_147_483_647) });

/** The gazetteer, or null while the data packs are not built (the page still lists plans, by coordinates). */
function gazetteerOrNull() {
  try {
    return packs.gazetteer;
  } catch {
    return null;
  }
}

/** The point's town (./place-label.ts), or its coordinates while the data packs are not built (the page still lists plans). */
export function labelOf(lat: number, lon: number): string {
  const gaz = gazetteerOrNull();
  return gaz ? placeLabel(gaz, lat, lon) : `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}

/** A tour's points named (./point-names.ts): by the request's names where `request` is given, else by their towns. */
export function namedPoints(points: readonly { lat: number; lon: number }[], request?: RouteOptimizationRequest | null): NamedPoint[] {
  const given = request?.section_list ? givenNames(request.section_list) : [];
  return namePoints(gazetteerOrNull(), points.map((p, i) => ({ ...p, given: given[i] })));
}

/** The points of a stored request: the first section's start, then every section's stop. */
export function requestPoints(request: RouteOptimizationRequest): { lat: number; lon: number }[] {
  const secs = request.section_list ?? [];
  return secs.length ? [secs[0].start_pos, ...secs.map((s) => s.stop_pos)].map(([lat, lon]) => ({ lat, lon })) : [];
}

type Row = Awaited<ReturnType<typeof loadRows>>[number];

/** Newest first. */
const PLAN_ORDER = [{ createdAt: "desc" as const }, { id: "desc" as const }];
const PLANS_AT_ONCE = 20;

/**
 * What a summary shows of each plan, no more: a page's results, cost options and stored requests are
 * tens of MB, read (on SQLite) on this thread. Totals and deleted vehicles' names are read apart.
 */
function loadRows(tenantId: number, where: { id: number | { in: number[] } }) {
  return db().optimization.findMany({
    where: { tenantId, ...where },
    orderBy: PLAN_ORDER,
    select: {
      id: true, tourId: true, createdAt: true,
      job: { select: { id: true, status: true, error: true } },
      tour: { select: { vehicleId: true, sections: { orderBy: { position: "asc" }, select: { startLat: true, startLon: true, stopLat: true, stopLon: true } } } },
    },
  });
}

/** A stored tour's points named as its request names them: for a fresh plan's result (planner.result). */
export async function tourPoints(tourId: number): Promise<NamedPoint[]> {
  const request = (await storedTour(tourId)).request as RouteOptimizationRequest;
  return namedPoints(requestPoints(request), request);
}

const storedTour = async (tourId: number) => JSON.parse((await db().tour.findUniqueOrThrow({ where: { id: tourId }, select: { request: true } })).request) as StoredTour;

async function summarize(tenantId: number, rows: Row[]): Promise<PlanSummary[]> {
  const totals = await totalsById(rows.map((r) => r.id));
  const ids = [...new Set(rows.map((r) => r.tour.vehicleId))];
  const fleet = await db().vehicle.findMany({ where: { tenantId, vehicleId: { in: ids } }, select: { vehicleId: true, name: true } });
  const names = new Map(fleet.map((v) => [v.vehicleId, v.name]));
  const pace = pacer(); // 26 labels a plan, 2,600 a page
  const out: PlanSummary[] = [];
  for (const r of rows) {
    const secs = r.tour.sections;
    const raw = secs.length ? [[secs[0].startLat, secs[0].startLon], ...secs.map((s) => [s.stopLat, s.stopLon])] : [];
    // A vehicle deleted since keeps the model name frozen into the stored input.
    const frozen = names.has(r.tour.vehicleId) ? null : ((await storedTour(r.tourId)).input?.vehicle?.name ?? null);
    out.push({
      optimization_id: r.id,
      tour_id: r.tourId,
      job_id: r.job?.id ?? null,
      created_at: r.createdAt.toISOString(),
      status: (r.job?.status ?? "queued") as JobStatus,
      error: r.job?.error ?? null,
      vehicle_id: r.tour.vehicleId,
      vehicle_name: names.get(r.tour.vehicleId) ?? frozen ?? r.tour.vehicleId,
      points: namedPoints(raw.map(([lat, lon]) => ({ lat, lon }))),
      totals: totals.get(r.id) ?? null,
    });
    await pace();
  }
  return out;
}

/** One plan of the tenant with its stored result (null until the job is final); null when there is none. */
export async function findPlan(tenantId: number, optimizationId: number, withResult = true) {
  const rows = await loadRows(tenantId, { id: optimizationId });
  if (!rows.length) return null;
  const [summary] = await summarize(tenantId, rows);
  const final = FINAL_JOB_STATUSES.includes(summary.status) && summary.status !== "failed";
  const stored = withResult && final ? (await db().optimization.findUnique({ where: { id: optimizationId }, select: { result: true } }))?.result : null;
  const result = stored ? (JSON.parse(stored) as OptimizationResultResponse) : null;
  const request = await storedTour(rows[0].tourId);
  // One plan: its points are named as its request names them (the list names them by town, reading no request).
  summary.points = namedPoints(summary.points, request.request as RouteOptimizationRequest);
  return { summary, result, request };
}

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "Optimization not found" });

export const history = router({
  list: tenantProcedure
    .input(z.object({ page: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(20) }))
    .query(async ({ input, ctx }) => {
      const tenantId = ctx.auth.tenantId;
      const [total, page] = await Promise.all([
        db().optimization.count({ where: { tenantId } }),
        db().optimization.findMany({ where: { tenantId }, orderBy: PLAN_ORDER, skip: (input.page - 1) * input.pageSize, take: input.pageSize, select: { id: true } }),
      ]);
      // The page's plans a few at a time: 100 plans' sections are 2,600 rows.
      const pace = pacer();
      const rows: Row[] = [];
      for (let i = 0; i < page.length; i += PLANS_AT_ONCE) {
        rows.push(...(await loadRows(tenantId, { id: { in: page.slice(i, i + PLANS_AT_ONCE).map((p) => p.id) } })));
        await pace();
      }
      return { total, page: input.page, pageSize: input.pageSize, plans: await summarize(tenantId, rows) };
    }),
  get: tenantProcedure.input(idInput).query(async ({ input, ctx }) => {
    const plan = await findPlan(ctx.auth.tenantId, input.optimizationId);
    if (!plan) throw notFound();
    return { summary: plan.summary, result: plan.result };
  }),
  /** What the planner form needs to plan this tour again: the validated request, the query values, named points. */
  request: tenantProcedure.input(idInput).query(async ({ input, ctx }) => {
    const plan = await findPlan(ctx.auth.tenantId, input.optimizationId, false);
    if (!plan) throw notFound();
    const req = plan.request.request as RouteOptimizationRequest;
    return {
      summary: plan.summary,
      body: req,
      corridorM: plan.request.input.corridorM,
      minChargeDurationMin: plan.request.input.minChargeDurationMin,
      departureMs: plan.request.input.departureMs,
    };
  }),
});
