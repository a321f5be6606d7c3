// A fleet's day: every tour planned alone (engine/plan/plan.ts), the conflicts
// that would leave (more trucks on a site than its capacity), and their
// resolution: each conflicting tour also re-planned without the sites it
// conflicts at (another site), then schedule.ts chooses per tour its plan and a
// later departure (another time) with the least weighted objective, and each
// tour is planned again where that moved it. A final check re-plans any tour
// still over capacity with the busy spans blocked, or later.
import type { PlanResult } from "../../contract/result";
import { routedLegsStore } from "../plan/legs";
import { plan } from "../plan/plan";
import { CHARGE_STOP_OVERHEAD_MIN } from "../plan/rules";
import type { PlanData, PlanInput } from "../plan/types";
import { VALUE_OF_TIME_EUR_PER_H } from "../cost/price-table";
import { conflicts, Ledger, shift, type Conflict } from "./occupancy";
import { scheduleFleet } from "./schedule";
import type { FleetInstance, FleetSchedule, FleetTour, SiteUse, TourOption } from "./types";

const MIN = 60_000;
/** Longest later departure the fleet planner gives a tour. */
export const MAX_DELAY_MIN = 12 * 60;
/** Re-plans of one tour at most in the final check. */
const REPAIR_ROUNDS = 4;

export interface FleetTourRequest {
  id: string;
  /** Higher goes first (0 default). */
  priority: number;
  input: PlanInput;
  data: PlanData;
}

export interface FleetPlanOptions {
  /** Charger use held by committed plans: planned around, never moved. */
  held?: SiteUse[];
  /** Capacities of held sites not on any tour's plan (poi_id -> points); others come from the results. */
  capacity?: ReadonlyMap<string, number>;
  /** The single planner (the engine's by default; tests may count calls). */
  planOne?: (input: PlanInput, data: PlanData) => PlanResult;
  maxDelayMin?: number;
}

export interface FleetTourOutcome {
  id: string;
  result: PlanResult;
  /** Minutes its departure was moved later. */
  delayMin: number;
  /** Sites this tour's plan left out to avoid a conflict (poi ids). */
  avoided: string[];
  /** The tour's objective planned alone and in the fleet (minutes, or EUR under a cost objective). */
  objectiveAlone: number;
  objective: number;
  unit: "min" | "EUR";
  /** The charger use of its plan. */
  uses: SiteUse[];
  /** Still over capacity after every repair (never expected; said rather than hidden). */
  unresolved: boolean;
}

export interface FleetOutcome {
  tours: FleetTourOutcome[];
  /** Conflicts the tours planned alone would have had (held slots included). */
  conflictsAlone: Conflict[];
  /** Conflicts left (empty unless a tour could not be fitted). */
  conflicts: Conflict[];
  capacity: Map<string, number>;
  /** Plans made (single planner calls). */
  plans: number;
  /** The scheduling problem the tours' options made, and the schedule chosen (for comparing with a MILP). */
  instance?: FleetInstance;
  schedule?: FleetSchedule;
}

/** The charger use of a plan: per charging stop at a public site, arrival to the end of overhead plus charging. */
export function usesOf(result: PlanResult): SiteUse[] {
  if (result.status !== "succeeded") return [];
  const out: SiteUse[] = [];
  for (const s of result.sections) {
    const p = s.poi_summary;
    if (!p || typeof p.id !== "number" || !(Number(p.charge_time_min) > 0) || p.charger_source || typeof p.arrival_time !== "string") continue;
    // The point is taken after any wait for it (live status).
    const start = Date.parse(p.arrival_time) + Number(p.charge_point_wait_min ?? 0) * MIN;
    const end = Math.min(p.departure_time ? Date.parse(p.departure_time) : Infinity, start + (CHARGE_STOP_OVERHEAD_MIN + Number(p.charge_time_min)) * MIN);
    out.push({ site: String(p.id), startMs: start, endMs: Math.max(end, start + MIN) });
  }
  return out;
}

/** Capacity per site from the results' poi_summary. */
function capacitiesOf(results: PlanResult[], into: Map<string, number>): void {
  for (const r of results) for (const s of r.sections ?? []) {
    const p = s.poi_summary;
    if (p && typeof p.id === "number" && typeof p.capacity === "number" && !into.has(String(p.id))) into.set(String(p.id), p.capacity);
  }
}

