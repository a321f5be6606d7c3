// Route choice with charging: besides the fastest road, up to three admissible alternatives per
// section (network/alternatives.ts); the charging plan is made on each route that can still win,
// and the best under the request's objective is kept (under avoid_tolls a toll-free drivable
// route before any tolled one). Every route considered is listed in route_alternatives.
//
// Routes: the fastest road on every section, then each section's alternatives one at a time (the
// other sections on their fastest road), longest sections first, at most MAX_ROUTES in all; when
// alternatives of two or more sections won against the fastest, the route that takes each
// section's winner is evaluated too (the greedy combination). A route is named by its
// route_choice: per section, 0 for the fastest road, j for that section's j-th alternative.
//
// Cost: the fastest route is planned first; where its plan is its driving and the pauses the
// law requires anyway (no charging, no tolls that count), nothing can beat it and no alternative
// is searched. Otherwise each alternative gets a lower bound from its driving, pauses, charging at
// top power and tolls, and is planned (corridor, detours, optimizer) only while that bound can
// still beat the best plan found; its charging search is told the best plan's value (cutoffFor)
// and stops where it shows that no plan on the route gets below it. Past ROUTE_CHOICE_WORK label
// sets over all routes, the routes left are listed unplanned (a tour of many days), but for those
// the best plan leaves much room, planned by the beam's plan alone (BEAM_ROOM).
//
// Order: on tours of less than PROBE_BELOW_DAYS days every road gets a probe first (its charging
// search's beam pass alone), and the roads are then planned in the order of their probes' plans, each
// under the best plan's cutoff, which a road far behind meets early (a fastest road that waits for the
// weekend ban, for one). Longer tours plan the fastest road first, then the others by their bound.
import { say, saidOf, warningFields } from "../text/message";
import type { PlanResult, RouteAlternative } from "../../contract/result";
import { EXTENDED_DAILY_DRIVING_MIN } from "../../contract/request";
import { EU_BREAK_RULES, SearchLimitExceeded, TimeLimitExceeded } from "../charging/types";
import { toEur } from "../cost/fx";
import { alternativeRoutes } from "../network/alternatives";
import { encodePolyline } from "../network/polyline";
import { tollSummary, tollsForEdges, tollVehicle } from "../tolls/compute";
import { grossMassKg } from "../vehicles/energy";
import { checkDeadline } from "./deadline";
import { legAlong, legOn, roadOf, type Leg, type LegRoad } from "./legs";
import { valueOfTime } from "./optimizer-input";
import { buildProfile, physicsEnergy } from "./profile";
import { legWeather } from "./weather";
import { RESERVE_SOC } from "./rules";
import type { PlanData, PlanInput } from "./types";

/** Sections shorter than this by road keep their fastest road (an alternative there changes little). */
export const MIN_ALTERNATIVE_SECTION_M = 50_000;
/** Routes listed at most, the fastest included (each may cost a charging search). */
export const MAX_ROUTES = 8;
/**
 * Label sets the charging searches of one route choice may make in all, the fastest route's included;
 * past it the routes left are listed unplanned (search_limit). On a tour of many days each alternative
 * costs a search as large as the fastest route's (Hamburg <-> Munich x10: 450,000 sets, 15 s);
 * a 1,500 km tour's takes 10,000-50,000.
 */
export const ROUTE_CHOICE_WORK = 150_000;
/**
 * Past ROUTE_CHOICE_WORK, a route whose bound on the tour's minutes is this share below the best plan's
 * duration is still planned, by the beam's plan alone (not proven the best). In minutes under every
 * objective: a cost bound counts energy as free, so under balanced every road of a long tour looked 25 %
 * below the best plan (Hamburg <-> Munich x10 beam-planned three roads, 20 s for 0.25 % less). At 10 %
 * Hamburg <-> Munich x10 planned its alternatives too: 58 min faster, but 3.2 -> 9.6 s. (A tour of two days
 * whose fastest road waits for a ban no longer spends the limit on it: probedRoutes.)
 */
export const BEAM_ROOM = 0.25;
/** Routes planned so at most (each a beam pass over the whole tour). */
export const BEAM_ROOM_ROUTES = 3;
/**
 * Days of driving from which the roads are not probed (probedRoutes): there every road's search is as
 * large (the search's own spaced bound and beam re-plans start there too), and ROUTE_CHOICE_WORK decides.
 */
export const PROBE_BELOW_DAYS = 3;

