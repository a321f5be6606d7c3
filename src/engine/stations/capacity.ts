// How many trucks a site charges at once: its charging points (EVSEs), as the
// source or an overlay states them. Where nothing says, one: the fleet planner
// never assumes room that may not be there, and the result says it assumed.
import type { Station } from "./types";

export interface SiteCapacity {
  capacity: number;
  /** True where no source or overlay states the count (treated as 1), or the count is the importer's estimate. */
  assumed: boolean;
}

export function siteCapacity(s: Pick<Station, "points" | "pointsEstimated">): SiteCapacity {
  if (!(s.points > 0)) return { capacity: 1, assumed: true };
  return { capacity: Math.floor(s.points), assumed: s.pointsEstimated === true };
}

/** The result's fields for a site (poi_summary). */
export function capacityFacts(s: Pick<Station, "points" | "pointsEstimated">): { capacity: number; capacity_assumed: boolean } {
  const c = siteCapacity(s);
  return { capacity: c.capacity, capacity_assumed: c.assumed };
}
