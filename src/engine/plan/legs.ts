// Snap every section's ends onto the network and route each section.
import { haversineM } from "../geo";
import { pathFromEdges } from "../network/route";
import { edgeLine, edgeLineElevations, edgeTail, shapePointCount } from "../network/shape";
import type { RoadNetwork, RoutePath, SnappedPoint } from "../network/types";
import { MAX_SNAP_DISTANCE_M } from "./rules";
import type { Leg, LegRoad, PlanData, PlanSection, RoutedLegs } from "./types";

export type { Leg, LegRoad, RoutedLegs } from "./types";

export class PlanInputError extends Error {}

/** A leg's road without the section it serves (kept for other plans of the same ends), and a road given its section. */
export const roadOf = ({ section: _, index: __, ...road }: Leg): LegRoad => road;
export const legOn = (road: LegRoad, section: PlanSection, index: number): Leg => ({ section, index, ...road });

/**
 * Road kept at most in a store of routed legs (PlanData.routedLegs), km. A leg, its alternatives (route
 * choice) and their corridor stations stay with it: measured 0.3 kB a km of road on the bundled Europe
 * network, 2.2 kB on an OpenStreetMap one (every shape point), so at most about 180 MB there with three
 * alternatives each. A fleet's day of 50 tours of 400 km fits; past it the rest is routed per plan, as
 * without a store.
 */
export const MAX_ROUTED_LEGS_KM = 20_000;

/** An empty store of routed legs (PlanData.routedLegs). */
export const routedLegsStore = (): RoutedLegs => ({ legs: new Map(), km: 0 });

export function routeLegs(data: PlanData, sections: PlanSection[]): Leg[] {
  const store = data.routedLegs;
  return sections.map((section, index) => {
    const key = `${section.start[0]},${section.start[1]};${section.stop[0]},${section.stop[1]}`;
    const known = store?.legs.get(key);
    if (known) return legOn(known, section, index);
    const leg = routeLeg(data, section, index);
    const km = leg.path.lengthM / 1000;
    if (store && store.km + km <= MAX_ROUTED_LEGS_KM) {
      store.legs.set(key, roadOf(leg));
      store.km += km;
    }
    return leg;
  });
}

function routeLeg(data: PlanData, section: PlanSection, index: number): Leg {
  const from = data.snapper.snap(section.start[0], section.start[1]);
  const to = data.snapper.snap(section.stop[0], section.stop[1]);
  for (const p of [from, to]) {
    if (p.distanceM > MAX_SNAP_DISTANCE_M) {
      throw new PlanInputError(`section ${index}: a point lies ${(p.distanceM / 1000).toFixed(1)} km from the nearest road`);
    }
  }
  const best = fastestEnds(data, from, to);
  const direct = directOnRoad(data.network, from, to, best ? best.cost : Infinity);
  if (direct) return { section, index, from, to, ...direct };
  if (!best) throw new PlanInputError(`section ${index}: no road connects its start and stop`);
  return { section, index, from: best.from, to: best.to, ...extendToSnappedPoints(data.network, best.path, best.from, best.to) };
}

/**
 * The same leg (same snapped points) driven along another path between its end nodes. A path
 * that first drives back over the snapped road past the point (or drives on past it at the end)
 * leaves from (arrives at) that road's other end instead: no U-turn at the points.
 */
export function legAlong(net: RoadNetwork, leg: Leg, path: RoutePath): Leg {
  if (path.nodes[0] !== leg.from.departNode || path.nodes[path.nodes.length - 1] !== leg.to.arriveNode) {
    throw new Error("legAlong: the path does not join the leg's end nodes");
  }
  let from = leg.from, to = leg.to, edges = path.edges;
  // The snapped road's edge leaving `node`, and the one reaching it (two-way roads only).
  const leaving = (p: SnappedPoint, node: number) => (p.reverseEdge < 0 ? -1 : net.edgeTarget[p.edge] === node ? p.reverseEdge : p.edge);
  const reaching = (p: SnappedPoint, node: number) => (p.reverseEdge < 0 ? -1 : net.edgeTarget[p.edge] === node ? p.edge : p.reverseEdge);
  if (edges.length > 1 && edges[0] === leaving(from, from.departNode)) {
    from = { ...from, departNode: net.edgeTarget[edges[0]] };
    edges = edges.slice(1);
  }
  const before = edges.length > 1 ? net.edgeTarget[edges[edges.length - 2]] : -1;
  if (before >= 0 && edges[edges.length - 1] === reaching(to, to.arriveNode)) {
    to = { ...to, arriveNode: before };
    edges = edges.slice(0, -1);
  }
  const trimmed = edges === path.edges ? path : pathFromEdges(net, from.departNode, edges);
  return { section: leg.section, index: leg.index, from, to, ...extendToSnappedPoints(net, trimmed, from, to) };
}

/**
 * On a two-way road the truck may leave a snapped point towards either end
 * (and reach one from either): of the up to four routes, the fastest with
 * the pieces to the points counted, so it never drives back to the nearer
 * node only to turn.
 */