export interface RouteOption {
  /** Per section: 0 = the fastest road, j = its j-th alternative. */
  choice: number[];
  legs: Leg[];
  lengthM: number;
  drivingMin: number;
  tolls: ReturnType<typeof tollSummary>;
  tollsEur: number;
  tollFree: boolean;
  /** Lower bound of the objective value (see objectiveOf), from driving, pauses, charging and tolls alone. */
  bound: number;
  /** Lower bound of the tour's minutes, the same way (BEAM_ROOM compares time: a cost bound counts energy as free). */
  boundMin: number;
}

export interface Evaluated {
  result: PlanResult;
  /** Whatever the caller needs again for the chosen route (its PlannedRoute). */
  route: unknown;
  /** Label sets its charging search made (ROUTE_CHOICE_WORK); absent: none counted. */
  work?: number;
  /**
   * The plan with the objective's ties broken at the result's resolution (cost-options.ts
   * withObjectiveTies: a second search). Run only for the routes that can still win once every route
   * is planned (settleTies); absent: the result is already final.
   */
  withTies?: () => { result: PlanResult; work: number };
}

/** Per section, the fastest leg and its alternatives (index 0 is the fastest). */
export function sectionRoads(input: PlanInput, data: PlanData, legs: Leg[]): Leg[][] {
  return legs.map((leg) => {
    // A leg driven along one road with no junction between (legs.ts directOnRoad) has no other route.
    if (leg.path.lengthM < MIN_ALTERNATIVE_SECTION_M || leg.path.nodes.length === 0) return [leg];
    return [leg, ...alternativeLegs(data, leg)];
  });
}

/** A leg's alternatives, routed once per leg's road (shared by the plans that route its section the same: PlanData.routedLegs). */
function alternativeLegs(data: PlanData, leg: Leg): Leg[] {
  let known = alternativesOf.get(leg.path);
  if (!known || known.router !== data.router) {
    const found = alternativeRoutes(data.router, leg.from.departNode, leg.to.arriveNode);
    const roads = (found?.alternatives ?? []).map((a) => roadOf(legAlong(data.network, leg, a.path)));
    alternativesOf.set(leg.path, (known = { router: data.router, roads }));
  }
  return known.roads.map((road) => legOn(road, leg.section, leg.index));
}
const alternativesOf = new WeakMap<Leg["path"], { router: PlanData["router"]; roads: LegRoad[] }>();

/** The fastest route, then each section's alternatives one at a time, longest sections first; at most MAX_ROUTES. */
export function routeChoices(roads: Leg[][]): number[][] {
  const base = roads.map(() => 0);
  const order = roads.map((r, k) => ({ k, m: r[0].path.lengthM })).sort((a, b) => b.m - a.m || a.k - b.k);
  const out = [base];
  for (const { k } of order) {
    for (let j = 1; j < roads[k].length && out.length < MAX_ROUTES; j++) out.push(base.map((c, i) => (i === k ? j : c)));
  }
  return out;
}

/** Half the result's rounding of the objective's value (minutes to 0.1, EUR to cents): a bound that close cannot win either. */
const ROUNDING = { fastest: 0.05, balanced: 0.005, cheapest: 0.005 } as const;

/** The comparable value of a result under the objective (lower is better): minutes, or EUR. */
export function objectiveOf(r: PlanResult, objective: NonNullable<PlanInput["objective"]>): number {
  const t = r.totals;
  if (!t) return Infinity;
  if (objective === "fastest" || !t.cost) return t.duration_min;
  return objective === "balanced" ? t.cost.total : round2(t.cost.total - t.cost.time_value);
}

export function makeOption(input: PlanInput, data: PlanData, roads: Leg[][], choice: number[]): RouteOption {
  const legs = choice.map((j, k) => roads[k][j]);
  const edges = legs.flatMap((l) => l.path.edges);
  const tolls = data.network.attributes ? tollSummary(tollsForEdges(data.network, edges, tollVehicle(input.vehicle), new Date(input.departureMs))) : [];
  const tollsEur = tolls.reduce((a, t) => a + (t.total != null && t.currency ? toEur(t.total, t.currency) : 0), 0);
  const lengthM = legs.reduce((a, l) => a + l.path.lengthM, 0);
  const drivingMin = legs.reduce((a, l) => a + l.path.timeS, 0) / 60;
  const { bound, boundMin } = lowerBound(input, data, legs, lengthM, drivingMin, tollsEur);
  return { choice, legs, lengthM, drivingMin, tolls, tollsEur, tollFree: tolls.length === 0, bound, boundMin };
}

/**
 * What no plan on this route can beat: its driving, plus the longest of what must be spent not
 * driving (service, the breaks and daily rests EU 561 requires, charging the energy the battery
 * lacks at the vehicle's top power), each of which may overlap the others; under a cost objective
 * that time's value, tolls and the per-km cost (energy bought counted as free).
 */
