// Least total tour time over where to charge, how much, and where to take the
// drivers' breaks: label setting along the route points (see labels.ts), then
// one re-simulation of the chosen decisions with the exact charge function.
import { say, type Said } from "../text/message";
import { afterStop, afterVisit, dayCap, driveStretch, mayRestAt, nextDay, pauseMin, type Driver, type StretchOutcome } from "./breaks";
import { arrivalBound, departAfterBans, stretchGates, type StretchGate } from "./bans";
import { chargerCtx, firstAtLeast, lastAtMost, prepare, stopCtx, type Point, type Prepared } from "./grid";
import { chargeVisitSet, driven, drivenAfterWait, merge, objAt, prune, startSet, stopSet, timeAt, visitSet, type How, type LabelSet } from "./labels";
import { chargeVisitSetCost, stopSetCost, visitSetCost, type CostCtx, type PriceByArrival } from "./cost-labels";
import { chargersByTimeOfDay, isTariff, leastPerKWh, priceAt } from "./price";
import { bounds, lowerBound, spaceRests, stopLowerBound, stopMayBeat, type Bounds } from "./bounds";
import { backtrack, resimulate } from "./reconstruct";
import { sameFieldsBut } from "../same-fields";
import { EU_BREAK_RULES, SearchLimitExceeded, TimeLimitExceeded, WorkLimitExceeded, type BreakRules, type DriverOption, type OptimizeCutOff, type OptimizeInput, type OptimizeResult, type OptimizeStats } from "./types";

type SweepResult =
  | { ok: true; final: LabelSet; cell: number; objective: number; rootBound: number }
  | { ok: false; code: "battery_depleted" | "end_soc_unreachable" | "window"; atM: number; atEnergyKWh: number; message: string; said?: Said; nextStationM?: number | null; fullest?: LabelSet }
  | { ok: false; code: "budget" }
  /**
   * An exact sweep bounded by a known plan kept no set: nothing beats that plan. `beam`: under
   * effort "beam", the beam's plan is not below the cutoff (its word, not proven: beamBelow).
   */
  | { ok: false; code: "none_better"; beam?: true }
  /** failFast: the bounds after the first point show that no plan reaches the destination. */
  | { ok: false; code: "unreachable" };

type Solved = (SweepResult & { ok: false }) | (SweepResult & { ok: true; proven: boolean; lowerBound: number });

/**
 * Label sets kept per point by the heuristic passes (their plan bounds the exact pass): fewer on tours
 * of a day, more from SPACED_FROM_DAYS days of driving and with shortened days (dayCaps): there a
 * narrow beam's plan is far from the best, and its exact sweep costs the more (Hamburg <-> Munich x5
 * took 6.7 s with 16, 2.5 s with 32; the 24-hour re-plan of Amsterdam-Munich-Berlin, FH Electric,
 * found 3,089 min with 16 against the best 2,701, and its exact sweep made 41,530 sets, 20,095 with 32).
 */
const BEAM = 16, SHORT_BEAM = 4, LONG_BEAM = 32;
/** Cells per set the beam's ranking looks at. */
const BEAM_SAMPLES = 8;
/**
 * The search in steps, each a beam pass for a plan and an exact sweep that keeps
 * only what can beat it, stopped past its budget of label sets: the first with
 * the plain bounds, the second also with the daily rests spaced (costly to
 * build, worth it on tours of several days). A finished exact sweep proves its
 * plan the fastest; if none finishes, the best plan found stands, with how much
 * faster a plan could at most be.
 */
const STEPS = [
  { spaced: false, budget: 150_000 },
  { spaced: true, budget: 350_000 },
];
/** Days of driving from which the search starts with the spaced bound. */
const SPACED_FROM_DAYS = 3;
/**
 * An exact sweep with the spaced bound (tours of several days) that has used more of its budget than
 * PACE x the share of the points behind it, plus PACE_START, is given up: it would not finish (its sets
 * multiply along the tour), and the beam's plan stands, not proven. Hamburg <-> Munich x10 spent
 * 350,000 sets (11 s) before; a sweep that finishes uses far less than its pace (x5: 10 % of the
 * budget at half the points). Of bench/tours.ts's tours of three days and more under balanced, the sweeps
 * that finish (Hamburg <-> Munich x4-x6, long haul x10) stay below PACE x the share at every point; those
 * that do not (x7-x10, round trip and long haul x25) cross it by 1 % of the budget at 9-75 % of their
 * points and go on rising: given up there, not at 5 %, they spend 19-45 % less for the same outcome.
 */
const PACE = 0.5, PACE_START = 0.01;

export function optimizeCharging<C extends string>(input: OptimizeInput<C>): OptimizeResult {
  return optimize(input, Infinity) as OptimizeResult;
}

