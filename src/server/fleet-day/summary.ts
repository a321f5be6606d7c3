// What a fleet day's plan stores beside its tours' results (FleetDay.plan): the
// conflicts, the depot schedule, and per tour its `fleet` part and an overview
// (status, totals, stops) small enough that GET /planner/fleet/{fleet_id} and the
// app never read the tours' whole results to show the day. Made in the planning
// process from the engine's fleet outcome (planning/child.ts).
import type { FleetStatusResponse, FleetTourPlan, FleetTourSummary } from "../../contract/fleet-day";
import type { PlanResult } from "../../contract/result";
import { scheduleDepot } from "../../engine/fleet/depot";
import type { Conflict } from "../../engine/fleet/occupancy";
import type { FleetOutcome } from "../../engine/fleet/plan-fleet";
import type { PlanInput } from "../../engine/plan/types";
import { withLocal } from "../../engine/time/result-times";

type ConflictOut = NonNullable<FleetStatusResponse["conflicts"]>[number];

export interface FleetSummary {
  /** 2: results live with each tour's optimization (older days held them here, as `results`). */
  version: 2;
  tours: Record<string, { fleet: FleetTourPlan; overview: FleetTourSummary }>;
  conflicts_alone: ConflictOut[];
  conflicts: ConflictOut[];
  depot: FleetStatusResponse["depot"];
  added: NonNullable<FleetStatusResponse["added"]>;
}

/** A tour's charging at the fleet's depot before it leaves (POST /planner/fleet: depot_soc and its window). */
export interface DepotTruckRequest {
  socFrom: number;
  pluggedFromMs: number | null;
  /** null: its departure, after any delay the fleet gives it. */
  readyByMs: number | null;
}

/** What the depot schedule needs of a fleet day (planning/protocol.ts's FleetPlanRequest has it). */
export interface DepotDay {
  tours: { tourId: number; input: PlanInput; depot?: DepotTruckRequest }[];
  depot?: { depotId: string; points: number; powerKW: number; gridLimitKW: number };
}

/** Default depot window before depot_ready_by when depot_plugged_from is absent. */
export const DEPOT_DEFAULT_PLUGGED_MS = 12 * 3_600_000;

const iso = (ms: number) => new Date(ms).toISOString();
const round = (x: number) => Math.round(x * 100) / 100;

function conflictOut(c: Conflict, zones: Map<string, string>): ConflictOut {
  return withLocal({
    site: c.site, start: iso(c.startMs), end: iso(c.endMs), trucks: c.trucks, capacity: c.capacity,
    tour_ids: c.tours.filter((t) => t !== "held").map(Number), held: c.tours.includes("held"),
  }, zones.get(c.site), ["start", "end"], "time_zone");
}

/** Each charging site's zone (poi_id -> IANA zone), as the day's results give it at their stops. */
function siteZones(results: PlanResult[]): Map<string, string> {
  const zones = new Map<string, string>();
  for (const r of results) {
    for (const s of r.sections) {
      const p = s.poi_summary;
      if (p?.id != null && typeof p.time_zone === "string") zones.set(String(p.id), p.time_zone);
    }
  }
  return zones;
}

/** A result's status, totals and stops (their alternatives left out): what the fleet day's views need of it. */
export function overviewOf(result: PlanResult): FleetTourSummary {
  return {
    status: result.status,
    totals: result.totals ?? null,
    sections: result.sections.map((s) => {
      const { alternatives: _alternatives, ...stop } = s.poi_summary ?? {};
      return { section_id: s.section_id ?? null, poi_summary: s.poi_summary ? stop : null };
    }),
  };
}

/** The fleet's figures, each tour's `fleet` part (its depot charging included) and overview; and each result with its `fleet`. */
export function summarizeFleet(out: Omit<FleetOutcome, "capacity">, request: DepotDay): { summary: FleetSummary; results: Map<string, PlanResult> } {
  const tours: FleetSummary["tours"] = {};
  const results = new Map<string, PlanResult>();
  const zones = siteZones(out.tours.map((t) => t.result));
  for (const t of out.tours) {
    const fleet: FleetTourPlan = {
      delay_min: t.delayMin, avoided_sites: t.avoided, objective_alone: round(t.objectiveAlone), objective: round(t.objective), objective_unit: t.unit,
      uses: t.uses.map((u) => withLocal({ site: u.site, start: iso(u.startMs), end: iso(u.endMs) }, zones.get(u.site), ["start", "end"], "time_zone")),
      unresolved: t.unresolved,
    };
    tours[t.id] = { fleet, overview: overviewOf(t.result) };
    results.set(t.id, { ...t.result, fleet } as PlanResult);
  }
  const summary: FleetSummary = {
    version: 2,
    tours,
    conflicts_alone: out.conflictsAlone.map((c) => conflictOut(c, zones)),
    conflicts: out.conflicts.map((c) => conflictOut(c, zones)),
    depot: null,
    added: {
      delay_min: out.tours.reduce((a, t) => a + t.delayMin, 0),
      objective: round(out.tours.reduce((a, t) => a + t.objective - t.objectiveAlone, 0)),
      plans: out.plans,
    },
  };
  addDepotSchedule(summary, request);
  return { summary, results };
}

/** Who charges when at the day's depot before leaving (engine/fleet/depot.ts): into the summary and each tour's `fleet.depot`. */
function addDepotSchedule(summary: FleetSummary, request: DepotDay): void {
  const depot = request.depot;
  const charged = request.tours.filter((t) => t.depot);
  if (!depot || charged.length === 0) return;
  const trucks = charged.map((t) => {
    const d = t.depot!;
    // A tour the fleet moved later is ready by its new departure.
    const readyByMs = d.readyByMs ?? t.input.departureMs + (summary.tours[String(t.tourId)]?.fleet.delay_min ?? 0) * 60_000;
    return {
      id: String(t.tourId), vehicle: t.input.vehicle, socFrom: d.socFrom, socTo: t.input.batteryLevelStart,
      pluggedFromMs: d.pluggedFromMs ?? readyByMs - DEPOT_DEFAULT_PLUGGED_MS, readyByMs,
    };
  });
  const schedule = scheduleDepot({ points: depot.points, powerKW: depot.powerKW, gridLimitKW: depot.gridLimitKW }, trucks);
  for (const p of schedule.trucks) {
    const fleet = summary.tours[p.id]?.fleet;
    if (!fleet) continue;
    // The truck charges where it leaves from: the depot's clock is the departure point's.
    const zone = summary.tours[p.id]?.overview.totals?.departure_time_zone;
    fleet.depot = withLocal({
      ready: p.ready, soc: Math.round(p.soc * 1000) / 1000, ready_at: p.readyAtMs === null ? null : iso(p.readyAtMs), kWh: p.kWh,
      sessions: p.sessions.map((x) => withLocal({ start: iso(x.startMs), end: iso(x.endMs), kW: x.kW, kWh: x.kWh }, zone, ["start", "end"])),
    }, zone, ["ready_at"], "time_zone");
  }
  summary.depot = {
    depot_id: depot.depotId, grid_limit_kW: depot.gridLimitKW, points: depot.points, power_kW: depot.powerKW,
    peak_kW: Math.round(schedule.peakKW * 10) / 10, cannot: schedule.cannot.map(Number),
  };
}