function lowerBound(input: PlanInput, data: PlanData, legs: Leg[] | null, lengthM: number, drivingMin: number, tollsEur: number): { bound: number; boundMin: number } {
  const service = input.serviceTimeDepartureMin + input.sections.reduce((a, s) => a + (s.serviceTimeMin ?? 0), 0);
  // EU 561: D driving days need D - 1 daily rests, and each day a 45 min break per 4.5 h of driving after its first.
  const d = input.driver;
  const daily = dailyDrivingMin(input);
  const days = Math.max(1, Math.ceil((drivingMin + (d?.drivenTodayMin ?? 0)) / daily - 1e-9));
  const breaks = EU_BREAK_RULES.breakMin * Math.max(0, Math.ceil((drivingMin + (d?.drivenSinceBreakMin ?? 0)) / EU_BREAK_RULES.maxDriveMin - 1e-9) - days);
  const pauses = (days - 1) * EU_BREAK_RULES.restMin + breaks;
  const v = input.vehicle;
  // Without legs: the energy (and so charging) is not counted.
  const mass = input.sections.map((s) => grossMassKg(v, s.payloadKg));
  // In the weather the plan will have (a tail wind can make the energy less than the reference's).
  const weather = legs ? legWeather(input, data.network, legs, input.departureMs + input.serviceTimeDepartureMin * 60_000).legs : [];
  const profile = legs ? buildProfile(legs, physicsEnergy(data.network, v, mass, weather), data.network) : null;
  const usedKWh = profile ? profile.energyKWh[profile.energyKWh.length - 1] ?? 0 : 0;
  const floor = Math.min(input.batteryLevelEnd, RESERVE_SOC);
  // Charging at a section's end (a depot) may also happen during its service: it counts in the max.
  const lackKWh = Math.max(0, usedKWh - (input.batteryLevelStart - floor) * v.usableBatteryKWh);
  const topKW = Math.max(v.maxCcsKW ?? 0, v.maxMcsKW ?? 0, ...input.sections.map((s) => s.powerAvailableKW ?? 0));
  const charging = lackKWh > 0 && topKW > 0 ? (lackKWh / topKW) * 60 : 0;
  const durationMin = drivingMin + Math.max(service, pauses, charging);
  const objective = input.objective ?? "fastest";
  if (objective === "fastest") return { bound: durationMin, boundMin: durationMin };
  const perKm = (lengthM / 1000) * (input.costPerKmEur ?? 0);
  return { bound: tollsEur + perKm + (objective === "balanced" ? (durationMin / 60) * valueOfTime(input, data.prices) : 0), boundMin: durationMin };
}

/** Minutes of service started after a window's latest, summed over the tour (the result's late_min). */
export function lateMinOf(r: PlanResult): number {
  return r.sections.reduce((a, s) => a + (Number(s.poi_summary?.late_min) || 0), 0);
}

/** Whether a plan keeps the 24-hour rule on every day (daily-span.ts could not make it legal otherwise). */
const legal = (r: PlanResult) => r.driving_rules?.duty_span_kept !== false;

/**
 * A plan no other route can beat by what comes before the objective (legal, on time): only then does its
 * objective bound the other routes' searches (cutoffFor, cannotWin).
 */
const settled = (r: PlanResult) => r.status === "succeeded" && legal(r) && lateMinOf(r) === 0;

/**
 * a before b: drivable first, then keeping the drivers' hours on every day, then (avoid_tolls) toll-free,
 * then less late at the windows, then the objective, then the shorter tour.
 */
function better(input: PlanInput, a: { o: RouteOption; r: PlanResult }, b: { o: RouteOption; r: PlanResult }): boolean {
  const ok = (x: typeof a) => x.r.status === "succeeded";
  if (ok(a) !== ok(b)) return ok(a);
  if (!ok(a)) return false; // neither drivable: the first evaluated (the fastest road) stays
  if (legal(a.r) !== legal(b.r)) return legal(a.r);
  if (input.avoidTolls && a.o.tollFree !== b.o.tollFree) return a.o.tollFree;
  // Windows kept first, as in the charging search (late_min is rounded to 0.1 min).
  const la = lateMinOf(a.r), lb = lateMinOf(b.r);
  if (Math.abs(la - lb) > 0.05) return la < lb;
  const objective = input.objective ?? "fastest";
  const va = objectiveOf(a.r, objective), vb = objectiveOf(b.r, objective);
  if (Math.abs(va - vb) > 1e-6) return va < vb;
  return a.r.totals!.duration_min < b.r.totals!.duration_min - 1e-6;
}

