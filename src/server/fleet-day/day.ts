// A fleet day's submit and status, for POST /planner/fleet and GET
// /planner/fleet/{fleet_id} (server/api/fleet-day.ts) and the app (tRPC fleetDay).
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import {
  FLEET_PAGE_RESULT_BYTES, FleetSubmitRequest, MAX_DEPOT_WINDOW_H,
  type FleetStatusQuery, type FleetStatusResponse, type FleetSubmitResponse,
} from "../../contract/fleet-day";
import { PlannerQuery } from "../../contract/request";
import { FINAL_JOB_STATUSES, type JobStatus } from "../../contract/result";
import type { AuthContext } from "../auth/keys";
import type { Db } from "../db/client";
import { notFound, ValidationFailed, type ValidationDetail } from "../http/errors";
import type { BodyRead } from "../http/request";
import { collect, throwIfAny } from "../http/validation";
import { checkTenantBacklog, fairTags } from "../jobs/fair-order";
import { insertTourWithJob, type Submitted } from "../jobs/store";
import { parsePlannerRequest, type PlannerRequest } from "../planner-request";
import { wakeWorker } from "../runtime";
import { listDepots } from "../stations/admin";
import { pacer } from "../http/pace";
import { LEGACY_PLAN_READ_BYTES } from "./lead";
import { DEPOT_DEFAULT_PLUGGED_MS, type FleetSummary } from "./summary";

const HOUR = 3_600_000;

/** The depot window's rules (docs/API.md, Fleet days): each a 422 at the tour's field. */
function depotWindowDetails(i: number, t: z.output<typeof FleetSubmitRequest>["tours"][number], departureMs: number): ValidationDetail[] {
  const at = (field: string) => ["body", "tours", i, field];
  const readyBy = t.depot_ready_by ? Date.parse(t.depot_ready_by) : departureMs;
  const from = t.depot_plugged_from ? Date.parse(t.depot_plugged_from) : readyBy - DEPOT_DEFAULT_PLUGGED_MS;
  if (t.depot_ready_by && readyBy > departureMs) {
    return [{ loc: at("depot_ready_by"), msg: `Value error, depot_ready_by must not be after the tour's start_time_tour (${new Date(departureMs).toISOString()}): the truck leaves the depot then`, type: "value_error" }];
  }
  if (from >= readyBy) {
    return [{ loc: at("depot_plugged_from"), msg: "Value error, depot_plugged_from must be before depot_ready_by (default: the tour's start_time_tour)", type: "value_error" }];
  }
  if (readyBy - from > MAX_DEPOT_WINDOW_H * HOUR) {
    return [{ loc: at("depot_plugged_from"), msg: `Value error, the depot window (depot_plugged_from to depot_ready_by) may be at most ${MAX_DEPOT_WINDOW_H} h; it is ${((readyBy - from) / HOUR).toFixed(1)} h`, type: "value_error" }];
  }
  return [];
}

/** POST /planner/fleet's checks and storage (also the app's): every tour as v2 checks it, all in one 422; one transaction. */
export async function submitFleetDay(db: Db, auth: AuthContext, query: unknown, raw: BodyRead): Promise<FleetSubmitResponse> {
  const details: ValidationDetail[] = [];
  if (!raw.ok) details.push(raw.detail);
  const body = raw.ok ? collect(FleetSubmitRequest, raw.value, "body", details) : undefined;
  collect(PlannerQuery, query, "query", details);
  throwIfAny(details);
  const depot = body!.depot ?? null;
  if (depot && !(await listDepots(db, auth.tenantId)).some((d) => d.depot_id === depot.depot_id)) {
    details.push({ loc: ["body", "depot", "depot_id"], msg: `Unknown depot '${depot.depot_id}': GET /poi/depots lists this tenant's depot chargers`, type: "value_error" });
  }
  // Each tour as a v2 body: the vehicle, payloads and points on the network; every tour's problems in one 422.
  const tours: { r: PlannerRequest<PlannerQuery>; priority: number; extra: Record<string, unknown> }[] = [];
  const pace = pacer();
  for (const [i, t] of body!.tours.entries()) {
    await pace();
    const { priority: _priority, depot_soc: _soc, depot_plugged_from: _from, depot_ready_by: _by, ...v2 } = (raw as { value: { tours: Record<string, unknown>[] } }).value.tours[i];
    try {
      const r = await parsePlannerRequest(db, auth, query, { ok: true, value: v2 }, PlannerQuery);
      const charged = t.depot_soc != null && depot;
      if (charged) details.push(...depotWindowDetails(i, t, r.input.departureMs));
      const depotFields = charged ? { depot, depot_soc: t.depot_soc, depot_plugged_from: t.depot_plugged_from ?? null, depot_ready_by: t.depot_ready_by ?? null } : {};
      tours.push({ r, priority: t.priority, extra: depotFields });
    } catch (e) {
      if (!(e instanceof ValidationFailed)) throw e;
      details.push(...e.details.map((d) => (d.loc[0] === "body" ? { ...d, loc: ["body", "tours", i, ...d.loc.slice(1)] } : d)));
    }
  }
  throwIfAny(details);
  await checkTenantBacklog(db, auth.tenantId, tours.length);
  const fleetId = randomUUID();
  // One unit of work in the fair order, costing a plan per tour; only the first tour's job is queued (fleet-day/lead.ts).
  // Read before the transaction, which then starts with a write (jobs/store.ts says why).
  const fair = await fairTags(db, auth.tenantId, tours.length);
  const ids = await db.$transaction(async (tx) => {
    const pace = pacer();
    await tx.fleetDay.create({ data: { id: fleetId, tenantId: auth.tenantId } });
    const out: Submitted[] = [];
    for (const t of tours) {
      await pace();
      const place = { fair, ...(out.length ? { fleetLeadId: out[0].jobId } : {}) };
      out.push(await insertTourWithJob(tx, auth.tenantId, { ...t.r.body, priority: t.priority, ...t.extra } as typeof t.r.body, t.r.input, { place, fleetId }));
    }
    return out;
  }, { maxWait: 10_000, timeout: 60_000 });
  wakeWorker();
  return {
    fleet_id: fleetId,
    tours: ids.map((s) => ({ tour_id: s.tourId, optimization_id: s.optimizationId, job_id: s.jobId })),
    warnings: tours.flatMap((t, i) => t.r.warnings.map((w) => `tours[${i}]: ${w}`)),
  };
}