/**
 * Only a plan whose objective (totals.objective: minutes, or EUR under a cost objective) is below
 * `cutoff` is wanted: route choice passes the best route's, so a route that cannot beat it stops as
 * soon as the search shows that (its sweeps keep only what can beat the cutoff). Where no plan is
 * below it, drivable or not, the result is OptimizeCutOff. A tour with a window's latest gets the
 * whole search: where no plan keeps the windows, one that misses them stands in, and a cutoff
 * cannot tell those apart.
 */
export function optimizeChargingBelow<C extends string>(input: OptimizeInput<C>, cutoff: number): OptimizeResult | OptimizeCutOff {
  return optimize(input, input.waypoints.some((w) => w.window?.latestMs != null) ? Infinity : cutoff);
}

/**
 * Route choice's first look at a road: the first step's beam pass alone, under `cutoff`, its plan's
 * objective (Infinity where it found none below the cutoff) and the plan. A later search of the same request (another
 * effort or limit of work, the same objects otherwise) takes that pass over instead of making it again
 * (solve): route choice looks at every road first and proves its plans after, the most promising first,
 * so that roads far behind are searched under a cutoff that ends their search early.
 */
export function probeCharging<C extends string>(input: OptimizeInput<C>, cutoff: number): { objective: number; work: number; plan: OptimizeResult | null } {
  if (input.waypoints.length === 0) throw new Error("optimizeCharging: the destination (last waypoint) is missing");
  const prep = prepare(input);
  const stats: OptimizeStats = { sets: 0, maxSetsAtPoint: 0, cells: prep.cells.length, passes: 1, dpMin: NaN };
  // As optimizeChargingBelow: a tour with a window's latest gets no cutoff.
  if (input.waypoints.some((w) => w.window?.latestMs != null)) cutoff = Infinity;
  const quick = sweep(prep, "keep", stats, cutoff, beamWidth(prep));
  probes.set(input.stations, { input: input as unknown as OptimizeInput<string>, prep: prep as unknown as Prepared<string>, quick, cutoff });
  const found = quick.ok && quick.objective <= cutoff;
  return { objective: found ? quick.objective : Infinity, work: stats.sets, plan: found ? resimulate(prep, backtrack(prep, quick.final, quick.cell), stats) : null };
}

/** The last probe of each request (by its stations array, so it goes with the request). */
const probes = new WeakMap<object, { input: OptimizeInput<string>; prep: Prepared<string>; quick: SweepResult; cutoff: number }>();

/** The probe of this request: the same objects in every field but the effort and the limit of work. */
function probeOf<C extends string>(input: OptimizeInput<C>): { prep: Prepared<C>; quick: SweepResult; cutoff: number } | null {
  const hit = probes.get(input.stations);
  if (!hit) return null;
  if (!sameFieldsBut(hit.input, input, ["effort", "maxWork"])) return null;
  return hit as unknown as { prep: Prepared<C>; quick: SweepResult; cutoff: number };
}

function optimize<C extends string>(input: OptimizeInput<C>, cutoff: number): OptimizeResult | OptimizeCutOff {
  if (input.waypoints.length === 0) throw new Error("optimizeCharging: the destination (last waypoint) is missing");
  // Probed: the probe's points and cells (its beam's labels read them), with this request's effort and limits.
  const probe = input.effort === "beam" ? null : probeOf(input);
  const prep = probe ? { ...probe.prep, input } : prepare(input);
  const stats: OptimizeStats = { sets: 0, maxSetsAtPoint: 0, cells: prep.cells.length, passes: 0, dpMin: NaN };
  let r = solve(prep, "keep", stats, cutoff, probe && usable(probe, cutoff) ? probe.quick : null);
  if (!r.ok && r.code === "none_better") {
    if (r.beam) stats.provenOptimal = false;
    return { ok: false, code: "none_better", stats };
  }
  if (!r.ok && r.code !== "unreachable" && input.waypoints.some((w) => w.window?.latestMs != null)) {
    // No plan meets every window: the least lateness first (summed over the windows), then the objective.
    r = solve(prep, "late", stats, Infinity);
  }
  if (!r.ok && r.code === "budget") {
    throw new SearchLimitExceeded(`the charging search found no plan within its limit of ${STEPS.at(-1)!.budget} label sets; split the tour into shorter tours`);
  }
  if (!r.ok && r.code === "unreachable") {
    return { ok: false, code: "battery_depleted", message: "No charging plan reaches the destination on this road (where the battery runs out was not searched).", atM: 0, atEnergyKWh: 0, nextStationM: null, stats };
  }
  if (!r.ok) {
    if (r.code === "none_better") throw new Error("optimizeCharging: a search without a cutoff found none better");
    const code = r.code === "window" ? "battery_depleted" : r.code;
    // The fullest label's decisions, re-simulated: what the truck can do before the battery runs out.
    const partial = r.fullest ? resimulate(prep, backtrack(prep, r.fullest, r.fullest.top), stats, true) : undefined;
    return { ok: false, code, message: r.message, ...(r.said ? { said: r.said } : {}), atM: r.atM, atEnergyKWh: r.atEnergyKWh, nextStationM: r.nextStationM ?? null, partial, stats };
  }
  stats.dpMin = r.objective;
  stats.provenOptimal = r.proven;
  stats.gapMin = r.proven ? 0 : Math.max(0, r.objective - r.lowerBound);
  return resimulate(prep, backtrack(prep, r.final, r.cell), stats);
}

