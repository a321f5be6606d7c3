// Natural Earth 1:10m roads. The lines are not noded: crossings carry no shared
// vertex and many ends stop short of the road they meet. Noding: split at
// crossings, merge near-coincident vertices, snap loose ends onto the nearest
// line, then cut the lines into ways at every junction. Optionally, gaps
// between loose ends (urban links the 1:10m scale drops) are closed with
// straight connectors.
//
// Every way is class "motorway": in Europe the NE 10m "Major Highway" layer is
// the motorway/expressway network (it carries no finer class to tell apart).
// Gap connectors are "primary": they stand in for the urban roads between.
import FlatQueue from "flatqueue";
import { haversineM, nearestOnSegment } from "../../geo";
import type { RoadWay, WaySource } from "../ways";
import { dedupe, degSpan, Grid, lineStrings, ptKey, readFeatures, toLatLon, UnionFind, type Pt } from "./lines";

export const NE_ATTRIBUTION = "Roads: Natural Earth (public domain)";

export interface NodingOptions {
  /** Loose ends snap onto another line within this distance (~0.005 deg). */
  snapM?: number;
  /** Vertices of different lines closer than this become one. */
  mergeM?: number;
  /** Close gaps between loose ends (see GapOptions). Off when absent. */
  gaps?: GapOptions;
}

/**
 * Gap closing: NE 1:10m drops the urban pieces where motorways meet, so two
 * motorways can end a few km apart at a city edge with a network detour of
 * hundreds of km between them. Pairs of loose ends (degree-1 vertices after
 * noding) within gapM are joined by a straight connector when the network
 * distance between them exceeds detourFactor x their gap (or they are not
 * connected at all). Greedy, shortest gap first; each end used at most once;
 * each connector counts for the pairs after it.
 */
export interface GapOptions {
  /** Loose ends at most this far apart (straight line) are candidates; 0 turns gap closing off. */
  gapM?: number;
  /** Connect only when the network distance between the ends exceeds this times their gap. */
  detourFactor?: number;
  /**
   * Whether a straight connector a -> b may be built ([lon, lat]), e.g. "on land
   * and outside Germany". Without it every candidate is allowed: pass one for real data.
   */
  allow?: (a: Pt, b: Pt) => boolean;
}

export interface GapConnector {
  /** The two loose ends, [lon, lat]. */
  line: [Pt, Pt];
  distanceM: number;
  /** Network distance between the ends before this connector; null when they were not connected. */
  networkM: number | null;
  /** "gap:<lat>,<lon>-<lat>,<lon>" of the two ends. */
  source: string;
}

// A type, not an interface, so it fits WaySource.report's index signature.
export type NodingReport = {
  lines: number;
  intersectionsSplit: number;
  mergedVertices: number;
  snappedEnds: number;
  maxSnapM: number;
  looseEnds: number;
  components: number;
  largestComponentNodes: number;
  largestComponentKm: number;
  totalKm: number;
  ways: number;
  /** Loose-end pairs within gapM. */
  gapCandidates: number;
  /** Candidates left alone because the network already joins them within detourFactor x gap. */
  gapSkippedConnected: number;
  /** Candidates the allow test refused (sea, Germany). */
  gapRejected: number;
  gapConnectors: number;
  gapConnectorKm: number;
  gapMaxM: number;
};

interface Insert { seg: number; t: number; p: Pt }

/** Inserts points into segments of a line (seg = index of the segment's first vertex). */
function applyInserts(line: Pt[], ins: Insert[]): Pt[] {
  if (ins.length === 0) return line;
  ins.sort((a, b) => a.seg - b.seg || a.t - b.t);
  const out: Pt[] = [];
  let k = 0;
  for (let i = 0; i < line.length; i++) {
    out.push(line[i]);
    while (k < ins.length && ins[k].seg === i) out.push(ins[k++].p);
  }
  return dedupe(out);
}

