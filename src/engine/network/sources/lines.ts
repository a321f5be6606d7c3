// Shared helpers of the road readers: GeoJSON lines, coordinate keys, a
// segment grid and union-find.
import { readFileSync } from "node:fs";

/** [lon, lat], as in GeoJSON. */
export type Pt = [number, number];

export interface LineFeature {
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates: unknown } | null;
}

export function readFeatures(file: string): LineFeature[] {
  const fc = JSON.parse(readFileSync(file, "utf8")) as { features?: LineFeature[] };
  if (!Array.isArray(fc.features)) throw new Error(`${file}: not a GeoJSON FeatureCollection`);
  return fc.features;
}

export function lineStrings(g: LineFeature["geometry"]): Pt[][] {
  if (!g) return [];
  if (g.type === "LineString") return [g.coordinates as Pt[]];
  if (g.type === "MultiLineString") return g.coordinates as Pt[][];
  return [];
}

// Same rounding as the graph builder (1e-6 deg): points with equal keys are one vertex.
// A string: lat and lon at 1e-6 need ~56 bits, more than a double holds exactly.
export const ptKey = (p: Pt): string => `${Math.round(p[1] * 1e6)},${Math.round(p[0] * 1e6)}`;

/** Drops repeated points (equal keys) in a row. */
export function dedupe(line: Pt[]): Pt[] {
  const out: Pt[] = [];
  for (const p of line) if (out.length === 0 || ptKey(out[out.length - 1]) !== ptKey(p)) out.push(p);
  return out;
}

export const toLatLon = (line: Pt[]): [number, number][] => line.map((p) => [p[1], p[0]]);

export const M_PER_DEG = 111_195;

/** Degrees of longitude and latitude spanning `m` metres at latitude `lat`. */
export function degSpan(m: number, lat: number): { dLon: number; dLat: number } {
  const dLat = m / M_PER_DEG;
  return { dLat, dLon: dLat / Math.max(0.1, Math.cos((lat * Math.PI) / 180)) };
}

/** Uniform grid of items with a bounding box (segments, points). */
export class Grid {
  private cells = new Map<number, number[]>();
  constructor(readonly cellDeg: number) {}
  private key(i: number, j: number) { return (j + 200_000) * 1_000_000 + (i + 400_000); }
  add(item: number, x1: number, y1: number, x2 = x1, y2 = y1): void {
    const c = this.cellDeg;
    for (let j = Math.floor(Math.min(y1, y2) / c); j <= Math.floor(Math.max(y1, y2) / c); j++) {
      for (let i = Math.floor(Math.min(x1, x2) / c); i <= Math.floor(Math.max(x1, x2) / c); i++) {
        const k = this.key(i, j), a = this.cells.get(k);
        if (a) a.push(item); else this.cells.set(k, [item]);
      }
    }
  }
  /** Items whose cells meet the box; an item may repeat. */
  *near(x1: number, y1: number, x2: number, y2: number): Generator<number> {
    const c = this.cellDeg;
    for (let j = Math.floor(y1 / c); j <= Math.floor(y2 / c); j++) {
      for (let i = Math.floor(x1 / c); i <= Math.floor(x2 / c); i++) {
        const a = this.cells.get(this.key(i, j));
        if (a) yield* a;
      }
    }
  }
  cellOf(x: number, y: number): number { return this.key(Math.floor(x / this.cellDeg), Math.floor(y / this.cellDeg)); }
  allCells(): IterableIterator<[number, number[]]> { return this.cells.entries(); }
}

export class UnionFind {
  private parent: number[] = [];
  add(): number { this.parent.push(this.parent.length); return this.parent.length - 1; }
  find(i: number): number {
    const p = this.parent;
    while (p[i] !== i) { p[i] = p[p[i]]; i = p[i]; }
    return i;
  }
  union(a: number, b: number): void { const ra = this.find(a), rb = this.find(b); if (ra !== rb) this.parent[ra] = rb; }
}
