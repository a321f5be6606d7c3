// Test oracle: RoadWays joined at equal coordinates (1e-6 deg) into an
// undirected graph with haversine lengths, its components and Dijkstra.
import FlatQueue from "flatqueue";
import { haversineM } from "@/engine/geo";
import type { RoadWay } from "@/engine/network/ways";

export interface WayGraph {
  lat: number[];
  lon: number[];
  adj: { to: number; m: number }[][];
  comp: Int32Array;
}

export function wayGraph(ways: RoadWay[]): WayGraph {
  const id = new Map<string, number>(), lat: number[] = [], lon: number[] = [], adj: { to: number; m: number }[][] = [];
  const node = ([y, x]: [number, number]) => {
    const k = `${Math.round(y * 1e6)},${Math.round(x * 1e6)}`;
    let v = id.get(k);
    if (v === undefined) { v = lat.length; id.set(k, v); lat.push(y); lon.push(x); adj.push([]); }
    return v;
  };
  for (const w of ways) {
    let a = node(w.coords[0]);
    for (let i = 1; i < w.coords.length; i++) {
      const b = node(w.coords[i]);
      if (a !== b) {
        const m = haversineM(lat[a], lon[a], lat[b], lon[b]);
        adj[a].push({ to: b, m }); adj[b].push({ to: a, m });
      }
      a = b;
    }
  }
  const comp = new Int32Array(lat.length).fill(-1);
  for (let s = 0; s < lat.length; s++) {
    if (comp[s] >= 0) continue;
    const stack = [s];
    comp[s] = s;
    while (stack.length) for (const { to } of adj[stack.pop()!]) if (comp[to] < 0) { comp[to] = s; stack.push(to); }
  }
  return { lat, lon, adj, comp };
}

export function nearestNode(g: WayGraph, lat: number, lon: number): number {
  let best = Infinity, bi = -1;
  for (let i = 0; i < g.lat.length; i++) {
    const d = haversineM(lat, lon, g.lat[i], g.lon[i]);
    if (d < best) { best = d; bi = i; }
  }
  return bi;
}

/** Shortest distance in metres (Infinity when not connected). */
export function shortestM(g: WayGraph, from: number, to: number): number {
  const d = new Float64Array(g.lat.length).fill(Infinity);
  const q = new FlatQueue<number>();
  d[from] = 0;
  q.push(from, 0);
  while (q.length) {
    const du = q.peekValue()!, u = q.pop()!;
    if (u === to) return du;
    if (du > d[u]) continue;
    for (const { to: v, m } of g.adj[u]) if (du + m < d[v]) { d[v] = du + m; q.push(v, d[v]); }
  }
  return Infinity;
}