/**
 * The search steps (STEPS) in turn, until an exact sweep finishes. `cutoff`: every sweep keeps only
 * what can beat it; a finished exact sweep that kept nothing, or ran out of labels or windows under
 * it, shows that no plan is below it (none_better).
 */
function solve<C extends string>(prep: Prepared<C>, windows: Windows, stats: OptimizeStats, cutoff: number, probed: SweepResult | null = null): Solved {
  let best: (SweepResult & { ok: true }) | null = null;
  let lower = -Infinity;
  const steps = daysOf(prep) >= SPACED_FROM_DAYS ? STEPS.filter((s) => s.spaced) : STEPS;
  for (const step of steps) {
    if (step.spaced) {
      const built = spaceRests(prep);
      if (built === false) continue;
      if (built.work > 0) stats.boundWork = (stats.boundWork ?? 0) + built.work;
      if (built.shared) stats.boundShared = true;
    }
    stats.passes++;
    const beamOnly = prep.input.effort === "beam";
    const width = beamWidth(prep);
    // The probe's beam pass (probeCharging) stands for the first step's; a plan it found above this
    // search's cutoff is none below it.
    const quick = probed && step === steps[0] && !step.spaced
      ? (probed.ok && probed.objective > cutoff ? { ok: false as const, code: "none_better" as const } : probed)
      : sweep(prep, windows, stats, cutoff, width);
    if (beamOnly && !quick.ok && quick.code === "none_better") return beamBelow(prep, windows, stats, cutoff, width);
    if (!quick.ok) {
      if (quick.code === "budget") continue;
      if (quick.code === "unreachable") return quick;
      // No plan by the beam (below the cutoff): the exact sweep decides whether there is one.
      stats.passes++;
      const exact = sweep(prep, windows, stats, cutoff, Infinity, step.budget);
      if (exact.ok) return { ...exact, proven: true, lowerBound: exact.objective };
      if (exact.code === "budget") continue;
      // Every label was cut by the cutoff, or those left ran out: nothing drivable beats it.
      if (cutoff < Infinity) return { ok: false, code: "none_better" };
      // (none_better needs a bound: not in this unbounded sweep.)
      if (exact.code === "none_better") continue;
      return exact;
    }
    lower = Math.max(lower, quick.rootBound);
    if (!best || quick.objective < best.objective) best = quick;
    if (beamOnly) break;
    stats.passes++;
    const exact = sweep(prep, windows, stats, Math.min(cutoff, best.objective + 1e-6), Infinity, step.budget, step.spaced);
    if (exact.ok) return { ...exact, proven: true, lowerBound: exact.objective };
    // Nothing beats the beam's plan (to rounding): it is the fastest.
    if (exact.code !== "budget") return { ...best, proven: true, lowerBound: best.objective };
  }
  return best ? { ...best, proven: false, lowerBound: lower } : { ok: false, code: "budget" };
}

/** Days of driving of the tour (the driver's today included). */
function daysOf<C extends string>(prep: Prepared<C>): number {
  return ((prep.input.driver?.todayMin ?? 0) + prep.points[prep.points.length - 1].driveMin) / (prep.input.breaks ?? EU_BREAK_RULES).maxDailyDriveMin;
}

/** The beam's width for this tour (BEAM, SHORT_BEAM, LONG_BEAM). */
function beamWidth<C extends string>(prep: Prepared<C>): number {
  const days = daysOf(prep);
  return days < 1 ? SHORT_BEAM : days >= SPACED_FROM_DAYS || prep.input.breaks?.dayCaps ? LONG_BEAM : BEAM;
}

/**
 * Whether a probe's beam pass can stand for a search's under `cutoff`: where it found a plan (a plan
 * above the cutoff is none below it), or found none below a cutoff no tighter than this one. (Where a
 * probe under a tighter cutoff found none, this search's own beam may find a plan, which its exact sweep
 * needs as a bound: without a cutoff that sweep would be unbounded.)
 */
function usable(probe: { quick: SweepResult; cutoff: number }, cutoff: number): boolean {
  if (probe.quick.ok) return true;
  return probe.quick.code === "none_better" && probe.cutoff >= cutoff && cutoff < Infinity;
}

/**
 * Effort "beam" under a cutoff whose beam pass kept nothing below it (a bound prunes the beam's sets, so
 * that pass can miss a plan its beam would find without the cutoff). An exact sweep within a beam pass's
 * work shows whether a plan is below the cutoff; past that work the beam's plan without the cutoff is the
 * answer, compared with the cutoff (not proven): the exact sweep to show it took 2-3.4 s on re-plans for
 * the 24-hour rule of tours that wait for the weekend ban.
 */