/**
 * Makes the whole plan of one route; with a cutoff (the optimizer's objective to get below, see cutoffFor),
 * no result where the charging search shows that no plan on the route gets below it.
 */
export type Evaluate = (legs: Leg[], cutoff?: number, effort?: "beam") => Evaluated | { result: null; route: unknown; work?: number; unproven?: true };

/**
 * Route choice's first look at a road (optimize.ts probeCharging): the objective of its beam's plan under
 * `cutoff` (the optimizer's objective, Infinity where none is below it), the label sets it made, and
 * whether that plan keeps the 24-hour rule as it is (`final`; else its days are shortened later, and the
 * plan's objective is only a first estimate of the road's). The road's later search takes that beam pass over.
 */
export type Probe = (legs: Leg[], cutoff: number) => ProbeResult | null;
/** null: the road's chargers refuse arrivals by time (opening hours, busy or closed sites), probedRoutes does not apply. */
export type ProbeResult = { objective: number; work: number; final: boolean };

/**
 * Plans the tour on the routes worth it and keeps the best; `evaluate` makes the whole plan of
 * one route, `probe` looks at one first (probedRoutes). With input.routeChoice only that route is
 * planned (the others are listed).
 */
export function chooseRoute(input: PlanInput, data: PlanData, legs: Leg[], evaluate: Evaluate, probe?: Probe): Evaluated & { alternatives: RouteAlternative[] } {
  const objective = input.objective ?? "fastest";
  if (!input.routeChoice) {
    // No route drives less than the fastest one: where its plan already equals its driving and
    // pauses (no charging time, no tolls that count), no other route can win, and none is searched.
    const fastest = makeOption(input, data, legs.map((l) => [l]), legs.map(() => 0));
    const first = probe && probed(input, fastest) ? probe(fastest.legs, Infinity) : null;
    if (first) return probedRoutes(input, data, legs, evaluate, probe!, fastest, first);
    const e = evaluate(fastest.legs, Infinity) as Evaluated;
    // A plan late at a window, or breaking the 24-hour rule, may do better on another road: then the others are searched too.
    if (settled(e.result) && !tollsMatter(input, fastest) && atFloor(input, data, fastest, e.result)) {
      const tied = withTies(e);
      return { ...tied, alternatives: [describe(fastest, tied.result, "chosen", { o: fastest, r: tied.result }, objective)] };
    }
    return searchRoutes(input, data, legs, evaluate, { o: fastest, e });
  }
  return searchRoutes(input, data, legs, evaluate, null);
}

/** Tolls count under a cost objective (another route may pay less) and under avoid_tolls. */
const tollsMatter = (input: PlanInput, o: RouteOption) => ((input.objective ?? "fastest") !== "fastest" && o.tollsEur > 0) || (input.avoidTolls && !o.tollFree);

/** Whether the fastest road's plan is its driving and pauses (to the result's rounding): then no other road can win. */
function atFloor(input: PlanInput, data: PlanData, fastest: RouteOption, r: PlanResult): boolean {
  const objective = input.objective ?? "fastest";
  return lowerBound(input, data, null, 0, fastest.drivingMin, 0).bound >= objectiveOf(r, objective) - ROUNDING[objective];
}

/**
 * Tours of fewer than PROBE_BELOW_DAYS days: every road is looked at first (its beam pass, a probe), and
 * then planned in full in the order of its probe's plan, the most promising first, each under the cutoff
 * of the best plan proven so far; a probe's beam pass stands for its road's own. The fastest road was
 * planned first, in full: where another road wins, its exact sweep under its own beam's plan was most
 * of a 1,500 km plan's time (Hamburg-Freiburg-Berlin, FH Electric: 25,249 sets, 0.8 s, for a road
 * 7 % behind the best). Before that, the fastest road's plan is sought only under the cutoff that tells
 * whether it equals its driving and pauses (then no other road can win, and none is looked at). (It
 * replaces a deferral of the fastest road past 75,000 label sets: Amsterdam-Munich-Berlin, FH Electric,
 * on a Friday, whose fastest road waits 11 h for the Sunday ban, now meets the other roads' cutoff.)
 */
