// The tenant's plans for the web UI: the history list (newest first, by page),
// one plan with its stored result, and the stored request to plan again with
// changes. Another tenant's id answers NOT_FOUND, exactly like a missing one.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { FINAL_JOB_STATUSES, type JobStatus, type OptimizationResultResponse, type PlanResult } from "../../contract/result";
import type { RouteOptimizationRequest } from "../../contract/request";
import { haversineM } from "../../engine/geo";
import { db } from "../db/client";
import type { StoredTour } from "../jobs/types";
import { packs } from "../packs";
import { router, tenantProcedure } from "./init";

export interface LabelledPoint {
  lat: number;
  lon: number;
  /** The nearest town of the gazetteer ("Hamburg, DE", "near Lüneburg, DE"), or the coordinates. */
  label: string;
}

export interface PlanSummary {
  optimization_id: number;
  tour_id: number;
  job_id: string | null;
  created_at: string;
  status: JobStatus;
  error: string | null;
  vehicle_id: string;
  vehicle_name: string;
  /** Start, every intermediate section end, destination (from the stored tour sections). */
  points: LabelledPoint[];
  totals: PlanResult["totals"] | null;
}

const idInput = z.object({ optimizationId: z.number().int().positive().max(2_147_483_647) });

/** Nearest gazetteer town, larger towns preferred a little (a district's centre should not beat its city's). */
function placeLabel(lat: number, lon: number): string {
  const coords = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
  let gaz;
  try {
    gaz = packs.gazetteer;
  } catch {
    return coords; // data packs not built: the page still lists plans
  }
  const p = gaz.places;
  let best = -1, bestScore = Infinity, bestM = 0;
  for (let i = 0; i < p.name.length; i++) {
    const dLat = p.lat[i] / 1e4 - lat;
    if (dLat > 0.3 || dLat < -0.3) continue; // ~33 km: cheap reject before the distance
    const m = haversineM(lat, lon, p.lat[i] / 1e4, p.lon[i] / 1e4);
    const score = m / Math.log10(10 + p.pop[i]);
    if (score < bestScore) [best, bestScore, bestM] = [i, score, m];
  }
  if (best < 0 || bestM > 30_000) return coords;
  const name = `${p.name[best]}, ${gaz.countries[p.cc[best]]}`;
  return bestM < 2_000 ? name : `near ${name}`;
}

/** The result's totals without parsing the whole result (poi_list makes it hundreds of kB); totals is a flat object. */
function totalsOf(result: string | null): PlanResult["totals"] | null {
  if (!result) return null;
  const m = /"totals":(\{[^{}]*\}|null)/.exec(result);
  try {
    return m ? JSON.parse(m[1]) : ((JSON.parse(result) as PlanResult).totals ?? null);
  } catch {
    return null;
  }
}

type Row = Awaited<ReturnType<typeof loadRows>>[number];

function loadRows(tenantId: number, where: { id?: number }, page?: { skip: number; take: number }) {
  return db().optimization.findMany({
    where: { tenantId, ...where },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    ...page,
    include: { job: true, tour: { include: { sections: { orderBy: { position: "asc" } } } } },
  });
}

async function summarize(tenantId: number, rows: Row[]): Promise<PlanSummary[]> {
  const ids = [...new Set(rows.map((r) => r.tour.vehicleId))];
  const fleet = await db().vehicle.findMany({ where: { tenantId, vehicleId: { in: ids } }, select: { vehicleId: true, name: true } });
  const names = new Map(fleet.map((v) => [v.vehicleId, v.name]));
  return rows.map((r) => {
    const secs = r.tour.sections;
    const raw = secs.length ? [[secs[0].startLat, secs[0].startLon], ...secs.map((s) => [s.stopLat, s.stopLon])] : [];
    // A vehicle deleted since keeps the model name frozen into the stored input.
    const frozen = names.has(r.tour.vehicleId) ? null : ((JSON.parse(r.tour.request) as StoredTour).input?.vehicle?.name ?? null);
    return {
      optimization_id: r.id,
      tour_id: r.tourId,
      job_id: r.job?.id ?? null,
      created_at: r.createdAt.toISOString(),
      status: (r.job?.status ?? "queued") as JobStatus,
      error: r.job?.error ?? null,
      vehicle_id: r.tour.vehicleId,
      vehicle_name: names.get(r.tour.vehicleId) ?? frozen ?? r.tour.vehicleId,
      points: raw.map(([lat, lon]) => ({ lat, lon, label: placeLabel(lat, lon) })),
      totals: totalsOf(r.result),
    };
  });
}

/** One plan of the tenant with its stored result (null until the job is final); null when there is none. */
export async function findPlan(tenantId: number, optimizationId: number, withResult = true) {
  const rows = await loadRows(tenantId, { id: optimizationId });
  if (!rows.length) return null;
  const [summary] = await summarize(tenantId, rows);
  const final = FINAL_JOB_STATUSES.includes(summary.status) && summary.status !== "failed";
  const result = withResult && final && rows[0].result ? (JSON.parse(rows[0].result) as OptimizationResultResponse) : null;
  return { summary, result, request: JSON.parse(rows[0].tour.request) as StoredTour };
}

const notFound = () => new TRPCError({ code: "NOT_FOUND", message: "Optimization not found" });

export const history = router({
  list: tenantProcedure
    .input(z.object({ page: z.number().int().min(1).default(1), pageSize: z.number().int().min(1).max(100).default(20) }))
    .query(async ({ input, ctx }) => {
      const tenantId = ctx.auth.tenantId;
      const [total, rows] = await Promise.all([
        db().optimization.count({ where: { tenantId } }),
        loadRows(tenantId, {}, { skip: (input.page - 1) * input.pageSize, take: input.pageSize }),
      ]);
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
