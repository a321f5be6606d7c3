// npm run bench:weather: what the weather costs a plan. Tours planned in a weather (the request's -10 C, or
// the 1991-2020 climate normals of a January and a July day) and, in the same process, at the model's 20 C
// in still air (the baseline: ambient 20 C): latency p50 per objective, energy, charging, the tour's minutes.
import os from "node:os";
import type { PlanInput, SectionWeather } from "../src/engine/plan/types";
import { packs } from "../src/server/packs";
import { MODELS, timedPlan } from "./trips";

const RUNS = Number(process.env.WEATHER_RUNS ?? 5);
const P: Record<string, [number, number]> = {
  Hamburg: [53.55, 9.99], Munich: [48.14, 11.58], Cologne: [50.94, 6.96], Basel: [47.56, 7.59], Zurich: [47.37, 8.54], Geneva: [46.2, 6.14], Milan: [45.46, 9.19],
};
// Weekday departures (no driving ban); "normals": no temperature given, the sections' climate normals.
const CASES: [string, string, number | "normals"][] = [
  ["Hamburg-Munich", "2026-11-25T06:00:00Z", -10],
  ["Cologne-Munich", "2026-11-25T06:00:00Z", -10],
  ["Basel-Zurich-Geneva", "2027-01-13T06:00:00Z", "normals"],
  ["Basel-Zurich-Geneva", "2027-07-14T06:00:00Z", "normals"],
  ["Zurich-Milan", "2027-01-13T06:00:00Z", "normals"],
];
const at = (t: number): SectionWeather => ({ temperatureC: t, source: "request" });

function input(trip: string, departure: string, objective: "fastest" | "balanced", weather: number | "normals" | "baseline"): PlanInput {
  const pts = trip.split("-").map((n) => P[n]);
  return {
    vehicle: MODELS[0], batteryLevelStart: 0.8, batteryLevelEnd: 0.2, poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0,
    departureMs: Date.parse(departure), serviceTimeDepartureMin: 0, objective,
    sections: pts.slice(1).map((stop, i) => ({
      start: pts[i], stop, payloadKg: 20_000,
      ...(weather === "baseline" ? { weather: at(20) } : weather === "normals" ? {} : { weather: at(weather) }),
    })),
  };
}

console.log(`weather: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; ${MODELS[0].code}, 20 t, SoC 0.8 -> 0.2; 1 warm-up + ${RUNS} runs, p50 ms`);
console.log("trip                  departure   weather     objective  with ms  20 C ms  ratio  energy kWh with/20 C  charging min with/20 C  tour min with/20 C  weather says");
for (const [trip, departure, weather] of CASES) {
  for (const objective of ["balanced", "fastest"] as const) {
    const data = packs.planFor(input(trip, departure, objective, weather).sections.flatMap((s) => [s.start, s.stop]));
    const run = (w: number | "normals" | "baseline") => timedPlan(input(trip, departure, objective, w), data, RUNS);
    const on = run(weather), off = run("baseline");
    const t = on.r.totals!, b = off.r.totals!;
    console.log(
      `${trip.padEnd(21)} ${departure.slice(0, 10)}  ${String(weather).padEnd(10)}  ${objective.padEnd(9)} ${on.ms.toFixed(0).padStart(7)} ${off.ms.toFixed(0).padStart(8)} ${(on.ms / off.ms).toFixed(2).padStart(6)}x ` +
        `${t.energy_kWh.toFixed(0).padStart(9)} / ${b.energy_kWh.toFixed(0).padEnd(9)} ${t.charging_time_min.toFixed(0).padStart(9)} / ${b.charging_time_min.toFixed(0).padEnd(12)} ` +
        `${t.duration_min.toFixed(0).padStart(7)} / ${b.duration_min.toFixed(0).padEnd(9)} ${t.weather?.assumption ?? "-"}`,
    );
  }
}
