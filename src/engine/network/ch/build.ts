// Contraction hierarchy (Geisberger et al. 2008), laid out like RoutingKit's: nodes renumbered
// by rank, an upward forward and an upward backward graph in CSR, every arc either an input
// edge or a shortcut made of two lower arcs. Build once; query with ./query.ts.
import FlatQueue from "flatqueue";
import { ArcLists } from "./arc-lists";

export interface WeightedGraph {
  nodeCount: number;
  /** CSR: edges leaving node i are firstEdge[i] .. firstEdge[i+1]-1. */
  firstEdge: Uint32Array;
  edgeTarget: Uint32Array;
  /** Non-negative, finite. */
  weight: Float32Array | Float64Array;
}

/** Marks an arc as an input edge in the `*Half2` arrays. */
export const NO_ARC = 0xffffffff;

/**
 * Only typed arrays (plus the count), so it can be written to and read from a binary pack as is.
 * Nodes in the CH graphs are ranks, not node ids. The forward graph holds arcs a->b with
 * rank a < b under a; the backward graph holds arcs a->b with rank a > b under b, head a.
 * An arc with half2 = NO_ARC is input edge half1; otherwise it is a shortcut via a middle
 * node m below both ends: half1 = the backward arc of (a->m), half2 = the forward arc of (m->b).
 */
export interface ContractionHierarchy {
  nodeCount: number;
  /**
   * Ranks from coreStart up form the core: nodes a bounded build left uncontracted. Arcs between
   * two core nodes are stored both ways (forward under their tail, backward under their head,
   * whatever the ranks), so the same search runs a plain bidirectional Dijkstra on the core.
   * nodeCount when the hierarchy is complete.
   */
  coreStart: number;
  /** rank[node id]. */
  rank: Uint32Array;
  fwdFirstOut: Uint32Array; fwdHead: Uint32Array; fwdWeight: Float64Array; fwdHalf1: Uint32Array; fwdHalf2: Uint32Array;
  bwdFirstOut: Uint32Array; bwdHead: Uint32Array; bwdWeight: Float64Array; bwdHalf1: Uint32Array; bwdHalf2: Uint32Array;
}

export interface ChBuildOptions {
  /** Witness searches give up after settling this many nodes (a shortcut too many, never a wrong one). */
  maxSettled?: number;
  /** ... or beyond this many arcs from their start. */
  maxHops?: number;
  /**
   * Contraction stops, leaving the rest as the core, once the uncontracted nodes have this many
   * arcs each on average and at least `minCoreNodes` of them are left (dense cores, as in grids,
   * would take hours to contract and gain little).
   */
  maxCoreDegree?: number;
  minCoreNodes?: number;
  /** Called about every `progressMs` (default 2,000) while contracting, and once at the end. */
  onProgress?: (p: ChProgress) => void;
  progressMs?: number;
}

export interface ChProgress {
  contracted: number;
  nodeCount: number;
  shortcuts: number;
  /** Mean number of arcs per uncontracted node. */
  coreDegree: number;
  elapsedMs: number;
  done: boolean;
}

export const describeChProgress = (p: ChProgress) =>
  `${p.contracted.toLocaleString("en-US")} / ${p.nodeCount.toLocaleString("en-US")} nodes contracted, `
  + `${p.shortcuts.toLocaleString("en-US")} shortcuts, ${p.coreDegree.toFixed(1)} arcs per node left, ${(p.elapsedMs / 1000).toFixed(1)} s`
  + (p.done && p.contracted < p.nodeCount ? `; ${(p.nodeCount - p.contracted).toLocaleString("en-US")} nodes left as the core` : "");

