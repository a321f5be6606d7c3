// Fastest path by truck travel time: A* with a straight-line / top-speed lower bound.
import FlatQueue from "flatqueue";
import { haversineM } from "../geo";
import type { RoadNetwork, RoutePath } from "./types";

const topSpeedCache = new WeakMap<RoadNetwork, number>();

/** Highest length/time of any edge (m/s), so haversine / topSpeed never overestimates. */
function topSpeedMps(net: RoadNetwork): number {
  let v = topSpeedCache.get(net);
  if (v === undefined) {
    v = 0;
    for (let e = 0; e < net.edgeCount; e++) {
      const s = net.edgeLengthM[e] / net.edgeTimeS[e];
      if (s > v) v = s; // NaN (0/0) is ignored; a zero-time edge gives Infinity, i.e. plain Dijkstra
    }
    v *= 1.001; // float32 rounding of stored lengths and times
    topSpeedCache.set(net, v);
  }
  return v;
}

export function shortestPath(net: RoadNetwork, fromNode: number, toNode: number): RoutePath | null {
  const n = net.nodeCount;
  if (!(fromNode >= 0 && fromNode < n && toNode >= 0 && toNode < n) || !Number.isInteger(fromNode) || !Number.isInteger(toNode)) {
    throw new RangeError(`shortestPath: node out of range (${fromNode}, ${toNode})`);
  }
  const { firstEdge, edgeTarget, edgeTimeS, nodeLat, nodeLon } = net;
  const invSpeed = 1 / topSpeedMps(net);
  const tLat = nodeLat[toNode], tLon = nodeLon[toNode];
  const h = (v: number) => haversineM(nodeLat[v], nodeLon[v], tLat, tLon) * invSpeed;

  const dist = new Float64Array(n).fill(Infinity);
  const prevEdge = new Int32Array(n).fill(-1);
  const prevNode = new Int32Array(n).fill(-1);
  const queue = new FlatQueue<number>();

  dist[fromNode] = 0;
  queue.push(fromNode, h(fromNode));
  let found = fromNode === toNode;
  while (!found && queue.length > 0) {
    const f = queue.peekValue()!;
    const u = queue.pop()!;
    const g = dist[u];
    if (f > g + h(u) + 1e-9) continue; // stale entry
    if (u === toNode) { found = true; break; }
    for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) {
      const v = edgeTarget[e];
      const gv = g + edgeTimeS[e];
      if (gv < dist[v]) {
        dist[v] = gv; prevEdge[v] = e; prevNode[v] = u;
        queue.push(v, gv + h(v));
      }
    }
  }
  if (!found) return null;

  const edges: number[] = [];
  for (let v = toNode; v !== fromNode; v = prevNode[v]) edges.push(prevEdge[v]);
  return pathFromEdges(net, fromNode, edges.reverse());
}

/** The RoutePath of an edge sequence starting at `fromNode` (shared by every search). */
export function pathFromEdges(net: RoadNetwork, fromNode: number, edges: number[]): RoutePath {
  const k = edges.length + 1;
  const nodes = new Array<number>(k);
  const coords: [number, number][] = new Array(k);
  const cumDistM = new Float64Array(k), cumTimeS = new Float64Array(k);
  nodes[0] = fromNode;
  coords[0] = [net.nodeLat[fromNode], net.nodeLon[fromNode]];
  for (let i = 1; i < k; i++) {
    const e = edges[i - 1];
    const v = net.edgeTarget[e];
    nodes[i] = v;
    coords[i] = [net.nodeLat[v], net.nodeLon[v]];
    cumDistM[i] = cumDistM[i - 1] + net.edgeLengthM[e];
    cumTimeS[i] = cumTimeS[i - 1] + net.edgeTimeS[e];
  }
  return { nodes, edges, coords, cumDistM, cumTimeS, lengthM: cumDistM[k - 1], timeS: cumTimeS[k - 1] };
}
