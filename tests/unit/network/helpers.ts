// Test oracles and fixtures, written independently of the engine's search code.
import { haversineM } from "@/engine/geo";
import type { RoadNetwork } from "@/engine/network/types";
import { mulberry32 as rng } from "../../support/seeded";

/** Deterministic PRNG (mulberry32) so failures reproduce. */
export { rng };

export function networkFromEdges(
  lat: number[], lon: number[], edges: { from: number; to: number; lengthM: number; timeS: number; cls?: number }[],
): RoadNetwork {
  const n = lat.length;
  const sorted = [...edges].sort((a, b) => a.from - b.from);
  const firstEdge = new Uint32Array(n + 1);
  for (const e of sorted) firstEdge[e.from + 1]++;
  for (let i = 0; i < n; i++) firstEdge[i + 1] += firstEdge[i];
  return {
    id: "synthetic", version: "0", nodeCount: n, edgeCount: sorted.length,
    nodeLat: Float64Array.from(lat), nodeLon: Float64Array.from(lon), firstEdge,
    edgeTarget: Uint32Array.from(sorted.map((e) => e.to)),
    edgeLengthM: Float32Array.from(sorted.map((e) => e.lengthM)),
    edgeTimeS: Float32Array.from(sorted.map((e) => e.timeS)),
    edgeClass: Uint8Array.from(sorted.map((e) => e.cls ?? 0)),
  };
}

/** Random directed graph on ~100 km square; lengths >= straight line, speeds 30..80 km/h. */
export function syntheticNetwork(seed: number, n = 60, extraEdges = 150): RoadNetwork {
  const r = rng(seed);
  const lat = Array.from({ length: n }, () => 50 + r());
  const lon = Array.from({ length: n }, () => 9 + 1.5 * r());
  const edges: { from: number; to: number; lengthM: number; timeS: number }[] = [];
  const add = (a: number, b: number) => {
    if (a === b) return;
    const lengthM = haversineM(lat[a], lon[a], lat[b], lon[b]) * (1 + r());
    edges.push({ from: a, to: b, lengthM, timeS: lengthM / ((30 + 50 * r()) / 3.6) });
  };
  for (let i = 1; i < n - 2; i++) { const j = Math.floor(r() * i); add(i, j); if (r() < 0.7) add(j, i); }
  for (let k = 0; k < extraEdges; k++) add(Math.floor(r() * (n - 2)), Math.floor(r() * (n - 2)));
  // n-2 is reachable only one-way, n-1 is isolated.
  add(0, n - 2);
  return networkFromEdges(lat, lon, edges);
}

export function bellmanFord(net: RoadNetwork, src: number): Float64Array {
  const d = new Float64Array(net.nodeCount).fill(Infinity);
  d[src] = 0;
  for (let it = 0; it < net.nodeCount; it++) {
    let changed = false;
    for (let u = 0; u < net.nodeCount; u++) {
      if (d[u] === Infinity) continue;
      for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
        const v = net.edgeTarget[e];
        if (d[u] + net.edgeTimeS[e] < d[v]) { d[v] = d[u] + net.edgeTimeS[e]; changed = true; }
      }
    }
    if (!changed) break;
  }
  return d;
}

/** Plain Dijkstra with its own binary heap; returns the time to every node. */
export function dijkstra(net: RoadNetwork, src: number): Float64Array {
  const d = new Float64Array(net.nodeCount).fill(Infinity);
  const heap: [number, number][] = [];
  const push = (x: [number, number]) => {
    heap.push(x);
    for (let i = heap.length - 1; i > 0;) {
      const p = (i - 1) >> 1;
      if (heap[p][0] <= heap[i][0]) break;
      [heap[p], heap[i]] = [heap[i], heap[p]]; i = p;
    }
  };
  const pop = (): [number, number] => {
    const top = heap[0], last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < heap.length && heap[l][0] < heap[m][0]) m = l;
        if (r < heap.length && heap[r][0] < heap[m][0]) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i], heap[m]]; i = m;
      }
    }
    return top;
  };
  d[src] = 0;
  push([0, src]);
  while (heap.length) {
    const [du, u] = pop();
    if (du > d[u]) continue;
    for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
      const v = net.edgeTarget[e], dv = du + net.edgeTimeS[e];
      if (dv < d[v]) { d[v] = dv; push([dv, v]); }
    }
  }
  return d;
}

/** Index of the edge u->v, or -1. */
export function findEdge(net: RoadNetwork, u: number, v: number): number {
  for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) if (net.edgeTarget[e] === v) return e;
  return -1;
}
