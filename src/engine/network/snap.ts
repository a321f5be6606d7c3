// Snaps a coordinate to the nearest point on any road: every straight piece of every edge (its
// shape's pieces on a junction-only graph) is indexed by its midpoint.
import KDBush from "kdbush";
import { haversineM, nearestOnSegment } from "../geo";
import { cachedEdgeTails, shapePoint, shapePointCount } from "./shape";
import type { RoadNetwork, SnappedPoint } from "./types";

export interface Snapper {
  snap(lat: number, lon: number): SnappedPoint;
}

const M_PER_DEG_LAT = 111_195;
const START_RADIUS_M = 2_000;
// A box this large covers the whole globe, so every piece has been seen.
const WORLD_RADIUS_M = 20_100_000;

/** The snapping index as named arrays for a pack (writeNetworkPack's `extra`), built once when the pack is. */
export function snapIndexArrays(net: RoadNetwork): Record<string, Uint8Array | Uint32Array | Float64Array> {
  const ix = buildIndex(net, cachedEdgeTails(net));
  return {
    "snap.index": new Uint8Array(ix.index.data as ArrayBuffer), "snap.pieceEdge": ix.pieceEdge, "snap.pieceIndex": ix.pieceIndex,
    "snap.reach": Float64Array.of(ix.reach),
  };
}

interface PieceIndex { index: KDBush; pieceEdge: Uint32Array; pieceIndex: Uint32Array; reach: number; pieces: number }

/** One line a piece: a two-way road's shape once, on the edge that runs it forwards; straight edges as they come. */
const indexed = (net: RoadNetwork, e: number) => !net.shapes || net.shapes.ofEdge[e] >= 0;

function buildIndex(net: RoadNetwork, tail: Uint32Array): PieceIndex {
  let pieces = 0;
  for (let e = 0; e < net.edgeCount; e++) if (indexed(net, e)) pieces += shapePointCount(net, e) + 1;
  const pieceEdge = new Uint32Array(pieces), pieceIndex = new Uint32Array(pieces);
  const index = new KDBush(Math.max(1, pieces), 64, Float64Array);
  // A piece whose nearest point is d away has its midpoint within d + half its length, so a search
  // of that radius cannot miss it. Slack covers float32 and projection error.
  let maxLen = 0;
  const line = { lat: [] as number[], lon: [] as number[] };
  for (let e = 0, k = 0; e < net.edgeCount; e++) {
    if (!indexed(net, e)) continue;
    linePoints(net, e, tail[e], line);
    for (let i = 0; i + 1 < line.lat.length; i++, k++) {
      const aLat = line.lat[i], aLon = line.lon[i], bLat = line.lat[i + 1], bLon = line.lon[i + 1];
      pieceEdge[k] = e; pieceIndex[k] = i;
      index.add((aLon + bLon) / 2, (aLat + bLat) / 2);
      const len = haversineM(aLat, aLon, bLat, bLon);
      if (len > maxLen) maxLen = len;
    }
  }
  if (pieces === 0) index.add(net.nodeLon[0], net.nodeLat[0]);
  index.finish();
  return { index, pieceEdge, pieceIndex, reach: maxLen * 0.505 + 10, pieces };
}

/** The index a pack holds, checked so that a damaged file cannot send a search out of bounds; null if absent or not this network's. */
function storedIndex(net: RoadNetwork, arrays: Record<string, unknown>): PieceIndex | null {
  const data = arrays["snap.index"], pieceEdge = arrays["snap.pieceEdge"], pieceIndex = arrays["snap.pieceIndex"], reach = arrays["snap.reach"];
  if (!(data instanceof Uint8Array && pieceEdge instanceof Uint32Array && pieceIndex instanceof Uint32Array && reach instanceof Float64Array)) return null;
  let index: KDBush;
  try {
    index = KDBush.from(data.byteOffset === 0 && data.byteLength === data.buffer.byteLength ? (data.buffer as ArrayBuffer) : (data.slice().buffer as ArrayBuffer));
  } catch {
    return null;
  }
  const pieces = pieceEdge.length;
  if (index.numItems !== Math.max(1, pieces) || pieceIndex.length !== pieces || !(reach[0] >= 0)) return null;
  for (let k = 0; k < index.ids.length; k++) if (index.ids[k] >= index.numItems) return null;
  for (let k = 0; k < pieces; k++) if (pieceEdge[k] >= net.edgeCount || pieceIndex[k] > shapePointCount(net, pieceEdge[k])) return null;
  return { index, pieceEdge, pieceIndex, reach: reach[0], pieces };
}

/** Edge e's points from its tail to its head into `out` (reused: no allocation per edge). */
function linePoints(net: RoadNetwork, e: number, tail: number, out: { lat: number[]; lon: number[] }): void {
  out.lat.length = 0; out.lon.length = 0;
  out.lat.push(net.nodeLat[tail]); out.lon.push(net.nodeLon[tail]);
  const k = shapePointCount(net, e);
  for (let i = 0; i < k; i++) {
    const j = shapePoint(net, e, i);
    out.lat.push(net.shapes!.lat[j]); out.lon.push(net.shapes!.lon[j]);
  }
  out.lat.push(net.nodeLat[net.edgeTarget[e]]); out.lon.push(net.nodeLon[net.edgeTarget[e]]);
}

/** `arrays`: a pack's arrays; its stored index (snapIndexArrays) is used when it has one, else the index is built. */
export function createSnapper(net: RoadNetwork, arrays: Record<string, unknown> = {}): Snapper {
  if (net.nodeCount === 0) throw new Error("cannot snap to an empty network");
  const { firstEdge, edgeTarget, nodeLat, nodeLon } = net;
  const sh = net.shapes;
  const tail = cachedEdgeTails(net);
  const reverseOfShape = new Int32Array(sh ? sh.first.length - 1 : 0).fill(-1);
  if (sh) for (let e = 0; e < net.edgeCount; e++) if (sh.ofEdge[e] < 0) reverseOfShape[~sh.ofEdge[e]] = e;
  const pointLat = (e: number, i: number) => (i === 0 ? nodeLat[tail[e]] : i > shapePointCount(net, e) ? nodeLat[edgeTarget[e]] : sh!.lat[shapePoint(net, e, i - 1)]);
  const pointLon = (e: number, i: number) => (i === 0 ? nodeLon[tail[e]] : i > shapePointCount(net, e) ? nodeLon[edgeTarget[e]] : sh!.lon[shapePoint(net, e, i - 1)]);
  const { index, pieceEdge, pieceIndex, reach, pieces } = storedIndex(net, arrays) ?? buildIndex(net, tail);

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