function probedRoutes(
  input: PlanInput, data: PlanData, legs: Leg[], evaluate: Evaluate, probe: Probe, fastest: RouteOption, first: ProbeResult,
): Evaluated & { alternatives: RouteAlternative[] } {
  const objective = input.objective ?? "fastest";
  let spent = first.work;
  if (!tollsMatter(input, fastest)) {
    const floor = lowerBound(input, data, null, 0, fastest.drivingMin, 0).bound;
    const e = evaluate(fastest.legs, floor + ROUNDING[objective] - alikeOf(input, data, fastest) + CUTOFF_MARGIN);
    spent += e.work ?? 0;
    if (e.result) {
      const found = e as Evaluated;
      if (settled(found.result) && atFloor(input, data, fastest, found.result)) {
        const tied = withTies(found);
        return { ...tied, alternatives: [describe(fastest, tied.result, "chosen", { o: fastest, r: tied.result }, objective)] };
      }
      // Below that cutoff, but not settled by it (late at a window, or breaking the 24-hour rule): the others are searched too.
      return searchRoutes(input, data, legs, evaluate, { o: fastest, e: found });
    }
  }
  return searchRoutes(input, data, legs, evaluate, null, { probe, spent, first });
}

/** Whether the roads are probed first (a tour of fewer than PROBE_BELOW_DAYS days of driving). */
function probed(input: PlanInput, o: RouteOption): boolean {
  return (o.drivingMin + (input.driver?.drivenTodayMin ?? 0)) / dailyDrivingMin(input) < PROBE_BELOW_DAYS;
}

/** The driver's most driving in a day under EU 561 (10 h where the request allows the extended days). */
function dailyDrivingMin(input: PlanInput): number {
  return input.driver?.extendedDailyDriving ? EXTENDED_DAILY_DRIVING_MIN : EU_BREAK_RULES.maxDailyDriveMin;
}

/**
 * `first`: the fastest road's evaluation, made by chooseRoute; `probing`: the roads are probed first
 * (probedRoutes), `spent` the work of the search made before.
 */
