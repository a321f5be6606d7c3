// A fleet day is one unit of work: its first tour's job (the lead) is the only
// one queued; it plans every tour of the day together in its planning process
// (engine/fleet, the depot schedule included) and finishes every tour's job;
// the others (Job.fleetLeadId) are never taken themselves. When the day's plan
// fails for good, the failure is recorded once (FleetDay.error) and every job
// of the day fails with its reason, instead of each tour starting the whole
// day's plan again. Every write is conditional on the lead still being held by
// this worker, so a lead taken over after its lease ran out writes nothing.
import type { Db } from "../db/client";
import { pacer } from "../http/pace";
import { leaseEnd } from "../jobs/lease";
import { optionRows } from "../jobs/result-body";
import type { HeldJob, JobRow, StoredTour } from "../jobs/types";
import type { PlanningProcess } from "../planning/planner-process";
import type { FleetPlanRequest } from "../planning/protocol";
import type { DepotTruckRequest } from "./summary";
import { listDepots } from "../stations/admin";
import { heldAround } from "./held";

/** What a fleet tour's stored request says of depot charging (POST /planner/fleet: depot, depot_soc, ...). */
interface DepotRequest {
  priority?: number;
  depot?: { depot_id: string; grid_limit_kW: number };
  depot_soc?: number | null;
  depot_plugged_from?: string | null;
  depot_ready_by?: string | null;
}

/** Older days stored every tour's result in FleetDay.plan: a tour still queued from then takes its own from there. */
interface LegacyPlan {
  results?: Record<string, { status: string } & Record<string, unknown>>;
}

/** The largest older plan read (FleetDay.plan of days planned before the summary): parsing more would hold the thread. */
export const LEGACY_PLAN_READ_BYTES = 8_000_000;

export interface LeadAttempt {
  job: JobRow;
  held: HeldJob;
  fleetId: string;
  planner: PlanningProcess;
  deadlineMs: number;
  leaseS: number;
}

/** Plans the lead's fleet day and finishes its tours; the lead's final status, or null when it was taken over. */
export async function finishFleetDay(db: Db, a: LeadAttempt): Promise<string | null> {
  const { job, held, fleetId } = a;
  const day = await db.fleetDay.findFirstOrThrow({ where: { id: fleetId, tenantId: job.tenantId } });
  if (day.error) throw new Error(`the fleet day's plan failed: ${day.error}`);
  const tours = await db.tour.findMany({
    where: { fleetId, tenantId: job.tenantId }, orderBy: { id: "asc" },
    select: { id: true, request: true, optimizations: { select: { id: true, job: { select: { id: true, status: true } } } } },
  });
  // An older day's plan is read only where it is small enough to parse on this thread; a larger one is planned anew.
  const legacy = day.plan && !day.plan.startsWith('{"version":2') && day.plan.length <= LEGACY_PLAN_READ_BYTES ? (JSON.parse(day.plan) as LegacyPlan) : null;
  const own = legacy?.results?.[String(job.tourId)];
  if (own) return finishOne(db, held, job.optimizationId, { status: own.status, result: JSON.stringify({ optimization_id: job.optimizationId, tour_id: job.tourId, ...own }), options: null });

  const stored = tours.map((t) => ({ id: t.id, optimizationId: t.optimizations[0].id, job: t.optimizations[0].job, s: JSON.parse(t.request) as StoredTour }));
  const request = await fleetRequest(db, job.tenantId, stored);
  const out = await a.planner.planFleet(job.tenantId, request, a.deadlineMs);

  // Each tour's result in a transaction of its own (a day may hold tens of megabytes of results), each
  // guarded by the lead; nothing is visible before the statuses change together below.
  const pace = pacer();
  const finishing = new Set(stored.filter((t) => t.job && (t.job.id === job.id || t.job.status === "queued")).map((t) => t.id));
  for (const t of out.tours) {
    if (!finishing.has(t.tourId)) continue;
    await pace();
    const optimizationId = stored.find((x) => x.id === t.tourId)!.optimizationId;
    const ok = await db.$transaction(async (tx) => {
      const { count } = await tx.job.updateMany({ where: held, data: { lockedUntil: leaseEnd(a.leaseS) } });
      // finishedAt with the result: an update of the row later would write its megabytes again. The option rows
      // replace those of an earlier attempt of the lead (it may have written this tour before it lost its lease).
      if (count === 1) await tx.optimization.update({ where: { id: optimizationId }, data: { result: t.stored.result, options: optionRows(t.stored.options), finishedAt: new Date() } });
      return count === 1;
    });
    if (!ok) return null;
  }
  const status = (id: number) => out.tours.find((t) => t.tourId === id)!.stored.status;
  const finishedAt = new Date();
  return db.$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({ where: held, data: { status: status(job.tourId), error: null, finishedAt, lockedBy: null, lockedUntil: null } });
    if (count !== 1) return null;
    for (const t of stored) {
      if (t.id === job.tourId || !finishing.has(t.id)) continue;
      await tx.job.updateMany({ where: { id: t.job!.id, status: "queued" }, data: { status: status(t.id), error: null, attempts: 1, startedAt: job.startedAt, finishedAt } });
    }
    await tx.fleetDay.update({ where: { id: fleetId }, data: { plan: JSON.stringify(out.summary) } });
    return status(job.tourId);
  });
}

