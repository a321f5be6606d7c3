// npm run bench:corridor: the station corridor search (engine/stations/corridor.ts) on two
// ~800 km routes at 2, 8 and 20 km, over the bundled stations and over 100,000 synthetic
// stations generated here (seeded, around the road network; never written or served), each
// against a linear scan in the same process (the hit sets must be equal, or exit 1); then the
// road detours the planner measures per usable hit (engine/plan/detours.ts).
import os from "node:os";
import { EARTH_RADIUS_M, nearestOnSegment } from "../src/engine/geo";
import { chargeOption } from "../src/engine/plan/candidates";
import { roadDetourM } from "../src/engine/plan/detours";
import { routeLegs } from "../src/engine/plan/legs";
import type { RoutePath } from "../src/engine/network/types";
import { DETOUR_ROAD_FACTOR, createStationIndex, findInCorridor, type CorridorRoute, type StationIndex } from "../src/engine/stations/corridor";
import { filterStations } from "../src/engine/stations/filter";
import type { ConnectorType, Station } from "../src/engine/stations/types";
import { findModel } from "../src/engine/vehicles/catalog";
import { packs } from "../src/server/packs";
import { mulberry32 } from "./query-timing";

const TRIPS: [string, [number, number], [number, number]][] = [
  ["Hamburg-Munich", [53.55, 9.99], [48.14, 11.58]],
  ["Berlin-Freiburg", [52.52, 13.4], [47.99, 7.85]],
];
const CORRIDORS_M = [2_000, 8_000, 20_000];
const SYNTHETIC = 100_000;
const SEED = 1;
const MAX_OFFSET_M = 15_000;
const WARMUP = 5;
const RUNS = 30;
const SCAN_RUNS = 3;
const BUILD_RUNS = 5;
const DETOUR_RUNS = 31;
const RAD = Math.PI / 180;
const M_PER_DEG = EARTH_RADIUS_M * RAD;

const data = packs.plan;
const vehicle = findModel("MB_EACTROS_600")!;

/** Nearest rank. */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(p * s.length) - 1)];
}
function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

/** Synthetic sites around the network: a random node, moved 0-15 km in a random direction. */
function syntheticStations(n: number, seed: number): Station[] {
  const rand = mulberry32(seed);
  const net = data.network;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const OPERATORS = ["Synthetic Charge", "Bench Power", "Test Grid", "Mock Mobility", "Sample Energy"];
  const AMENITIES = ["RESTAURANT", "TOILETS", "SHOWERS", "WIFI", "SHOP"];
  // Share of sites per kind: AC only, DC CCS at various powers, some with MCS.
  const KINDS: { w: number; dc: number; ac: number; connectors: ConnectorType[] }[] = [
    { w: 0.45, dc: 0, ac: 22, connectors: ["TYPE2"] },
    { w: 0.15, dc: 50, ac: 22, connectors: ["CCS", "CHADEMO", "TYPE2"] },
    { w: 0.2, dc: 150, ac: 0, connectors: ["CCS"] },
    { w: 0.12, dc: 300, ac: 0, connectors: ["CCS"] },
    { w: 0.05, dc: 400, ac: 0, connectors: ["CCS"] },
    { w: 0.03, dc: 1000, ac: 0, connectors: ["CCS", "MCS"] },
  ];
  const stations: Station[] = [];
  for (let i = 0; i < n; i++) {
    const node = Math.floor(rand() * net.nodeCount);
    const bearing = 2 * Math.PI * rand();
    const d = MAX_OFFSET_M * rand();
    const lat = net.nodeLat[node] + (d * Math.cos(bearing)) / M_PER_DEG;
    const lon = net.nodeLon[node] + (d * Math.sin(bearing)) / (M_PER_DEG * Math.cos(lat * RAD));
    let r = rand(), kind = KINDS[KINDS.length - 1];
    for (const k of KINDS) if ((r -= k.w) < 0) { kind = k; break; }
    const edge = net.firstEdge[node] < net.firstEdge[node + 1] ? net.firstEdge[node] : -1;
    const c = edge >= 0 && net.attributes ? net.attributes.country[edge] : 255;
    const truck = kind.dc >= 300 && rand() < 0.5;
    const poiId = 1_000_001 + i;
    stations.push({
      poiId,
      externalId: `synthetic:${i}`,
      locationId: null,
      name: `Synthetic site ${i}`,
      address: `Bench road ${i}`,
      lat: Math.round(lat * 1e6) / 1e6,
      lon: Math.round(lon * 1e6) / 1e6,
      operator: pick(OPERATORS),
      powerKW: kind.dc || kind.ac,
      dcPowerKW: kind.dc,
      connectors: kind.connectors,
      points: 1 + Math.floor(rand() * 8),
      truckApproved: truck ? pick(["T", "TT"] as const) : null,
      connectorPos: truck ? pick(["LEFT", "RIGHT"] as const) : null,
      bookable: kind.dc >= 300 ? rand() < 0.3 : null,
      amenities: AMENITIES.filter(() => rand() < 0.2),
      country: c < 255 && net.attributes ? net.attributes.countries[c] : "XX",
      source: "synthetic_bench",
      mapping: poiId,
      represents: 1,
    });
  }
  return stations;
}

