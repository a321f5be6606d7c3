// EU 561/2006 Art. 8(2): within 24 hours of the end of a daily rest the next
// daily rest must be complete. With the plan's 11 h rests a day (rest end to
// the next rest's start, or to the tour's end, after which the driver rests)
// spans at most 13 h of duty: driving, breaks, charging, waiting, service.
//
// The charging search counts driving, not duty, so the span is kept around it:
// where a day of the fastest plan spans too long, the search runs again with
// that day's driving shortened by the excess (its daily rest falls due earlier;
// BreakRules.dayCaps), until every day fits. Where that leaves a day too long
// (it over-shoots where the excess is charging: a Hamburg-Hannover loop rested at
// the depot first and still broke the rule), the rounds run again ending each day
// where its span runs out on the plan's timeline, so the rest can start in time at
// the last stop before, during a long charge for instance. Legal where it can be;
// the fastest plan under those shorter days, not proven the fastest under the span
// rule itself.
import { optimizeChargingBelow } from "../charging/optimize";
import { EU_BREAK_RULES, SearchLimitExceeded, TimeLimitExceeded, type OptimizeCutOff, type OptimizeInput, type OptimizePlan, type OptimizeResult } from "../charging/types";

export const DAY_MIN = 24 * 60;
/** The reduced daily rest EU 561/2006 allows three times between weekly rests. */
export const REDUCED_REST_MIN = 9 * 60;
/** Re-plans at most this often; each shortens the day further. */
const MAX_ROUNDS = 8;
/** Duty days from which a re-plan keeps the beam's plan. */
const BEAM_REPLAN_FROM_DAYS = 3;
/** Shortest driving day the search is asked for after a rest of the tour; below it the tour is planned with the rule broken and said so. */
const MIN_DAY_DRIVE_MIN = 60;

export interface SpanRules {
  /** End of the driver's last daily rest before the tour, epoch ms. */
  restEndedMs: number;
  /** Longest day between two of the plan's rests (24 h - its 11 h rest). */
  maxSpanMin: number;
  /** Longest last day, ending with the tour (longer when a reduced rest may follow it). */
  lastSpanMin: number;
}

export interface SpanDay {
  /** Start (a rest's end) and end (the next rest's start, or the tour's end), epoch ms. */
  fromMs: number;
  toMs: number;
  /** Route driving in that day, minutes (the driver's driving before the tour included for the first). */
  driveMin: number;
  /** The route's driving minutes where it starts (minus the driver's driving before the tour for the first). */
  startDriveMin: number;
  last: boolean;
}

export interface SpanOutcome {
  result: OptimizeResult;
  /** Per day of the tour (after i daily rests), the driving it was shortened to; null where the law's day kept the span. */
  shortenedDays: (number | null)[];
  /** Days that still span too long (only when even the shortest day could not keep the rule). */
  tooLong: SpanDay[];
  /** Label sets its searches made, and what the bounds cost in set equivalents (route choice weighs alternatives by it). */
  work: number;
}

/** optimizeWithinDailySpanBelow: no plan is below the cutoff; `work` as in SpanOutcome. */
export interface SpanCutOff {
  cutOff: true;
  work: number;
  /** The search, or a re-plan's, only took the beam's word for it (effort "beam"). */
  unproven?: true;
}

const cutOffOf = (r: OptimizeCutOff | OptimizeResult, work: number): SpanCutOff =>
  r.stats.provenOptimal === false ? { cutOff: true, work, unproven: true } : { cutOff: true, work };

export function optimizeWithinDailySpan<C extends string>(request: OptimizeInput<C>, rules: SpanRules): SpanOutcome {
  return optimizeWithinDailySpanBelow(request, rules, Infinity) as SpanOutcome;
}

/**
 * As optimizeWithinDailySpan, but SpanCutOff where no plan is below `cutoff` (optimizeChargingBelow):
 * the first search, or a re-plan, shows it (a re-plan only lengthens the tour). Route choice uses it.
 */