function segmentGrid(lines: Pt[][], cellDeg: number): { grid: Grid; refs: [number, number][] } {
  const grid = new Grid(cellDeg), refs: [number, number][] = [];
  lines.forEach((l, li) => {
    for (let s = 0; s + 1 < l.length; s++) {
      grid.add(refs.length, l[s][0], l[s][1], l[s + 1][0], l[s + 1][1]);
      refs.push([li, s]);
    }
  });
  return { grid, refs };
}

/** Proper or touching intersection of segments ab and cd: parameters on both, or null. */
function intersect(a: Pt, b: Pt, c: Pt, d: Pt): { t: number; u: number } | null {
  const rx = b[0] - a[0], ry = b[1] - a[1], sx = d[0] - c[0], sy = d[1] - c[1];
  const den = rx * sy - ry * sx;
  if (den === 0) return null; // parallel: overlaps are left to the vertex merge
  const qx = c[0] - a[0], qy = c[1] - a[1];
  const t = (qx * sy - qy * sx) / den, u = (qx * ry - qy * rx) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? { t, u } : null;
}

/** (a) Split at crossings: the crossing point goes into both lines. */
function splitCrossings(lines: Pt[][]): { lines: Pt[][]; splits: number } {
  const { grid, refs } = segmentGrid(lines, 0.05);
  const ins: Insert[][] = lines.map(() => []);
  let splits = 0;
  for (const [cell, items] of grid.allCells()) {
    for (let x = 0; x < items.length; x++) for (let y = x + 1; y < items.length; y++) {
      const [la, sa] = refs[items[x]], [lb, sb] = refs[items[y]];
      if (la === lb) continue;
      const A = lines[la], B = lines[lb];
      const r = intersect(A[sa], A[sa + 1], B[sb], B[sb + 1]);
      if (!r) continue;
      const p: Pt = [A[sa][0] + r.t * (A[sa + 1][0] - A[sa][0]), A[sa][1] + r.t * (A[sa + 1][1] - A[sa][1])];
      if (grid.cellOf(p[0], p[1]) !== cell) continue; // each crossing once, in the cell that holds it
      const onA = r.t === 0 || r.t === 1, onB = r.u === 0 || r.u === 1;
      if (onA && onB && ptKey(A[sa + r.t]) === ptKey(B[sb + r.u])) continue; // already a shared vertex
      splits++;
      if (!onA) ins[la].push({ seg: sa, t: r.t, p }); else A[sa + r.t] = p;
      if (!onB) ins[lb].push({ seg: sb, t: r.u, p }); else B[sb + r.u] = p;
    }
  }
  return { lines: lines.map((l, i) => applyInserts(l, ins[i])), splits };
}

/** Vertices of different lines within mergeM move to their common centroid. */
function mergeClose(lines: Pt[][], mergeM: number): { lines: Pt[][]; merged: number } {
  const cellDeg = (2 * mergeM) / 111_195 / Math.cos((62 * Math.PI) / 180); // >= mergeM in lon up to 62 N
  const grid = new Grid(cellDeg), uf = new UnionFind(), pts: Pt[] = [], owner: number[] = [];
  lines.forEach((l, li) => l.forEach((p) => { grid.add(uf.add(), p[0], p[1]); pts.push(p); owner.push(li); }));
  let merged = 0;
  pts.forEach((p, i) => {
    const { dLon, dLat } = degSpan(mergeM, p[1]);
    for (const j of grid.near(p[0] - dLon, p[1] - dLat, p[0] + dLon, p[1] + dLat)) {
      if (j <= i || uf.find(i) === uf.find(j)) continue;
      // Equal points always move together, so joins that exist stay joined.
      const same = ptKey(pts[j]) === ptKey(p);
      if (same || (owner[j] !== owner[i] && haversineM(p[1], p[0], pts[j][1], pts[j][0]) <= mergeM)) {
        uf.union(i, j);
        if (!same) merged++;
      }
    }
  });
  const sum = new Map<number, [number, number, number]>();
  pts.forEach((p, i) => {
    const r = uf.find(i), s = sum.get(r) ?? [0, 0, 0];
    s[0] += p[0]; s[1] += p[1]; s[2]++;
    sum.set(r, s);
  });
  let i = 0;
  const out = lines.map((l) => dedupe(l.map(() => {
    const s = sum.get(uf.find(i++))!;
    return s[2] === 1 ? pts[i - 1] : [s[0] / s[2], s[1] / s[2]] as Pt;
  })));
  return { lines: out.filter((l) => l.length >= 2), merged };
}