/**
 * Baseline ("bbox scan"): every station against every route segment with nearestOnSegment, after a cheap
 * bounding-box reject per segment (the segment's box grown by the corridor, built in the run).
 * Returns the poiIds within corridorM.
 */
function linearCorridor(stations: Station[], coords: [number, number][], corridorM: number): number[] {
  const m = coords.length - 1;
  const minLat = new Float64Array(m), maxLat = new Float64Array(m), minLon = new Float64Array(m), maxLon = new Float64Array(m);
  const dLat = (corridorM / M_PER_DEG) * 1.01 + 1e-6;
  for (let i = 0; i < m; i++) {
    const [aLat, aLon] = coords[i], [bLat, bLon] = coords[i + 1];
    minLat[i] = Math.min(aLat, bLat) - dLat;
    maxLat[i] = Math.max(aLat, bLat) + dLat;
    const dLon = dLat / Math.cos(Math.min(89, Math.max(Math.abs(aLat), Math.abs(bLat)) + dLat) * RAD);
    minLon[i] = Math.min(aLon, bLon) - dLon;
    maxLon[i] = Math.max(aLon, bLon) + dLon;
  }
  const hits: number[] = [];
  for (const s of stations) {
    const { lat, lon } = s;
    for (let i = 0; i < m; i++) {
      if (lat < minLat[i] || lat > maxLat[i] || lon < minLon[i] || lon > maxLon[i]) continue;
      const [aLat, aLon] = coords[i], [bLat, bLon] = coords[i + 1];
      if (nearestOnSegment(lat, lon, aLat, aLon, bLat, bLon).distanceM <= corridorM) {
        hits.push(s.poiId);
        break;
      }
    }
  }
  return hits;
}

/** bench/plan.ts's scan as it stands: the only reject is a station more than 1 degree of latitude from both ends. */
function linearCorridorLatBox(stations: Station[], coords: [number, number][], corridorM: number): number[] {
  const hits: number[] = [];
  for (const s of stations) {
    let best = Infinity;
    for (let i = 0; i + 1 < coords.length && best > corridorM; i++) {
      const [aLat, aLon] = coords[i], [bLat, bLon] = coords[i + 1];
      if (Math.abs(s.lat - aLat) > 1 && Math.abs(s.lat - bLat) > 1) continue;
      best = Math.min(best, nearestOnSegment(s.lat, s.lon, aLat, aLon, bLat, bLon).distanceM);
    }
    if (best <= corridorM) hits.push(s.poiId);
  }
  return hits;
}