export function optimizeWithinDailySpanBelow<C extends string>(request: OptimizeInput<C>, rules: SpanRules, cutoff: number): SpanOutcome | SpanCutOff {
  const first = optimizeChargingBelow(request, cutoff);
  if (!first.ok && first.code === "none_better") return cutOffOf(first, workOf(first));
  const byExcess = shortenDays(first, request, rules, cutoff, "excess");
  if ("cutOff" in byExcess || byExcess.tooLong.length === 0 || !byExcess.result.ok) return byExcess;
  // Days still too long: shortening by the excess over-shoots where the excess is charging (a loop with
  // two long charges rested at the depot first and still broke the rule). Ending each day where its span
  // runs out on the plan's timeline lets the rest fall in a long charge; its plan stands where it keeps the rule.
  // Its re-plans get what the first rounds left of the limit of work (maxWork).
  const left = request.maxWork === undefined ? request : { ...request, maxWork: request.maxWork - (byExcess.work - workOf(first)) };
  const byTimeline = shortenDays(first, left, rules, cutoff, "timeline");
  const work = byExcess.work + byTimeline.work - workOf(first);
  if ("cutOff" in byTimeline) return { ...byExcess, work };
  return byTimeline.result.ok && byTimeline.tooLong.length === 0 ? { ...byTimeline, work } : { ...byExcess, work };
}

const workOf = (r: { stats: OptimizeResult["stats"] }) => r.stats.sets + (r.stats.boundWork ?? 0);

/**
 * The rounds of re-plans from the first plan: every day that spans too long drives less, all in one
 * round (a long tour has many such days, and each round is a whole search), by at least a minute so the
 * rounds move. "excess": by the day's excess over the limit; "timeline": to the driving its plan has
 * done when the limit runs out (so the rest can start in time at the last stop before), and a day
 * still too long after that by its excess as well.
 */
function shortenDays<C extends string>(first: OptimizeResult, request: OptimizeInput<C>, rules: SpanRules, cutoff: number, rule: "excess" | "timeline"): SpanOutcome | SpanCutOff {
  let result = first;
  let work = workOf(first);
  const base = request.breaks ?? EU_BREAK_RULES, law = base.maxDailyDriveMin;
  const caps: number[] = [];
  for (let round = 0; round < MAX_ROUNDS && result.ok; round++) {
    const days = dutyDays(result, request, rules);
    const over = days.flatMap((d, i) => (spanMin(d) > limitOf(d, rules) + 1e-6 ? [i] : []));
    if (over.length === 0) break;
    const tried = caps.slice();
    for (let j = tried.length; j <= over[over.length - 1]; j++) tried[j] = law;
    // The first day may end before any driving: the driver then rests at the start (a duty day
    // begun long before the tour leaves); its cap is never asked below 0, and asked again it stops.
    const at = rule === "timeline" ? drivenAt(result, request) : null;
    for (const i of over) {
      const limit = limitOf(days[i], rules);
      const excess = days[i].driveMin - (spanMin(days[i]) - limit);
      // The timeline's cap, and for a day it already shortened that is still too long, the excess's too.
      const cap = !at ? excess : Math.min(at(days[i].fromMs + limit * 60_000) - days[i].startDriveMin, caps[i] < law ? excess : Infinity);
      const want = Math.floor(Math.min(tried[i] - 1, cap));
      tried[i] = i === 0 ? Math.max(0, want) : want;
    }
    if (over.some((i) => tried[i] < (i === 0 ? 0 : MIN_DAY_DRIVE_MIN) || tried[i] === caps[i])) break;
    let retry: ReturnType<typeof optimizeChargingBelow>;
    try {
      // On tours of several days a re-plan takes the beam's plan: an exact sweep would cost the first search again.
      const effort = days.length >= BEAM_REPLAN_FROM_DAYS || request.effort === "beam" ? "beam" : "exact";
      // The whole outcome keeps to the request's limit of work: each re-plan gets what is left of it.
      const maxWork = request.maxWork === undefined ? {} : { maxWork: request.maxWork - work };
      retry = optimizeChargingBelow({ ...request, breaks: { ...base, dayCaps: tried }, effort, ...maxWork }, cutoff);
    } catch (e) {
      // Out of time or work for one more round: the plan so far stands, its long days said (tooLong).
      // Not under a cutoff: whether a legal plan beats it is not known (route choice says so).
      if ((e instanceof TimeLimitExceeded || e instanceof SearchLimitExceeded) && cutoff === Infinity) break;
      throw e;
    }
    work += workOf(retry);
    // A legal plan (or a longer one) cannot be below the cutoff when this one is not.
    if (!retry.ok && retry.code === "none_better") return cutOffOf(retry, work);
    if (!retry.ok) break;
    result = retry;
    caps.splice(0, caps.length, ...tried);
  }
  const tooLong = result.ok ? dutyDays(result, request, rules).filter((d) => spanMin(d) > limitOf(d, rules) + 1e-6) : [];
  return { result, shortenedDays: caps.map((c) => (c < law ? c : null)), tooLong, work };
}

