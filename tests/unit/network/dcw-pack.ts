// The Germany (DCW) pack as the product builds it, for tests on the real network,
// and an independent count of the connected parts of its ways.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildPack, type PackBuildReport } from "@/engine/network/build-pack";
import { readDcw } from "@/engine/network/sources/dcw";
import type { RoadWay, WaySource } from "@/engine/network/ways";

export const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
export const dcwGeojson = path.join(dataDir, "roads/dcw_roads_de.geojson");

export interface DcwPack {
  dir: string;
  packFile: string;
  source: WaySource<RoadWay[]>;
  report: PackBuildReport;
  /** Removes the temporary directory. */
  dispose(): void;
}

/** Builds the pack into a fresh temporary directory. */
export function buildDcwPack(prefix = "dcw-pack-"): DcwPack {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const packFile = path.join(dir, "de-dcw.pack");
  const source = readDcw(dcwGeojson);
  const report = buildPack(source, packFile, { inputHash: "test" });
  return { dir, packFile, source, report, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Connected parts of two-way ways by union-find, vertices joined at equal
 * coordinates (1e-6 deg): for two-way roads these are the strongly connected parts.
 */
export function twoWayParts(ways: RoadWay[]): { vertices: number; parts: number; largest: number } {
  const id = new Map<string, number>();
  const parent: number[] = [];
  const vertex = ([lat, lon]: [number, number]) => {
    const key = `${Math.round(lat * 1e6)},${Math.round(lon * 1e6)}`;
    let v = id.get(key);
    if (v === undefined) { v = parent.length; id.set(key, v); parent.push(v); }
    return v;
  };
  const find = (v: number): number => {
    while (parent[v] !== v) { parent[v] = parent[parent[v]]; v = parent[v]; }
    return v;
  };
  for (const w of ways) {
    if (w.oneway !== 0) throw new Error(`twoWayParts: one-way way ${w.source ?? ""}`);
    const first = vertex(w.coords[0]);
    for (let i = 1; i < w.coords.length; i++) {
      const a = find(first), b = find(vertex(w.coords[i]));
      if (a !== b) parent[a] = b;
    }
  }
  const size = new Map<number, number>();
  for (let v = 0; v < parent.length; v++) { const r = find(v); size.set(r, (size.get(r) ?? 0) + 1); }
  return { vertices: parent.length, parts: size.size, largest: Math.max(...size.values()) };
}
