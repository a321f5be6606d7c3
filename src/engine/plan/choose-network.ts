// Which network pack a request plans on: the most detailed (smallest) pack
// whose area holds every point well inside it and has a road near each of
// them; otherwise the default (widest) pack.
import type { Router } from "../network/router";
import type { Snapper } from "../network/snap";
import type { RoadNetwork } from "../network/types";

export interface NetworkEntry {
  net: RoadNetwork;
  snapper: Snapper;
  router: Router;
}

/** Points must lie this far inside a pack's bounds (degrees, ~5 km). */
const INSIDE_MARGIN_DEG = 0.05;
/** And this close to one of its roads. */
const NEAR_ROAD_M = 2_000;

export function chooseNetwork(entries: readonly NetworkEntry[], points: readonly [number, number][], fallback: NetworkEntry): NetworkEntry {
  const area = (n: RoadNetwork) => (n.bounds ? (n.bounds[2] - n.bounds[0]) * (n.bounds[3] - n.bounds[1]) : Infinity);
  const fits = (e: NetworkEntry) => {
    const b = e.net.bounds;
    if (!b) return false;
    return points.every(([lat, lon]) =>
      lat >= b[0] + INSIDE_MARGIN_DEG && lat <= b[2] - INSIDE_MARGIN_DEG && lon >= b[1] + INSIDE_MARGIN_DEG && lon <= b[3] - INSIDE_MARGIN_DEG
      && e.snapper.snap(lat, lon).distanceM <= NEAR_ROAD_M);
  };
  const candidates = entries.filter((e) => e !== fallback && fits(e)).sort((a, b) => area(a.net) - area(b.net));
  return candidates[0] ?? fallback;
}
