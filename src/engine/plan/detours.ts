// Road detour to a station: leave the route at a node before the station's
// nearest route point, drive to the station on the network, rejoin the route
// at a node after it. The detour is that road distance minus the route between
// the two nodes (there and back, as the truck actually drives it), plus the
// straight piece between the station and the road it snaps to, both ways.
import type { SnappedPoint } from "../network/types";
import type { CorridorHit } from "../stations/corridor";
import { edgeTail } from "../network/shape";
import { pieceM, type Leg } from "./legs";
import type { PlanData } from "./types";

/**
 * How far before and after the station's route point the truck may leave and
 * rejoin the route. Wider never gives a longer detour (the triangle inequality),
 * and a contraction-hierarchy query costs about the same at any range.
 */
export const DETOUR_REJOIN_M = 25_000;

const snapCache = new WeakMap<object, Map<number, SnappedPoint>>();

function snapStation(data: PlanData, hit: CorridorHit): SnappedPoint {
  let byStation = snapCache.get(data.snapper);
  if (!byStation) snapCache.set(data.snapper, (byStation = new Map()));
  const id = hit.station.poiId;
  let p = byStation.get(id);
  if (!p) byStation.set(id, (p = data.snapper.snap(hit.station.lat, hit.station.lon)));
  return p;
}

/** Road detour (m) for a hit along leg; the straight-line estimate when the network cannot say. */
export function roadDetourM(data: PlanData, leg: Leg, hit: CorridorHit): number {
  const { coords, cumDistM } = leg.path;
  const nodeAt = leg.coordNode;
  const along = hit.distanceFromStartM;
  // Route nodes DETOUR_REJOIN_M before and after the route point (or the leg's ends).
  let i = Math.min(hit.segmentIndex, coords.length - 1);
  while (i > 0 && (nodeAt[i] < 0 || along - cumDistM[i] < DETOUR_REJOIN_M)) i--;
  let j = Math.min(hit.segmentIndex + 1, coords.length - 1);
  while (j < coords.length - 1 && (nodeAt[j] < 0 || cumDistM[j] - along < DETOUR_REJOIN_M)) j++;
  // At a leg's ends the outermost coordinate is the snapped request point: use the node next to it.
  while (i < coords.length - 1 && nodeAt[i] < 0) i++;
  while (j > 0 && nodeAt[j] < 0) j--;
  if (nodeAt[i] < 0 || nodeAt[j] < 0 || j < i) return hit.detourM;

  const s = snapStation(data, hit);
  // The station's road is entered from either end it may be driven from towards the point, and left
  // towards either end it leads to (one end each on a one-way road), along its shape: a station on a
  // long road between junctions is reached along that road, not from its nearer junction and back.
  const net = data.network, tail = edgeTail(net, s.edge), head = net.edgeTarget[s.edge];
  const twoWay = s.reverseEdge >= 0;
  let there = Infinity, back = Infinity;
  for (const x of twoWay ? [tail, head] : [tail]) {
    const r = data.router.route(nodeAt[i], x);
    if (r) there = Math.min(there, r.lengthM + pieceM(net, s, x));
  }
  for (const y of twoWay ? [tail, head] : [head]) {
    const r = data.router.route(y, nodeAt[j]);
    if (r) back = Math.min(back, pieceM(net, s, y) + r.lengthM);
  }
  if (!Number.isFinite(there) || !Number.isFinite(back)) return hit.detourM;
  const extra = there + back + 2 * s.distanceM - (cumDistM[j] - cumDistM[i]);
  return Math.max(2 * hit.offRouteM, extra);
}
