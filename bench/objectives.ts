// Part of npm run bench:plan: the three objectives on the length classes' trips
// with the documented prices (list prices, fallbacks, the assumed depot price):
// latency of each (p50/p95), and what balanced and cheapest save in money
// against fastest and give up in time.
import os from "node:os";
import { plan } from "../src/engine/plan/plan";
import type { PlanInput } from "../src/engine/plan/types";
import { packs } from "../src/server/packs";
import { LENGTH_CLASSES, MODELS, PLACES } from "./trips";

const OBJECTIVES = ["fastest", "balanced", "cheapest"] as const;
type Objective = (typeof OBJECTIVES)[number];
const RUNS = Number(process.env.OBJECTIVE_RUNS ?? 7);

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil(p * xs.length) - 1)];
const median = (xs: number[]) => pct(xs, 0.5);

function input(trip: string, vehicle: (typeof MODELS)[number], objective: Objective): PlanInput {
  const pts = trip.split("-").map((n) => PLACES[n]);
  return {
    vehicle, batteryLevelStart: 0.8, batteryLevelEnd: 0.2, sections: pts.slice(1).map((stop, i) => ({ start: pts[i], stop, payloadKg: 20_000 })),
    poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0, departureMs: Date.UTC(2026, 10, 20, 6), serviceTimeDepartureMin: 0, objective,
  };
}

console.log(`\nobjectives: ${os.cpus()[0].model}, ${os.cpus().length} cores; 1 warm-up + ${RUNS} runs per case and objective; 20 t; value of time 50 EUR/h`);
console.log("trip                      model               fastest ms p50/p95  balanced ms p50/p95  cheapest ms p50/p95   EUR total f/b/c          energy EUR f/b/c      min f/b/c");
const rows: { km: number; ms: Record<Objective, number[]>; saved: Record<Objective, number>; givenUp: Record<Objective, number> }[] = [];
for (const { km, trips } of LENGTH_CLASSES) {
  for (const trip of trips) {
    for (const vehicle of MODELS) {
      const ms = { fastest: [], balanced: [], cheapest: [] } as Record<Objective, number[]>;
      const out = {} as Record<Objective, { total: number; energy: number; min: number }>;
      const data = packs.planFor(input(trip, vehicle, "fastest").sections.flatMap((s) => [s.start, s.stop]));
      for (const objective of OBJECTIVES) {
        const inp = input(trip, vehicle, objective);
        plan(inp, data);
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          const r = plan(inp, data);
          ms[objective].push(performance.now() - t0);
          const c = r.totals?.cost;
          out[objective] = c ? { total: c.total, energy: c.energy, min: r.totals!.duration_min } : { total: NaN, energy: NaN, min: NaN };
        }
      }
      const f = (x: number, w: number, d = 0) => x.toFixed(d).padStart(w);
      const lat = (o: Objective) => `${f(median(ms[o]), 7)} / ${f(pct(ms[o], 0.95), 6)}`;
      const tri = (k: "total" | "energy" | "min") => OBJECTIVES.map((o) => f(out[o][k], 7, k === "min" ? 0 : 0)).join("");
      console.log(`${trip.padEnd(25)} ${vehicle.code.padEnd(18)} ${lat("fastest")}   ${lat("balanced")}   ${lat("cheapest")}   ${tri("total")}   ${tri("energy")}   ${tri("min")}`);
      rows.push({
        km, ms,
        saved: { fastest: 0, balanced: out.fastest.total - out.balanced.total, cheapest: out.fastest.energy - out.cheapest.energy },
        givenUp: { fastest: 0, balanced: out.balanced.min - out.fastest.min, cheapest: out.cheapest.min - out.fastest.min },
      });
    }
  }
}
console.log("\nby length class: latency p50/p95 over all runs; balanced: median total cost saved (EUR) and minutes given up against fastest; cheapest: median energy cost saved and minutes given up; balanced p95 / fastest p95");
for (const { km } of LENGTH_CLASSES) {
  const rs = rows.filter((r) => r.km === km);
  const all = (o: Objective) => rs.flatMap((r) => r.ms[o]);
  const lat = (o: Objective) => `${median(all(o)).toFixed(0).padStart(5)} / ${pct(all(o), 0.95).toFixed(0).padEnd(5)}`;
  const m = (xs: number[]) => median(xs).toFixed(1).padStart(6);
  console.log(
    `~${String(km).padEnd(5)} fastest ${lat("fastest")} balanced ${lat("balanced")} cheapest ${lat("cheapest")}  ` +
      `balanced saves ${m(rs.map((r) => r.saved.balanced))} EUR for ${m(rs.map((r) => r.givenUp.balanced))} min; cheapest saves ${m(rs.map((r) => r.saved.cheapest))} EUR energy for ${m(rs.map((r) => r.givenUp.cheapest))} min; ` +
      `p95 ratio ${(pct(all("balanced"), 0.95) / pct(all("fastest"), 0.95)).toFixed(2)}`,
  );
}
