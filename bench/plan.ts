// npm run bench:plan: time of each planning stage on the real packs, and the
// corridor search against a linear scan of every station in the same process.
import os from "node:os";
import { nearestOnSegment } from "../engine/geo";
import { findInCorridor } from "../engine/stations/corridor";
import { plan } from "../engine/plan/plan";
import { findModel } from "../engine/vehicles/catalog";
import { packs } from "../server/packs";

const TRIPS: [string, [number, number], [number, number]][] = [
  ["Hamburg-Munich", [53.55, 9.99], [48.14, 11.58]],
  ["Berlin-Cologne", [52.52, 13.4], [50.94, 6.96]],
  ["Kiel-Stuttgart", [54.32, 10.13], [48.78, 9.18]],
  ["Dresden-Frankfurt", [51.05, 13.74], [50.11, 8.68]],
  ["Bremen-Nuremberg", [53.08, 8.8], [49.45, 11.08]],
];
const REPEAT = 15;
const data = packs.plan;
const vehicle = findModel("MB_EACTROS_600")!;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const r = f();
  return [r, performance.now() - t0];
}

/** Baseline: distance from every station to every route segment. */
function linearCorridor(coords: [number, number][], corridorM: number): number {
  let hits = 0;
  for (const s of data.stations.stations) {
    let best = Infinity;
    for (let i = 0; i + 1 < coords.length && best > corridorM; i++) {
      const [aLat, aLon] = coords[i], [bLat, bLon] = coords[i + 1];
      // Cheap box reject before the exact projection, as a fair scan would.
      if (Math.abs(s.lat - aLat) > 1 && Math.abs(s.lat - bLat) > 1) continue;
      best = Math.min(best, nearestOnSegment(s.lat, s.lon, aLat, aLon, bLat, bLon).distanceM);
    }
    if (best <= corridorM) hits++;
  }
  return hits;
}

console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}`);
console.log(`network ${data.network.id} ${data.network.nodeCount} nodes; ${data.stations.stations.length} stations; ${REPEAT} runs each, medians in ms\n`);
console.log("trip               km   snap  route  corridor  scan  scan/index  plan");
for (const [name, from, to] of TRIPS) {
  const snapT: number[] = [], routeT: number[] = [], corrT: number[] = [], scanT: number[] = [], planT: number[] = [];
  let km = 0;
  for (let i = 0; i < REPEAT; i++) {
    const [[a, b], ts] = time(() => [data.snapper.snap(...from), data.snapper.snap(...to)] as const);
    const [path, tr] = time(() => data.router.route(a.departNode, b.arriveNode)!);
    const [hits, tc] = time(() => findInCorridor(data.stations, path, 8000));
    if (i < 3) {
      const [n, tl] = time(() => linearCorridor(path.coords, 8000));
      if (n !== hits.length) throw new Error(`corridor disagrees with the scan: ${hits.length} vs ${n}`);
      scanT.push(tl);
    }
    const [, tp] = time(() =>
      plan({ vehicle, batteryLevelStart: 0.8, batteryLevelEnd: 0.2, sections: [{ start: from, stop: to, payloadKg: 20000 }], poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.UTC(2026, 10, 20, 6), serviceTimeDepartureMin: 0 }, data),
    );
    km = path.lengthM / 1000;
    snapT.push(ts); routeT.push(tr); corrT.push(tc); planT.push(tp);
  }
  const f = (x: number) => x.toFixed(2).padStart(6);
  console.log(`${name.padEnd(18)} ${km.toFixed(0).padStart(4)} ${f(median(snapT))} ${f(median(routeT))} ${f(median(corrT)).padStart(9)} ${f(median(scanT))} ${(median(scanT) / median(corrT)).toFixed(0).padStart(10)}x ${f(median(planT))}`);
}
