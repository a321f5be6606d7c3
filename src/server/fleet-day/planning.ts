// Where a job's tour is planned with others in mind: a tour of a fleet day gets
// its part of the fleet's plan (made once, by the first of its jobs to run, and
// stored with the fleet day), and a tour of a tenant that holds slots is planned
// around them. Called by jobs/attempt.ts before the plain single plan.
import type { PlanResult } from "../../contract/result";
import type { FleetStatusResponse, FleetTourPlan } from "../../contract/fleet-day";
import { scheduleDepot } from "../../engine/fleet/depot";
import { listDepots } from "../stations/admin";
import type { Conflict } from "../../engine/fleet/occupancy";
import type { Db } from "../db/client";
import type { StoredTour } from "../jobs/types";
import { jobPlanner } from "../planning/planners";
import type { FleetPlanned } from "../planning/protocol";
import { heldAround } from "./held";

/** The fleet plan as stored with the fleet day: per tour id its result (with `fleet`), and the fleet's figures. */
export interface StoredFleetPlan {
  results: Record<string, PlanResult>;
  conflicts_alone: ConflictOut[];
  conflicts: ConflictOut[];
  depot?: FleetStatusResponse["depot"];
  added: { delay_min: number; objective: number; plans: number };
}

type ConflictOut = { site: string; start: string; end: string; trucks: number; capacity: number; tour_ids: number[]; held: boolean };

const iso = (ms: number) => new Date(ms).toISOString();

function conflictOut(c: Conflict): ConflictOut {
  return {
    site: c.site, start: iso(c.startMs), end: iso(c.endMs), trucks: c.trucks, capacity: c.capacity,
    tour_ids: c.tours.filter((t) => t !== "held").map(Number), held: c.tours.includes("held"),
  };
}

/** Each tour's result with what the fleet planning did to it (`fleet`), and the fleet's conflicts. */
export function storedPlan(out: FleetPlanned): StoredFleetPlan {
  const results: Record<string, PlanResult> = {};
  for (const t of out.tours) {
    const fleet: FleetTourPlan = {
      delay_min: t.delayMin, avoided_sites: t.avoided, objective_alone: round(t.objectiveAlone), objective: round(t.objective), objective_unit: t.unit,
      uses: t.uses.map((u) => ({ site: u.site, start: iso(u.startMs), end: iso(u.endMs) })), unresolved: t.unresolved,
    };
    results[t.id] = { ...t.result, fleet };
  }
  return {
    results,
    conflicts_alone: out.conflictsAlone.map(conflictOut),
    conflicts: out.conflicts.map(conflictOut),
    added: {
      delay_min: out.tours.reduce((a, t) => a + t.delayMin, 0),
      objective: round(out.tours.reduce((a, t) => a + t.objective - t.objectiveAlone, 0)),
      plans: out.plans,
    },
  };
}

const round = (x: number) => Math.round(x * 100) / 100;

/** The fleet day's plan, made now if no job of the fleet has made it yet (the first write wins). */
export async function fleetPlan(db: Db, tenantId: number, fleetId: string, deadlineMs: number): Promise<StoredFleetPlan> {
  const day = await db.fleetDay.findFirstOrThrow({ where: { id: fleetId, tenantId } });
  if (day.plan) return JSON.parse(day.plan) as StoredFleetPlan;
  const tours = await db.tour.findMany({ where: { fleetId, tenantId }, orderBy: { id: "asc" } });
  const stored = tours.map((t) => ({ id: t.id, s: JSON.parse(t.request) as StoredTour }));
  const departures = stored.map((t) => t.s.input.departureMs);
  const held = await heldAround(db, tenantId, Math.min(...departures), Math.max(...departures));
  const out = await jobPlanner().planFleet(tenantId, {
    tours: stored.map((t) => ({ id: String(t.id), priority: Number((t.s.request as { priority?: number }).priority ?? 0), input: t.s.input })),
    held: held.uses, heldCapacity: held.capacity,
  }, deadlineMs);
  const plan = storedPlan(out);
  await addDepotSchedule(db, tenantId, stored, plan);
  await db.fleetDay.updateMany({ where: { id: fleetId, plan: null }, data: { plan: JSON.stringify(plan) } });
  const now = await db.fleetDay.findUniqueOrThrow({ where: { id: fleetId } });
  return JSON.parse(now.plan!) as StoredFleetPlan;
}