export function buildContractionHierarchy(g: WeightedGraph, opts: ChBuildOptions = {}): ContractionHierarchy {
  const n = g.nodeCount;
  const maxSettled = opts.maxSettled ?? 500, maxHops = opts.maxHops ?? 16;
  const { firstEdge, edgeTarget, weight } = g;
  if (firstEdge.length !== n + 1 || firstEdge[0] !== 0 || edgeTarget.length !== firstEdge[n] || weight.length !== edgeTarget.length) {
    throw new Error("CH build: graph arrays inconsistent with nodeCount");
  }

  // Arcs of the growing graph; half1/half2 are arc ids here (or input edge id + NO_ARC).
  let cap = Math.max(16, edgeTarget.length * 2);
  let tail = new Uint32Array(cap), head = new Uint32Array(cap), w = new Float64Array(cap);
  let half1 = new Uint32Array(cap), half2 = new Uint32Array(cap);
  let arcCount = 0;
  // Arc ids by tail and by head, sized for the input's degrees.
  const outDeg = new Uint32Array(n), inDeg = new Uint32Array(n);
  for (let u = 0; u < n; u++) {
    for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) if (edgeTarget[e] !== u && edgeTarget[e] < n) { outDeg[u]++; inDeg[edgeTarget[e]]++; }
  }
  const out = new ArcLists(outDeg), inn = new ArcLists(inDeg);

  function addArc(a: number, b: number, wt: number, h1: number, h2: number): void {
    if (arcCount === cap) {
      cap *= 2;
      const grow = <T extends Uint32Array | Float64Array>(x: T): T => { const y = new (x.constructor as new (k: number) => T)(cap); y.set(x); return y; };
      tail = grow(tail); head = grow(head); w = grow(w); half1 = grow(half1); half2 = grow(half2);
    }
    tail[arcCount] = a; head[arcCount] = b; w[arcCount] = wt; half1[arcCount] = h1; half2[arcCount] = h2;
    out.push(a, arcCount); inn.push(b, arcCount);
    arcCount++;
  }
  /** Keeps at most one arc per (a, b): the lightest. */
  function addOrImprove(a: number, b: number, wt: number, h1: number, h2: number): boolean {
    for (let i = out.start[a], end = i + out.length[a]; i < end; i++) {
      const x = out.pool[i];
      if (head[x] !== b) continue;
      // Safe in place: an arc between two uncontracted nodes is no shortcut's half yet.
      if (wt < w[x]) { w[x] = wt; half1[x] = h1; half2[x] = h2; }
      return false;
    }
    addArc(a, b, wt, h1, h2);
    return true;
  }

  for (let u = 0; u < n; u++) {
    for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) {
      const v = edgeTarget[e], wt = weight[e];
      if (v >= n) throw new Error(`CH build: edge ${e} target out of range`);
      if (!(wt >= 0 && wt < Infinity)) throw new Error(`CH build: edge ${e} weight ${wt} is not finite and >= 0`);
      if (v !== u) addOrImprove(u, v, wt, e, NO_ARC); // loops never shorten a path
    }
  }

  // Witness search state, reset by generation stamps.
  const dist = new Float64Array(n), seen = new Uint32Array(n), isTarget = new Uint32Array(n);
  const hops = new Uint16Array(n);
  const q = new FlatQueue<number>();
  let gen = 0;

  /** Dijkstra from src avoiding `skip`; leaves tentative distances in dist/seen. */
  function witness(src: number, skip: number, maxDist: number, targets: number): void {
    q.clear();
    dist[src] = 0; seen[src] = gen; hops[src] = 0;
    q.push(src, 0);
    let settled = 0;
    while (q.length > 0) {
      const d = q.peekValue()!;
      if (d > maxDist) break;
      const x = q.pop()!;
      if (d > dist[x]) continue;
      if (isTarget[x] === gen && --targets === 0) break;
      if (++settled > maxSettled) break;
      if (hops[x] >= maxHops) continue;
      const pool = out.pool;
      for (let i = out.start[x], end = i + out.length[x]; i < end; i++) {
        const a = pool[i], y = head[a];
        if (y === skip) continue;
        const dy = d + w[a];
        if (seen[y] !== gen || dy < dist[y]) { seen[y] = gen; dist[y] = dy; hops[y] = hops[x] + 1; q.push(y, dy); }
      }
    }
  }
  function nextGen(): void {
    if (++gen === 0x100000000) { seen.fill(0); isTarget.fill(0); gen = 1; }
  }

  /** Shortcuts that contracting v needs; adds them unless dry. */
  function contract(v: number, dry: boolean): number {
    let added = 0;
    // v's own lists do not change while it is contracted, but a shortcut added may move the pools.
    const inStart = inn.start[v], inEnd = inStart + inn.length[v], outStart = out.start[v], outEnd = outStart + out.length[v];
    for (let i = inStart; i < inEnd; i++) {
      const a = inn.pool[i], u = tail[a];
      nextGen();
      let maxDist = -1, targets = 0;
      for (let j = outStart; j < outEnd; j++) {
        const b = out.pool[j], x = head[b];
        if (x === u) continue;
        isTarget[x] = gen; targets++;
        if (w[a] + w[b] > maxDist) maxDist = w[a] + w[b];
      }
      if (targets === 0) continue;
      witness(u, v, maxDist, targets);
      for (let j = outStart; j < outEnd; j++) {
        const b = out.pool[j], x = head[b];
        if (x === u) continue;
        const sw = w[a] + w[b];
        if (seen[x] === gen && dist[x] <= sw) continue;
        if (dry) added++;
        else if (addOrImprove(u, x, sw, a, b)) added++;
      }
    }
    return added;
  }

  const contracted = new Uint8Array(n), cn = new Uint32Array(n), level = new Uint32Array(n);
  const prio = new Float64Array(n), touched = new Uint32Array(n);
  const rank = new Uint32Array(n), nbrs: number[] = [];
  // Edge difference weighted double: on the DE network it gave the smallest search spaces.
  const priority = (v: number) => 2 * (contract(v, true) - inn.length[v] - out.length[v]) + cn[v] + level[v];

  const maxCoreDegree = opts.maxCoreDegree ?? DEFAULT_MAX_CORE_DEGREE, minCoreNodes = opts.minCoreNodes ?? DEFAULT_MIN_CORE_NODES;
  const progressMs = opts.progressMs ?? 2_000, t0 = performance.now();
  let liveArcs = arcCount, shortcuts = 0, nextReport = t0 + progressMs;
  const report = (done: boolean) => opts.onProgress?.({
    contracted: r, nodeCount: n, shortcuts, coreDegree: n > r ? liveArcs / (n - r) : 0, elapsedMs: performance.now() - t0, done,
  });

  const pq = new FlatQueue<number>();
  for (let v = 0; v < n; v++) { prio[v] = priority(v); pq.push(v, prio[v]); }
  let r = 0;
  while (pq.length > 0) {
    if (n - r >= minCoreNodes && liveArcs > maxCoreDegree * (n - r)) break;
    const p = pq.peekValue()!, v = pq.pop()!;
    if (contracted[v] || p !== prio[v]) continue;
    // Lazy update: the priority may have gone up since it was queued.
    const np = priority(v);
    if (np !== p) { prio[v] = np; if (pq.length > 0 && np > pq.peekValue()!) { pq.push(v, np); continue; } }
    const added = contract(v, false);
    shortcuts += added;
    liveArcs += added - inn.length[v] - out.length[v];
    contracted[v] = 1; rank[v] = r++;
    nbrs.length = 0;
    for (let i = inn.start[v], end = i + inn.length[v]; i < end; i++) {
      const a = inn.pool[i], u = tail[a];
      out.remove(u, a);
      if (touched[u] !== r) { touched[u] = r; nbrs.push(u); }
    }
    for (let i = out.start[v], end = i + out.length[v]; i < end; i++) {
      const b = out.pool[i], x = head[b];
      inn.remove(x, b);
      if (touched[x] !== r) { touched[x] = r; nbrs.push(x); }
    }
    inn.clear(v); out.clear(v);
    for (const x of nbrs) {
      cn[x]++;
      if (level[x] <= level[v]) level[x] = level[v] + 1;
      prio[x] = priority(x); pq.push(x, prio[x]);
    }
    if ((r & 15) === 0 && opts.onProgress && performance.now() >= nextReport) { report(false); nextReport = performance.now() + progressMs; }
  }
  report(true);
  // The core: what is left, ranked in the order the queue holds it.
  const coreStart = r;
  while (pq.length > 0) {
    const p = pq.peekValue()!, v = pq.pop()!;
    if (contracted[v] || p !== prio[v]) continue;
    contracted[v] = 1; rank[v] = r++;
  }

  return toUpwardGraphs(n, coreStart, rank, arcCount, tail, head, w, half1, half2);
}