/** Fails the lead and every unfinished tour of its day with `message`, recorded once with the day; jobs changed (0: taken over). */
export async function failFleetDay(db: Db, held: HeldJob, fleetId: string, message: string): Promise<number> {
  const finishedAt = new Date();
  return db.$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({ where: held, data: { status: "failed", error: message, finishedAt, lockedBy: null, lockedUntil: null } });
    if (count !== 1) return 0;
    const tourIds = (await tx.tour.findMany({ where: { fleetId }, select: { id: true } })).map((t) => t.id);
    const { count: others } = await tx.job.updateMany({
      where: { tourId: { in: tourIds }, status: "queued" },
      data: { status: "failed", error: `the fleet day's plan failed: ${message}`, finishedAt },
    });
    await tx.fleetDay.updateMany({ where: { id: fleetId, error: null }, data: { error: message } });
    return 1 + others;
  });
}

async function finishOne(db: Db, held: HeldJob, optimizationId: number, body: { status: string; result: string; options: string[] | null }): Promise<string | null> {
  const finishedAt = new Date();
  return db.$transaction(async (tx) => {
    const { count } = await tx.job.updateMany({ where: held, data: { status: body.status, error: null, finishedAt, lockedBy: null, lockedUntil: null } });
    if (count === 1) await tx.optimization.update({ where: { id: optimizationId }, data: { result: body.result, options: optionRows(body.options), finishedAt } });
    return count === 1 ? body.status : null;
  });
}

/** The day's tours, the tenant's held slots around them and the depot, for the planning process. */
async function fleetRequest(db: Db, tenantId: number, stored: { id: number; optimizationId: number; s: StoredTour }[]): Promise<FleetPlanRequest> {
  const departures = stored.map((t) => t.s.input.departureMs);
  const held = await heldAround(db, tenantId, Math.min(...departures), Math.max(...departures));
  const asked = stored.map((t) => t.s.request as DepotRequest);
  const depotOf = asked.find((r) => r.depot)?.depot;
  const site = depotOf ? (await listDepots(db, tenantId)).find((d) => d.depot_id === depotOf.depot_id) : undefined;
  return {
    tours: stored.map((t, i) => {
      const r = asked[i];
      const depot: DepotTruckRequest | undefined = site && r.depot && r.depot_soc != null
        ? { socFrom: r.depot_soc, pluggedFromMs: r.depot_plugged_from ? Date.parse(r.depot_plugged_from) : null, readyByMs: r.depot_ready_by ? Date.parse(r.depot_ready_by) : null }
        : undefined;
      return { tourId: t.id, optimizationId: t.optimizationId, priority: Number(r.priority ?? 0), input: t.s.input, ...(depot ? { depot } : {}) };
    }),
    held: held.uses,
    heldCapacity: held.capacity,
    ...(site && depotOf ? { depot: { depotId: depotOf.depot_id, points: site.points, powerKW: site.power_kW, gridLimitKW: depotOf.grid_limit_kW } } : {}),
  };
}
