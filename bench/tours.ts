// Tours of many sections (part of `npm run bench:plan`): plan() latency p50 / p95 and
// the peak resident memory of a process planning them, by number of sections, for
// distribution rings (a depot, customers 40 km around it, 15 min each) and long-haul
// back-and-forth and round trips. Each shape and size runs in a process of its own,
// so its peak memory is its own: `tsx bench/tours.ts` runs them all, `-- <shape> <sections>` one.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { plan } from "../src/engine/plan/plan";
import type { PlanInput } from "../src/engine/plan/types";
import { findModel } from "../src/engine/vehicles/catalog";
import { packs } from "../src/server/packs";

const CITIES: Record<string, [number, number]> = {
  Hamburg: [53.55, 9.99], Bremen: [53.08, 8.8], Dortmund: [51.51, 7.47], Cologne: [50.94, 6.96], Frankfurt: [50.11, 8.68],
  Stuttgart: [48.78, 9.18], Munich: [48.14, 11.58], Nuremberg: [49.45, 11.08], Dresden: [51.05, 13.74], Berlin: [52.52, 13.4],
  Leipzig: [51.34, 12.37], Kassel: [51.31, 9.48], Hannover: [52.37, 9.73],
};
const RING = ["Hamburg", "Bremen", "Dortmund", "Cologne", "Frankfurt", "Stuttgart", "Munich", "Nuremberg", "Dresden", "Berlin", "Leipzig", "Kassel", "Hannover"];
/** 25 sections of 150-500 km across Germany: about 10,000 km by road (7,561 km in straight lines). */
const LONG_HAUL = [
  "Hamburg", "Frankfurt", "Munich", "Leipzig", "Hamburg", "Cologne", "Stuttgart", "Nuremberg", "Berlin", "Kassel", "Munich", "Dresden", "Hannover",
  "Frankfurt", "Nuremberg", "Bremen", "Leipzig", "Cologne", "Nuremberg", "Berlin", "Hannover", "Dortmund", "Stuttgart", "Kassel", "Hamburg", "Bremen",
];

const SHAPES: Record<string, { what: string; sizes: number[]; points: (n: number) => [number, number][]; serviceMin: number }> = {
  distribution: {
    what: "depot Kassel, customers on a 40 km ring, back to the depot",
    sizes: [2, 5, 10, 20, 25],
    points: (n) => {
      const [lat, lon] = CITIES.Kassel;
      const around = Array.from({ length: n - 1 }, (_, i): [number, number] => [lat + 0.36 * Math.sin((2 * Math.PI * i) / (n - 1)), lon + 0.55 * Math.cos((2 * Math.PI * i) / (n - 1))]);
      return [CITIES.Kassel, ...around, CITIES.Kassel];
    },
    serviceMin: 15,
  },
  "back-and-forth": {
    what: "Hamburg <-> Munich",
    sizes: [2, 5, 10, 13],
    points: (n) => Array.from({ length: n + 1 }, (_, i) => (i % 2 ? CITIES.Munich : CITIES.Hamburg)),
    serviceMin: 0,
  },
  "round trip": {
    what: "13 German cities in a ring, again and again",
    sizes: [5, 10, 25],
    points: (n) => Array.from({ length: n + 1 }, (_, i) => CITIES[RING[i % RING.length]]),
    serviceMin: 0,
  },
  "long haul": {
    what: "sections of 150-500 km across Germany, 30 min at each stop",
    sizes: [10, 25],
    points: (n) => LONG_HAUL.slice(0, n + 1).map((c) => CITIES[c]),
    serviceMin: 30,
  },
};
/** Timed runs per size: fewer for the big ones (each takes seconds). */
const runsFor = (n: number) => (n <= 10 ? 7 : 3);

function input(points: [number, number][], serviceMin: number): PlanInput {
  return {
    vehicle: findModel("MB_EACTROS_600")!, batteryLevelStart: 0.9, batteryLevelEnd: 0.2,
    sections: points.slice(1).map((stop, i) => ({ start: points[i], stop, payloadKg: 15_000, serviceTimeMin: serviceMin })),
    poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.UTC(2026, 10, 23, 6), serviceTimeDepartureMin: 0,
    // TOURS_OBJECTIVE (bench:targets: balanced, the API's default); without it plan()'s own default, fastest.
    ...(process.env.TOURS_OBJECTIVE ? { objective: process.env.TOURS_OBJECTIVE as PlanInput["objective"] } : {}),
  };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)];

function one(shape: string, n: number): void {
  const s = SHAPES[shape];
  const data = packs.plan;
  const tour = input(s.points(n), s.serviceMin);
  plan(tour, data); // warm-up
  const ms: number[] = [];
  let result = plan(tour, data);
  for (let i = 0; i < runsFor(n); i++) {
    const t0 = performance.now();
    result = plan(tour, data);
    ms.push(performance.now() - t0);
  }
  const proven = !(result.warnings ?? []).some((w) => w.includes("not proven the fastest"));
  console.log(JSON.stringify({
    shape, n, km: Math.round((result.totals?.distance_m ?? 0) / 1000), status: result.status, stops: result.totals?.charging_stops,
    p50: percentile(ms, 0.5), p95: percentile(ms, 0.95), runs: ms.length, peakMB: Math.round(process.resourceUsage().maxRSS / 1024), proven,
  }));
}

if (process.argv[2]) {
  one(process.argv[2], Number(process.argv[3]));
} else {
  console.log(`\ntours of many sections: plan() ms p50 / p95 (warm-up + 7 runs; 3 above 10 sections) and peak resident memory of the planning process`);
  console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; eActros 600, 15 t, SoC 0.9 -> 0.2, corridor 8 km\n`);
  console.log("shape            sections      km  status        stops   p50 ms   p95 ms  peak MB  proven fastest");
  for (const [shape, s] of Object.entries(SHAPES)) {
    for (const n of s.sizes) {
      const run = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, shape, String(n)], { encoding: "utf8", timeout: 600_000 });
      const line = run.stdout.trim().split("\n").pop() ?? "";
      let r;
      try {
        r = JSON.parse(line);
      } catch {
        console.log(`${shape.padEnd(16)} ${String(n).padStart(8)}  failed: ${run.stderr.slice(-300)}`);
        continue;
      }
      console.log(
        `${shape.padEnd(16)} ${String(n).padStart(8)} ${String(r.km).padStart(7)}  ${r.status.padEnd(12)} ${String(r.stops).padStart(6)} ` +
          `${r.p50.toFixed(0).padStart(8)} ${r.p95.toFixed(0).padStart(8)} ${String(r.peakMB).padStart(8)}  ${r.proven ? "yes" : "no"}`,
      );
    }
    console.log(`  (${s.what})`);
  }
}
