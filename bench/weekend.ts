// npm run bench:weekend: the whole plan() of the 1,500 km class (bench/trips.ts, 20 t, SoC 0.8 -> 0.2) leaving
// on a Friday at 06:00 UTC, so that most tours meet the Sunday ban: per case the median of RUNS plans after
// one warm-up, then the class's p50 / p95 over all runs, with route choice and on the fastest road only.
// OBJ=balanced|cheapest sets the objective (default: the engine's, fastest); CLASSES=500,800,1500 other classes.
// To compare two versions, run it in a checkout of each, one after the other, on a quiet machine.
import os from "node:os";
import type { PlanInput } from "../src/engine/plan/types";
import { findModel } from "../src/engine/vehicles/catalog";
import { packs } from "../src/server/packs";
import { LENGTH_CLASSES, PLACES, timedPlan } from "./trips";

const classes = (process.env.CLASSES ?? "1500").split(",").map(Number);
const RUNS = Number(process.env.RUNS ?? 3);
const objective = process.env.OBJ as PlanInput["objective"];
const rank = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)];

console.log(`weekend: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; objective ${objective ?? "fastest"}; ${RUNS} runs per case`);
for (const { km, trips } of LENGTH_CLASSES.filter((c) => classes.includes(c.km))) {
  for (const alternatives of [true, false]) {
    const all: number[] = [];
    for (const trip of trips) for (const code of ["MB_EACTROS_600", "VOLVO_FH_ELECTRIC"]) {
      const points = trip.split("-").map((n) => PLACES[n]);
      const input: PlanInput = {
        vehicle: findModel(code)!, batteryLevelStart: 0.8, batteryLevelEnd: 0.2, sections: points.slice(1).map((stop, i) => ({ start: points[i], stop, payloadKg: 20_000 })),
        poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.UTC(2026, 10, 20, 6), serviceTimeDepartureMin: 0, alternatives, ...(objective ? { objective } : {}),
      };
      const { r, ms, runs } = timedPlan(input, packs.planFor(points), RUNS);
      all.push(...runs);
      const chosen = r.route_alternatives?.find((a) => a.chosen);
      console.log(`${km} ${alternatives ? "route choice" : "fastest road"} ${trip.padEnd(25)} ${code.padEnd(18)} ${ms.toFixed(0).padStart(6)} ms  tour ${r.totals?.duration_min} min${chosen?.objective_value != null ? `, objective ${chosen.objective_value}` : ""}`);
    }
    console.log(`class ~${km} km, ${alternatives ? "route choice" : "fastest road"}: p50 ${rank(all, 0.5).toFixed(0)} ms, p95 ${rank(all, 0.95).toFixed(0)} ms (${all.length} runs)\n`);
  }
}