function fastestEnds(data: PlanData, from: SnappedPoint, to: SnappedPoint) {
  const net = data.network;
  let best: { from: SnappedPoint; to: SnappedPoint; path: RoutePath; cost: number } | null = null;
  for (const d of endNodes(net, from, from.departNode)) {
    for (const a of endNodes(net, to, to.arriveNode)) {
      const path = data.router.route(d, a);
      if (!path) continue;
      const f = { ...from, departNode: d }, t = { ...to, arriveNode: a };
      const cost = pieceSeconds(net, departEdge(net, f), pieceM(net, f, d)) + path.timeS + pieceSeconds(net, arriveEdge(net, t), pieceM(net, t, a));
      if (!best || cost < best.cost - 1e-9) best = { from: f, to: t, path, cost };
    }
  }
  return best;
}

/** Both ends of a two-way road; on a one-way road only the given node (with the traffic). */
const endNodes = (net: RoadNetwork, p: SnappedPoint, oneWay: number) =>
  p.reverseEdge >= 0 ? [...new Set([net.edgeTarget[p.reverseEdge], net.edgeTarget[p.edge]])] : [oneWay];
/** The edge the piece from a snapped point to its depart node lies on, in the driven direction. */
const departEdge = (net: RoadNetwork, p: SnappedPoint) => (p.departNode === net.edgeTarget[p.edge] ? p.edge : p.reverseEdge);
/** The edge the piece from the arrive node to a snapped point lies on, in the driven direction. */
const arriveEdge = (net: RoadNetwork, p: SnappedPoint) => (p.arriveNode === net.edgeTarget[p.edge] ? p.reverseEdge : p.edge);
/** Seconds to drive m metres of edge e at its speed. */
const pieceSeconds = (net: RoadNetwork, e: number, m: number) =>
  e >= 0 && net.edgeLengthM[e] > 0 ? (m / net.edgeLengthM[e]) * net.edgeTimeS[e] : m / FALLBACK_SPEED_MS;
/** Metres of the snapped road between a snapped point and one of that road's ends. */
export const pieceM = (net: RoadNetwork, p: SnappedPoint, end: number) =>
  (end === net.edgeTarget[p.edge] ? Math.max(0, net.edgeLengthM[p.edge] - p.alongM) : p.alongM);

/**
 * Indices into the snapped road's line (edgeLine of p.edge) of its points strictly between the
 * snapped point and the road's head (towardsHead) or tail, in order from the point outwards.
 */
function pieceIndices(line: [number, number][], p: SnappedPoint, towardsHead: boolean): number[] {
  const last = line.length - 1, out: number[] = [];
  // The point lies between line[piece] and line[piece + 1]; a shape point it falls on is the point itself.
  const at = (i: number) => haversineM(line[i][0], line[i][1], p.lat, p.lon) < 0.01;
  if (towardsHead) for (let i = p.piece + 1; i < last; i++) { if (!(i === p.piece + 1 && at(i))) out.push(i); }
  else for (let i = p.piece; i > 0; i--) { if (!(i === p.piece && at(i))) out.push(i); }
  return out;
}

/**
 * The snapped points lie on an edge next to the end nodes; the piece between point and node is part
 * of that edge, along its shape, driven at its speed (on the reverse edge where the truck drives it
 * against a->b). Every edge of the path is laid out along its shape: one segment per straight piece.
 */
function extendToSnappedPoints(
  net: RoadNetwork, path: RoutePath, from: SnappedPoint, to: SnappedPoint,
): LegLayout {
  const out = legLine(net);
  const headEdge = departEdge(net, from), tailEdge = arriveEdge(net, to);
  const headM = pieceM(net, from, from.departNode), tailM = pieceM(net, to, to.arriveNode);
  const start = path.nodes[0];
  const nodeZ = (v: number) => (net.nodeElevationM ? net.nodeElevationM[v] : NaN);
  if (headM > 1) {
    const line = snappedLine(net, from), z = snappedZ(net, from), idx = pieceIndices(line, from, headEdge === from.edge);
    out.push([from.lat, from.lon], -1, idx.length ? z[idx[0]] : nodeZ(start));
    out.run([...idx.map((i) => line[i]), [net.nodeLat[start], net.nodeLon[start]]], [...idx.map((i) => z[i]), nodeZ(start)], headM, headEdge, -1, start);
  } else {
    out.push([net.nodeLat[start], net.nodeLon[start]], start, nodeZ(start));
  }
  path.edges.forEach((e, i) => {
    out.run(edgeLine(net, e, path.nodes[i]).slice(1), edgeLineElevations(net, e, path.nodes[i]).slice(1), net.edgeLengthM[e], e, e, path.nodes[i + 1]);
  });
  if (tailM > 1) {
    const line = snappedLine(net, to), z = snappedZ(net, to), idx = pieceIndices(line, to, tailEdge !== to.edge).reverse();
    out.run([...idx.map((i) => line[i]), [to.lat, to.lon]], [...idx.map((i) => z[i]), idx.length ? z[idx[idx.length - 1]] : out.lastElevation()], tailM, tailEdge, -1, -1);
  }
  return out.done(path.nodes, path.edges);
}