/**
 * The stored summary, or per tour the `fleet` part of an older day's stored results (days planned before
 * FleetDay.plan held a summary kept every result in it: read only up to LEGACY_PLAN_READ_BYTES).
 */
function storedSummary(plan: string | null): Pick<FleetSummary, "tours" | "conflicts_alone" | "conflicts" | "depot" | "added"> | null {
  if (!plan || (!plan.startsWith('{"version":2') && plan.length > LEGACY_PLAN_READ_BYTES)) return null;
  const doc = JSON.parse(plan) as FleetSummary & { results?: Record<string, { fleet?: FleetSummary["tours"][string]["fleet"] }> };
  if (doc.version === 2) return doc;
  const tours: FleetSummary["tours"] = {};
  for (const [id, r] of Object.entries(doc.results ?? {})) if (r.fleet) tours[id] = { fleet: r.fleet, overview: null as never };
  return { ...doc, tours, depot: doc.depot ?? null };
}

/** A day's status from its tours' jobs (FleetStatusResponse.status says what each means). */
export function dayStatus(statuses: readonly JobStatus[]): FleetStatusResponse["status"] {
  if (statuses.every((s) => s === "queued")) return "queued";
  if (!statuses.every((s) => FINAL_JOB_STATUSES.includes(s))) return "running";
  return statuses.includes("failed") ? "failed" : "succeeded";
}

export interface FleetStatusPage {
  /** The answer with every tour's `result` null. */
  status: FleetStatusResponse;
  /** Per listed tour, its stored result JSON where the page includes it. */
  results: (string | null)[];
}

/**
 * A fleet day as GET /planner/fleet/{fleet_id} shows it (also the app's, without results). Results are read
 * one tour at a time as stored, never parsed here, up to FLEET_PAGE_RESULT_BYTES a page.
 */
export async function fleetStatus(db: Db, tenantId: number, fleetId: string, page: FleetStatusQuery): Promise<FleetStatusPage> {
  const day = await db.fleetDay.findFirst({ where: { id: fleetId, tenantId } });
  if (!day) throw notFound("Fleet");
  const tours = await db.tour.findMany({
    where: { fleetId, tenantId }, orderBy: { id: "asc" },
    select: { id: true, vehicleId: true, request: true, optimizations: { select: { id: true, job: true } } },
  });
  const summary = storedSummary(day.plan);
  const statusOf = (t: (typeof tours)[number]) => (t.optimizations[0]?.job?.status ?? "queued") as JobStatus;
  const statuses = tours.map(statusOf);
  const listed = tours.slice(page.offset, page.offset + page.limit);
  const results: (string | null)[] = [];
  let bytes = 0;
  const pace = pacer();
  for (const t of listed) {
    await pace();
    const status = statusOf(t);
    const readable = page.include_results && FINAL_JOB_STATUSES.includes(status) && status !== "failed";
    const row = readable ? await db.optimization.findUnique({ where: { id: t.optimizations[0].id }, select: { result: true } }) : null;
    const text = row?.result ?? null;
    if (text && results.length > 0 && bytes + text.length > FLEET_PAGE_RESULT_BYTES) break;
    bytes += text?.length ?? 0;
    results.push(text);
  }
  const end = page.offset + results.length;
  const rows = listed.slice(0, results.length).map((t) => {
    const o = t.optimizations[0];
    const priority = Number((JSON.parse(t.request) as { request: { priority?: number } }).request.priority ?? 0);
    const part = summary?.tours[String(t.id)];
    return {
      tour_id: t.id, optimization_id: o.id, job_id: o.job!.id, vehicle_id: t.vehicleId, priority,
      status: statusOf(t), error: o.job?.error ?? null, fleet: part?.fleet ?? null, summary: part?.overview ?? null, result: null,
    };
  });
  return {
    status: {
      fleet_id: fleetId, status: dayStatus(statuses), error: day.error, tours_total: tours.length, offset: page.offset, next_offset: end < tours.length ? end : null, tours: rows,
      conflicts_alone: summary?.conflicts_alone ?? null, conflicts: summary?.conflicts ?? null, depot: summary?.depot ?? null, added: summary?.added ?? null,
    },
    results,
  };
}

/** The page as JSON text: each stored result spliced in where its tour's `result` is, as stored (no parse, no re-serialization). */
export function fleetStatusText(page: FleetStatusPage): string {
  // U+0000 never occurs in stored text (refused on input), so its escape marks the places unambiguously.
  const mark = (i: number) => `\u0000result${i}\u0000`;
  const withMarks = { ...page.status, tours: page.status.tours.map((t, i) => (page.results[i] ? { ...t, result: mark(i) } : t)) };
  // One pass: split at the marks (the captured index between the parts), then join with the results in their place.
  const parts = JSON.stringify(withMarks).split(/"\\u0000result(\d+)\\u0000"/);
  return parts.map((p, i) => (i % 2 ? page.results[Number(p)]! : p)).join("");
}