function beamBelow<C extends string>(prep: Prepared<C>, windows: Windows, stats: OptimizeStats, cutoff: number, width: number): Solved {
  stats.passes++;
  const exact = sweep(prep, windows, stats, cutoff, Infinity, width * prep.points.length);
  if (exact.ok) return { ...exact, proven: true, lowerBound: exact.objective };
  if (exact.code !== "budget") return { ok: false, code: "none_better" };
  stats.passes++;
  const plain = sweep(prep, windows, stats, Infinity, width);
  if (plain.ok && plain.objective < cutoff) return { ...plain, proven: false, lowerBound: plain.rootBound };
  return { ok: false, code: "none_better", beam: true };
}

/**
 * How a window's latest counts: "keep" refuses a later start of service; "late" allows it at
 * LATE_PER_MIN a minute, so the search finds the least lateness first and then the least objective.
 */
export type Windows = "keep" | "late";
/**
 * What a minute of lateness weighs against the objective (minutes, or EUR): more than any tour's
 * objective can differ, so a plan later by a minute at any window never wins for its time or money.
 */
export const LATE_PER_MIN = 1e6;

/**
 * One pass over the route points. `ub`: keep only what can beat it (exact);
 * `beam`: keep that many sets per point (heuristic); `budget`: give up past that
 * many label sets, or (`paced`) past its pace (PACE).
 */