export const spanMin = (d: SpanDay) => (d.toMs - d.fromMs) / 60_000;
const limitOf = (d: SpanDay, r: SpanRules) => (d.last ? r.lastSpanMin : r.maxSpanMin);

/** Whether a plan keeps the 24-hour rule on every day as it is (no re-plan would shorten a day). */
export function keepsDailySpan<C extends string>(plan: OptimizePlan, request: OptimizeInput<C>, rules: SpanRules): boolean {
  return dutyDays(plan, request, rules).every((d) => spanMin(d) <= limitOf(d, rules) + 1e-6);
}

/**
 * The plan's duty days: from the last rest before the tour to the first rest,
 * between rests, and from the last rest to the tour's end. A rest taken while
 * charging lasts until the truck leaves (the driver rests while it charges).
 */
export function dutyDays<C extends string>(plan: OptimizePlan, request: OptimizeInput<C>, rules: SpanRules): SpanDay[] {
  const days: SpanDay[] = [];
  let fromMs = rules.restEndedMs, fromDrive = -(request.driver?.todayMin ?? 0);
  for (const r of plan.breaks.filter((b) => b.kind === "rest").sort((a, b) => a.startMs - b.startMs)) {
    days.push({ fromMs, toMs: r.startMs, driveMin: r.routeDriveMin - fromDrive, startDriveMin: fromDrive, last: false });
    const stop = r.at === "charger" ? plan.stops.find((s) => s.station === r.index) : undefined;
    fromMs = Math.max(r.startMs + r.minutes * 60_000, stop?.departureMs ?? -Infinity);
    fromDrive = r.routeDriveMin;
  }
  const end = request.waypoints[request.waypoints.length - 1];
  days.push({ fromMs, toMs: plan.arrivalMs, driveMin: end.driveMin - fromDrive, startDriveMin: fromDrive, last: true });
  return days;
}

/**
 * The route's driving minutes the plan has behind it at a time (epoch ms): where it stands (a stop,
 * a visit, a roadside pause, a ban wait), that place's; on the road between two such, in proportion
 * to the time (a stop's detour counted as driving on).
 */
export function drivenAt<C extends string>(plan: OptimizePlan, request: OptimizeInput<C>): (ms: number) => number {
  const standing: [number, number, number][] = [
    ...plan.stops.map((s): [number, number, number] => [s.arrivalMs, s.departureMs, request.stations[s.station].driveMin]),
    ...plan.waypoints.map((w): [number, number, number] => [w.arrivalMs, w.departureMs, request.waypoints[w.waypoint].driveMin]),
    ...plan.breaks.filter((b) => b.at === "roadside").map((b): [number, number, number] => [b.startMs, b.startMs + b.minutes * 60_000, b.routeDriveMin]),
    ...(plan.banWaits ?? []).filter((w) => w.at === "roadside" || w.at === "start").map((w): [number, number, number] => [w.startMs, w.startMs + w.minutes * 60_000, w.routeDriveMin]),
  ].sort((a, b) => a[0] - b[0]);
  // (time, route driving) through the tour, nondecreasing in both.
  const ts: number[] = [request.departureMs], ds: number[] = [0];
  for (const [from, to, d] of standing) {
    const last = ds[ds.length - 1];
    ts.push(Math.max(from, ts[ts.length - 1]), Math.max(to, from, ts[ts.length - 1]));
    ds.push(Math.max(d, last), Math.max(d, last));
  }
  ts.push(Math.max(plan.arrivalMs, ts[ts.length - 1]));
  ds.push(Math.max(request.waypoints[request.waypoints.length - 1].driveMin, ds[ds.length - 1]));
  return (ms) => {
    if (ms <= ts[0]) return ds[0];
    for (let i = 1; i < ts.length; i++) {
      if (ms <= ts[i]) return ts[i] > ts[i - 1] ? ds[i - 1] + ((ds[i] - ds[i - 1]) * (ms - ts[i - 1])) / (ts[i] - ts[i - 1]) : ds[i];
    }
    return ds[ds.length - 1];
  };
}

