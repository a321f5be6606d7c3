// Which sections of a tour are served, from where the truck is and when, against the tour's plan
// (docs/API.md, Re-planning en route). No I/O: the plan's sections in, a count and how it was told out;
// `pace` lets the caller's event loop run between sections: each section's line is decoded and searched in one
// piece (some 1 point per km on the Europe pack, a few thousand on a regional OSM pack: 25 sections of 3,000
// points held the thread at most 23 ms at a time, cold, on a loaded machine).
import { haversineM, type LatLon } from "../../engine/geo";
import { decodePolyline } from "../../engine/network/polyline";

/** A truck farther than this from every point of the planned route is off it: the plan's clock alone decides. */
export const OFF_ROUTE_M = 5_000;
/** Places of the route this much farther than the nearest one still count as where the truck may be (a road driven twice). */
const SAME_PLACE_M = 1_000;
/** A truck this near a section's stop is at that stop: the plan's clock says whether it is done there. */
export const AT_STOP_M = 1_000;

/** What served-section inference reads of a result section (the stored result's `sections`). */
export interface PlannedSection {
  request_section?: number | null;
  inserted?: boolean | null;
  polyline?: string | null;
  start_pos?: number[] | null;
  stop_pos?: number[] | null;
  poi_summary?: { arrival_time?: string | number | null; departure_time?: string | null; sec_duration_min?: number | null } | null;
}

export interface Served {
  /** Sections served: the first `done` of the request's section_list. */
  done: number;
  /** route: the truck's place on the planned route; stop: at a stop, the plan's departure from it; clock: off the route, the plan's departures. */
  how: "route" | "stop" | "clock";
  /** Metres from the truck to the nearest point of the planned route. */
  offRouteM: number;
  /** how = stop: the index of the section whose stop the truck is at. */
  stop?: number;
}

export interface Leg {
  points: LatLon[];
  startMs: number;
  arrivalMs: number;
  /** The request section whose stop this result section ends at; null where it ends at a stop the plan inserted. */
  ends: number | null;
}

const msOf = (v: string | number | null | undefined) => (typeof v === "string" ? Date.parse(v) : NaN);

export async function legsOf(sections: PlannedSection[], pace: () => Promise<void>): Promise<Leg[]> {
  const legs: Leg[] = [];
  for (const s of sections) {
    await pace();
    const p = s.poi_summary ?? {};
    const arrivalMs = msOf(p.arrival_time);
    const previous = legs.at(-1);
    // A section starts when the previous one's stop is left; the first, its driving time before its arrival.
    const startMs = previous ? msOf(sections[legs.length - 1].poi_summary?.departure_time) : arrivalMs - (p.sec_duration_min ?? 0) * 60_000;
    const points = s.polyline ? decodePolyline(s.polyline) : [s.start_pos, s.stop_pos].filter((q): q is number[] => Array.isArray(q)).map((q) => [q[0], q[1]] as LatLon);
    legs.push({ points, startMs, arrivalMs, ends: s.inserted ? null : (s.request_section ?? null) });
  }
  return legs;
}

const M_PER_DEG = (Math.PI / 180) * 6_371_008.8;

/**
 * The nearest point of a leg's line to `at`: its distance and the share of the leg's length before it, in a
 * plane tangent at `at` (exact near it, where it matters; arithmetic only, no trigonometry per point).
 */
export function nearestOnLeg(leg: Leg, at: LatLon): { distanceM: number; share: number } {
  const kx = Math.cos((at[0] * Math.PI) / 180) * M_PER_DEG;
  const xy = (p: LatLon) => [(p[1] - at[1]) * kx, (p[0] - at[0]) * M_PER_DEG];
  const pts = leg.points;
  if (pts.length === 0) return { distanceM: Infinity, share: 0 };
  let [ax, ay] = xy(pts[0]);
  let bestD2 = ax * ax + ay * ay, bestAlong = 0, along = 0;
  for (let i = 1; i < pts.length; i++) {
    const [bx, by] = xy(pts[i]);
    const dx = bx - ax, dy = by - ay, len2 = dx * dx + dy * dy;
    const t = len2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2)) : 0;
    const px = ax + t * dx, py = ay + t * dy, d2 = px * px + py * py;
    const len = Math.sqrt(len2);
    if (d2 < bestD2) [bestD2, bestAlong] = [d2, along + t * len];
    along += len;
    [ax, ay] = [bx, by];
  }
  return { distanceM: Math.sqrt(bestD2), share: along > 0 ? bestAlong / along : 0 };
}

/**
 * The sections served when the truck is at `position` at `timeMs`, by the plan's `sections` (every request
 * section's stop in it: a drivable plan) of a tour of `sectionCount` sections whose stops are `stops`.
 * - On the planned route (within OFF_ROUTE_M): the truck is where the route passes nearest (of places passed
 *   twice, the one the plan reaches nearest to `timeMs`); a section is served when that place is past its stop.
 *   Within AT_STOP_M of the stop just passed or just ahead, the truck is at that stop: it is served once the plan's
 *   departure from it is not after `timeMs`.
 * - Off the route: a section is served when the plan's departure from its stop is not after `timeMs`.
 */
export async function servedSections(
  sections: PlannedSection[], stops: LatLon[], position: LatLon, timeMs: number, pace: () => Promise<void> = async () => undefined,
): Promise<Served> {
  const legs = await legsOf(sections, pace);
  const departureMs = (i: number) => {
    const k = legs.findIndex((l) => l.ends === i);
    return k < 0 ? Infinity : msOf(sections[k].poi_summary?.departure_time);
  };
  const byClock = () => {
    let done = 0;
    while (done < stops.length && departureMs(done) <= timeMs) done++;
    return done;
  };
  const near = [];
  for (const l of legs) {
    near.push(nearestOnLeg(l, position));
    await pace();
  }
  const offRouteM = Math.min(...near.map((n) => n.distanceM));
  if (!(offRouteM <= OFF_ROUTE_M)) return { done: byClock(), how: "clock", offRouteM };
  // Of the places near enough, the one the plan passes nearest to the reported time.
  let at = -1, gapMs = Infinity;
  near.forEach((n, k) => {
    if (n.distanceM > offRouteM + SAME_PLACE_M) return;
    const plannedMs = legs[k].startMs + n.share * (legs[k].arrivalMs - legs[k].startMs);
    const gap = Math.abs(plannedMs - timeMs);
    if (at < 0 || gap < gapMs) [at, gapMs] = [k, gap];
  });
  // Served: every section whose stop a leg before this one ends at.
  let done = 0;
  for (let k = 0; k < at; k++) if (legs[k].ends !== null) done = legs[k].ends! + 1;
  // At the stop just passed (done - 1) or just ahead (done): the clock says whether the truck is done there.
  for (const i of [done - 1, done]) {
    if (i < 0 || i >= stops.length || haversineM(position[0], position[1], stops[i][0], stops[i][1]) > AT_STOP_M) continue;
    return { done: departureMs(i) <= timeMs ? i + 1 : i, how: "stop", offRouteM, stop: i };
  }
  return { done, how: "route", offRouteM };
}