function objectiveOf(input: PlanInput, r: PlanResult, delayMin: number): { value: number; unit: "min" | "EUR"; perMin: number } {
  const totals = r.totals;
  if (!input.objective || input.objective === "fastest" || !totals?.cost) {
    return { value: (totals?.duration_min ?? 0) + delayMin, unit: "min", perMin: 1 };
  }
  // A later departure costs the value of time the plan is priced with (cheapest too: the truck and driver stand).
  const perMin = (totals.cost.value_of_time_eur_per_h ?? input.valueOfTimeEurPerH ?? VALUE_OF_TIME_EUR_PER_H.value) / 60;
  return { value: totals.cost.total + delayMin * perMin, unit: "EUR", perMin };
}

/** Busy spans for a tour: where others fill a site, widened backwards by this tour's stay there (the optimizer checks arrivals). */
function busyFor(ledger: Ledger, sites: Iterable<string>, stayMs: (site: string) => number): Record<string, [number, number][]> {
  const out: Record<string, [number, number][]> = {};
  for (const site of sites) {
    const spans = ledger.fullSpans(site).map(([a, b]) => [a - stayMs(site), b] as [number, number]);
    if (spans.length) out[site] = spans;
  }
  return out;
}

const merge = (a: Record<string, [number, number][]>, b: Record<string, [number, number][]>) => {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = [...(out[k] ?? []), ...v];
  return out;
};

