// Routes the data cannot make plausible: where the road network is coarse
// (the default Europe pack outside Germany holds only Natural Earth's major
// highways), a section can be routed far around through the few roads there
// are. Say so, rather than present such a route as the trip.
import { haversineM } from "../geo";
import type { RoadNetwork } from "../network/types";
import type { PlanSection } from "./types";
import { say, type Said } from "../text/message";

/** A section longer than this many times its straight-line distance is implausible for a truck route. */
export const IMPLAUSIBLE_DETOUR_FACTOR = 1.6;
/** Below this straight-line distance a winding road is normal (cities, valleys). */
const MIN_STRAIGHT_M = 20_000;

/** One warning per section whose route is implausibly long for its straight-line distance. */
export function implausibleRoutes(sections: PlanSection[], legLengthM: number[], net: RoadNetwork): Said[] {
  const out: Said[] = [];
  sections.forEach((s, k) => {
    const straight = haversineM(s.start[0], s.start[1], s.stop[0], s.stop[1]);
    const road = legLengthM[k];
    if (straight < MIN_STRAIGHT_M || road <= IMPLAUSIBLE_DETOUR_FACTOR * straight) return;
    out.push(say("route.implausible", {
      section: k + 1, has_id: s.sectionId ? "yes" : "no", section_id: s.sectionId ?? "", road_km: km(road),
      ratio: Math.round((road / straight) * 10) / 10, straight_km: km(straight), network: describe(net),
    }));
  });
  return out;
}

/** A network by id and, where the pack names it, its source. */
export function describe(net: RoadNetwork): string {
  const source = net.attribution?.replace(/Roads:\s*/g, "").trim();
  return source ? `${net.id} (${source})` : net.id;
}

const km = (m: number) => Math.round(m / 1000);