function searchRoutes(
  input: PlanInput, data: PlanData, legs: Leg[], evaluate: Evaluate, first: { o: RouteOption; e: Evaluated } | null,
  probing?: { probe: Probe; spent: number; first: ProbeResult },
): Evaluated & { alternatives: RouteAlternative[] } {
  const roads = sectionRoads(input, data, legs);
  const choices = routeChoices(roads);
  const forced = input.routeChoice ? input.routeChoice.map((j, k) => Math.min(j, roads[k].length - 1)) : null;
  if (forced && !choices.some((c) => same(c, forced))) choices.push(forced);
  const options = choices.map((c, i) => (i === 0 && first ? first.o : makeOption(input, data, roads, c)));
  const objective = input.objective ?? "fastest";
  const done = new Map<RouteOption, Evaluated>();
  const reasonOf = new Map<RouteOption, RouteAlternative["reason"]>();
  /** Routes whose charging search stopped at the best plan's cutoff: true where it showed it, false where only its beam's plan did not get below it. */
  const cutOff = new Map<RouteOption, boolean>();
  let best: { o: RouteOption; r: PlanResult; e: Evaluated } | null = null;
  let outOfTime = false, work = probing?.spent ?? 0, beamRoutes = 0;
  // The routes listed before any combination of sections' winners is added.
  const listed = options.length;
  // Under avoid_tolls toll-free routes first.
  const tollFreeFirst = (a: RouteOption, b: RouteOption) => (input.avoidTolls ? Number(b.tollFree) - Number(a.tollFree) : 0);
  /** `open`: without a cutoff (a road whose probe found no plan at all: its plan says why). */
  const run = (o: RouteOption, open = false) => {
    // Past the job's time limit the best plan found stands; the routes left are listed unplanned.
    if (outOfTime) return reasonOf.set(o, "time_limit");
    // Past the limit a route is planned only where the best plan leaves it much room (a long wait for a
    // ban, days shortened for the 24-hour rule), and then by the beam's plan alone.
    const beamOnly = best !== null && work > ROUTE_CHOICE_WORK;
    if (beamOnly && (beamRoutes >= BEAM_ROOM_ROUTES || !(o.boundMin < (best!.r.totals?.duration_min ?? Infinity) * (1 - BEAM_ROOM)))) return reasonOf.set(o, "search_limit");
    if (beamOnly) beamRoutes++;
    let e: ReturnType<Evaluate>;
    try {
      if (best) checkDeadline(input.deadlineMs, "the route choice");
      e = first && o === first.o ? first.e : evaluate(o.legs, best && !open ? cutoffFor(input, data, o, best) : Infinity, beamOnly ? "beam" : undefined);
    } catch (err) {
      if (best && err instanceof SearchLimitExceeded) return reasonOf.set(o, "search_limit");
      if (!(err instanceof TimeLimitExceeded) || !best) throw err;
      outOfTime = true;
      return reasonOf.set(o, "time_limit");
    }
    work += e.work ?? 0;
    if (!e.result) {
      cutOff.set(o, !("unproven" in e && e.unproven));
      return reasonOf.set(o, "lower_bound");
    }
    done.set(o, e);
    const cand = { o, r: e.result, e };
    if (!best || better(input, cand, best)) best = cand;
  };
  if (forced) {
    run(options.find((o) => same(o.choice, forced))!);
    for (const o of options) if (!done.has(o)) reasonOf.set(o, "route_choice");
  } else {
    let order: RouteOption[];
    let open = (_: RouteOption) => false;
    if (probing) {
      // Every road's probe first; then in the order of their plans (stable: the fastest road first on a tie).
      const probed = probeRoutes(input, data, options, probing.probe, probing.first, (w) => (work += w));
      order = options.slice().sort((a, b) => tollFreeFirst(a, b) || probed.value(a) - probed.value(b));
      open = probed.noPlan;
    } else {
      // The fastest road first, the rest by their bound.
      run(options[0]);
      order = options.slice(1).sort((a, b) => tollFreeFirst(a, b) || a.bound - b.bound);
    }
    for (const o of order) {
      const why = best && !open(o) && cannotWin(input, o, best);
      if (why) reasonOf.set(o, why);
      else run(o, open(o));
    }
    // Alternatives of two or more sections beat the fastest road: their combination too.
    const winners = roads.map((_, k) => {
      const own = [...done].filter(([o]) => o.choice.every((j, i) => (i === k ? j > 0 : j === 0)));
      const top = own.reduce<{ o: RouteOption; r: PlanResult } | null>((w, [o, e]) => (!w || better(input, { o, r: e.result }, w) ? { o, r: e.result } : w), null);
      // A fastest road not planned to the end (cut off by a better plan, or past a limit) counts as beaten.
      const fastest = done.get(options[0]);
      return top && (!fastest || better(input, top, { o: options[0], r: fastest.result })) ? top.o.choice[k] : 0;
    });
    if (winners.filter((j) => j > 0).length >= 2) {
      const o = makeOption(input, data, roads, winners);
      options.push(o);
      const why = cannotWin(input, o, best!);
      if (why) reasonOf.set(o, why);
      else run(o);
    }
  }
  // Ties go as the routes are listed for planning without probes (the fastest first, then by bound), so
  // that the order they were planned in does not choose among equal plans.
  const tieOrder = [options[0], ...options.slice(1, listed).sort((a, b) => tollFreeFirst(a, b) || a.bound - b.bound), ...options.slice(listed)];
  const planned = tieOrder.filter((o) => done.has(o)).map((o) => [o, done.get(o)!] as const);
  done.clear();
  for (const [o, e] of planned) done.set(o, e);
  const chosen = settleTies(input, done, best!);
  const alternatives = options.map((o): RouteAlternative => {
    const r = done.get(o)?.result ?? null;
    const reason = o === chosen.o ? "chosen" : reasonOf.get(o) ?? (r!.status !== "succeeded" ? "not_drivable" : input.avoidTolls && !o.tollFree && chosen.o.tollFree ? "tolls" : "objective");
    return describe(o, r, reason, chosen, objective, cutOff.get(o));
  });
  const warnings = saidOf(chosen.r);
  if (input.avoidTolls && !chosen.o.tollFree && chosen.r.status === "succeeded") {
    warnings.push(say("route.no_toll_free", { count: options.length, objective }));
  }
  if (!forced && chosen.o !== options[0]) {
    warnings.push(say("route.not_fastest", { count: chosen.o.choice.filter((j) => j > 0).length, fastest: alternatives[0].note }));
  }
  return { ...chosen.e, result: { ...chosen.r, ...warningFields(warnings) }, alternatives };
}

/**
 * Probes each road (the fastest first, its probe made by chooseRoute, then by bound) under the cutoff of the best probe's plan so far that
 * keeps the 24-hour rule as it is, and
 * gives each road's probe value: its plan's objective as the result counts it (what every plan on the road
 * pays alike added), Infinity where it found none below its cutoff or was not probed (its bound already at
 * the best probe's plan, where the objective alone decides); and the roads whose probe found no plan
 * without a cutoff (most likely not drivable: planned in full, so that the result says why).
 */
