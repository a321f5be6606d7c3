// A network pack from a road source: graph, terrain, contraction hierarchy, file.
import { createHash } from "node:crypto";
import { buildContractionHierarchy, countShortcuts, describeChProgress } from "./ch/build";
import { chToArrays } from "./ch/arrays";
import { buildGraph, PACK_TRUCK_PROFILE, type GraphStats } from "./graph";
import { contractChains } from "./junctions";
import { snapIndexArrays } from "./snap";
import { writeNetworkPack } from "./pack";
import { TRUCK_LIMITS_KMH } from "./speeds";
import type { RoadNetwork } from "./types";
import type { WaySource } from "./ways";
import type { Terrain } from "../terrain/dem";
import { edgeClimb } from "../terrain/profile";

/** Bump when the build logic or speed tables change: it is part of every pack version. */
export const BUILD_FORMAT = 4;

export interface PackBuildOptions {
  /** Content identity of the inputs (e.g. a hash of the source files), recorded in the pack's build facts. */
  inputHash: string;
  countryAt?: (lat: number, lon: number) => string | null;
  terrain?: Terrain;
  /** Terrain sampling step along edges; coarse line geometry needs a coarse step (see engine/terrain/profile.ts). */
  terrainStepM?: number;
  /** A line on each stage, and on the contraction's progress every few seconds. */
  onProgress?: (line: string) => void;
  /**
   * Drops source.ways once the graph is built, for callers that do not read them after: the
   * contraction needs the memory a country's ways hold.
   */
  releaseWays?: boolean;
}

export interface PackBuildReport extends GraphStats {
  /** Vertices of the graph before the pass-through ones became shape points (nodeCount: junctions). */
  graphNodes: number;
  shapePoints: number;
  id: string;
  version: string;
  bytes: number;
  shortcuts: number;
  /** Nodes left uncontracted in the hierarchy's core (0 unless the contraction was bounded). */
  coreNodes: number;
  graphMs: number;
  terrainMs: number;
  chMs: number;
  writeMs: number;
  sourceReport?: WaySource["report"];
}

/**
 * The version is a hash of what the pack holds (every array and string table),
 * so any change of inputs or build logic gives a new version and nothing else does.
 */
export function contentVersion(net: RoadNetwork, extra: Record<string, ArrayBufferView>): string {
  const h = createHash("sha256");
  const arrays: ArrayBufferView[] = [net.nodeLat, net.nodeLon, net.firstEdge, net.edgeTarget, net.edgeLengthM, net.edgeTimeS, net.edgeClass];
  const a = net.attributes;
  if (a) {
    arrays.push(a.flags, a.country, a.maxspeedKmh, a.ascentM, a.descentM, a.ref, a.name);
    h.update(JSON.stringify([a.countries, a.strings]));
  }
  if (net.nodeElevationM) arrays.push(net.nodeElevationM);
  const sh = net.shapes;
  if (sh) arrays.push(sh.first, sh.lat, sh.lon, sh.ofEdge, ...(sh.elevationM ? [sh.elevationM] : []));
  for (const v of [...arrays, ...Object.values(extra)]) h.update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  return `${h.digest("hex").slice(0, 12)}.b${BUILD_FORMAT}`;
}

/** Ground elevation per node, rounded to metres (int16 holds every elevation in Europe). */
function nodeElevations(terrain: Terrain, lat: Float64Array, lon: Float64Array): Int16Array {
  const out = new Int16Array(lat.length);
  for (let i = 0; i < lat.length; i++) {
    const z = terrain.elevationAt(lat[i], lon[i]);
    out[i] = Number.isFinite(z) ? Math.max(-500, Math.min(9000, Math.round(z))) : 0;
  }
  return out;
}

/** Climb and descent of every edge in its direction, into the network's attribute arrays. */
function edgeTerrain(net: RoadNetwork, terrain: Terrain, stepM: number): void {
  const a = net.attributes!, out = { ascentM: 0, descentM: 0 };
  const { nodeLat, nodeLon, firstEdge, edgeTarget } = net;
  for (let u = 0; u < net.nodeCount; u++) {
    for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) {
      const v = edgeTarget[e];
      const c = edgeClimb(terrain, nodeLat[u], nodeLon[u], nodeLat[v], nodeLon[v], out, stepM);
      a.ascentM[e] = c.ascentM; a.descentM[e] = c.descentM;
    }
  }
}

export function buildPack(source: WaySource, outFile: string, opts: PackBuildOptions): PackBuildReport {
  const t0 = performance.now();
  const terrain = opts.terrain;
  const { net: built, stats } = buildGraph(source.ways, { id: source.id, version: "", attribution: source.attribution, countryAt: opts.countryAt });
  if (built.nodeCount === 0) throw new Error(`${source.id}: no routable roads`);
  if (opts.releaseWays) source.ways = [];
  const t1 = performance.now();
  opts.onProgress?.(`graph: ${stats.nodeCount} nodes, ${stats.edgeCount} edges in ${Math.round(t1 - t0)} ms`);
  let nodeElevationM: Int16Array | undefined;
  if (terrain) {
    edgeTerrain(built, terrain, opts.terrainStepM ?? 0);
    nodeElevationM = nodeElevations(terrain, built.nodeLat, built.nodeLon);
  }
  // Terrain is read per straight piece first, then the pieces between junctions become one edge each.
  const junctions = contractChains(nodeElevationM ? { ...built, nodeElevationM } : built);
  const shapePoints = junctions.shapes!.lat.length;
  opts.onProgress?.(`junctions: ${junctions.nodeCount} nodes, ${junctions.edgeCount} edges, ${shapePoints} shape points`);
  const t2 = performance.now();
  const ch = buildContractionHierarchy(
    { nodeCount: junctions.nodeCount, firstEdge: junctions.firstEdge, edgeTarget: junctions.edgeTarget, weight: junctions.edgeTimeS },
    { onProgress: opts.onProgress && ((p) => opts.onProgress!(`contraction: ${describeChProgress(p)}`)) },
  );
  const t3 = performance.now();
  const shortcuts = countShortcuts(ch);
  // The snapping index is built here once, not by every process that loads the pack (it was most of a load).
  const extraArrays = { ...chToArrays(ch), ...snapIndexArrays(junctions) };
  const version = contentVersion(junctions, extraArrays);
  const net: RoadNetwork = { ...junctions, version };
  const bytes = writeNetworkPack(net, {
    source: source.id,
    attribution: source.attribution,
    meta: {
      buildFormat: BUILD_FORMAT, inputHash: opts.inputHash, truckProfile: PACK_TRUCK_PROFILE, truckLimitsKmh: TRUCK_LIMITS_KMH, terrain: terrain?.sources,
      ...stats, graphNodes: stats.nodeCount, nodeCount: net.nodeCount, edgeCount: net.edgeCount, shapePoints, shortcuts: shortcuts, coreNodes: ch.nodeCount - ch.coreStart, source: source.report,
    },
  }, outFile, extraArrays);
  const t4 = performance.now();
  const ms = (a: number, b: number) => Math.round(b - a);
  return {
    id: source.id, version, bytes, shortcuts: shortcuts, coreNodes: ch.nodeCount - ch.coreStart,
    graphMs: ms(t0, t1), terrainMs: ms(t1, t2), chMs: ms(t2, t3), writeMs: ms(t3, t4), sourceReport: source.report, ...stats,
    graphNodes: stats.nodeCount, nodeCount: net.nodeCount, edgeCount: net.edgeCount, shapePoints,
  };
}
