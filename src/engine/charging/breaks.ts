// EU 561/2006, reduced to: a break after at most maxDriveMin of driving, a
// daily rest after at most maxDailyDriveMin. Driving time never depends on the
// state of charge, so these states are exact (no discretization).
import type { BreakKind, BreakRules, DriverOption } from "./types";

export const EPS_MIN = 1e-7;

/** Driving since the last break (b) and since the last daily rest (d), minutes. */
export interface Driver {
  b: number;
  d: number;
}

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
 * Every legal way to drive `driveMin` minutes without a stop: a pause is taken
 * exactly where it falls due (earlier only resets the clock sooner). Where a
 * break is due, a rest may be taken instead (it may save a later break),
 * unless no rest can fall due before the end (futureMin: most driving after
 * the stretch).
 */
export function driveStretch(start: Driver, driveMin: number, rules: BreakRules, futureMin = Infinity): StretchOutcome[] {
  if (driveMin <= Math.min(rules.maxDriveMin - start.b, rules.maxDailyDriveMin - start.d) + EPS_MIN) {
    return [{ b: start.b + driveMin, d: start.d + driveMin, pauseMin: 0, events: NO_EVENTS }];
  }
  const out: StretchOutcome[] = [];
  branch(out, rules, driveMin, futureMin, start.b, start.d, 0, 0, NO_EVENTS);
  return out;
}

const NO_EVENTS: RoadsideEvent[] = [];

function branch(out: StretchOutcome[], rules: BreakRules, driveMin: number, futureMin: number, b: number, d: number, offset: number, pause: number, events: RoadsideEvent[]) {
  const left = driveMin - offset;
  const dueB = rules.maxDriveMin - b;
  const dueD = rules.maxDailyDriveMin - d;
  if (left <= Math.min(dueB, dueD) + EPS_MIN) {
    out.push({ b: b + left, d: d + left, pauseMin: pause, events });
    return;
  }
  if (dueD <= dueB + EPS_MIN) {
    const at = offset + Math.max(0, dueD);
    branch(out, rules, driveMin, futureMin, 0, 0, at, pause + rules.restMin, [...events, { kind: "rest", offsetMin: at }]);
    return;
  }
  const at = offset + Math.max(0, dueB);
  const dAt = d + Math.max(0, dueB);
  branch(out, rules, driveMin, futureMin, 0, dAt, at, pause + rules.breakMin, [...events, { kind: "break", offsetMin: at }]);
  if (dAt + driveMin - at + futureMin > rules.maxDailyDriveMin + EPS_MIN) {
    branch(out, rules, driveMin, futureMin, 0, 0, at, pause + rules.restMin, [...events, { kind: "rest", offsetMin: at }]);
  }
}

/**
 * Least cost of the pauses that driving `driveMin` more from (b, d) needs, a
 * break costing `breakCost` and a rest `restCost` (pauses where due are never
 * worse: taking one earlier only brings the next one forward).
 */
export function minPauseCost(b: number, d: number, driveMin: number, rules: BreakRules, breakCost = rules.breakMin, restCost = rules.restMin): number {
  const dueB = rules.maxDriveMin - b, dueD = rules.maxDailyDriveMin - d;
  if (driveMin <= Math.min(dueB, dueD) + EPS_MIN) return 0;
  const at = Math.max(0, Math.min(dueB, dueD));
  const rest = restCost + minPauseCost(0, 0, driveMin - at, rules, breakCost, restCost);
  if (dueD <= dueB + EPS_MIN) return rest;
  return Math.min(breakCost + minPauseCost(0, d + at, driveMin - at, rules, breakCost, restCost), rest);
}

/** Driver state after a charging stop with a detour of detourMin there and back; null when not legal. */
export function afterStop(s: Driver, detourMin: number, option: DriverOption, rules: BreakRules): Driver | null {
  const half = detourMin / 2;
  if (s.b + half > rules.maxDriveMin + EPS_MIN || s.d + half > rules.maxDailyDriveMin + EPS_MIN) return null;
  if (option === "rest") return { b: half, d: half };
  if (s.d + detourMin > rules.maxDailyDriveMin + EPS_MIN) return null;
  if (option === "break") return { b: half, d: s.d + detourMin };
  if (s.b + detourMin > rules.maxDriveMin + EPS_MIN) return null;
  return { b: s.b + detourMin, d: s.d + detourMin };
}

export function afterVisit(s: Driver, option: DriverOption): Driver {
  return option === "rest" ? { b: 0, d: 0 } : option === "break" ? { b: 0, d: s.d } : s;
}

export function pauseMin(option: DriverOption, rules: BreakRules): number {
  return option === "rest" ? rules.restMin : option === "break" ? rules.breakMin : 0;
}