function probeRoutes(
  input: PlanInput, data: PlanData, options: RouteOption[], probe: Probe, first: ProbeResult, spend: (work: number) => void,
): { value: (o: RouteOption) => number; noPlan: (o: RouteOption) => boolean } {
  const objective = input.objective ?? "fastest";
  // Where the objective alone decides between the roads (cutoffFor).
  const decides = input.searchValueOfTimeEurPerH == null && !input.avoidTolls;
  const values = new Map<RouteOption, number>(), none = new Set<RouteOption>();
  let lead = Infinity;
  const byBound = [options[0], ...options.slice(1).sort((a, b) => a.bound - b.bound)];
  for (const o of byBound) {
    if (decides && o.bound >= lead - ROUNDING[objective]) continue;
    const cutoff = decides && lead < Infinity ? lead - alikeOf(input, data, o) + CUTOFF_MARGIN : Infinity;
    let p: ProbeResult | null = first;
    if (o !== options[0]) {
      checkDeadline(input.deadlineMs, "the route choice");
      p = probe(o.legs, cutoff);
      // Its chargers refuse arrivals by time: no probe's word for it, planned in its turn (last).
      if (!p) continue;
      spend(p.work);
    }
    if (p.objective === Infinity && cutoff === Infinity) none.add(o);
    const v = p.objective + alikeOf(input, data, o);
    values.set(o, v);
    // Only a plan that keeps the 24-hour rule as it is cuts the others' probes: a re-plan makes it longer.
    if (p.final && v < lead) lead = v;
  }
  return { value: (o) => values.get(o) ?? Infinity, noPlan: (o) => none.has(o) };
}

/** The evaluation with its ties broken (Evaluated.withTies), its work added. */
function withTies(e: Evaluated): Evaluated {
  if (!e.withTies) return e;
  const tied = e.withTies();
  return { ...e, ...tied, withTies: undefined };
}

/**
 * The best plan once the routes that can still win have their ties broken: the best route and every
 * route within CUTOFF_MARGIN of it. A tie search only moves a plan within the result's rounding and the
 * search's grid, which CUTOFF_MARGIN covers: a route further behind would have been cut off by its own
 * search had it been planned after the best (cutoffFor), so its second search is skipped (it cost each
 * route that led for a while a search, 10-15 % of a 1,500 km plan).
 */
function settleTies(input: PlanInput, done: Map<RouteOption, Evaluated>, best: { o: RouteOption; r: PlanResult; e: Evaluated }): { o: RouteOption; r: PlanResult; e: Evaluated } {
  const objective = input.objective ?? "fastest";
  const near = (r: PlanResult) => !settled(best.r) || !settled(r) || objectiveOf(r, objective) <= objectiveOf(best.r, objective) + CUTOFF_MARGIN;
  for (const [o, e] of done) if (e.withTies && near(e.result)) done.set(o, withTies(e));
  // Picked again as searchRoutes picks, in the order the routes were planned.
  let chosen: { o: RouteOption; r: PlanResult; e: Evaluated } | null = null;
  for (const [o, e] of done) {
    const cand = { o, r: e.result, e };
    if (!chosen || better(input, cand, chosen)) chosen = cand;
  }
  return chosen ?? best;
}

/** A route_alternatives entry. */
function describe(
  o: RouteOption, r: PlanResult | null, reason: RouteAlternative["reason"], chosen: { o: RouteOption; r: PlanResult }, objective: NonNullable<PlanInput["objective"]>,
  searched?: boolean,
): RouteAlternative {
  return {
    route_choice: o.choice,
    chosen: o === chosen.o,
    status: r ? r.status : "not_evaluated",
    reason,
    note: noteOf(reason, o, r, chosen, objective, searched),
    // A route planned to the end: its plan's figures (detours to chargers included), so the chosen line is the totals.
    distance_m: r?.totals && r.status === "succeeded" ? r.totals.distance_m : Math.round(o.lengthM),
    driving_time_min: r?.totals && r.status === "succeeded" ? r.totals.driving_time_min : round1(o.drivingMin),
    tolls_eur: r?.totals?.cost && r.status === "succeeded" ? r.totals.cost.tolls : round2(o.tollsEur),
    toll_systems: o.tolls.map((t) => t.tollSystem),
    toll_free: o.tollFree,
    charging_stops: r?.totals && r.status === "succeeded" ? r.totals.charging_stops : null,
    duration_min: r?.totals && r.status === "succeeded" ? r.totals.duration_min : null,
    objective,
    objective_value: r && r.status === "succeeded" ? round2(objectiveOf(r, objective)) : null,
    lower_bound: round2(o.bound),
    not_drivable_reason: r?.not_drivable_reason ?? null,
    polyline: encodePolyline(o.legs.flatMap((l) => l.path.coords)),
  };
}