export function sweep<C extends string>(prep: Prepared<C>, windows: Windows, stats: OptimizeStats, ub = Infinity, beam = Infinity, budget = Infinity, paced = false): SweepResult {
  const { input, points, cells, cap } = prep;
  const rules = input.breaks ?? EU_BREAK_RULES;
  const earliestRest = rules.earliestRestDriveMin ?? 0;
  const rc = input.reserveSoc * cap;
  const minutes = (ms: number | null | undefined, none: number) => (ms == null ? none : (ms - input.departureMs) / 60_000);
  if (input.startSoc < input.reserveSoc) {
    return { ok: false, code: "battery_depleted", atM: 0, atEnergyKWh: 0, message: `The tour starts below the ${pct(input.reserveSoc)} reserve.` };
  }
  const driver = input.driver ?? { sinceBreakMin: 0, todayMin: 0 };
  const base = costCtx(prep, windows, ub);
  const perMin = base?.perMin ?? 1, faster = base?.faster ?? false;
  // Where a wait for a fixed time may lie ahead, labels compare by money and time (CostCtx.leadPerMin).
  const waits = faster ? waitsAhead(prep, ub / perMin) : null;
  const strict = base && { ...base, leadPerMin: perMin }, loose = base && { ...base, leadPerMin: 0 };
  // Where driving bans are the only clock ahead: once no label can still be on the road when the first
  // ban starts, within the known plan's objective, time no longer matters (clockFree), and labels compare
  // and merge by the objective alone from there on.
  const clockless: CostCtx | null = faster && ub < Infinity && perMin > 0 && windows === "keep" && bansAreTheOnlyClock(input) ? { perMin, faster: false, pauseAlone: base?.pauseAlone } : null;
  const banStart = Math.min(...(input.bans ?? []).filter((z) => z.endMin > 0).map((z) => z.startMin));
  let free = false;
  let cc = base;
  let sets: LabelSet[] = [startSet(prep.startCell, driver.sinceBreakMin, driver.todayMin, cc !== null)];
  const gates = stretchGates(prep);
  let prev: Pick<Point, "distM" | "driveMin" | "energyKWh"> = { distM: 0, driveMin: 0, energyKWh: 0 };
  const bd = bounds(prep);
  let rootBound = -Infinity;
  // Drop sets that cannot beat the known plan, trim the rest's top to the cells that
  // can (a copy: sets made at this point keep their parent as it was). The beam
  // pass keeps only the `beam` best bounds.
  const cut = (xs: LabelSet[], k: number) => {
    if (ub === Infinity && xs.length <= beam) return xs;
    // The beam ranks by a bound on a sample of cells (any order is correct there); exact sweeps need every cell.
    const sample = (s: LabelSet) => (beam === Infinity ? 1 : Math.max(1, Math.floor((s.top - s.lo) / BEAM_SAMPLES)));
    const lb = xs.map((s) => ({ s, ...lowerBound(bd, s, k, ub, sample(s), banFloor(s, k)) })).filter((x) => x.lb <= ub + 1e-9);
    if (lb.length > beam) lb.sort((a, b) => a.lb - b.lb).length = beam;
    return lb.map((x) => (x.top === x.s.top ? x.s : { ...x.s, top: x.top }));
  };
  // With driving bans: no label of a set arrives before the bans let its earliest label (arrivalBound).
  const zones = input.bans ?? [];
  const endX = points[points.length - 1].driveMin;
  const banFloor = (s: LabelSet, k: number) =>
    zones.length ? arrivalBound(zones, rules, points[k].driveMin, endX, arrivalSpan(s, s.lo)[0], s.b, s.d) : -Infinity;
  const count = (n: number) => { stats.sets += n; stats.maxSetsAtPoint = Math.max(stats.maxSetsAtPoint, sets.length); };
  const start = stats.sets, limit = start + budget;

  for (let k = 0; k < points.length; k++) {
    if (input.deadlineMs !== undefined && (k & 7) === 0 && Date.now() > input.deadlineMs) {
      throw new TimeLimitExceeded("the charging search ran past its time limit");
    }
    if (stats.sets + (stats.boundWork ?? 0) > (input.maxWork ?? Infinity)) throw new WorkLimitExceeded(`the charging search passed ${input.maxWork} label sets`);
    if (stats.sets > limit) return { ok: false, code: "budget" };
    if (paced && stats.sets - start > budget * ((PACE * (k + 1)) / points.length + PACE_START)) return { ok: false, code: "budget" };
    // Every set was cut by the bound (where arrivals are refused, e.g. opening hours or busy chargers,
    // a set's span can differ from the beam's): no plan beats the known one.
    if (sets.length === 0) return { ok: false, code: "none_better" };
    const p = points[k];
    if (waits) cc = free ? clockless : waits[k] ? strict : loose;
    const lead = cc?.leadPerMin ?? perMin, fast = cc?.faster ?? false;
    const future = prep.futureMin[k];
    const drive = p.driveMin - prev.driveMin;
    const stretchLo = firstAtLeast(cells, rc + p.peakKWh);
    const hi = lastAtMost(cells, cap + p.energyKWh);
    const next: LabelSet[] = [];
    const gate = gates[k];
    for (const s of sets) {
      // Only a truck that stopped at the point before drives a detour back from it (a merged set may have).
      const g = gate && (s.how.kind === "stop" || s.how.kind === "merge" ? gate : gate.passing);
      for (const o of driveStretch(s, drive, rules, future)) {
        if (g && mayWait(s, g, drive + o.pauseMin)) {
          next.push(...afterBanWait(s, o, g, drive, future, rules, stretchLo, hi, k, perMin));
          continue;
        }
        const n = driven(s, o, drive + o.pauseMin, stretchLo, hi, { kind: "drive", point: k, events: o.events }, perMin);
        if (n) next.push(n);
      }
    }
    if (next.length === 0) return depleted(prep, sets, prev, p, k);
    sets = prune(next, fast, earliestRest, lead);
    count(next.length);

    if (p.kind === "station") {
      const added = stationStops(prep, k, sets, bd, ub, cc);
      count(added.length);
      sets = cut(prune(sets.concat(added), fast, earliestRest, lead), k);
    } else {
      const w = input.waypoints[p.index];
      const earliest = minutes(w.window?.earliestMs, -Infinity);
      const latest = minutes(w.window?.latestMs, Infinity);
      const visits: LabelSet[] = [];
      const charger = chargerCtx(prep, p);
      const charging: [LabelSet, DriverOption][] = [];
      for (const s of sets) {
        const options: DriverOption[] = ["none"];
        if (!p.last && s.b > 0 && s.b + future > rules.maxDriveMin) options.push("break");
        if (!p.last && s.d > 0 && s.d + future > dayCap(rules, s.n) && mayRestAt(rules, s.d)) options.push("rest");
        for (const option of options) {
          const how: How = { kind: "visit", point: k, option };
          const n = cc
            ? visitSetCost(s, pauseMin(option, rules), earliest, w.serviceMin, latest, afterVisit(s, option, rules), how, cc)
            : visitSet(s, pauseMin(option, rules), earliest, w.serviceMin, latest, afterVisit(s, option, rules), how);
          if (n) visits.push(n);
          if (charger) charging.push([s, option]);
        }
      }
      // Charging there too, once the plain visits can judge it (most charges are not worth it).
      for (const [s, option] of charging) {
        const how: How = { kind: "visit", point: k, option, charge: true };
        const after = afterVisit(s, option, rules);
        push(visits, cc
          ? chargeVisitSetCost(s, charger!, pauseMin(option, rules), earliest, w.serviceMin, latest, after, how, visits, cc, priceByArrival(prep, w.charger!.price), prep.cells)
          : chargeVisitSet(s, charger!, pauseMin(option, rules), earliest, w.serviceMin, latest, after, how, visits));
      }
      if (visits.length === 0) {
        const said = say("not_drivable.window", { has_key: w.key ? "yes" : "no", key: w.key ?? "", waypoint: p.index + 1 });
        return { ok: false, code: "window", atM: p.distM, atEnergyKWh: p.energyKWh, message: said.text, said };
      }
      count(visits.length);
      sets = cut(prune(visits, fast, earliestRest, lead), k);
    }
    if (clockless && !free) free = clockFree(sets, bd, k, ub, perMin, banStart);
    if (k === 0) {
      rootBound = Math.min(...sets.map((s) => lowerBound(bd, s, 0).lb));
      // The bound relaxes the search: where it is infinite for every set, no plan reaches the end. (Where the
      // cutoff cut every set, none is below it: none_better at the next point.)
      if (rootBound === Infinity && input.failFast && sets.length > 0) return { ok: false, code: "unreachable" };
    }
    prev = p;
  }
  return finish(prep, sets, prev, rootBound);
}