function sameIds(a: number[], b: number[]): { ok: boolean; onlyA: number[]; onlyB: number[] } {
  const sa = new Set(a), sb = new Set(b);
  const onlyA = [...sa].filter((x) => !sb.has(x)), onlyB = [...sb].filter((x) => !sa.has(x));
  return { ok: sa.size === a.length && sb.size === b.length && onlyA.length === 0 && onlyB.length === 0, onlyA, onlyB };
}

const cpus = os.cpus();
console.log(`machine: ${cpus[0].model}, ${cpus.length} cores, node ${process.version}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${os.loadavg()[0].toFixed(2)}`);

const routes: { name: string; path: RoutePath }[] = TRIPS.map(([name, from, to]) => {
  const a = data.snapper.snap(...from), b = data.snapper.snap(...to);
  return { name, path: data.router.route(a.departNode, b.arriveNode)! };
});
console.log(`network ${data.network.id} (${data.network.nodeCount} nodes); routes: ${routes.map((r) => `${r.name} ${(r.path.lengthM / 1000).toFixed(0)} km, ${r.path.coords.length} points`).join("; ")}`);

// Station sets and their index build times.
const [synthetic, genMs] = time(() => syntheticStations(SYNTHETIC, SEED));
const sets: { name: string; index: StationIndex; buildMs: number[] }[] = [];
for (const [name, stations] of [["bundled", data.stations.stations], ["synthetic", synthetic]] as const) {
  const buildMs: number[] = [];
  let index: StationIndex | undefined;
  for (let i = 0; i < BUILD_RUNS; i++) {
    const [idx, t] = time(() => createStationIndex(stations));
    buildMs.push(t);
    index = idx;
  }
  sets.push({ name, index: index!, buildMs });
}
console.log(`synthetic: ${SYNTHETIC} sites, seed ${SEED}, random network node + 0-${MAX_OFFSET_M / 1000} km offset, generated in ${genMs.toFixed(0)} ms (memory only)\n`);
console.log(`index build (createStationIndex), ${BUILD_RUNS} builds: first / p50 ms`);
for (const s of sets) console.log(`  ${s.name.padEnd(10)} ${String(s.index.stations.length).padStart(7)} stations  ${s.buildMs[0].toFixed(1).padStart(6)} / ${percentile(s.buildMs, 0.5).toFixed(1)}`);

console.log(`\nfindInCorridor: ${WARMUP} warm-up + ${RUNS} timed runs, p50 / p95 ms; bbox scan: ${SCAN_RUNS} runs, median ms; hit sets compared by station id`);
console.log(`bbox scan: segment box grown by the corridor (lat and lon); lat-box scan: bench/plan.ts's scan (1 degree latitude reject only), 1 run`);
console.log("stations    route              corridor km   hits  index p50  index p95    scan  scan/index  lat-box scan  lat/index");
let failed = false;
for (const set of sets) {
  for (const route of routes) {
    for (const corridorM of CORRIDORS_M) {
      for (let i = 0; i < WARMUP; i++) findInCorridor(set.index, route.path, corridorM);
      const ms: number[] = [];
      let ids: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const [hits, t] = time(() => findInCorridor(set.index, route.path, corridorM));
        ms.push(t);
        ids = hits.map((h) => h.station.poiId);
      }
      const scanMs: number[] = [];
      for (let i = 0; i < SCAN_RUNS; i++) {
        const [scanIds, t] = time(() => linearCorridor(set.index.stations, route.path.coords, corridorM));
        scanMs.push(t);
        const cmp = sameIds(ids, scanIds);
        if (!cmp.ok) {
          failed = true;
          console.error(`MISMATCH ${set.name} ${route.name} ${corridorM} m: index ${ids.length}, scan ${scanIds.length}; only index ${cmp.onlyA.slice(0, 5)}, only scan ${cmp.onlyB.slice(0, 5)}`);
        }
      }
      const [latBoxIds, latBoxMs] = time(() => linearCorridorLatBox(set.index.stations, route.path.coords, corridorM));
      if (!sameIds(ids, latBoxIds).ok) {
        failed = true;
        console.error(`MISMATCH ${set.name} ${route.name} ${corridorM} m: index ${ids.length}, lat-box scan ${latBoxIds.length}`);
      }
      const p50 = percentile(ms, 0.5), scan = percentile(scanMs, 0.5);
      console.log(
        `${set.name.padEnd(11)} ${route.name.padEnd(18)} ${String(corridorM / 1000).padStart(11)} ${String(ids.length).padStart(6)} ${p50.toFixed(2).padStart(10)} ${percentile(ms, 0.95).toFixed(2).padStart(10)} ${scan.toFixed(1).padStart(7)} ${(scan / p50).toFixed(0).padStart(10)}x ${latBoxMs.toFixed(0).padStart(12)} ${(latBoxMs / p50).toFixed(0).padStart(10)}x`,
      );
    }
  }
}

