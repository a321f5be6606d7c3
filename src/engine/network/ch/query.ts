// Point-to-point queries on a contraction hierarchy: bidirectional Dijkstra over upward arcs
// with stall-on-demand, and on the core of a bounded hierarchy a bidirectional Dijkstra.
// One query object per request or worker; its arrays are reused.
import FlatQueue from "flatqueue";
import { NO_ARC, type ContractionHierarchy } from "./build";

export interface ChQuery {
  /** Fastest path as input edge ids in travel order, or null if target is unreachable. */
  route(source: number, target: number): { cost: number; edges: number[] } | null;
  /** Cost of the fastest path; Infinity if unreachable. */
  cost(source: number, target: number): number;
}

export function createChQuery(ch: ContractionHierarchy): ChQuery {
  const n = ch.nodeCount;
  const { rank, fwdFirstOut, fwdHead, fwdWeight, fwdHalf1, fwdHalf2, bwdFirstOut, bwdHead, bwdWeight, bwdHalf1, bwdHalf2 } = ch;
  const distF = new Float64Array(n), distB = new Float64Array(n);
  const seenF = new Uint32Array(n), seenB = new Uint32Array(n);
  // Arc that reached each node, and the node it came from.
  const arcF = new Uint32Array(n), arcB = new Uint32Array(n);
  const fromF = new Uint32Array(n), fromB = new Uint32Array(n);
  const qF = new FlatQueue<number>(), qB = new FlatQueue<number>();
  const stack: number[] = [];
  const coreStart = ch.coreStart ?? n, entriesF: number[] = [], entriesB: number[] = [];
  let gen = 0, meet = -1;

  function check(s: number, t: number): void {
    if (!(Number.isInteger(s) && Number.isInteger(t) && s >= 0 && t >= 0 && s < n && t < n)) {
      throw new RangeError(`CH query: node out of range (${s}, ${t})`);
    }
  }

  /** Leaves the meeting rank in `meet` (-1 if none). */
  function search(source: number, target: number): number {
    check(source, target);
    if (++gen === 0x100000000) { seenF.fill(0); seenB.fill(0); gen = 1; }
    const s = rank[source], t = rank[target];
    meet = s === t ? s : -1;
    if (s === t) return 0;
    if (coreStart < n) return coreSearch(s, t);
    qF.clear(); qB.clear();
    distF[s] = 0; seenF[s] = gen; qF.push(s, 0);
    distB[t] = 0; seenB[t] = gen; qB.push(t, 0);
    let best = Infinity;
    for (;;) {
      const f = qF.length > 0 ? qF.peekValue()! : Infinity;
      const b = qB.length > 0 ? qB.peekValue()! : Infinity;
      if (f >= best && b >= best) break; // also when both queues are empty
      if (f <= b) {
        const u = qF.pop()!;
        if (f > distF[u] || stalled(u, f, bwdFirstOut, bwdHead, bwdWeight, seenF, distF)) continue;
        for (let i = fwdFirstOut[u], end = fwdFirstOut[u + 1]; i < end; i++) {
          const v = fwdHead[i], dv = f + fwdWeight[i];
          if (seenF[v] === gen && dv >= distF[v]) continue;
          seenF[v] = gen; distF[v] = dv; arcF[v] = i; fromF[v] = u;
          qF.push(v, dv);
          if (seenB[v] === gen && dv + distB[v] < best) { best = dv + distB[v]; meet = v; }
        }
      } else {
        const u = qB.pop()!;
        if (b > distB[u] || stalled(u, b, fwdFirstOut, fwdHead, fwdWeight, seenB, distB)) continue;
        for (let i = bwdFirstOut[u], end = bwdFirstOut[u + 1]; i < end; i++) {
          const v = bwdHead[i], dv = b + bwdWeight[i];
          if (seenB[v] === gen && dv >= distB[v]) continue;
          seenB[v] = gen; distB[v] = dv; arcB[v] = i; fromB[v] = u;
          qB.push(v, dv);
          if (seenF[v] === gen && dv + distF[v] < best) { best = dv + distF[v]; meet = v; }
        }
      }
    }
    return best;
  }

  /**
   * On a hierarchy with a core: each side first searches upward below the core to the end (its
   * labels at the core's entry nodes are then final), then one bidirectional Dijkstra runs on the
   * core from those labels, stopping when the two queues' minima add up to the best meeting.
   */
  function coreSearch(s: number, t: number): number {
    let best = Infinity;
    qF.clear(); qB.clear();
    distF[s] = 0; seenF[s] = gen; distB[t] = 0; seenB[t] = gen;
    entriesF.length = 0; entriesB.length = 0;
    const upward = (fwd: boolean) => {
      const q = fwd ? qF : qB, dist = fwd ? distF : distB, seen = fwd ? seenF : seenB, otherSeen = fwd ? seenB : seenF, other = fwd ? distB : distF;
      const first = fwd ? fwdFirstOut : bwdFirstOut, hd = fwd ? fwdHead : bwdHead, wt = fwd ? fwdWeight : bwdWeight;
      const arc = fwd ? arcF : arcB, from = fwd ? fromF : fromB, entries = fwd ? entriesF : entriesB;
      const start = fwd ? s : t;
      q.push(start, 0);
      if (start >= coreStart) entries.push(start);
      while (q.length > 0) {
        const d = q.peekValue()!, u = q.pop()!;
        if (d > dist[u] || u >= coreStart) continue;
        if (fwd ? stalled(u, d, bwdFirstOut, bwdHead, bwdWeight, seenF, distF) : stalled(u, d, fwdFirstOut, fwdHead, fwdWeight, seenB, distB)) continue;
        for (let i = first[u], end = first[u + 1]; i < end; i++) {
          const v = hd[i], dv = d + wt[i];
          if (seen[v] === gen && dv >= dist[v]) continue;
          if (seen[v] !== gen && v >= coreStart) entries.push(v);
          seen[v] = gen; dist[v] = dv; arc[v] = i; from[v] = u;
          q.push(v, dv);
          if (otherSeen[v] === gen && dv + other[v] < best) { best = dv + other[v]; meet = v; }
        }
      }
    };
    upward(true);
    upward(false);
    for (const v of entriesF) qF.push(v, distF[v]);
    for (const v of entriesB) qB.push(v, distB[v]);
    for (;;) {
      const f = qF.length > 0 ? qF.peekValue()! : Infinity;
      const b = qB.length > 0 ? qB.peekValue()! : Infinity;
      if (f + b >= best || (f === Infinity && b === Infinity)) break;
      const fwd = f <= b;
      const q = fwd ? qF : qB, dist = fwd ? distF : distB, seen = fwd ? seenF : seenB, otherSeen = fwd ? seenB : seenF, other = fwd ? distB : distF;
      const first = fwd ? fwdFirstOut : bwdFirstOut, hd = fwd ? fwdHead : bwdHead, wt = fwd ? fwdWeight : bwdWeight;
      const arc = fwd ? arcF : arcB, from = fwd ? fromF : fromB;
      const d = fwd ? f : b, u = q.pop()!;
      if (d > dist[u]) continue;
      // Core nodes' arcs in this direction all lead to core nodes.
      for (let i = first[u], end = first[u + 1]; i < end; i++) {
        const v = hd[i], dv = d + wt[i];
        if (seen[v] === gen && dv >= dist[v]) continue;
        seen[v] = gen; dist[v] = dv; arc[v] = i; from[v] = u;
        q.push(v, dv);
        if (otherSeen[v] === gen && dv + other[v] < best) { best = dv + other[v]; meet = v; }
      }
    }
    return best;
  }

  /** Stall-on-demand: u is reached more cheaply from a higher node, so its arcs can wait. */
  function stalled(u: number, d: number, first: Uint32Array, hd: Uint32Array, wt: Float64Array, seen: Uint32Array, dist: Float64Array): boolean {
    for (let i = first[u], end = first[u + 1]; i < end; i++) {
      const x = hd[i];
      if (seen[x] === gen && dist[x] + wt[i] < d) return true;
    }
    return false;
  }

  /** Appends the input edges of an arc (>= 0 forward, ~i backward), in travel order or reversed. */
  function unpack(arc: number, edges: number[], reversed: boolean): void {
    stack.push(arc);
    while (stack.length > 0) {
      const a = stack.pop()!;
      const fwd = a >= 0, i = fwd ? a : ~a;
      const h1 = fwd ? fwdHalf1[i] : bwdHalf1[i], h2 = fwd ? fwdHalf2[i] : bwdHalf2[i];
      if (h2 === NO_ARC) edges.push(h1);
      else if (reversed) stack.push(~h1, h2);
      else stack.push(h2, ~h1);
    }
  }

  return {
    cost: search,
    route(source, target) {
      const cost = search(source, target);
      if (meet < 0) return null;
      const s = rank[source], t = rank[target];
      const edges: number[] = [];
      // The forward half is walked from the meeting node down to the source.
      for (let v = meet; v !== s; v = fromF[v]) unpack(arcF[v], edges, true);
      edges.reverse();
      for (let v = meet; v !== t; v = fromB[v]) unpack(~arcB[v], edges, false);
      return { cost, edges };
    },
  };
}