/** How many line vertices sit on each point (a junction has two or more). */
function useCounts(lines: Pt[][]): Map<string, number> {
  const n = new Map<string, number>();
  for (const l of lines) for (let i = 0; i < l.length; i++) {
    if (i === l.length - 1 && ptKey(l[i]) === ptKey(l[0])) continue; // a closed ring's end is its start
    const k = ptKey(l[i]);
    n.set(k, (n.get(k) ?? 0) + 1);
  }
  return n;
}

/** (b) Each loose end is joined to the nearest point of another line within snapM. */
function snapEnds(lines: Pt[][], snapM: number): { lines: Pt[][]; snapped: number; maxM: number } {
  const uses = useCounts(lines);
  const { grid, refs } = segmentGrid(lines, 0.05);
  const ins: Insert[][] = lines.map(() => []);
  const ext: { start?: Pt; end?: Pt }[] = lines.map(() => ({}));
  let snapped = 0, maxM = 0;
  lines.forEach((l, li) => {
    for (const atEnd of [false, true]) {
      const e = atEnd ? l[l.length - 1] : l[0];
      if (uses.get(ptKey(e)) !== 1 || ptKey(l[0]) === ptKey(l[l.length - 1])) continue;
      const { dLon, dLat } = degSpan(snapM, e[1]);
      let best = snapM, hit: { li: number; seg: number; t: number; p: Pt } | null = null;
      for (const r of grid.near(e[0] - dLon, e[1] - dLat, e[0] + dLon, e[1] + dLat)) {
        const [lj, s] = refs[r];
        if (lj === li) continue;
        const a = lines[lj][s], b = lines[lj][s + 1];
        const q = nearestOnSegment(e[1], e[0], a[1], a[0], b[1], b[0]);
        if (q.distanceM < best) { best = q.distanceM; hit = { li: lj, seg: s, t: q.t, p: [q.lon, q.lat] }; }
      }
      if (!hit) continue;
      const target = lines[hit.li];
      // Onto an existing vertex when the foot is that close to one; else a new vertex.
      let p = hit.p;
      for (const v of [target[hit.seg], target[hit.seg + 1]]) {
        if (haversineM(p[1], p[0], v[1], v[0]) < 1) p = v;
      }
      if (p === hit.p) ins[hit.li].push({ seg: hit.seg, t: hit.t, p });
      ext[li][atEnd ? "end" : "start"] = p;
      snapped++;
      maxM = Math.max(maxM, best);
    }
  });
  const out = lines.map((l, i) => {
    const m = applyInserts(l, ins[i]);
    return dedupe([...(ext[i].start ? [ext[i].start] : []), ...m, ...(ext[i].end ? [ext[i].end] : [])]);
  });
  return { lines: out, snapped, maxM };
}

/** Cuts lines into ways at every junction vertex. */
function cutAtJunctions(lines: Pt[][]): Pt[][] {
  const uses = useCounts(lines), out: Pt[][] = [];
  for (const l of lines) {
    let start = 0;
    for (let i = 1; i < l.length; i++) {
      if (i === l.length - 1 || (uses.get(ptKey(l[i])) ?? 0) > 1) { out.push(l.slice(start, i + 1)); start = i; }
    }
  }
  return out;
}

export const lineKm = (l: Pt[]): number => {
  let m = 0;
  for (let i = 1; i < l.length; i++) m += haversineM(l[i - 1][1], l[i - 1][0], l[i][1], l[i][0]);
  return m / 1000;
};

