// Driving bans in the charging search: a stretch between two route points (chargers, section ends)
// that touches a banned stretch of road is not driven in any minute of the ban. The truck waits at
// the stretch's first point (at the charger or section end where it stopped, else by the road
// there) until it can drive the whole stretch, the detours of the chargers at both ends included.
// The gate is a nondecreasing function of the departure (leaving later never arrives earlier), so
// earlier labels stay at least as good and the search stays exact within this model.
import type { Prepared } from "./grid";
import type { BanZone } from "./types";

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
      // Driving from dep - pre to dep + span + post must miss [start, end).
      if (dep - gate.preMin < z.endMin && dep + spanMin + gate.postMin > z.startMin) {
        dep = z.endMin + gate.preMin;
        moved = true;
      }
    }
  }
  return dep;
}
