// Snaps a coordinate to the nearest point on any road: every straight piece of every edge (its
// shape's pieces on a junction-only graph) is indexed by its midpoint.
import KDBush from "kdbush";
import { haversineM, nearestOnSegment } from "../geo";
import { edgeTails } from "./junctions";
import { shapePoint, shapePointCount } from "./shape";
import type { RoadNetwork, SnappedPoint } from "./types";

export interface Snapper {
  snap(lat: number, lon: number): SnappedPoint;
}

const M_PER_DEG_LAT = 111_195;
const START_RADIUS_M = 2_000;
// A box this large covers the whole globe, so every piece has been seen.
const WORLD_RADIUS_M = 20_100_000;

export function createSnapper(net: RoadNetwork): Snapper {
  if (net.nodeCount === 0) throw new Error("cannot snap to an empty network");
  const { firstEdge, edgeTarget, nodeLat, nodeLon } = net;
  const sh = net.shapes;
  const tail = edgeTails(net);
  // A two-way road's shape is indexed once, on the edge that runs it forwards; straight edges as they come.
  const indexed = (e: number) => !sh || sh.ofEdge[e] >= 0;
  const reverseOfShape = new Int32Array(sh ? sh.first.length - 1 : 0).fill(-1);
  let pieces = 0;
  for (let e = 0; e < net.edgeCount; e++) {
    if (sh && sh.ofEdge[e] < 0) reverseOfShape[~sh.ofEdge[e]] = e;
    if (indexed(e)) pieces += shapePointCount(net, e) + 1;
  }
  const pointLat = (e: number, i: number) => (i === 0 ? nodeLat[tail[e]] : i > shapePointCount(net, e) ? nodeLat[edgeTarget[e]] : sh!.lat[shapePoint(net, e, i - 1)]);
  const pointLon = (e: number, i: number) => (i === 0 ? nodeLon[tail[e]] : i > shapePointCount(net, e) ? nodeLon[edgeTarget[e]] : sh!.lon[shapePoint(net, e, i - 1)]);

  const pieceEdge = new Uint32Array(pieces), pieceIndex = new Uint32Array(pieces);
  const index = new KDBush(Math.max(1, pieces), 64, Float64Array);
  // A piece whose nearest point is d away has its midpoint within d + half its length, so a search
  // of that radius cannot miss it. Slack covers float32 and projection error.
  let maxLen = 0;
  for (let e = 0, k = 0; e < net.edgeCount; e++) {
    if (!indexed(e)) continue;
    for (let i = 0; i <= shapePointCount(net, e); i++, k++) {
      const aLat = pointLat(e, i), aLon = pointLon(e, i), bLat = pointLat(e, i + 1), bLon = pointLon(e, i + 1);
      pieceEdge[k] = e; pieceIndex[k] = i;
      index.add((aLon + bLon) / 2, (aLat + bLat) / 2);
      const len = haversineM(aLat, aLon, bLat, bLon);
      if (len > maxLen) maxLen = len;
    }
  }
  if (pieces === 0) index.add(nodeLon[0], nodeLat[0]);
  index.finish();
  const reach = maxLen * 0.505 + 10;

  /** The edge b->a over the same road as e = a->b, or -1 (a one-way road). */
  function reverseOf(e: number): number {
    if (sh && sh.ofEdge[e] !== 0) return reverseOfShape[sh.ofEdge[e]];
    const a = tail[e], b = edgeTarget[e];
    for (let r = firstEdge[b]; r < firstEdge[b + 1]; r++) if (edgeTarget[r] === a && (!sh || sh.ofEdge[r] === 0)) return r;
    return -1;
  }

  /** Metres along e from its tail to the point at t of piece i, scaled to the stored edge length. */
  function along(e: number, i: number, t: number): number {
    let before = 0, total = 0;
    const k = shapePointCount(net, e);
    for (let j = 0; j <= k; j++) {
      const len = haversineM(pointLat(e, j), pointLon(e, j), pointLat(e, j + 1), pointLon(e, j + 1));
      if (j < i) before += len;
      if (j === i) before += t * len;
      total += len;
    }
    return total > 0 ? (net.edgeLengthM[e] * before) / total : 0;
  }

  function snap(lat: number, lon: number): SnappedPoint {
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) throw new RangeError("snap: invalid coordinate");
    if (pieces === 0) throw new Error("snap: network has no edges");
    let best: { k: number; lat: number; lon: number; t: number; distanceM: number } | null = null;
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
      for (const k of ids) {
        const e = pieceEdge[k], i = pieceIndex[k];
        const p = nearestOnSegment(lat, lon, pointLat(e, i), pointLon(e, i), pointLat(e, i + 1), pointLon(e, i + 1));
        // Ties go to the lower piece id: the result does not depend on the index's order.
        if (best === null || p.distanceM < best.distanceM || (p.distanceM === best.distanceM && k < best.k)) best = { k, ...p };
      }
      if (whole || (best !== null && best.distanceM + reach <= radius)) break;
      radius = best !== null ? best.distanceM + reach : radius * 4;
    }
    if (best === null) throw new Error("snap: network has no edges");
    const e = pieceEdge[best.k], i = pieceIndex[best.k];
    const a = tail[e], b = edgeTarget[e];
    const alongM = along(e, i, best.t);
    const nearer = alongM <= net.edgeLengthM[e] / 2 ? a : b;
    const reverseEdge = reverseOf(e);
    const twoWay = reverseEdge >= 0;
    return {
      node: nearer, lat: best.lat, lon: best.lon, distanceM: best.distanceM,
      departNode: twoWay ? nearer : b,
      arriveNode: twoWay ? nearer : a,
      edge: e, reverseEdge, alongM, piece: i,
    };
  }

  return { snap };
}
