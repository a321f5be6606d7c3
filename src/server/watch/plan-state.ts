// Where a plan says the truck is and with what charge: at a time (the state a watch re-plans from when the
// truck has not reported), and at a place (what a report is compared with). Along a leg the plan is taken at
// an even speed and an even use of energy between the previous stop's departure and the next stop's arrival;
// at a stop the charge goes evenly from its arrival's to its departure's.
import { haversineM, type LatLon } from "../../engine/geo";
import { legsOf, nearestOnLeg, OFF_ROUTE_M, type Leg, type PlannedSection } from "../replan/served";

export interface WatchedSection extends PlannedSection {
  poi_summary?: PlannedSection["poi_summary"] & { start_soc?: number | null; stop_soc?: number | null };
}

export interface PlanTrack {
  legs: Leg[];
  /** State of charge (0..1) on leaving the previous stop of each leg, on arriving at its own, on leaving its own. */
  leaves: number[];
  arrives: number[];
  leavesStop: number[];
  /** Departure from each leg's stop (epoch ms; its arrival where not said). */
  departs: number[];
}

const msOf = (v: unknown) => (typeof v === "string" ? Date.parse(v) : NaN);
const socOr = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

export async function planTrack(sections: WatchedSection[], startSoc: number, pace: () => Promise<void>): Promise<PlanTrack> {
  const legs = await legsOf(sections, pace);
  const leaves: number[] = [], arrives: number[] = [], leavesStop: number[] = [], departs: number[] = [];
  let soc = startSoc;
  sections.forEach((s, i) => {
    const p = s.poi_summary ?? {};
    leaves.push(soc);
    arrives.push(socOr(p.start_soc, soc));
    soc = socOr(p.stop_soc, arrives[i]);
    leavesStop.push(soc);
    const d = msOf(p.departure_time);
    departs.push(Number.isNaN(d) ? legs[i].arrivalMs : d);
  });
  return { legs, leaves, arrives, leavesStop, departs };
}

/** The plan's end: its last departure (epoch ms); NaN without one. */
export const planEndMs = (t: PlanTrack) => t.departs.at(-1) ?? NaN;

/** The point `share` of the way along a line (by length). */
function pointAlong(points: LatLon[], share: number): LatLon {
  if (points.length < 2) return points[0];
  const lengths = points.slice(1).map((p, i) => haversineM(points[i][0], points[i][1], p[0], p[1]));
  let left = share * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    if (left <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] > 0 ? Math.min(1, left / lengths[i]) : 0;
      return [points[i][0] + t * (points[i + 1][0] - points[i][0]), points[i][1] + t * (points[i + 1][1] - points[i][1])];
    }
    left -= lengths[i];
  }
  return points.at(-1)!;
}

const between = (a: number, b: number, share: number) => a + (b - a) * Math.min(1, Math.max(0, share));

/** Where the plan has the truck at `atMs`, and its charge; null for a plan with no line. */
export function plannedAt(t: PlanTrack, atMs: number): { position: LatLon; soc: number } | null {
  for (let i = 0; i < t.legs.length; i++) {
    const leg = t.legs[i];
    if (!leg.points.length) return null;
    if (atMs <= leg.startMs) return { position: leg.points[0], soc: t.leaves[i] };
    if (atMs <= leg.arrivalMs) {
      const share = (atMs - leg.startMs) / Math.max(1, leg.arrivalMs - leg.startMs);
      return { position: pointAlong(leg.points, share), soc: between(t.leaves[i], t.arrives[i], share) };
    }
    if (atMs < t.departs[i]) {
      const share = (atMs - leg.arrivalMs) / Math.max(1, t.departs[i] - leg.arrivalMs);
      return { position: leg.points.at(-1)!, soc: between(t.arrives[i], t.leavesStop[i], share) };
    }
  }
  const last = t.legs.at(-1);
  return last?.points.length ? { position: last.points.at(-1)!, soc: t.leavesStop.at(-1)! } : null;
}

/**
 * When the plan passes the truck's place, and its charge there: the nearest point of the planned route (of
 * places passed twice, the one the plan reaches nearest to `atMs`); null when the truck is more than
 * OFF_ROUTE_M from the route (replan/served.ts's measure).
 */
export function plannedAtPlace(t: PlanTrack, at: LatLon, atMs: number): { timeMs: number; soc: number; offRouteM: number } | null {
  let best: { timeMs: number; soc: number; offRouteM: number } | null = null;
  for (let i = 0; i < t.legs.length; i++) {
    const leg = t.legs[i];
    const n = nearestOnLeg(leg, at);
    if (n.distanceM > OFF_ROUTE_M) continue;
    const here = { timeMs: leg.startMs + n.share * (leg.arrivalMs - leg.startMs), soc: between(t.leaves[i], t.arrives[i], n.share), offRouteM: n.distanceM };
    if (!best || n.distanceM < best.offRouteM - 1_000 || (n.distanceM < best.offRouteM + 1_000 && Math.abs(here.timeMs - atMs) < Math.abs(best.timeMs - atMs))) best = here;
  }
  return best;
}
