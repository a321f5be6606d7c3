// npm run bench:targets: plan latency in the configuration the speed targets are set for (every feature
// on: objective balanced, route choice, driving bans and weather as they come with the data), against
// those targets. The length classes' trips (bench/trips.ts) leaving on a Wednesday and on a Friday at
// 06:00 UTC (a Friday's tours of two days meet the Sunday ban); Hamburg <-> Munich x10 and the long haul
// of 25 sections (bench/tours.ts, balanced); the 50-tour fleet day (bench/fleet.ts, balanced, no MILP).
// Prints p50 / p95 per row. Options: TARGETS_RUNS (3 timed runs after a warm-up per case),
// TARGETS_ONLY ("classes", "tours" or "fleet"), TARGETS_CLASSES ("800,1500": those length classes only).
import { spawnSync } from "node:child_process";
import os from "node:os";
import { plan } from "../src/engine/plan/plan";
import type { PlanInput } from "../src/engine/plan/types";
import { packs } from "../src/server/packs";
import { LENGTH_CLASSES, MODELS, PLACES } from "./trips";

const RUNS = Number(process.env.TARGETS_RUNS ?? 3);
const ONLY = process.env.TARGETS_ONLY;
const CLASSES = process.env.TARGETS_CLASSES?.split(",").map(Number);
const DEPARTURES: [string, number][] = [["Wednesday", Date.UTC(2026, 10, 25, 6)], ["Friday", Date.UTC(2026, 10, 20, 6)]];
/** p50 / p95 targets in ms per class (#34); null: none set. */
const CLASS_TARGETS: Record<number, [number | null, number | null]> = { 200: [null, null], 500: [null, null], 800: [null, 100], 1500: [100, 300] };

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)];
const verdict = (v: number, target: number | null) => (target === null ? "" : v <= target ? " (met)" : ` (target ${target})`);

function input(trip: string, vehicle: (typeof MODELS)[number], departureMs: number): PlanInput {
  const pts = trip.split("-").map((n) => PLACES[n]);
  return {
    vehicle, batteryLevelStart: 0.8, batteryLevelEnd: 0.2, sections: pts.slice(1).map((stop, i) => ({ start: pts[i], stop, payloadKg: 20_000 })),
    poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs, serviceTimeDepartureMin: 0, objective: "balanced",
  };
}

console.log(`targets: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; objective balanced, route choice; ${RUNS} runs after a warm-up`);
if (!ONLY || ONLY === "classes") {
  console.log("\nclass     departure   p50 ms          p95 ms          slowest case");
  for (const { km, trips } of LENGTH_CLASSES.filter((c) => !CLASSES || CLASSES.includes(c.km))) {
    for (const [day, departureMs] of DEPARTURES) {
      const all: number[] = [];
      let slowest = { ms: 0, what: "" };
      for (const trip of trips) {
        for (const vehicle of MODELS) {
          const inp = input(trip, vehicle, departureMs);
          const data = packs.planFor(inp.sections.flatMap((s) => [s.start, s.stop]));
          plan(inp, data);
          for (let i = 0; i < RUNS; i++) {
            const t0 = performance.now();
            plan(inp, data);
            const ms = performance.now() - t0;
            all.push(ms);
            if (ms > slowest.ms) slowest = { ms, what: `${trip} ${vehicle.code}` };
          }
        }
      }
      const [t50, t95] = CLASS_TARGETS[km];
      const p50 = pct(all, 0.5), p95 = pct(all, 0.95);
      console.log(`~${String(km).padEnd(7)} ${day.padEnd(11)} ${(p50.toFixed(0) + verdict(p50, t50)).padEnd(15)} ${(p95.toFixed(0) + verdict(p95, t95)).padEnd(15)} ${slowest.what} ${slowest.ms.toFixed(0)}`);
    }
  }
}

/** The last line a bench script printed that `wanted` accepts, run in a process of its own. */
function lastLine(script: string, args: string[], env: Record<string, string>, wanted = (l: string) => l.trim() !== ""): string {
  const run = spawnSync(process.execPath, [...process.execArgv, new URL(script, import.meta.url).pathname, ...args], {
    encoding: "utf8", timeout: 900_000, env: { ...process.env, ...env },
  });
  return run.stdout.trim().split("\n").filter(wanted).pop() ?? `failed: ${run.stderr.trim().split("\n").pop()}`;
}

if (!ONLY || ONLY === "tours") {
  console.log("\ntour                          p50 ms          p95 ms   (bench/tours.ts, Monday 06:00 UTC, eActros 600)");
  for (const [shape, n, target] of [["back-and-forth", 10, 1000], ["long haul", 25, 2000], ["round trip", 25, 2000], ["distribution", 25, 2000]] as const) {
    const line = lastLine("./tours.ts", [shape, String(n)], { TOURS_OBJECTIVE: "balanced" });
    try {
      const r = JSON.parse(line);
      console.log(`${`${shape} x${n}`.padEnd(29)} ${(r.p50.toFixed(0) + verdict(r.p50, target)).padEnd(15)} ${r.p95.toFixed(0)}`);
    } catch {
      console.log(`${`${shape} x${n}`.padEnd(29)} ${line}`);
    }
  }
}

if (!ONLY || ONLY === "fleet") {
  // bench/fleet.ts's row: tours | plan ms | plans | ...
  const line = lastLine("./fleet.ts", [], { FLEET_SIZES: "50", FLEET_MILP: "0" }, (l) => l.startsWith("50 |"));
  const cells = line.split("|").map((c) => c.trim());
  const ms = Number(cells[1]);
  console.log(`\nfleet day of 50 tours: ${Number.isFinite(ms) ? `${ms.toFixed(0)} ms${verdict(ms, 5000)}, ${cells[2]} single plans` : line}`);
}