/** Mean arcs per uncontracted node at which a large remainder is left as the core. */
export const DEFAULT_MAX_CORE_DEGREE = 12;
export const DEFAULT_MIN_CORE_NODES = 1_000;

/**
 * Every arc goes under its lower-ranked end: forward if that is its tail, else backward. An arc
 * between two core nodes goes under both: forward under its tail and backward under its head.
 */
function toUpwardGraphs(
  n: number, coreStart: number, rank: Uint32Array, m: number,
  tail: Uint32Array, head: Uint32Array, w: Float64Array, half1: Uint32Array, half2: Uint32Array,
): ContractionHierarchy {
  const fwdFirstOut = new Uint32Array(n + 1), bwdFirstOut = new Uint32Array(n + 1);
  for (let a = 0; a < m; a++) {
    const rt = rank[tail[a]], rh = rank[head[a]];
    if (rt >= coreStart && rh >= coreStart) { fwdFirstOut[rt + 1]++; bwdFirstOut[rh + 1]++; }
    else if (rt < rh) fwdFirstOut[rt + 1]++; else bwdFirstOut[rh + 1]++;
  }
  for (let i = 0; i < n; i++) { fwdFirstOut[i + 1] += fwdFirstOut[i]; bwdFirstOut[i + 1] += bwdFirstOut[i]; }
  const fm = fwdFirstOut[n], bm = bwdFirstOut[n];
  const ch: ContractionHierarchy = {
    nodeCount: n, coreStart, rank,
    fwdFirstOut, fwdHead: new Uint32Array(fm), fwdWeight: new Float64Array(fm), fwdHalf1: new Uint32Array(fm), fwdHalf2: new Uint32Array(fm),
    bwdFirstOut, bwdHead: new Uint32Array(bm), bwdWeight: new Float64Array(bm), bwdHalf1: new Uint32Array(bm), bwdHalf2: new Uint32Array(bm),
  };
  // Position of each arc below the core; core arcs are never a shortcut's half (halves meet at a contracted node).
  const pos = new Uint32Array(m);
  const fNext = fwdFirstOut.slice(0, n), bNext = bwdFirstOut.slice(0, n);
  for (let a = 0; a < m; a++) {
    const rt = rank[tail[a]], rh = rank[head[a]];
    if (rt >= coreStart && rh >= coreStart) continue;
    pos[a] = rt < rh ? fNext[rt]++ : bNext[rh]++;
  }
  // Second pass: an arc improved in place may have halves created after it.
  for (let a = 0; a < m; a++) {
    const rt = rank[tail[a]], rh = rank[head[a]];
    const h1 = half2[a] === NO_ARC ? half1[a] : pos[half1[a]];
    const h2 = half2[a] === NO_ARC ? NO_ARC : pos[half2[a]];
    const core = rt >= coreStart && rh >= coreStart;
    if (core || rt < rh) {
      const i = core ? fNext[rt]++ : pos[a];
      ch.fwdHead[i] = rh; ch.fwdWeight[i] = w[a]; ch.fwdHalf1[i] = h1; ch.fwdHalf2[i] = h2;
    }
    if (core || rt > rh) {
      const i = core ? bNext[rh]++ : pos[a];
      ch.bwdHead[i] = rt; ch.bwdWeight[i] = w[a]; ch.bwdHalf1[i] = h1; ch.bwdHalf2[i] = h2;
    }
  }
  return ch;
}

/** Shortcuts of a hierarchy (an arc between two core nodes, stored twice, counts once). */
export function countShortcuts(ch: ContractionHierarchy): number {
  let k = 0;
  for (const h of ch.fwdHalf2) if (h !== NO_ARC) k++;
  for (let i = 0; i < ch.bwdFirstOut[ch.coreStart]; i++) if (ch.bwdHalf2[i] !== NO_ARC) k++;
  return k;
}
