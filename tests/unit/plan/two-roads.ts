// Two roads between the same ends (50 N, 6 E) and (50 N, 14 E): a straight north road and a
// south road by 49.8 N, some 8 % longer; each with its speed, road class and country.
import { haversineM } from "@/engine/geo";
import { buildContractionHierarchy } from "@/engine/network/ch/build";
import { createRouter } from "@/engine/network/router";
import { createSnapper } from "@/engine/network/snap";
import type { RoadNetwork } from "@/engine/network/types";
import type { PlanData } from "@/engine/plan/types";
import { createStationIndex } from "@/engine/stations/corridor";
import type { Station } from "@/engine/stations/types";

export interface Road {
  points: [number, number][];
  kmh: number;
  /** Index into ROAD_CLASSES. */
  cls: number;
}

/** Line of points from a to b every `step` degrees of longitude (or of latitude where the line runs north-south). */
export function line(a: [number, number], b: [number, number], step = 0.05): [number, number][] {
  const n = Math.max(1, Math.ceil(Math.max(Math.abs(b[1] - a[1]), Math.abs(b[0] - a[0])) / step));
  return Array.from({ length: n + 1 }, (_, i) => [a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n]);
}

export const WEST: [number, number] = [50, 6];
export const EAST: [number, number] = [50, 14];
export const SOUTH_LAT = 49.8;

export const northRoad = (kmh = 80, cls = 0): Road => ({ points: line(WEST, EAST), kmh, cls });
export const southRoad = (kmh = 80, cls = 0): Road => ({
  points: [...line(WEST, [SOUTH_LAT, 6.2]), ...line([SOUTH_LAT, 6.2], [SOUTH_LAT, 13.8]).slice(1), ...line([SOUTH_LAT, 13.8], EAST).slice(1)],
  kmh, cls,
});

/** Roads joined where they share a point; every road both ways; all in `country`. */
export function roadNetwork(roads: Road[], country = "AT"): RoadNetwork {
  const ids = new Map<string, number>();
  const lat: number[] = [], lon: number[] = [];
  const node = (p: [number, number]) => {
    const k = `${p[0].toFixed(6)},${p[1].toFixed(6)}`;
    let id = ids.get(k);
    if (id === undefined) { ids.set(k, (id = lat.length)); lat.push(p[0]); lon.push(p[1]); }
    return id;
  };
  const arcs: { a: number; b: number; m: number; s: number; cls: number }[] = [];
  for (const r of roads) {
    for (let i = 0; i + 1 < r.points.length; i++) {
      const a = node(r.points[i]), b = node(r.points[i + 1]);
      const m = haversineM(lat[a], lon[a], lat[b], lon[b]);
      arcs.push({ a, b, m, s: m / (r.kmh / 3.6), cls: r.cls }, { a: b, b: a, m, s: m / (r.kmh / 3.6), cls: r.cls });
    }
  }
  arcs.sort((x, y) => x.a - y.a || x.b - y.b);
  const n = lat.length;
  const firstEdge = new Uint32Array(n + 1);
  for (const x of arcs) firstEdge[x.a + 1]++;
  for (let v = 0; v < n; v++) firstEdge[v + 1] += firstEdge[v];
  const e = arcs.length;
  return {
    id: "test-two-roads", version: "1", nodeCount: n, edgeCount: e,
    nodeLat: Float64Array.from(lat), nodeLon: Float64Array.from(lon), firstEdge,
    edgeTarget: Uint32Array.from(arcs, (x) => x.b), edgeLengthM: Float32Array.from(arcs, (x) => x.m), edgeTimeS: Float32Array.from(arcs, (x) => x.s),
    edgeClass: Uint8Array.from(arcs, (x) => x.cls),
    attributes: {
      flags: new Uint8Array(e), country: new Uint8Array(e), countries: [country], maxspeedKmh: new Uint8Array(e),
      ascentM: new Float32Array(e), descentM: new Float32Array(e), ref: new Int32Array(e).fill(-1), name: new Int32Array(e).fill(-1), strings: [],
    },
  };
}

/** PlanData on the network, routed on a contraction hierarchy (as the packs are) or by A*. */
export function twoRoadData(net: RoadNetwork, stations: Station[], hierarchy = true): PlanData {
  const ch = hierarchy ? buildContractionHierarchy({ nodeCount: net.nodeCount, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget, weight: net.edgeTimeS }) : undefined;
  return { network: net, snapper: createSnapper(net), router: createRouter(net, ch), stations: createStationIndex(stations), versions: { [net.id]: net.version } };
}
