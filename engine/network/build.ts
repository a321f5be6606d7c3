// Builds the default road network pack from the Digital Chart of the World roads of Germany.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { haversineM } from "../geo";
import { writeNetworkPack } from "./pack";
import { ROAD_CLASSES, type RoadClass, type RoadNetwork } from "./types";

/** Bump whenever build logic or the speed table changes: it is part of the pack version. */
export const BUILD_FORMAT = 1;
export const PACK_ID = "de-dcw";
export const DCW_SOURCE = "roads/dcw_roads_de.geojson";
export const DCW_ATTRIBUTION = "Roads: Digital Chart of the World (public domain), via DIVA-GIS";

/**
 * Average truck speeds, km/h, Germany, trucks > 7.5 t (StVO §3(3), §18(5)).
 * motorway: 80 is the legal limit on the Autobahn, which trucks hold most of the time.
 * primary: 60 outside towns, 50 inside; DCW primaries are mostly rural Bundesstraßen,
 *   so ~80% of the distance at 60 and 20% at 50 gives a time-weighted mean of ~58.
 * secondary: more town passages (~60/40) gives ~55.
 * other: DCW "Unknown" roads, mostly short urban links, so the in-town limit.
 */
export const TRUCK_SPEED_KMH: Readonly<Record<RoadClass, number>> = {
  motorway: 80,
  primary: 58,
  secondary: 55,
  other: 50,
};

// 1e-6 deg is ~0.1 m: joins vertices that the source meant to be the same point.
const COORD_SCALE = 1e6;

export interface NetworkBuildReport {
  id: string;
  version: string;
  source: string;
  outFile: string;
  bytes: number;
  nodeCount: number;
  edgeCount: number;
  /** Connected parts found before keeping the largest. */
  parts: number;
  droppedParts: number;
  droppedNodes: number;
  /** Features that are not truck roads (DCW "Trail"), skipped. */
  skippedFeatures: number;
  /** Segments that repeated another segment between the same two nodes. */
  duplicateSegments: number;
  lengthKmByClass: Record<RoadClass, number>;
  buildMs: number;
}

interface Feature {
  properties: Record<string, unknown> | null;
  geometry: { type: string; coordinates: unknown } | null;
}

export function classifyDcw(props: Record<string, unknown> | null): RoadClass {
  if (props?.MED_DESCRI === "With Median") return "motorway";
  if (props?.RTT_DESCRI === "Primary Route") return "primary";
  if (props?.RTT_DESCRI === "Secondary Route") return "secondary";
  return "other";
}

function lineStrings(g: Feature["geometry"]): number[][][] {
  if (!g) return [];
  if (g.type === "LineString") return [g.coordinates as number[][]];
  if (g.type === "MultiLineString") return g.coordinates as number[][][];
  return [];
}

type BuildStats = Omit<NetworkBuildReport, "source" | "outFile" | "bytes" | "buildMs" | "id" | "version">;

