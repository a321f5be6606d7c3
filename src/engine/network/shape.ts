// Reading an edge's geometry: its nodes, and between them the points of its shape where the graph
// has junctions only (network/junctions.ts), in the edge's direction.
import type { RoadNetwork } from "./types";

/** The tail node of every edge (the CSR stores edges by tail). */
export function edgeTails(net: Pick<RoadNetwork, "nodeCount" | "edgeCount" | "firstEdge">): Uint32Array {
  const tail = new Uint32Array(net.edgeCount);
  for (let u = 0; u < net.nodeCount; u++) tail.fill(u, net.firstEdge[u], net.firstEdge[u + 1]);
  return tail;
}

const tailsOf = new WeakMap<RoadNetwork, Uint32Array>();
/** edgeTails of a loaded network, computed once per network. */
export function cachedEdgeTails(net: RoadNetwork): Uint32Array {
  let t = tailsOf.get(net);
  if (!t) tailsOf.set(net, (t = edgeTails(net)));
  return t;
}

/** The node edge e leaves. */
export const edgeTail = (net: RoadNetwork, e: number) => cachedEdgeTails(net)[e];

/** How many points lie strictly between edge e's ends. */
export function shapePointCount(net: RoadNetwork, e: number): number {
  const sh = net.shapes;
  if (!sh) return 0;
  const s = sh.ofEdge[e], k = s < 0 ? ~s : s;
  return sh.first[k + 1] - sh.first[k];
}

/** Index into the shape arrays of edge e's i-th point between its ends (0 = next to its tail). */
export function shapePoint(net: RoadNetwork, e: number, i: number): number {
  const sh = net.shapes!;
  const s = sh.ofEdge[e];
  return s < 0 ? sh.first[~s + 1] - 1 - i : sh.first[s] + i;
}

/** Edge e as a line from its tail `from` to its head: [lat, lon] per point, both ends included. */
export function edgeLine(net: RoadNetwork, e: number, from: number): [number, number][] {
  const k = shapePointCount(net, e), to = net.edgeTarget[e];
  const line: [number, number][] = [[net.nodeLat[from], net.nodeLon[from]]];
  for (let i = 0; i < k; i++) {
    const j = shapePoint(net, e, i);
    line.push([net.shapes!.lat[j], net.shapes!.lon[j]]);
  }
  line.push([net.nodeLat[to], net.nodeLon[to]]);
  return line;
}

/** Ground elevation (m) along edge e's line (as edgeLine gives it, both ends included); NaN without terrain. */
export function edgeLineElevations(net: RoadNetwork, e: number, from: number): number[] {
  const k = shapePointCount(net, e), nz = net.nodeElevationM, z = net.shapes?.elevationM;
  const out = [nz ? nz[from] : NaN];
  for (let i = 0; i < k; i++) out.push(z ? z[shapePoint(net, e, i)] : NaN);
  out.push(nz ? nz[net.edgeTarget[e]] : NaN);
  return out;
}

/** The line of a path (its nodes and, between them, its edges' shapes): what a map draws of a route. */
export function pathLine(net: RoadNetwork, nodes: readonly number[], edges: readonly number[]): [number, number][] {
  const out: [number, number][] = nodes.length ? [[net.nodeLat[nodes[0]], net.nodeLon[nodes[0]]]] : [];
  edges.forEach((e, i) => {
    const line = edgeLine(net, e, nodes[i]);
    for (let j = 1; j < line.length; j++) out.push(line[j]);
  });
  return out;
}