/**
 * Both points on one road with the stop ahead of the start in a direction the road may be driven:
 * that drive (no node between), when it is faster than `bestS`; else null.
 */
function directOnRoad(net: RoadNetwork, from: SnappedPoint, to: SnappedPoint, bestS: number): LegLayout | null {
  for (const e of [from.edge, from.reverseEdge]) {
    if (e < 0) continue;
    const len = net.edgeLengthM[e], k = shapePointCount(net, e);
    // Metres along e and the index of the piece of e's line, of a point snapped to e or to its reverse.
    const on = (p: SnappedPoint) => (p.edge === e ? { m: p.alongM, piece: p.piece } : p.reverseEdge === e ? { m: len - p.alongM, piece: k - p.piece } : null);
    const a = on(from), b = on(to);
    if (!a || !b || b.m < a.m) continue;
    const seconds = pieceSeconds(net, e, b.m - a.m);
    if (seconds >= bestS) continue;
    const line = edgeLine(net, e, edgeTail(net, e)), z = edgeLineElevations(net, e, edgeTail(net, e));
    const idx: number[] = [];
    for (let i = a.piece + 1; i <= b.piece; i++) {
      if (haversineM(...line[i], from.lat, from.lon) >= 0.01 && haversineM(...line[i], to.lat, to.lon) >= 0.01) idx.push(i);
    }
    const out = legLine(net);
    out.push([from.lat, from.lon], -1, z[a.piece]);
    out.run([...idx.map((i) => line[i]), [to.lat, to.lon]], [...idx.map((i) => z[i]), z[Math.min(b.piece + 1, line.length - 1)]], b.m - a.m, e, e, -1);
    return out.done([], []);
  }
  return null;
}

type LegLayout = Pick<Leg, "path" | "segmentEdge" | "segmentOn" | "segmentShare" | "coordNode" | "coordElevationM">;

const snappedLine = (net: RoadNetwork, p: SnappedPoint) => edgeLine(net, p.edge, edgeTail(net, p.edge));
const snappedZ = (net: RoadNetwork, p: SnappedPoint) => edgeLineElevations(net, p.edge, edgeTail(net, p.edge));

/** A leg's coordinates as they are laid out: per point its distance, time, node and elevation; per segment its edge. */
function legLine(net: RoadNetwork) {
  const coords: [number, number][] = [];
  const dist: number[] = [], time: number[] = [], node: number[] = [], elev: number[] = [];
  const on: number[] = [], share: number[] = [], segEdge: number[] = [];
  const push = (c: [number, number], n: number, z: number, d = 0, t = 0) => {
    coords.push(c); dist.push(d); time.push(t); node.push(n); elev.push(z);
  };
  /**
   * Lays out `points` after the last point pushed as `lengthM` metres of edge e (-1: none), each piece's
   * share by its straight length; the last point gets the remainder, so the run adds up exactly.
   */
  const run = (points: [number, number][], z: number[], lengthM: number, e: number, edgeOfSegment: number, endNode: number) => {
    const d0 = dist[dist.length - 1], t0 = time[time.length - 1];
    const straight: number[] = [];
    let total = 0;
    for (let i = 0; i < points.length; i++) {
      const a = i === 0 ? coords[coords.length - 1] : points[i - 1];
      straight.push(haversineM(a[0], a[1], points[i][0], points[i][1]));
      total += straight[i];
    }
    const seconds = pieceSeconds(net, e, lengthM), edgeM = e >= 0 ? net.edgeLengthM[e] : 0;
    let done = 0;
    for (let i = 0; i < points.length; i++) {
      const last = i === points.length - 1;
      const m = last ? lengthM - done : total > 0 ? (lengthM * straight[i]) / total : 0;
      on.push(e); share.push(edgeM > 0 ? Math.min(1, m / edgeM) : 0); segEdge.push(edgeOfSegment);
      done += m;
      const t = last ? t0 + seconds : t0 + (lengthM > 0 ? (seconds * done) / lengthM : 0);
      push(points[i], last ? endNode : -1, z[i], last ? d0 + lengthM : d0 + done, t);
    }
  };
  const done = (nodes: number[], edges: number[]): LegLayout => {
    const n = coords.length;
    return {
      path: { nodes, edges, coords, cumDistM: Float64Array.from(dist), cumTimeS: Float64Array.from(time), lengthM: dist[n - 1], timeS: time[n - 1] },
      segmentEdge: Int32Array.from(segEdge),
      segmentOn: Int32Array.from(on),
      segmentShare: Float64Array.from(share),
      coordNode: Int32Array.from(node),
      coordElevationM: Float64Array.from(elev),
    };
  };
  return { push, run, done, lastElevation: () => elev[elev.length - 1] };
}

const FALLBACK_SPEED_MS = 50 / 3.6;