/** Whether any label of s could have to wait before a stretch of spanMin (a quick test on its span of times). */
function mayWait(s: LabelSet, gate: StretchGate, spanMin: number): boolean {
  const [first, last] = arrivalSpan(s, s.lo);
  return gate.zones.some((z) => first - gate.preMin < z.endMin && last + spanMin + gate.postMin > z.startMin);
}

/**
 * The labels of s after a stretch that a driving ban may make them wait for (bans.ts). Cells that
 * wait long enough for a break or a daily rest, with one to take, count the wait as it: they drive
 * the stretch with fresh clocks. Each run of cells alike is one set (its lower cells read as its
 * lowest: more energy, same time).
 */
function afterBanWait(
  s: LabelSet, o: StretchOutcome, gate: StretchGate, drive: number, future: number, rules: BreakRules, stretchLo: number, hi: number, k: number, perMin: number,
): LabelSet[] {
  const lo = Math.max(s.lo, stretchLo), top = Math.min(s.top, hi);
  if (lo > top) return [];
  const span = drive + o.pauseMin;
  const leave = new Float64Array(top - lo + 1);
  const kind = new Int8Array(top - lo + 1);
  // A pause only where it resets more than the detour back would leave on the clocks.
  const restable = s.b > gate.preMin || s.d > gate.preMin, breakable = s.b > gate.preMin;
  for (let g = lo; g <= top; g++) {
    const t = timeAt(s, g), dep = departAfterBans(gate, t, span), wait = dep - t;
    leave[g - lo] = dep;
    kind[g - lo] = restable && wait >= rules.restMin - 1e-9 ? 2 : breakable && wait >= rules.breakMin - 1e-9 ? 1 : 0;
  }
  const out: LabelSet[] = [];
  const at = (g: number) => leave[g - lo];
  for (let a = lo; a <= top; ) {
    let b = a;
    while (b < top && kind[b + 1 - lo] === kind[a - lo]) b++;
    const c = kind[a - lo];
    if (c === 0) out.push(drivenAfterWait(s, a, b, o, at, span, { kind: "drive", point: k, events: o.events }, perMin));
    else {
      // The clocks start again at the wait's end; a truck that waited at a charger then drives its detour back.
      const back = gate.preMin;
      const fresh: Driver = c === 2 ? { b: back, d: back, n: nextDay(rules, s.n) } : { b: back, d: s.d, n: s.n };
      for (const o2 of driveStretch(fresh, drive, rules, future)) {
        out.push(drivenAfterWait(s, a, b, o2, at, drive + o2.pauseMin, { kind: "drive", point: k, events: o2.events, credit: c === 2 ? "rest" : "break" }, perMin));
      }
    }
    a = b + 1;
  }
  return out;
}

/**
 * Stops at station k from every set: no pause, a break, a rest. A pause resets
 * the clocks, so sets that differ only in what it resets share one pass.
 */