export function planFleet(requests: FleetTourRequest[], opts: FleetPlanOptions = {}): FleetOutcome {
  const planOne = opts.planOne ?? plan;
  const maxDelayMs = (opts.maxDelayMin ?? MAX_DELAY_MIN) * MIN;
  const held = opts.held ?? [];
  const capacity = new Map(opts.capacity ?? []);
  let plans = 0;
  // A tour re-planned (around busy sites, or later) is routed once: its legs are kept for the day.
  const routed = new Map<PlanData, PlanData>();
  const withRoutes = (data: PlanData) => {
    let d = routed.get(data);
    if (!d) routed.set(data, (d = { ...data, routedLegs: data.routedLegs ?? routedLegsStore() }));
    return d;
  };
  const planned = (input: PlanInput, data: PlanData) => (plans++, planOne(input, withRoutes(data)));
  const heldLedger = () => new Ledger(capacity, held);

  // Alone: each tour around the held slots only.
  const alone = requests.map((t) => planned(t.input, t.data));
  capacitiesOf(alone, capacity);
  const aloneUses = alone.map(usesOf);
  const tagged = (uses: SiteUse[][]) => [...uses.flatMap((u, i) => u.map((x) => ({ ...x, tour: requests[i].id }))), ...held.map((h) => ({ ...h, tour: "held" }))];
  const conflictsAlone = conflicts(tagged(aloneUses), capacity);

  // Options: the plan alone, and for tours in a conflict the plan without the sites of their conflicts
  // (and around the held slots, by their spans).
  const inConflict = new Map<string, Set<string>>();
  for (const c of conflictsAlone) for (const id of c.tours) if (id !== "held") inConflict.set(id, new Set([...(inConflict.get(id) ?? []), c.site]));
  const variants = requests.map((t, i) => {
    const own = { busy: {} as Record<string, [number, number][]>, avoided: [] as string[], result: alone[i] };
    const sites = inConflict.get(t.id);
    const list = [own];
    const heldSites = new Set(held.map((h) => h.site));
    const stay = (site: string) => Math.max(...aloneUses[i].filter((u) => u.site === site).map((u) => u.endMs - u.startMs), 30 * MIN);
    if (aloneUses[i].some((u) => heldSites.has(u.site))) {
      // Around the held slots by time first: the same sites at free times where the tour can get there.
      const busy = busyFor(heldLedger(), heldSites, stay);
      list.push({ busy, avoided: [], result: planned({ ...t.input, busySites: busy }, t.data) });
    }
    if (sites && alone[i].status === "succeeded") {
      const busy = merge(Object.fromEntries([...sites].map((s) => [s, [[-8.64e15, 8.64e15]] as [number, number][]])), busyFor(heldLedger(), heldSites, stay));
      list.push({ busy, avoided: [...sites], result: planned({ ...t.input, busySites: busy }, t.data) });
    }
    capacitiesOf(list.map((v) => v.result), capacity);
    return list.filter((v) => v.result.status === "succeeded" || v === own);
  });

  const toursOf = (): FleetTour[] => requests.map((t, i) => {
    const o0 = objectiveOf(t.input, alone[i], 0);
    const options: TourOption[] = variants[i].map((v, k) => ({ key: String(k), uses: usesOf(v.result), objective: objectiveOf(t.input, v.result, 0).value }));
    return { id: t.id, priority: t.priority, options, delayPerMin: o0.perMin };
  });
  let fleetTours = toursOf();
  let schedule = scheduleFleet({ tours: fleetTours, capacity, held, maxDelayMs });
  // A tour the schedule delays may do better leaving on time around the others' busy spans
  // (another site, or the same one earlier or later on its way): one more plan each, then schedule again.
  const delayed = schedule.choices.map((c, i) => (c.delayMs > 0 ? i : -1)).filter((i) => i >= 0);
  if (delayed.length) {
    const placed = schedule.choices.map((c, i) => (c.option < 0 ? [] : shift(fleetTours[i].options[c.option].uses, c.delayMs)));
    const allSites = new Set([...placed.flat(), ...held].map((u) => u.site));
    for (const i of delayed) {
      const others = new Ledger(capacity, [...held, ...placed.flatMap((u, k) => (k === i ? [] : u))]);
      const stay = () => Math.max(30 * MIN, ...placed[i].map((u) => u.endMs - u.startMs));
      const busy = busyFor(others, allSites, stay);
      const result = planned({ ...requests[i].input, busySites: busy }, requests[i].data);
      if (result.status === "succeeded") variants[i].push({ busy, avoided: [], result });
    }
    capacitiesOf(delayed.flatMap((i) => variants[i].map((v) => v.result)), capacity);
    fleetTours = toursOf();
    schedule = scheduleFleet({ tours: fleetTours, capacity, held, maxDelayMs });
  }

  // Realize: each tour as chosen, re-planned where it leaves later; then the final check.
  const chosen = requests.map((t, i) => {
    const c = schedule.choices[i];
    const v = variants[i][Math.max(0, c.option)];
    const delayMs = c.option < 0 ? 0 : c.delayMs;
    const result = delayMs > 0 ? planned({ ...t.input, departureMs: t.input.departureMs + delayMs, busySites: v.busy }, t.data) : v.result;
    return { delayMs, busy: v.busy, avoided: v.avoided, result, uses: usesOf(result) };
  });
  const order = requests.map((t, i) => i).sort((a, b) => requests[b].priority - requests[a].priority || a - b);
  const unresolved = new Set<number>();
  for (let round = 0; round < REPAIR_ROUNDS; round++) {
    const left = conflicts(tagged(chosen.map((c) => c.uses)), capacity);
    if (left.length === 0) break;
    const bad = new Set(left.flatMap((c) => c.tours).filter((id) => id !== "held").map((id) => requests.findIndex((t) => t.id === id)));
    // The last in priority order among them yields.
    const i = [...order].reverse().find((k) => bad.has(k));
    if (i === undefined) break;
    const others = new Ledger(capacity, [...held, ...chosen.flatMap((c, k) => (k === i ? [] : c.uses))]);
    const stay = (site: string) => Math.max(0, ...chosen[i].uses.filter((u) => u.site === site).map((u) => u.endMs - u.startMs));
    const busy = merge(chosen[i].busy, busyFor(others, new Set(chosen[i].uses.map((u) => u.site)), stay));
    const t = requests[i];
    let result = planned({ ...t.input, departureMs: t.input.departureMs + chosen[i].delayMs, busySites: busy }, t.data);
    let delayMs = chosen[i].delayMs;
    if (result.status !== "succeeded" || !usesOf(result).every((u) => others.fits(u.site, u.startMs, u.endMs))) {
      // Around the busy spans did not fit (or not at all): leave later, at the least delay that fits its plan.
      const d = others.firstFit(chosen[i].uses, maxDelayMs - delayMs);
      if (d === null) {
        unresolved.add(i);
        continue;
      }
      delayMs += d;
      result = planned({ ...t.input, departureMs: t.input.departureMs + delayMs, busySites: chosen[i].busy }, t.data);
    }
    chosen[i] = { ...chosen[i], delayMs, busy, result, uses: usesOf(result) };
  }
  const left = conflicts(tagged(chosen.map((c) => c.uses)), capacity);
  const stillBad = new Set(left.flatMap((c) => c.tours));

  return {
    tours: requests.map((t, i) => {
      const c = chosen[i];
      const a = objectiveOf(t.input, alone[i], 0);
      const f = objectiveOf(t.input, c.result, c.delayMs / MIN);
      return {
        id: t.id, result: c.result, delayMin: c.delayMs / MIN, avoided: c.avoided, objectiveAlone: a.value, objective: f.value,
        unit: f.unit, uses: c.uses, unresolved: unresolved.has(i) || stillBad.has(t.id),
      };
    }),
    conflictsAlone,
    conflicts: left,
    capacity,
    plans,
    instance: { tours: fleetTours, capacity, held, maxDelayMs },
    schedule,
  };
}

