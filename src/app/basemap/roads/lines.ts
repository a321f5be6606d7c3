// The road network pack as map lines: every undirected edge once, runs of
// edges through nodes of degree 2 (same road class) merged into one line,
// one MultiLineString per road class.
import { edgeLine } from "@/engine/network/shape";
import { ROAD_CLASSES, type RoadClass, type RoadNetwork } from "@/engine/network/types";

export interface RoadFeature {
  type: "Feature";
  properties: { class: RoadClass; lines: number };
  geometry: { type: "MultiLineString"; coordinates: number[][][] };
}

export interface RoadCollection {
  type: "FeatureCollection";
  /** Network pack id and version the lines were drawn from. */
  network: { id: string; version: string; attribution: string | null };
  features: RoadFeature[];
}

/** Coordinates are rounded to 1e-4 degrees (about 11 m): plenty for a basemap. */
const round = (v: number) => Math.round(v * 1e4) / 1e4;

export function roadLines(net: RoadNetwork): RoadCollection {
  const { nodeCount, firstEdge, edgeTarget, edgeClass } = net;

  // 1. Undirected edges: u->v once, whether or not the pack also holds v->u (a shaped road once, on
  // the edge that runs its shape forwards; two roads between the same junctions are two lines).
  const shapeOf = (e: number) => net.shapes?.ofEdge[e] ?? 0;
  const hasStraightEdge = (from: number, to: number) => {
    for (let e = firstEdge[from]; e < firstEdge[from + 1]; e++) if (edgeTarget[e] === to && shapeOf(e) === 0) return true;
    return false;
  };
  const ua: number[] = [];
  const ub: number[] = [];
  const uc: number[] = [];
  const ue: number[] = [];
  for (let u = 0; u < nodeCount; u++) {
    for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) {
      const v = edgeTarget[e];
      if (v === u) continue;
      if (shapeOf(e) > 0 || (shapeOf(e) === 0 && (u < v || !hasStraightEdge(v, u)))) {
        ua.push(u);
        ub.push(v);
        uc.push(edgeClass[e]);
        ue.push(e);
      }
    }
  }
  const m = ua.length;

  // 2. Undirected adjacency (CSR of edge ids).
  const degree = new Uint32Array(nodeCount);
  for (let i = 0; i < m; i++) {
    degree[ua[i]]++;
    degree[ub[i]]++;
  }
  const start = new Uint32Array(nodeCount + 1);
  for (let n = 0; n < nodeCount; n++) start[n + 1] = start[n] + degree[n];
  const fill = start.slice(0, nodeCount);
  const adj = new Uint32Array(2 * m);
  for (let i = 0; i < m; i++) {
    adj[fill[ua[i]]++] = i;
    adj[fill[ub[i]]++] = i;
  }
  const other = (edge: number, node: number) => (ua[edge] === node ? ub[edge] : ua[edge]);
  /** A node a line passes through: two edges of the same class. */
  const passThrough = (n: number) => degree[n] === 2 && uc[adj[start[n]]] === uc[adj[start[n] + 1]];

  // 3. Walk chains from every node a line must end at, then the remaining cycles.
  const used = new Uint8Array(m);
  const byClass: number[][][][] = ROAD_CLASSES.map(() => []);
  const point = (n: number) => [round(net.nodeLon[n]), round(net.nodeLat[n])];
  const add = (line: number[][], p: number[]) => {
    const last = line[line.length - 1];
    if (p[0] !== last[0] || p[1] !== last[1]) line.push(p);
  };
  const walk = (from: number, firstEdgeId: number) => {
    const line = [point(from)];
    let node = from;
    let edge = firstEdgeId;
    for (;;) {
      used[edge] = 1;
      // The road's shape between its ends, in the direction walked.
      const shape = edgeLine(net, ue[edge], ua[edge]).slice(1, -1);
      if (node !== ua[edge]) shape.reverse();
      for (const [lat, lon] of shape) add(line, [round(lon), round(lat)]);
      node = other(edge, node);
      add(line, point(node));
      if (!passThrough(node)) break;
      const a = adj[start[node]];
      const next = a === edge ? adj[start[node] + 1] : a;
      if (used[next]) break;
      edge = next;
    }
    if (line.length === 1) line.push(line[0]);
    byClass[uc[firstEdgeId]].push(line);
  };
  for (let n = 0; n < nodeCount; n++) {
    if (passThrough(n)) continue;
    for (let k = start[n]; k < start[n + 1]; k++) if (!used[adj[k]]) walk(n, adj[k]);
  }
  for (let i = 0; i < m; i++) if (!used[i]) walk(ua[i], i);

  return {
    type: "FeatureCollection",
    network: { id: net.id, version: net.version, attribution: net.attribution ?? null },
    features: ROAD_CLASSES.map((cls, i) => ({
      type: "Feature" as const,
      properties: { class: cls, lines: byClass[i].length },
      geometry: { type: "MultiLineString" as const, coordinates: byClass[i] },
    })).filter((f) => f.properties.lines > 0),
  };
}