function stationStops<C extends string>(prep: Prepared<C>, k: number, sets: LabelSet[], bd: Bounds, ub: number, cc: CostCtx | null): LabelSet[] {
  const { input } = prep;
  const rules = input.breaks ?? EU_BREAK_RULES;
  const future = prep.futureMin[k];
  const st = input.stations[prep.points[k].index];
  const ctx = stopCtx(prep, prep.points[k]);
  const how = (option: DriverOption): How => ({ kind: "stop", point: k, option });
  // A stop that cannot beat the known plan even charging for free is not worth computing. Under a cost
  // objective: the least objective on arrival (the lowest cell's) and the time still to come at its price.
  const worth = (s: LabelSet, pause: number, after: Driver | null): after is Driver => {
    if (after === null) return false;
    if (ub === Infinity) return true;
    const g = Math.max(ctx.ga, s.lo), stay = ctx.fixedMin + Math.max(pause, input.minChargeMin);
    return cc
      ? objAt(s, g) + cc.perMin * stopLowerBound(bd, k, 0, stay, after) <= ub + 1e-9
      : stopLowerBound(bd, k, timeAt(s, g), stay, after) <= ub + 1e-9;
  };
  const price = cc ? priceByArrival(prep, st.price) : null;
  // Rivals: the sets passing here and the stops made here so far (most stops are dominated by another
  // stop here: dropped before they are kept, not in the prune after).
  const added: LabelSet[] = [];
  const rivals = sets.slice();
  // Energy still to buy is bought here or ahead, at no less than the least of their prices.
  const perKWh = cc && bd.leastPriceAfter ? Math.min(leastPerKWh(st.price), bd.leastPriceAfter[k]) : 0;
  const stop = (s: LabelSet, pause: number, after: Driver, h: How) => {
    if (ub < Infinity) {
      const stay = Math.max(pause, input.minChargeMin);
      if (!stopMayBeat(bd, ctx, k, s, stay, stopLowerBound(bd, k, 0, ctx.fixedMin + stay, after), ub, perKWh)) return;
    }
    const r = cc ? stopSetCost(s, ctx, pause, after, h, rivals, cc, price!, prep.cells) : stopSet(s, ctx, pause, after, h, rivals);
    if (r) { added.push(r); rivals.push(r); }
  };
  const byD = new Map<number, LabelSet[]>(), resting = new Map<number, LabelSet[]>();
  // A station that may be closed serves only sets whose every arrival time falls in its hours.
  const open = (s: LabelSet) => {
    if (!st.openDuring) return true;
    const [first, last] = arrivalSpan(s, Math.max(ctx.ga, s.lo));
    const at = (t: number) => input.departureMs + (t + st.detourMin / 2) * 60_000;
    return st.openDuring(at(first), Number.isFinite(last) ? at(last) : at(first));
  };
  const plain: [LabelSet, Driver][] = [];
  for (const s of sets) {
    if (!open(s)) continue;
    const none = afterStop(s, st.detourMin, "none", rules);
    if (worth(s, 0, none)) plain.push([s, none]);
    // Pauses only where one can still fall due (or driving on without one is not legal).
    if ((!none || none.b + future > rules.maxDriveMin) && worth(s, rules.breakMin, afterStop(s, st.detourMin, "break", rules))) {
      // Same day of the tour and driving today: one pass (d < 10^5 min).
      const key = s.n * 1e5 + s.d;
      const g = byD.get(key);
      if (g) g.push(s);
      else byD.set(key, [s]);
    }
    // No rest by choice where parking is only while charging (StationPoint.noRest).
    if (!st.noRest && (!none || none.d + future > dayCap(rules, none.n)) && mayRestAt(rules, s.d + st.detourMin / 2) && worth(s, rules.restMin, afterStop(s, st.detourMin, "rest", rules))) {
      const g = resting.get(s.n);
      if (g) g.push(s);
      else resting.set(s.n, [s]);
    }
  }
  // Where a later label can be worth keeping, each set stops on its own (a merge keeps the cheaper only).
  // Pauses first: where the charge outlasts the break, a stop with it is as fast as one without and resets a clock.
  const each = (group: LabelSet[]) => (cc?.faster ? group : [merge(group)]);
  for (const group of resting.values()) {
    for (const s of each(group)) stop(s, rules.restMin, afterStop(group[0], st.detourMin, "rest", rules)!, how("rest"));
  }
  for (const group of byD.values()) {
    for (const s of each(group)) stop(s, rules.breakMin, afterStop(group[0], st.detourMin, "break", rules)!, how("break"));
  }
  for (const [s, none] of plain) stop(s, 0, none, how("none"));
  return added;
}

/** Earliest and latest arrival over a set's cells from `from` (its times rise with energy unless it is costed). */
function arrivalSpan(s: LabelSet, from: number): [number, number] {
  if (!s.tv) return [timeAt(s, from), timeAt(s, s.top)];
  let a = Infinity, b = -Infinity;
  for (let g = from; g <= s.top; g++) {
    const t = timeAt(s, g);
    if (t < a) a = t;
    if (t > b) b = t;
  }
  return [a, b];
}

/**
 * Per point: whether a label there may yet wait for a fixed time, a driving ban on the road ahead that
 * starts before `horizonMin` (no plan worth keeping ends later: its objective is at least perMin x its
 * time) or a window's earliest at a section end ahead.
 */
function waitsAhead<C extends string>(prep: Prepared<C>, horizonMin: number): boolean[] {
  const { input, points } = prep;
  const zones = (input.bans ?? []).filter((z) => z.startMin < horizonMin);
  const out = new Array<boolean>(points.length).fill(false);
  let window = false;
  for (let k = points.length - 1; k >= 0; k--) {
    const p = points[k];
    if (p.kind === "waypoint" && input.waypoints[p.index].window?.earliestMs != null) window = true;
    out[k] = window || zones.some((z) => z.toDriveMin >= p.driveMin);
  }
  return out;
}

/** Whether only driving bans make the clock matter to a cost search: no windows, opening hours or tariffs. */
function bansAreTheOnlyClock<C extends string>(input: OptimizeInput<C>): boolean {
  return !input.waypoints.some((w) => w.window?.earliestMs != null || w.window?.latestMs != null) && !chargersByTimeOfDay(input);
}

/**
 * Whether every label at point k ends before `banStart` in any plan below `ub`. A plan's objective is
 * eurPerMin x its end + the money it spends, at least the money spent so far and the energy the end still
 * needs at the least price ahead: so a label of time t and objective o ends by
 * t + (ub - o - that energy's least price) / eurPerMin. Along a plan that limit never grows (driving and
 * waiting add their minutes' worth to o; a charge buys at no less than the least price ahead), so once
 * every label is clear of the bans, every later one is, and the clock no longer matters.
 */