/** Pure part of the build: GeoJSON features to an in-memory network (largest component only). */
export function buildNetworkFromFeatures(
  features: Feature[], id: string, version: string,
): { net: RoadNetwork; stats: BuildStats } {
  const nodeIndex = new Map<string, number>();
  const lat: number[] = [], lon: number[] = [];
  // Undirected segments keyed by node pair; keep the fastest class if a pair repeats.
  const segIndex = new Map<number, number>();
  const segA: number[] = [], segB: number[] = [], segCls: number[] = [];
  let skippedFeatures = 0, duplicateSegments = 0;

  const nodeOf = (c: number[]): number => {
    const x = Math.round(c[0] * COORD_SCALE), y = Math.round(c[1] * COORD_SCALE);
    const key = `${y},${x}`;
    let i = nodeIndex.get(key);
    if (i === undefined) {
      i = lat.length;
      nodeIndex.set(key, i);
      lat.push(y / COORD_SCALE);
      lon.push(x / COORD_SCALE);
    }
    return i;
  };
  const pairKey = (a: number, b: number) => (a < b ? a * 4_294_967_296 + b : b * 4_294_967_296 + a);
  const speedOf = (c: number) => TRUCK_SPEED_KMH[ROAD_CLASSES[c]];

  for (const f of features) {
    if (f.properties?.F_CODE_DES === "Trail") { skippedFeatures++; continue; }
    const cls = ROAD_CLASSES.indexOf(classifyDcw(f.properties));
    for (const line of lineStrings(f.geometry)) {
      let prev = -1;
      for (const c of line) {
        const cur = nodeOf(c);
        if (prev >= 0 && prev !== cur) {
          const k = pairKey(prev, cur);
          const old = segIndex.get(k);
          if (old === undefined) { segIndex.set(k, segA.length); segA.push(prev); segB.push(cur); segCls.push(cls); }
          else { duplicateSegments++; if (speedOf(cls) > speedOf(segCls[old])) segCls[old] = cls; }
        }
        prev = cur;
      }
    }
  }

  // Connected parts by union-find (edges are two-way, so weak = strong connectivity).
  const n0 = lat.length;
  const parent = new Int32Array(n0).map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; }
    return i;
  };
  for (let s = 0; s < segA.length; s++) {
    const a = find(segA[s]), b = find(segB[s]);
    if (a !== b) parent[a] = b;
  }
  const size = new Map<number, number>();
  for (let i = 0; i < n0; i++) { const r = find(i); size.set(r, (size.get(r) ?? 0) + 1); }
  let bigRoot = -1, bigSize = 0;
  for (const [r, s] of size) if (s > bigSize) { bigRoot = r; bigSize = s; }

  const newId = new Int32Array(n0).fill(-1);
  let n = 0;
  for (let i = 0; i < n0; i++) if (find(i) === bigRoot) newId[i] = n++;
  const nodeLat = new Float64Array(n), nodeLon = new Float64Array(n);
  for (let i = 0; i < n0; i++) if (newId[i] >= 0) { nodeLat[newId[i]] = lat[i]; nodeLon[newId[i]] = lon[i]; }

  const kept: number[] = [];
  const firstEdge = new Uint32Array(n + 1);
  for (let s = 0; s < segA.length; s++) {
    if (newId[segA[s]] < 0) continue;
    kept.push(s);
    firstEdge[newId[segA[s]] + 1]++;
    firstEdge[newId[segB[s]] + 1]++;
  }
  for (let i = 0; i < n; i++) firstEdge[i + 1] += firstEdge[i];
  const m = firstEdge[n];
  const edgeTarget = new Uint32Array(m), edgeLengthM = new Float32Array(m);
  const edgeTimeS = new Float32Array(m), edgeClass = new Uint8Array(m);
  const fill = firstEdge.slice(0, n);
  const lengthKmByClass = Object.fromEntries(ROAD_CLASSES.map((c) => [c, 0])) as Record<RoadClass, number>;
  for (const s of kept) {
    const a = newId[segA[s]], b = newId[segB[s]], c = segCls[s];
    const len = haversineM(nodeLat[a], nodeLon[a], nodeLat[b], nodeLon[b]);
    const time = len / (speedOf(c) / 3.6);
    lengthKmByClass[ROAD_CLASSES[c]] += len / 1000;
    for (const [u, v] of [[a, b], [b, a]]) {
      const e = fill[u]++;
      edgeTarget[e] = v; edgeLengthM[e] = len; edgeTimeS[e] = time; edgeClass[e] = c;
    }
  }
  for (const c of ROAD_CLASSES) lengthKmByClass[c] = Math.round(lengthKmByClass[c]);

  return {
    net: { id, version, attribution: DCW_ATTRIBUTION, nodeCount: n, edgeCount: m, nodeLat, nodeLon, firstEdge, edgeTarget, edgeLengthM, edgeTimeS, edgeClass },
    stats: {
      nodeCount: n, edgeCount: m, parts: size.size, droppedParts: size.size - 1, droppedNodes: n0 - n,
      skippedFeatures, duplicateSegments, lengthKmByClass,
    },
  };
}

export function networkVersion(sourceBytes: Uint8Array): string {
  return `${createHash("sha256").update(sourceBytes).digest("hex").slice(0, 12)}.b${BUILD_FORMAT}`;
}

export function buildNetworkPack(geojsonPath: string, outFile: string): NetworkBuildReport {
  const t0 = performance.now();
  const bytes = readFileSync(geojsonPath);
  const version = networkVersion(bytes);
  const fc = JSON.parse(bytes.toString("utf8")) as { features?: Feature[] };
  if (!Array.isArray(fc.features)) throw new Error(`${geojsonPath}: not a GeoJSON FeatureCollection`);
  const { net, stats } = buildNetworkFromFeatures(fc.features, PACK_ID, version);
  if (net.nodeCount === 0) throw new Error(`${geojsonPath}: no road segments`);
  const size = writeNetworkPack(net, {
    source: DCW_SOURCE, attribution: DCW_ATTRIBUTION,
    meta: { buildFormat: BUILD_FORMAT, truckSpeedKmh: TRUCK_SPEED_KMH, ...stats },
  }, outFile);
  return {
    id: PACK_ID, version, source: DCW_SOURCE, outFile, bytes: size, ...stats,
    buildMs: Math.round(performance.now() - t0),
  };
}
