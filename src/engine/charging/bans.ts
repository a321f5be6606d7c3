// Driving bans in the charging search: a stretch between two route points (chargers, section ends)
// that touches a banned stretch of road is not driven in any minute of the ban. The truck waits at
// the stretch's first point (at the charger or section end where it stopped, else by the road
// there) until it can drive the whole stretch, the detours of the chargers at both ends included.
// The gate is a nondecreasing function of the departure (leaving later never arrives earlier), so
// earlier labels stay at least as good and the search stays exact within this model.
import type { Prepared } from "./grid";
import type { BanZone, BreakRules } from "./types";

export interface StretchGate {
  /** Zones on the stretch's road, by start. */
  zones: BanZone[];
  /** Detour driving before the stretch (back from the first point's charger) and after it (to the next's). */
  preMin: number;
  postMin: number;
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
    return on.length ? { zones: on, preMin: k === 0 ? 0 : half(k - 1), postMin: half(k) } : null;
  });
  cache.set(prep, gates);
  return gates;
}

/**
 * The earliest departure at or after `t` (minutes from the tour's departure) from which the stretch,
 * `spanMin` of driving and roadside pauses, is driven outside every ban of its road.
 */
export function departAfterBans(gate: StretchGate, t: number, spanMin: number): number {
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

/**
 * A lower bound on the arrival at route minute endX from route minute x at time t with clocks b and d:
 * driving only (no charging, no service), each pause where it falls due, and a ban waited out wherever it
 * catches the truck, a wait of a pause's length counting as that pause. It relaxes the search's model (waits
 * only at points, whole stretches kept clear), and leaving later never arrives earlier, so no plan from that
 * state arrives before it.
 */
export function arrivalBound(zones: readonly BanZone[], rules: BreakRules, x: number, endX: number, t: number, b: number, d: number): number {
  let pos = x, clock = t;
  for (let guard = 0; pos < endX - 1e-9 && guard < 10_000; guard++) {
    const canDrive = Math.max(0, Math.min(rules.maxDriveMin - b, rules.maxDailyDriveMin - d));
    const segEnd = Math.min(endX, pos + canDrive);
    // The first place on this piece where a ban holds when the truck gets there.
    let hitPos = Infinity, hitEnd = -Infinity;
    for (const z of zones) {
      const p0 = Math.max(pos, z.fromDriveMin), p1 = Math.min(segEnd, z.toDriveMin);
      if (p0 > p1) continue;
      const c0 = clock + (p0 - pos), c1 = clock + (p1 - pos);
      if (c1 <= z.startMin || c0 >= z.endMin) continue;
      const p = Math.max(p0, pos + (z.startMin - clock));
      if (p < hitPos - 1e-9 || (p < hitPos + 1e-9 && z.endMin > hitEnd)) { hitPos = p; hitEnd = z.endMin; }
    }
    if (hitPos < Infinity) {
      const driven = hitPos - pos;
      b += driven; d += driven; clock += driven; pos = hitPos;
      const wait = hitEnd - clock;
      clock = hitEnd;
      if (wait >= rules.restMin - 1e-9) b = d = 0;
      else if (wait >= rules.breakMin - 1e-9) b = 0;
      continue;
    }
    const driven = segEnd - pos;
    b += driven; d += driven; clock += driven; pos = segEnd;
    if (pos >= endX - 1e-9) break;
    // A pause falls due here: the daily rest where the day's driving is what ends first, else the break.
    if (rules.maxDailyDriveMin - d <= rules.maxDriveMin - b + 1e-9) { clock += rules.restMin; b = d = 0; }
    else { clock += rules.breakMin; b = 0; }
  }
  return clock;
}