function clockFree(sets: LabelSet[], bd: Bounds, k: number, ub: number, perMin: number, banStart: number): boolean {
  const price = bd.leastPriceAfter ? bd.leastPriceAfter[k] : 0, need = bd.needU, cells = bd.cells;
  for (const s of sets) {
    for (let g = s.lo; g <= s.top; g++) {
      const still = price > 0 && cells[g] < need ? price * (need - cells[g]) : 0;
      if (timeAt(s, g) + (ub - objAt(s, g) - still) / perMin >= banStart - 1e-9) return false;
    }
  }
  return true;
}

/**
 * The cost objective's context: null without one. Time matters where windows,
 * opening hours, prices by the time of day or driving bans depend on it. Where lateness is
 * weighed (windows "late"), every objective runs as one, minutes at 1 a minute
 * under `fastest`: the objective and the clock then differ. `ub`: the sweep keeps only plans
 * below it; a ban that starts after every such plan has ended cannot make one wait.
 */
function costCtx<C extends string>(prep: Prepared<C>, windows: Windows, ub: number): CostCtx | null {
  const { input } = prep;
  const pauseAlone = chargersByTimeOfDay(input);
  if (windows === "late") return { perMin: input.objective?.eurPerMin ?? 1, faster: true, latePerMin: LATE_PER_MIN, pauseAlone };
  if (!input.objective) return null;
  // A plan's objective is at least eurPerMin x its minutes (money spent is never negative).
  const horizonMin = input.objective.eurPerMin > 0 ? ub / input.objective.eurPerMin : Infinity;
  const faster = (input.bans ?? []).some((z) => z.startMin < horizonMin + 1e-6) || input.waypoints.some((w) => w.window?.earliestMs != null || w.window?.latestMs != null) ||
    pauseAlone;
  return { perMin: input.objective.eurPerMin, faster, pauseAlone };
}

function priceByArrival<C extends string>(prep: Prepared<C>, price: Parameters<typeof priceAt>[0]): PriceByArrival {
  if (!price || !isTariff(price)) return priceAt(price, 0);
  const dep = prep.input.departureMs;
  return (arriveMin) => price.at(dep + arriveMin * 60_000);
}

function finish<C extends string>(prep: Prepared<C>, sets: LabelSet[], end: Pick<Point, "distM" | "energyKWh">, rootBound: number): SweepResult {
  const { input, cells, cap } = prep;
  // Every set was cut by the bound at the last point: nothing beats the known plan.
  if (sets.length === 0) return { ok: false, code: "none_better" };
  const need = Math.max(input.endSoc, input.reserveSoc) * cap + end.energyKWh;
  const ge = firstAtLeast(cells, need);
  let best: LabelSet | null = null, bestT = Infinity;
  for (const s of sets) {
    const t = objAt(s, ge);
    if (t < bestT) { bestT = t; best = s; }
  }
  if (!best) {
    const fullest = sets.reduce((a, s) => (cells[s.top] > cells[a.top] ? s : a));
    const most = cells[fullest.top] - end.energyKWh;
    const said = say("not_drivable.end_soc", { most_percent: percent(most / cap), end_percent: percent(input.endSoc) });
    return { ok: false, code: "end_soc_unreachable", atM: end.distM, atEnergyKWh: end.energyKWh, fullest, message: said.text, said };
  }
  return { ok: true, final: best, cell: Math.max(ge, best.lo), objective: bestT, rootBound };
}

/** Every label runs out between prev and p: where the fullest one reaches the reserve. */
function depleted<C extends string>(prep: Prepared<C>, sets: LabelSet[], prev: { distM: number; energyKWh: number }, p: Point, k: number): SweepResult {
  const { input, cells, cap, points } = prep;
  const fullest = sets.reduce((a, s) => (cells[s.top] > cells[a.top] ? s : a));
  const budget = cells[fullest.top] - input.reserveSoc * cap;
  const share = p.peakKWh > prev.energyKWh ? Math.min(1, Math.max(0, (budget - prev.energyKWh) / (p.peakKWh - prev.energyKWh))) : 1;
  const atM = prev.distM + (p.distM - prev.distM) * share;
  const nextStation = points.slice(k).find((q) => q.kind === "station");
  const km = (m: number) => `${Math.round(m / 1000)} km`;
  return {
    ok: false, code: "battery_depleted", atM, atEnergyKWh: budget, fullest, nextStationM: nextStation?.distM ?? null,
    message: `The battery reaches the ${pct(input.reserveSoc)} reserve ${km(atM)} after the start` +
      (nextStation ? `, before the next usable station at ${km(nextStation.distM)}.` : "; no usable station lies beyond that point."),
  };
}

const push = (xs: LabelSet[], x: LabelSet | null) => { if (x) xs.push(x); };
const percent = (x: number) => Math.round(x * 1000) / 10;
const pct = (x: number) => `${percent(x)} %`;
