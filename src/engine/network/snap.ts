// Snaps a coordinate to the nearest point on any road segment.
import KDBush from "kdbush";
import { nearestOnSegment } from "../geo";
import type { RoadNetwork, SnappedPoint } from "./types";

export interface Snapper {
  snap(lat: number, lon: number): SnappedPoint;
}

const M_PER_DEG_LAT = 111_195;
const START_RADIUS_M = 2_000;
// A box this large covers the whole globe, so every node has been seen.
const WORLD_RADIUS_M = 20_100_000;

export function createSnapper(net: RoadNetwork): Snapper {
  if (net.nodeCount === 0) throw new Error("cannot snap to an empty network");
  const index = new KDBush(net.nodeCount, 64, Float64Array);
  for (let i = 0; i < net.nodeCount; i++) index.add(net.nodeLon[i], net.nodeLat[i]);
  index.finish();

  // A segment whose nearest point is d away has an endpoint within d + half its length,
  // so a node search of that radius cannot miss it. Slack covers float32 and projection error.
  let maxLen = 0;
  for (let e = 0; e < net.edgeCount; e++) if (net.edgeLengthM[e] > maxLen) maxLen = net.edgeLengthM[e];
  const reach = maxLen * 0.505 + 10;

  const { firstEdge, edgeTarget, nodeLat, nodeLon } = net;

  function edgeFromTo(u: number, v: number): number {
    for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) if (edgeTarget[e] === v) return e;
    return -1;
  }

  function snap(lat: number, lon: number): SnappedPoint {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new RangeError("snap: invalid coordinate");
    let best: SnappedPoint | null = null;
    let radius = START_RADIUS_M;
    for (;;) {
      const dLat = radius / M_PER_DEG_LAT;
      const edgeLat = Math.min(89.999, Math.max(Math.abs(lat - dLat), Math.abs(lat + dLat)));
      const dLon = radius / (M_PER_DEG_LAT * Math.cos((edgeLat * Math.PI) / 180));
      const whole = radius >= WORLD_RADIUS_M || dLat >= 90 || dLon >= 180
        || lon - dLon < -180 || lon + dLon > 180;
      const ids = whole
        ? index.range(-Infinity, -Infinity, Infinity, Infinity)
        : index.range(lon - dLon, lat - dLat, lon + dLon, lat + dLat);
      for (const a of ids) {
        for (let e = firstEdge[a]; e < firstEdge[a + 1]; e++) {
          const b = edgeTarget[e];
          const p = nearestOnSegment(lat, lon, nodeLat[a], nodeLon[a], nodeLat[b], nodeLon[b]);
          if (best === null || p.distanceM < best.distanceM) {
            const nearer = p.t <= 0.5 ? a : b;
            const reverseEdge = edgeFromTo(b, a);
            const twoWay = reverseEdge >= 0;
            best = {
              node: nearer, lat: p.lat, lon: p.lon, distanceM: p.distanceM,
              departNode: twoWay ? nearer : b,
              arriveNode: twoWay ? nearer : a,
              edge: e, reverseEdge,
            };
          }
        }
      }
      if (whole || (best !== null && best.distanceM + reach <= radius)) break;
      radius = best !== null ? best.distanceM + reach : radius * 4;
    }
    if (best === null) throw new Error("snap: network has no edges");
    return best;
  }

  return { snap };
}