/** Connected parts of lines joined at equal points: part label per line. */
export function components(lines: Pt[][]): { label: number[]; count: number } {
  const uf = new UnionFind(), id = new Map<string, number>();
  const node = (p: Pt) => { const k = ptKey(p); let v = id.get(k); if (v === undefined) { v = uf.add(); id.set(k, v); } return v; };
  for (const l of lines) { const a = node(l[0]); for (const p of l) uf.union(a, node(p)); }
  const roots = new Set<number>();
  for (const v of id.values()) roots.add(uf.find(v));
  return { label: lines.map((l) => uf.find(node(l[0]))), count: roots.size };
}

const fmtPt = (p: Pt) => `${p[1].toFixed(4)},${p[0].toFixed(4)}`;

/**
 * Joins loose ends of noded ways (cut at every junction) across gaps; see
 * GapOptions. The ways are left as they are: the connectors come back apart.
 */
export function closeGaps(ways: Pt[][], opts: GapOptions = {}): {
  connectors: GapConnector[]; candidates: number; skippedConnected: number; rejected: number;
} {
  const gapM = opts.gapM ?? 10_000, factor = opts.detourFactor ?? 4, allow = opts.allow ?? (() => true);
  const none = { connectors: [], candidates: 0, skippedConnected: 0, rejected: 0 };
  if (!(gapM > 0)) return none;

  // Graph of way ends (ways hold no junction inside), weighted by way length.
  const id = new Map<string, number>(), pts: Pt[] = [], adj: { to: number; m: number }[][] = [], deg: number[] = [];
  const uf = new UnionFind();
  const node = (p: Pt) => {
    const k = ptKey(p);
    let v = id.get(k);
    if (v === undefined) { v = pts.length; id.set(k, v); pts.push(p); adj.push([]); deg.push(0); uf.add(); }
    return v;
  };
  for (const l of ways) {
    const a = node(l[0]), b = node(l[l.length - 1]);
    deg[a]++; deg[b]++;
    if (a === b) continue;
    const m = lineKm(l) * 1000;
    adj[a].push({ to: b, m }); adj[b].push({ to: a, m });
    uf.union(a, b);
  }

  // Candidate pairs of loose ends, shortest first.
  const loose = pts.map((_, v) => v).filter((v) => deg[v] === 1);
  const grid = new Grid(0.1);
  for (const v of loose) grid.add(v, pts[v][0], pts[v][1]);
  const pairs: { a: number; b: number; d: number }[] = [];
  for (const a of loose) {
    const p = pts[a], { dLon, dLat } = degSpan(gapM, p[1]);
    for (const b of new Set(grid.near(p[0] - dLon, p[1] - dLat, p[0] + dLon, p[1] + dLat))) {
      if (b <= a) continue;
      const d = haversineM(p[1], p[0], pts[b][1], pts[b][0]);
      if (d <= gapM) pairs.push({ a, b, d });
    }
  }
  pairs.sort((x, y) => x.d - y.d || x.a - y.a || x.b - y.b);

  /** Network distance a -> b, or Infinity when it exceeds limitM. */
  const dist = new Map<number, number>();
  const networkM = (a: number, b: number, limitM: number): number => {
    dist.clear();
    const q = new FlatQueue<number>();
    dist.set(a, 0);
    q.push(a, 0);
    while (q.length) {
      const du = q.peekValue()!, u = q.pop()!;
      if (du > limitM) break;
      if (u === b) return du;
      if (du > dist.get(u)!) continue;
      for (const { to, m } of adj[u]) {
        const dv = du + m;
        if (dv < (dist.get(to) ?? Infinity)) { dist.set(to, dv); q.push(to, dv); }
      }
    }
    return Infinity;
  };

  const used = new Set<number>(), connectors: GapConnector[] = [];
  let skippedConnected = 0, rejected = 0;
  for (const { a, b, d } of pairs) {
    if (used.has(a) || used.has(b)) continue;
    const joined = uf.find(a) === uf.find(b);
    if (joined && networkM(a, b, factor * d) <= factor * d) { skippedConnected++; continue; }
    const pa = pts[a], pb = pts[b];
    if (!allow(pa, pb)) { rejected++; continue; }
    connectors.push({
      line: [pa, pb], distanceM: Math.round(d),
      networkM: joined ? Math.round(networkM(a, b, Infinity)) : null,
      source: `gap:${fmtPt(pa)}-${fmtPt(pb)}`,
    });
    used.add(a); used.add(b);
    adj[a].push({ to: b, m: d }); adj[b].push({ to: a, m: d });
    uf.union(a, b);
  }
  return { connectors, candidates: pairs.length, skippedConnected, rejected };
}

