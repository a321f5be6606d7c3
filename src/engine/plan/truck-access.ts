// Whether a truck can use a charging site: what the data says of it, and the
// planner's preference for sites where it says so. Most sources (the BNetzA
// register, OCPI feeds of car networks) say nothing of trucks: a site without
// evidence is "unknown", never assumed fit, and a plan that stops there says so.
import type { OptimizePlan } from "../charging/types";
import type { Station } from "../stations/types";
import { say, type Said } from "../text/message";

/** What the preference reads of a candidate (plan/candidates.ts's Candidate has it). */
interface Placed {
  hit: { station: Station };
  leg: number;
  distM: number;
  powerKW: number;
  detourMin: number;
}

export interface TruckAccess {
  known: boolean;
  /** What says so, for the dispatcher; null when nothing does. */
  evidence: string | null;
}

/** OCPI parking restrictions that keep a truck from parking at every point of the site. */
const NO_TRUCK_PARKING = ["MOTORCYCLES", "DISABLED"];

/** Whether the site's parking admits no truck at any of its points (OCPI `parking_restrictions`). */
export function parkingShutsOutTrucks(s: Station): boolean {
  return (s.parkingRestrictions ?? []).some((r) => NO_TRUCK_PARKING.includes(r));
}

/**
 * Whether the site's parking is only for vehicles while they charge (OCPI `PLUGGED` at every point): no place
 * for a daily rest. The planner takes no rest there by choice; a ban's wait that falls there is said.
 */
export function parkingOnlyWhileCharging(s: Station): boolean {
  return (s.parkingRestrictions ?? []).includes("PLUGGED");
}

export function truckAccessOf(s: Station): TruckAccess {
  const by = s.provenance?.truckAccess ?? s.provenance?.truckApproved;
  const who = by?.startsWith("overlay") ? "an overlay" : "the source";
  if (s.truckAccess === "yes") return { known: true, evidence: by?.startsWith("overlay") ? "a station overlay opens it to trucks" : "OpenStreetMap hgv=yes" };
  if (s.truckApproved) return { known: true, evidence: `truck_approved ${s.truckApproved} (${who})` };
  if (s.connectors.includes("MCS")) return { known: true, evidence: "an MCS connector (megawatt charging is built for trucks)" };
  return { known: false, evidence: null };
}

/** How much longer a detour to a known truck site may be for it to replace a site of unknown access nearby, minutes. */
export const TRUCK_SITE_MARGIN_MIN = 5;
/**
 * Where along the route such a known site may lie: up to 25 km before the unknown one (reached with more
 * charge left, and what it must charge more for the stretch is charged anyway), or up to 2 km after it.
 */
const KNOWN_BEFORE_M = 25_000, KNOWN_AFTER_M = 2_000;

/**
 * The candidates without those of unknown truck access that a known truck site replaces at about equal
 * value: on the same section, from 25 km before to 2 km after it along the route, at least the same power
 * for this vehicle, and a detour at most TRUCK_SITE_MARGIN_MIN longer. The charging search then picks a
 * site of unknown access only where no known one comes close.
 */
export function preferKnownTruckSites<C extends Placed>(candidates: C[], marginMin = TRUCK_SITE_MARGIN_MIN): C[] {
  const known = candidates.filter((c) => truckAccessOf(c.hit.station).known);
  if (known.length === 0) return candidates;
  return candidates.filter((u) => {
    if (truckAccessOf(u.hit.station).known) return true;
    return !known.some((k) => k.leg === u.leg && k.distM >= u.distM - KNOWN_BEFORE_M && k.distM <= u.distM + KNOWN_AFTER_M &&
      k.powerKW >= u.powerKW - 1e-9 && k.detourMin <= u.detourMin + marginMin);
  });
}

/**
 * The plan's waits for a driving ban at sites whose parking is only while charging, said: the search takes no
 * rest there by choice, but a ban's wait is not a choice. `sites[i]` is the optimizer's station i (the candidates in order).
 */
export function banWaitWhereParkingIsForCharging(plan: Pick<OptimizePlan, "banWaits">, sites: { hit: { station: Station } }[]): Said | null {
  const waits = (plan.banWaits ?? []).filter((w) => w.at === "charger" && w.index !== null && parkingOnlyWhileCharging(sites[w.index].hit.station));
  if (waits.length === 0) return null;
  const names = [...new Set(waits.map((w) => sites[w.index!].hit.station.name))];
  return say("stations.parking_while_charging", { count: names.length, names: names.join("; "), minutes: Math.round(waits.reduce((a, w) => a + w.minutes, 0)) });
}