/**
 * What the optimizer's objective (totals.objective) on route o must get below to beat the best plan;
 * Infinity where the objective alone does not decide (avoid_tolls between a tolled and a toll-free
 * route, a search run with another value of time than the result's). That objective is the tour's
 * minutes from the end of the departure's service, or under a cost objective that time's value and
 * the charging bought (the detours' per-km cost included); the result adds what every plan on the
 * route pays alike: the departure's service (its time, and that time's value), the tolls and the
 * per-km cost of the route itself. The margin covers the result's rounding (0.1 min, cents per stop).
 */
function cutoffFor(input: PlanInput, data: PlanData, o: RouteOption, best: { o: RouteOption; r: PlanResult }): number {
  if (!settled(best.r) || input.searchValueOfTimeEurPerH != null) return Infinity;
  if (input.avoidTolls && best.o.tollFree !== o.tollFree) return Infinity;
  return objectiveOf(best.r, input.objective ?? "fastest") - alikeOf(input, data, o) + CUTOFF_MARGIN;
}

/** What the result's objective adds to the optimizer's on route o, the same for every plan there (cutoffFor). */
function alikeOf(input: PlanInput, data: PlanData, o: RouteOption): number {
  const objective = input.objective ?? "fastest";
  const service = input.serviceTimeDepartureMin;
  return objective === "fastest" ? service
    : o.tollsEur + (o.lengthM / 1000) * (input.costPerKmEur ?? 0) + (objective === "balanced" ? (service / 60) * valueOfTime(input, data.prices) : 0);
}

/** Minutes, or EUR: more than the result's rounding, so a route that would tie or win is always planned. */
const CUTOFF_MARGIN = 0.5;

/** Why a route need not be planned against the best so far; null when it might win. */
function cannotWin(input: PlanInput, o: RouteOption, best: { o: RouteOption; r: PlanResult }): RouteAlternative["reason"] | null {
  if (!settled(best.r)) return null;
  if (input.avoidTolls && best.o.tollFree !== o.tollFree) return best.o.tollFree ? "tolls" : null;
  const objective = input.objective ?? "fastest";
  return o.bound >= objectiveOf(best.r, objective) - ROUNDING[objective] ? "lower_bound" : null;
}

/** `searched`: the route's charging search stopped at the best plan's cutoff, and showed it (true) or its beam's plan did not get below it (false). */
function noteOf(reason: RouteAlternative["reason"], o: RouteOption, r: PlanResult | null, chosen: { o: RouteOption; r: PlanResult }, objective: string, searched: boolean | undefined): string {
  const unit = objective === "fastest" ? "min" : "EUR";
  const best = chosen.r.status === "succeeded" ? round2(objectiveOf(chosen.r, objective as "fastest")) : null;
  switch (reason) {
    case "chosen":
      return `chosen: the best drivable route under the ${objective} objective${best !== null ? ` (${best} ${unit})` : ""}`;
    case "not_drivable":
      return `not drivable: ${r?.not_drivable_reason?.message ?? "the battery runs out"}`;
    case "tolls":
      return `has tolls (${o.tolls.map((t) => t.tollSystem).join(", ")}), and avoid_tolls found a drivable toll-free route`;
    case "lower_bound":
      if (searched) return `not planned to the end: its charging search showed that no plan on it beats the chosen one (${best} ${unit})`;
      if (searched === false) return `not planned to the end: the beam's plan on it (a tour of several days, or past route choice's limit of work) does not beat the chosen one (${best} ${unit}); not proven`;
      return `not planned: no plan on it can beat the chosen one (at least ${round2(o.bound)} ${unit} against ${best} ${unit})`;
    case "route_choice":
      return "not planned: the request's route_choice names another route";
    case "time_limit":
      return "not planned: the job's time limit came first (the best plan found by then is the result)";
    case "search_limit":
      return `not planned: route choice's limit of work came first (${ROUTE_CHOICE_WORK.toLocaleString("en")} label sets of charging search over its routes, ` +
        "or the search's own limit on this route: a tour of many days costs that much per route); the request's route_choice plans it";
    default: {
      if (!legal(r!) && legal(chosen.r)) return "breaks the 24-hour rule (EU 561/2006 Art. 8(2)) where the chosen route keeps it";
      const late = lateMinOf(r!), chosenLate = lateMinOf(chosen.r);
      if (late > chosenLate + 0.05) return `later at the windows: ${round2(late)} min late in all against ${round2(chosenLate)} min`;
      return `${objective === "fastest" ? "slower" : "dearer"}: ${round2(objectiveOf(r!, objective as "fastest"))} ${unit} against ${best} ${unit}`;
    }
  }
}

const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;
