// Snap every section's ends onto the network and route each section.
import { haversineM } from "../geo";
import { pathFromEdges } from "../network/route";
import type { RoadNetwork, RoutePath, SnappedPoint } from "../network/types";
import { MAX_SNAP_DISTANCE_M } from "./rules";
import type { PlanData, PlanSection } from "./types";

export interface Leg {
  section: PlanSection;
  index: number;
  path: RoutePath;
  /** Network edge of each path segment coords[i]..coords[i+1]; -1 for the pieces to the snapped points. */
  segmentEdge: Int32Array;
  /**
   * The edge each segment lies on, pieces included, and the share of that
   * edge's length it covers (1 for whole edges): energy and climb per piece.
   */
  segmentOn: Int32Array;
  segmentShare: Float64Array;
  /** Network node at each path coordinate; -1 at the snapped end points. */
  coordNode: Int32Array;
  from: SnappedPoint;
  to: SnappedPoint;
}

export class PlanInputError extends Error {}

export function routeLegs(data: PlanData, sections: PlanSection[]): Leg[] {
  return sections.map((section, index) => {
    const from = data.snapper.snap(section.start[0], section.start[1]);
    const to = data.snapper.snap(section.stop[0], section.stop[1]);
    for (const p of [from, to]) {
      if (p.distanceM > MAX_SNAP_DISTANCE_M) {
        throw new PlanInputError(`section ${index}: a point lies ${(p.distanceM / 1000).toFixed(1)} km from the nearest road`);
      }
    }
    const best = fastestEnds(data, from, to);
    if (!best) throw new PlanInputError(`section ${index}: no road connects its start and stop`);
    return { section, index, from: best.from, to: best.to, ...extendToSnappedPoints(data.network, best.path, best.from, best.to) };
  });
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
  const other = (p: SnappedPoint, node: number) => (p.reverseEdge < 0 ? -1 : net.edgeTarget[p.edge] === node ? net.edgeTarget[p.reverseEdge] : net.edgeTarget[p.edge]);
  if (edges.length > 1 && net.edgeTarget[edges[0]] === other(from, from.departNode)) {
    from = { ...from, departNode: net.edgeTarget[edges[0]] };
    edges = edges.slice(1);
  }
  const before = edges.length > 1 ? net.edgeTarget[edges[edges.length - 2]] : -1;
  if (before >= 0 && before === other(to, to.arriveNode)) {
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
  const pieceS = (p: SnappedPoint, node: number, e: number) => pieceSeconds(net, e, haversineM(p.lat, p.lon, net.nodeLat[node], net.nodeLon[node]));
  let best: { from: SnappedPoint; to: SnappedPoint; path: RoutePath; cost: number } | null = null;
  for (const d of endNodes(net, from, from.departNode)) {
    for (const a of endNodes(net, to, to.arriveNode)) {
      const path = data.router.route(d, a);
      if (!path) continue;
      const f = { ...from, departNode: d }, t = { ...to, arriveNode: a };
      const cost = pieceS(f, d, departEdge(net, f)) + path.timeS + pieceS(t, a, arriveEdge(net, t));
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

/**
 * The snapped points lie on an edge next to the end nodes; edges are straight,
 * so the piece between point and node is part of that edge, driven at its
 * speed (on the reverse edge where the truck drives it against a->b).
 */
function extendToSnappedPoints(
  net: RoadNetwork, path: RoutePath, from: SnappedPoint, to: SnappedPoint,
): Pick<Leg, "path" | "segmentEdge" | "segmentOn" | "segmentShare" | "coordNode"> {
  const coords: [number, number][] = [];
  const dist: number[] = [];
  const time: number[] = [];
  const on: number[] = [], share: number[] = [];
  const headEdge = departEdge(net, from);
  const tailEdge = arriveEdge(net, to);
  const head = haversineM(from.lat, from.lon, path.coords[0][0], path.coords[0][1]);
  if (head > 1) {
    coords.push([from.lat, from.lon]);
    dist.push(0);
    time.push(0);
    on.push(headEdge);
    share.push(headEdge >= 0 ? Math.min(1, head / net.edgeLengthM[headEdge]) : 0);
  }
  const offD = head > 1 ? head : 0;
  const offT = head > 1 ? pieceSeconds(net, headEdge, head) : 0;
  path.coords.forEach((c, i) => {
    coords.push(c);
    dist.push(path.cumDistM[i] + offD);
    time.push(path.cumTimeS[i] + offT);
  });
  for (const e of path.edges) {
    on.push(e);
    share.push(1);
  }
  const last = path.coords[path.coords.length - 1];
  const tail = haversineM(last[0], last[1], to.lat, to.lon);
  if (tail > 1) {
    coords.push([to.lat, to.lon]);
    dist.push(dist[dist.length - 1] + tail);
    time.push(time[time.length - 1] + pieceSeconds(net, tailEdge, tail));
    on.push(tailEdge);
    share.push(tailEdge >= 0 ? Math.min(1, tail / net.edgeLengthM[tailEdge]) : 0);
  }
  const segmentEdge = Int32Array.from([...(head > 1 ? [-1] : []), ...path.edges, ...(tail > 1 ? [-1] : [])]);
  return {
    path: {
      nodes: path.nodes,
      edges: path.edges,
      coords,
      cumDistM: Float64Array.from(dist),
      cumTimeS: Float64Array.from(time),
      lengthM: dist[dist.length - 1],
      timeS: time[time.length - 1],
    },
    segmentEdge,
    segmentOn: Int32Array.from(on),
    segmentShare: Float64Array.from(share),
    coordNode: Int32Array.from([...(head > 1 ? [-1] : []), ...path.nodes, ...(tail > 1 ? [-1] : [])]),
  };
}

const FALLBACK_SPEED_MS = 50 / 3.6;
