// What bench:route and bench:import share to time shortest-path queries: a
// seeded random source for node pairs, a baseline Dijkstra and a timer.
import FlatQueue from "flatqueue";
import type { RoadNetwork } from "../src/engine/network/types";

export function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Baseline Dijkstra that stops at the target, with the same array reuse as the CH query, so only the algorithm differs. */
export function createDijkstra(net: RoadNetwork) {
  const n = net.nodeCount, { firstEdge, edgeTarget, edgeTimeS } = net;
  const dist = new Float64Array(n), seen = new Uint32Array(n);
  const q = new FlatQueue<number>();
  let gen = 0;
  return (s: number, t: number): number => {
    gen++;
    q.clear();
    dist[s] = 0; seen[s] = gen; q.push(s, 0);
    while (q.length > 0) {
      const d = q.peekValue()!, u = q.pop()!;
      if (d > dist[u]) continue;
      if (u === t) return d;
      for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) {
        const v = edgeTarget[e], dv = d + edgeTimeS[e];
        if (seen[v] !== gen || dv < dist[v]) { seen[v] = gen; dist[v] = dv; q.push(v, dv); }
      }
    }
    return Infinity;
  };
}

/** Times `f` on each pair, one query at a time, after `warmup` untimed queries. */
export function timeQueries<T>(pairs: [number, number][], f: (s: number, t: number) => T, warmup: number): { ms: number[]; out: T[] } {
  for (let k = 0; k < warmup; k++) f(pairs[k % pairs.length][0], pairs[(k * 7) % pairs.length][1]);
  const ms: number[] = [], out: T[] = [];
  for (const [s, t] of pairs) {
    const t0 = performance.now();
    out.push(f(s, t));
    ms.push(performance.now() - t0);
  }
  return { ms, out };
}

/** Nearest-rank percentile. */
export const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