/**
 * The result of a job's tour where others matter (its fleet day, the tenant's held slots);
 * null where the tour is planned alone as always.
 */
export async function plannedWithOthers(
  db: Db, tenantId: number, tour: { id: number; fleetId: string | null }, stored: StoredTour, deadlineMs: number,
): Promise<PlanResult | null> {
  if (tour.fleetId) {
    const plan = await fleetPlan(db, tenantId, tour.fleetId, deadlineMs);
    return plan.results[String(tour.id)] ?? null;
  }
  const held = await heldAround(db, tenantId, stored.input.departureMs, stored.input.departureMs);
  if (held.uses.length === 0) return null;
  const out = await jobPlanner().planFleet(tenantId, { tours: [{ id: String(tour.id), priority: 0, input: stored.input }], held: held.uses, heldCapacity: held.capacity }, deadlineMs);
  return storedPlan(out).results[String(tour.id)];
}

/** What a fleet tour's stored request says of depot charging (POST /planner/fleet: depot, depot_soc, ...). */
interface DepotRequest {
  depot?: { depot_id: string; grid_limit_kW: number };
  depot_soc?: number;
  depot_plugged_from?: string | null;
  depot_ready_by?: string | null;
}

/** Who charges when at the day's depot before leaving (engine/fleet/depot.ts), into the plan and each tour's `fleet.depot`. */
async function addDepotSchedule(db: Db, tenantId: number, stored: { id: number; s: StoredTour }[], plan: StoredFleetPlan): Promise<void> {
  const charged = stored.filter((t) => (t.s.request as DepotRequest).depot && (t.s.request as DepotRequest).depot_soc != null);
  if (charged.length === 0) return;
  const { depot } = charged[0].s.request as Required<Pick<DepotRequest, "depot">>;
  const site = (await listDepots(db, tenantId)).find((d) => d.depot_id === depot.depot_id);
  if (!site) return;
  const trucks = charged.map((t) => {
    const r = t.s.request as DepotRequest;
    // A tour the fleet moved later is ready by its new departure.
    const delayMs = ((plan.results[String(t.id)] as { fleet?: FleetTourPlan } | undefined)?.fleet?.delay_min ?? 0) * 60_000;
    const readyByMs = r.depot_ready_by ? Date.parse(r.depot_ready_by) : t.s.input.departureMs + delayMs;
    return {
      id: String(t.id), vehicle: t.s.input.vehicle, socFrom: r.depot_soc!, socTo: t.s.input.batteryLevelStart,
      pluggedFromMs: r.depot_plugged_from ? Date.parse(r.depot_plugged_from) : readyByMs - 12 * 3_600_000, readyByMs,
    };
  });
  const schedule = scheduleDepot({ points: site.points, powerKW: site.power_kW, gridLimitKW: depot.grid_limit_kW }, trucks);
  for (const p of schedule.trucks) {
    const result = plan.results[p.id] as PlanResult & { fleet?: FleetTourPlan };
    if (!result?.fleet) continue;
    result.fleet.depot = {
      ready: p.ready, soc: Math.round(p.soc * 1000) / 1000, ready_at: p.readyAtMs === null ? null : iso(p.readyAtMs), kWh: p.kWh,
      sessions: p.sessions.map((x) => ({ start: iso(x.startMs), end: iso(x.endMs), kW: x.kW, kWh: x.kWh })),
    };
  }
  plan.depot = {
    depot_id: depot.depot_id, grid_limit_kW: depot.grid_limit_kW, points: site.points, power_kW: site.power_kW,
    peak_kW: Math.round(schedule.peakKW * 10) / 10, cannot: schedule.cannot.map(Number),
  };
}
