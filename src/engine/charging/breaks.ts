// EU 561/2006, reduced to: a break after at most maxDriveMin of driving, a
// daily rest after at most maxDailyDriveMin. Driving time never depends on the
// state of charge, so these states are exact (no discretization).
import type { BreakKind, BreakRules, DriverOption } from "./types";

export const EPS_MIN = 1e-7;

/**
 * Driving since the last break (b) and since the last daily rest (d), minutes;
 * and the day of the tour (n: daily rests taken), counted only as far as
 * rules.dayCaps reach (the days after share the law's day, so their sets merge).
 */
export interface Driver {
  b: number;
  d: number;
  n: number;
}

/** Driving allowed on day n before the daily rest. */
/**
 * Whether driver state a is at least as good as s for what lies ahead: the same day of the tour, no more
 * driving since the break nor today. Under a preference for the earliest daily rest (BreakRules), a state
 * that may rest already is not beaten by one that may not yet. (Two states that may not rest yet compare
 * as without it, although the one with more driving today may rest a little sooner: keeping both makes the
 * search a hundred times slower; so under the preference the plan is the best found, not proven the best.)
 */
export function driverCovers(a: Driver, s: Driver, earliestRestMin = 0, eps = 1e-9): boolean {
  return a.n === s.n && a.b <= s.b + eps && a.d <= s.d + eps && (earliestRestMin <= 0 || a.d >= earliestRestMin - eps || s.d < earliestRestMin - eps);
}

/** Whether a daily rest may start after `driveTodayMin` of driving in the day (the driver's preference). */
export const mayRestAt = (rules: BreakRules, driveTodayMin: number) => driveTodayMin + 1e-9 >= (rules.earliestRestDriveMin ?? 0);

export function dayCap(rules: BreakRules, n: number): number {
  const caps = rules.dayCaps;
  return caps && n < caps.length ? Math.min(caps[n], rules.maxDailyDriveMin) : rules.maxDailyDriveMin;
}

/** The day after a daily rest. */
export const nextDay = (rules: BreakRules, n: number) => Math.min(n + 1, rules.dayCaps?.length ?? 0);

export interface RoadsideEvent {
  kind: BreakKind;
  /** Minutes of driving into the stretch at which it is taken. */
  offsetMin: number;
}

export interface StretchOutcome extends Driver {
  /** Break and rest minutes spent on the stretch. */
  pauseMin: number;
  events: RoadsideEvent[];
}

/**
 * Every legal way to drive `driveMin` minutes without a stop that can matter: a
 * pause is taken exactly where it falls due (earlier only resets the clock
 * sooner). Where a break is due, a rest may be taken instead (it may save a
 * later break), unless no rest can fall due before the end (futureMin: most
 * driving after the stretch). Ways that end in the same state keep the least
 * pause, and a way that ends with no less driving since the break and today and
 * no less pause than another is dropped: over a long stretch the choices would
 * otherwise multiply (two per break due), while the states they end in are few.
 */
export function driveStretch(start: Driver, driveMin: number, rules: BreakRules, futureMin = Infinity): StretchOutcome[] {
  if (driveMin <= Math.min(rules.maxDriveMin - start.b, dayCap(rules, start.n) - start.d) + EPS_MIN) {
    return [{ b: start.b + driveMin, d: start.d + driveMin, n: start.n, pauseMin: 0, events: NO_EVENTS }];
  }
  const out: StretchOutcome[] = [];
  // Partial ways, by the offset of their last pause; each step moves a way to its next pause or the end.
  let open: Partial[] = [{ b: start.b, d: start.d, n: start.n, offset: 0, pause: 0, events: NO_EVENTS }];
  while (open.length) {
    const next = new Map<string, Partial>();
    const keep = (w: Partial) => {
      const key = `${w.offset.toFixed(6)}|${w.b.toFixed(6)}|${w.d.toFixed(6)}|${w.n}`;
      const had = next.get(key);
      if (!had || w.pause < had.pause - EPS_MIN) next.set(key, w);
    };
    for (const w of open) {
      const left = driveMin - w.offset;
      const cap = dayCap(rules, w.n), after = nextDay(rules, w.n);
      const dueB = rules.maxDriveMin - w.b;
      const dueD = cap - w.d;
      if (left <= Math.min(dueB, dueD) + EPS_MIN) {
        out.push({ b: w.b + left, d: w.d + left, n: w.n, pauseMin: w.pause, events: w.events });
        continue;
      }
      if (dueD <= dueB + EPS_MIN) {
        const at = w.offset + Math.max(0, dueD);
        keep({ b: 0, d: 0, n: after, offset: at, pause: w.pause + rules.restMin, events: [...w.events, { kind: "rest", offsetMin: at }] });
        continue;
      }
      const at = w.offset + Math.max(0, dueB);
      const dAt = w.d + Math.max(0, dueB);
      keep({ b: 0, d: dAt, n: w.n, offset: at, pause: w.pause + rules.breakMin, events: [...w.events, { kind: "break", offsetMin: at }] });
      if (dAt + driveMin - at + futureMin > cap + EPS_MIN && mayRestAt(rules, dAt)) {
        keep({ b: 0, d: 0, n: after, offset: at, pause: w.pause + rules.restMin, events: [...w.events, { kind: "rest", offsetMin: at }] });
      }
    }
    open = [...next.values()];
  }
  return nondominated(out, rules);
}

interface Partial extends Driver {
  offset: number;
  pause: number;
  events: RoadsideEvent[];
}

const NO_EVENTS: RoadsideEvent[] = [];

/** Outcomes no other beats in driving since the break, driving today and pause at once (first of equals kept). */
function nondominated(xs: StretchOutcome[], rules: BreakRules): StretchOutcome[] {
  if (xs.length < 2) return xs;
  const sorted = xs.slice().sort((x, y) => x.pauseMin - y.pauseMin || x.b - y.b || x.d - y.d);
  const kept: StretchOutcome[] = [];
  for (const x of sorted) {
    if (!kept.some((k) => k.pauseMin <= x.pauseMin + EPS_MIN && driverCovers(k, x, rules.earliestRestDriveMin, EPS_MIN))) kept.push(x);
  }
  return kept;
}

/** Driver state after a charging stop with a detour of detourMin there and back; null when not legal. */
export function afterStop(s: Driver, detourMin: number, option: DriverOption, rules: BreakRules): Driver | null {
  const half = detourMin / 2, cap = dayCap(rules, s.n);
  if (s.b + half > rules.maxDriveMin + EPS_MIN || s.d + half > cap + EPS_MIN) return null;
  if (option === "rest") return { b: half, d: half, n: nextDay(rules, s.n) };
  if (s.d + detourMin > cap + EPS_MIN) return null;
  if (option === "break") return { b: half, d: s.d + detourMin, n: s.n };
  if (s.b + detourMin > rules.maxDriveMin + EPS_MIN) return null;
  return { b: s.b + detourMin, d: s.d + detourMin, n: s.n };
}

export function afterVisit(s: Driver, option: DriverOption, rules: BreakRules): Driver {
  return option === "rest" ? { b: 0, d: 0, n: nextDay(rules, s.n) } : option === "break" ? { b: 0, d: s.d, n: s.n } : { b: s.b, d: s.d, n: s.n };
}

export function pauseMin(option: DriverOption, rules: BreakRules): number {
  return option === "rest" ? rules.restMin : option === "break" ? rules.breakMin : 0;
}