export function nodeLines(input: Pt[][], opts: NodingOptions = {}): { lines: Pt[][]; connectors: GapConnector[]; report: NodingReport } {
  const snapM = opts.snapM ?? 500, mergeM = opts.mergeM ?? 20;
  const a = splitCrossings(input.map((l) => dedupe(l.map((p) => [p[0], p[1]] as Pt))).filter((l) => l.length >= 2));
  const b = mergeClose(a.lines, mergeM);
  const c = snapEnds(b.lines, snapM);
  const lines = cutAtJunctions(c.lines);
  const gaps = opts.gaps ? closeGaps(lines, opts.gaps) : { connectors: [], candidates: 0, skippedConnected: 0, rejected: 0 };
  const connectors = gaps.connectors;

  // Counted with the connectors: the network as it is handed on.
  const all = [...lines, ...connectors.map((g) => g.line)];
  const uses = useCounts(all);
  const looseEnds = all.reduce((n, l) => n + (uses.get(ptKey(l[0])) === 1 ? 1 : 0) + (uses.get(ptKey(l[l.length - 1])) === 1 ? 1 : 0), 0);
  const { label, count } = components(all);
  const km = new Map<number, number>(), nodes = new Map<number, Set<string>>();
  all.forEach((l, i) => {
    km.set(label[i], (km.get(label[i]) ?? 0) + lineKm(l));
    const s = nodes.get(label[i]) ?? new Set<string>();
    for (const p of l) s.add(ptKey(p));
    nodes.set(label[i], s);
  });
  let big = -1;
  for (const [r, k] of km) if (big < 0 || k > km.get(big)!) big = r;
  return {
    lines,
    connectors,
    report: {
      lines: input.length, intersectionsSplit: a.splits, mergedVertices: b.merged,
      snappedEnds: c.snapped, maxSnapM: Math.round(c.maxM), looseEnds,
      components: count, largestComponentNodes: nodes.get(big)?.size ?? 0,
      largestComponentKm: Math.round(km.get(big) ?? 0),
      totalKm: Math.round([...km.values()].reduce((s, k) => s + k, 0)), ways: all.length,
      gapCandidates: gaps.candidates, gapSkippedConnected: gaps.skippedConnected, gapRejected: gaps.rejected,
      gapConnectors: connectors.length,
      gapConnectorKm: Math.round(connectors.reduce((s, g) => s + g.distanceM, 0) / 100) / 10,
      gapMaxM: connectors.reduce((m, g) => Math.max(m, g.distanceM), 0),
    },
  };
}

export function readNaturalEarth(file: string, opts: NodingOptions = {}): WaySource<RoadWay[]> & { report: NodingReport } {
  const input = readFeatures(file).flatMap((f) => lineStrings(f.geometry));
  const { lines, connectors, report } = nodeLines(input, opts);
  const ways: RoadWay[] = lines.map((l, i) => ({ coords: toLatLon(l), cls: "motorway", oneway: 0, source: `ne:${i}` }));
  // Connectors stand for urban roads the layer leaves out, not motorways.
  for (const g of connectors) ways.push({ coords: toLatLon(g.line), cls: "primary", oneway: 0, source: g.source });
  return { id: "ne-roads", attribution: NE_ATTRIBUTION, ways, report };
}
