// Driving bans in the charging search: a stretch between two route points (chargers, section ends)
// that touches a banned stretch of road is not driven in any minute of the ban. The truck waits at
// the stretch's first point (at the charger or section end where it stopped, else by the road
// there) until it can drive the whole stretch, the detours of the chargers at both ends included.
// The gate is a nondecreasing function of the departure (leaving later never arrives earlier), so
// earlier labels stay at least as good and the search stays exact within this model.
import type { Prepared } from "./grid";
import { pauseCost, type PauseCost } from "./pause-costs";
import type { BanZone, BreakRules } from "./types";

export interface StretchGate {
  /** Zones on the stretch's road, by start. */
  zones: BanZone[];
  /** Detour driving before the stretch (back from the first point's charger) and after it (to the next's). */
  preMin: number;
  postMin: number;
  /** The same gate for a truck that passed the first point's charger by the road: no detour back to drive. */
  passing: StretchGate;
}

const cache = new WeakMap<object, (StretchGate | null)[]>();

/** Per point k: the gate of the stretch that ends there (from point k - 1, or the start), or null. */
export function stretchGates<C extends string>(prep: Prepared<C>): (StretchGate | null)[] {
  const had = cache.get(prep);
  if (had) return had;
  const { input, points } = prep;
  const zones = (input.bans ?? []).slice().sort((a, b) => a.startMin - b.startMin);
  const half = (k: number) => {
    const p = points[k];
    return p && p.kind === "station" ? input.stations[p.index].detourMin / 2 : 0;
  };
  const gates = points.map((p, k) => {
    const from = k === 0 ? 0 : points[k - 1].driveMin;
    const on = zones.filter((z) => z.fromDriveMin <= p.driveMin && z.toDriveMin >= from);
    if (!on.length) return null;
    const passing = { zones: on, preMin: 0, postMin: half(k) } as StretchGate;
    passing.passing = passing;
    const pre = k === 0 ? 0 : half(k - 1);
    return pre > 0 ? { zones: on, preMin: pre, postMin: half(k), passing } : passing;
  });
  cache.set(prep, gates);
  return gates;
}

/**
 * The earliest departure at or after `t` (minutes from the tour's departure) from which the stretch,
 * `spanMin` of driving and roadside pauses, is driven outside every ban of its road.
 */
export function departAfterBans(gate: Pick<StretchGate, "zones" | "preMin" | "postMin">, t: number, spanMin: number): number {
  let dep = t;
  for (let moved = true; moved; ) {
    moved = false;
    for (const z of gate.zones) {
      // Driving from dep - pre to dep + span + post must miss [start, end). Only a later departure counts as a
      // move: at end + pre, (end + pre) - pre can round below end, and the loop would set the same value forever.
      const after = z.endMin + gate.preMin;
      if (after > dep && dep - gate.preMin < z.endMin && dep + spanMin + gate.postMin > z.startMin) {
        dep = after;
        moved = true;
      }
    }
  }
  return dep;
}

/** The least pauses of a driving schedule, per rules (pause-costs.ts: a break or a rest where a break falls due, whichever needs less). */
const leastPausesByRules = new WeakMap<BreakRules, PauseCost>();
function leastPauses(rules: BreakRules): PauseCost {
  let f = leastPausesByRules.get(rules);
  if (!f) leastPausesByRules.set(rules, (f = pauseCost(rules)));
  return f;
}

/**
 * A lower bound on the arrival at route minute endX from route minute x at time t with clocks b and d: no
 * plan from that state arrives sooner. The earliest time at a route minute is the driving to it plus the
 * least pauses that driving needs (pause-costs.ts: a rest where a break falls due when that needs less, as
 * the search may; not the pauses where due, which can need a break more). Where that earliest time falls
 * inside a ban at a place of its road, every plan is there no sooner than the ban's end (it may not drive
 * there during it): from that place on, the earliest time counts from the end, with fresh clocks (a
 * relaxation: the wait may count as a pause or not). Charging, service and the search's stricter waits
 * (at points only, whole stretches kept clear) only make a plan later.
 */
export function arrivalBound(zones: readonly BanZone[], rules: BreakRules, x: number, endX: number, t: number, b: number, d: number): number {
  // (One state object, not a closure per call: run under tsx, each closure made is also named, and this runs per label set.)
  const e: Earliest = { pauses: leastPauses(rules), t, x, b, d, fromPos: x, fromClock: -Infinity };
  for (let guard = 0; guard < 10_000; guard++) {
    // The first place on the road ahead where the earliest time is inside a ban there.
    let hitPos = Infinity, hitEnd = -Infinity;
    for (const z of zones) {
      const p0 = Math.max(e.fromPos, z.fromDriveMin), p1 = Math.min(endX, z.toDriveMin);
      if (p0 > p1) continue;
      const a0 = earliest(e, p0);
      if (a0 >= z.endMin || earliest(e, p1) < z.startMin) continue;
      const p = a0 >= z.startMin ? p0 : firstAtStart(e, p0, p1, a0, z.startMin);
      if (p < hitPos - 1e-9 || (p < hitPos + 1e-9 && z.endMin > hitEnd)) { hitPos = p; hitEnd = z.endMin; }
    }
    if (hitPos === Infinity) break;
    e.fromClock = Math.max(hitEnd, earliest(e, hitPos));
    e.fromPos = hitPos;
  }
  return earliest(e, endX);
}

/** arrivalBound's earliest time at a place: from (x, t) with the clocks (b, d), and after the last ban met (fromPos, fromClock). */
interface Earliest {
  pauses: ReturnType<typeof leastPauses>;
  t: number;
  x: number;
  b: number;
  d: number;
  fromPos: number;
  fromClock: number;
}

function earliest(e: Earliest, p: number): number {
  const direct = e.t + (p - e.x) + e.pauses(e.b, e.d, p - e.x);
  return e.fromClock === -Infinity ? direct : Math.max(direct, e.fromClock + (p - e.fromPos) + e.pauses(0, 0, p - e.fromPos));
}

/**
 * A place in [p0, p1] where the earliest time has reached the ban's start (earliest(p0) = a0 is before it,
 * earliest(p1) is not), as near the first as bisection finds it. Any such place serves the bound: a truck
 * there is there in the ban or after it, and may not have driven there in it. The earliest time rises at
 * least as fast as the driving, which gives the first such place; the pauses it needs make it rise faster,
 * and the nearer place leaves more of the road to drive after the ban (a tour leaving Friday met the
 * Sunday ban 100 min of driving sooner than the first place said, so its bound was that much too low).
 */
function firstAtStart(e: Earliest, p0: number, p1: number, a0: number, startMin: number): number {
  let hi = Math.min(p1, p0 + (startMin - a0)), lo = p0;
  for (let i = 0; i < 24 && hi - lo > 1e-3; i++) {
    const mid = (lo + hi) / 2;
    if (earliest(e, mid) >= startMin) hi = mid;
    else lo = mid;
  }
  return hi;
}