// Road detours per usable hit, as plan() measures them: bundled stations, first route, 8 km.
{
  const [name, start, stop] = TRIPS[0];
  const corridorM = 8_000;
  const leg = routeLegs(data, [{ start, stop, payloadKg: 0 }])[0];
  const hits = findInCorridor(data.stations, leg.path, corridorM);
  const usable = filterStations(hits, {}).kept.filter((h) => chargeOption(vehicle, h.station) !== null);
  const runMs: number[] = [];
  let detours: number[] = [];
  for (let i = 0; i < DETOUR_RUNS; i++) {
    const [d, t] = time(() => usable.map((h) => roadDetourM(data, leg, h)));
    runMs.push(t);
    detours = d;
  }
  const cached = runMs.slice(1);
  const perHit = (ms: number) => ((ms * 1000) / Math.max(1, usable.length)).toFixed(0);
  const ratios = usable.map((h, i) => detours[i] / h.detourM);
  // roadDetourM returns the estimate itself where the network cannot say (e.g. near a leg's ends).
  const measured = ratios.filter((r) => r !== 1);
  const fallback = ratios.length - measured.length;
  const dist = (xs: number[]) =>
    xs.length ? `p10 ${percentile(xs, 0.1).toFixed(2)}, p50 ${percentile(xs, 0.5).toFixed(2)}, p90 ${percentile(xs, 0.9).toFixed(2)} (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})` : "-";
  console.log(`\nroad detours (roadDetourM): bundled stations, ${name} ${(leg.path.lengthM / 1000).toFixed(0)} km, ${corridorM / 1000} km corridor, ${vehicle.code}`);
  console.log(`${hits.length} hits, ${usable.length} usable (CCS/MCS >= 50 kW for this vehicle)`);
  console.log("run                          total ms   us per hit");
  console.log(`first (snaps the stations)  ${runMs[0].toFixed(1).padStart(9)} ${perHit(runMs[0]).padStart(12)}`);
  console.log(`cached, p50 of ${cached.length}           ${percentile(cached, 0.5).toFixed(1).padStart(9)} ${perHit(percentile(cached, 0.5)).padStart(12)}`);
  console.log(`cached, p95 of ${cached.length}           ${percentile(cached, 0.95).toFixed(1).padStart(9)} ${perHit(percentile(cached, 0.95)).padStart(12)}`);
  console.log(`cached, best of ${cached.length}          ${Math.min(...cached).toFixed(1).padStart(9)} ${perHit(Math.min(...cached)).padStart(12)}`);
  console.log(`road detour / straight-line estimate (2 x offset x ${DETOUR_ROAD_FACTOR}):`);
  console.log(`  all ${ratios.length} usable hits:        ${dist(ratios)}`);
  console.log(`  ${measured.length} measured on the road:  ${dist(measured)}`);
  console.log(`  ${fallback} returned the estimate unchanged (ratio exactly 1)`);
}

if (failed) {
  console.error("\ncorridor search and linear scan disagree");
  process.exit(1);
}
