// Natural Earth 1:10m roads. The lines are not noded: crossings carry no shared
// vertex and many ends stop short of the road they meet. Noding: split at
// crossings, merge near-coincident vertices, snap loose ends onto the nearest
// line, then cut the lines into ways at every junction.
//
// Every way is class "motorway": in Europe the NE 10m "Major Highway" layer is
// the motorway/expressway network (it carries no finer class to tell apart).
import { haversineM, nearestOnSegment } from "../../geo";
import type { RoadWay, WaySource } from "../ways";
import { dedupe, degSpan, Grid, lineStrings, ptKey, readFeatures, toLatLon, UnionFind, type Pt } from "./lines";

export const NE_ATTRIBUTION = "Roads: Natural Earth (public domain)";

export interface NodingOptions {
  /** Loose ends snap onto another line within this distance (~0.005 deg). */
  snapM?: number;
  /** Vertices of different lines closer than this become one. */
  mergeM?: number;
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

export function nodeLines(input: Pt[][], opts: NodingOptions = {}): { lines: Pt[][]; report: NodingReport } {
  const snapM = opts.snapM ?? 500, mergeM = opts.mergeM ?? 20;
  const a = splitCrossings(input.map((l) => dedupe(l.map((p) => [p[0], p[1]] as Pt))).filter((l) => l.length >= 2));
  const b = mergeClose(a.lines, mergeM);
  const c = snapEnds(b.lines, snapM);
  const lines = cutAtJunctions(c.lines);

  const uses = useCounts(lines);
  const looseEnds = lines.reduce((n, l) => n + (uses.get(ptKey(l[0])) === 1 ? 1 : 0) + (uses.get(ptKey(l[l.length - 1])) === 1 ? 1 : 0), 0);
  const { label, count } = components(lines);
  const km = new Map<number, number>(), nodes = new Map<number, Set<string>>();
  lines.forEach((l, i) => {
    km.set(label[i], (km.get(label[i]) ?? 0) + lineKm(l));
    const s = nodes.get(label[i]) ?? new Set<string>();
    for (const p of l) s.add(ptKey(p));
    nodes.set(label[i], s);
  });
  let big = -1;
  for (const [r, k] of km) if (big < 0 || k > km.get(big)!) big = r;
  return {
    lines,
    report: {
      lines: input.length, intersectionsSplit: a.splits, mergedVertices: b.merged,
      snappedEnds: c.snapped, maxSnapM: Math.round(c.maxM), looseEnds,
      components: count, largestComponentNodes: nodes.get(big)?.size ?? 0,
      largestComponentKm: Math.round(km.get(big) ?? 0),
      totalKm: Math.round([...km.values()].reduce((s, k) => s + k, 0)), ways: lines.length,
    },
  };
}

export function readNaturalEarth(file: string, opts: NodingOptions = {}): WaySource & { report: NodingReport } {
  const input = readFeatures(file).flatMap((f) => lineStrings(f.geometry));
  const { lines, report } = nodeLines(input, opts);
  const ways: RoadWay[] = lines.map((l, i) => ({ coords: toLatLon(l), cls: "motorway", oneway: 0, source: `ne:${i}` }));
  return { id: "ne-roads", attribution: NE_ATTRIBUTION, ways, report };
}
