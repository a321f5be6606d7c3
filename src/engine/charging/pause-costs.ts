// What the driving still to come needs in pauses at least, for the optimizer's
// lower bounds: the least pause cost from a driver state, and the counts of
// breaks and rests a legal schedule can end with. Pauses are taken where due
// (earlier only brings the next one forward). After the first pause or two the
// driver starts a fresh day, whose needs depend on the driving left only; with
// limits in whole minutes they change only at whole minutes, so fresh days are
// tabulated by the minute, once per rules and costs: the work grows with the
// days of driving, not with the combinations of choices.
import { EPS_MIN } from "./breaks";
import type { BreakRules } from "./types";

/** Least pause cost of driving `driveMin` more from (b, d). */
export type PauseCost = (b: number, d: number, driveMin: number) => number;

/** Counts of breaks and rests a schedule of `driveMin` more driving from (b, d) can end with, none above another in both. */
export type PausePatterns = (b: number, d: number, driveMin: number) => [breaks: number, rests: number][];

/** A break costing `breakCost` and a rest `restCost` (e.g. what charging cannot fill of them). */
export function pauseCost(rules: BreakRules, breakCost = rules.breakMin, restCost = rules.restMin): PauseCost {
  const firstDue = Math.min(rules.maxDriveMin, rules.maxDailyDriveMin);
  const onDay = (b: number, d: number, left: number): number => {
    const dueB = rules.maxDriveMin - b, dueD = rules.maxDailyDriveMin - d;
    if (left <= Math.min(dueB, dueD) + EPS_MIN) return 0;
    if (dueD <= dueB + EPS_MIN) return restCost + fresh(left - Math.max(0, dueD));
    const at = Math.max(0, dueB);
    return Math.min(breakCost + onDay(0, d + at, left - at), restCost + fresh(left - at));
  };
  const fresh = freshDays(rules, firstDue, 0, (m) => onDay(0, 0, m));
  return onDay;
}

/** The pause patterns (counts) of the driving still to come; see PausePatterns. */
export function pausePatterns(rules: BreakRules): PausePatterns {
  const firstDue = Math.min(rules.maxDriveMin, rules.maxDailyDriveMin);
  const onDay = (b: number, d: number, left: number, nb: number, nr: number, out: [number, number][]): void => {
    const dueB = rules.maxDriveMin - b, dueD = rules.maxDailyDriveMin - d;
    if (left <= Math.min(dueB, dueD) + EPS_MIN) {
      out.push([nb, nr]);
      return;
    }
    if (dueD <= dueB + EPS_MIN) {
      for (const [fb, fr] of fresh(left - Math.max(0, dueD))) out.push([nb + fb, nr + 1 + fr]);
      return;
    }
    const at = Math.max(0, dueB);
    onDay(0, d + at, left - at, nb + 1, nr, out);
    for (const [fb, fr] of fresh(left - at)) out.push([nb + fb, nr + 1 + fr]);
  };
  const patternsOf = (b: number, d: number, left: number) => {
    const out: [number, number][] = [];
    onDay(b, d, left, 0, 0, out);
    return paretoMinimal(out);
  };
  const fresh = freshDays(rules, firstDue, NONE, (m) => patternsOf(0, 0, m));
  return patternsOf;
}

const NONE: [number, number][] = [[0, 0]];

/**
 * A fresh day's value by the driving left: `whenNone` up to the first due pause,
 * then tabulated by the minute (`entry(m)` for (m - 1, m]) where the limits are
 * whole minutes, else remembered per value.
 */
function freshDays<T>(rules: BreakRules, firstDue: number, whenNone: T, entry: (m: number) => T): (left: number) => T {
  if (!Number.isInteger(rules.maxDriveMin) || !Number.isInteger(rules.maxDailyDriveMin)) {
    const memo = new Map<number, T>();
    return (left) => {
      if (left <= firstDue + EPS_MIN) return whenNone;
      let v = memo.get(left);
      if (v === undefined) memo.set(left, (v = entry(left)));
      return v;
    };
  }
  const table: T[] = [];
  return (left) => {
    if (left <= firstDue + EPS_MIN) return whenNone;
    const m = Math.ceil(left - EPS_MIN);
    // In increasing m: each entry reads only smaller ones.
    for (let i = table.length; i <= m; i++) table.push(i <= firstDue ? whenNone : entry(i));
    return table[m];
  };
}

/** Pairs none of which another is at most in both counts and below in one. */
function paretoMinimal(xs: [number, number][]): [number, number][] {
  return xs.filter(([b, r], i) => !xs.some(([b2, r2], j) => (b2 <= b && r2 <= r && (b2 < b || r2 < r)) || (j < i && b2 === b && r2 === r)));
}
