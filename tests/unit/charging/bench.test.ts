// The SoC grid's optimality loss against a 0.1 % grid (runtime: npm run bench:optimizer).
import { describe, expect, it } from "vitest";
import { optimizeCharging } from "@/engine/charging/optimize";
import type { OptimizeInput } from "@/engine/charging/types";
import { analyticCharge, corridor, withPrices, type Conn } from "./fixtures";

describe("charging optimizer: benchmarks", () => {
  it("loses under 0.5 % to a 0.1 % SoC grid on the corridors", () => {
    const rows: string[] = [];
    for (const cap of [300, 600]) {
      let max = 0, sum = 0, count = 0, stops = 0;
      for (let seed = 1; seed <= 8; seed++) {
        const base = corridor(seed, 60);
        const inp = { ...base, capacityKWh: cap, chargeMinutes: analyticCharge(cap) };
        const fine = optimizeCharging({ ...inp, socStep: 0.001 });
        const r = optimizeCharging(inp);
        expect(r.ok).toBe(fine.ok);
        if (!r.ok || !fine.ok) continue;
        const gap = (r.totals.totalMin - fine.totals.totalMin) / fine.totals.totalMin;
        expect(gap).toBeLessThan(0.005);
        max = Math.max(max, gap);
        sum += gap;
        count++;
        stops += r.stops.length;
      }
      rows.push(`${cap} kWh: ${count} corridors, ${(stops / count).toFixed(1)} stops each, loss max ${(max * 100).toFixed(4)} %, mean ${((sum / count) * 100).toFixed(4)} %`);
    }
    console.log(`discretization (0.5 % grid vs 0.1 %):\n  ${rows.join("\n  ")}`);
  });

  // Balanced: under 0.5 %. Cheapest, where money is nearly all of the objective, can lose one grid step
  // of energy at a stop that charges only to host a pause (a stop charges at least to the next cell):
  // at most 0.5 % of the battery per stop at the dearest price.
  it("loses under 0.5 % to a 0.1 % SoC grid under balanced, one grid step per stop under cheapest", () => {
    let max = 0, cheapest = 0, count = 0;
    for (let seed = 1; seed <= 6; seed++) {
      for (const eurPerMin of [50 / 60, 1e-6]) {
        const inp: OptimizeInput<Conn> = { ...withPrices(corridor(seed, 40, 600), seed, { timeOfDay: 0.5, eurPerMin: [eurPerMin] }), capacityKWh: 400, chargeMinutes: analyticCharge(400) };
        const fine = optimizeCharging({ ...inp, socStep: 0.001 });
        const r = optimizeCharging(inp);
        expect(r.ok).toBe(fine.ok);
        if (!r.ok || !fine.ok) continue;
        const gap = (r.totals.objective - fine.totals.objective) / fine.totals.objective;
        if (eurPerMin > 0.01) {
          expect(gap, `seed ${seed}, balanced`).toBeLessThan(0.005);
          max = Math.max(max, gap);
        } else {
          const dearest = Math.max(...inp.stations.map((x) => (x.price && "perKWh" in x.price ? x.price.perKWh : 0.8)));
          expect(r.totals.objective - fine.totals.objective, `seed ${seed}, cheapest`).toBeLessThanOrEqual(r.stops.length * 0.005 * inp.capacityKWh * dearest + 1e-6);
          cheapest = Math.max(cheapest, gap);
        }
        count++;
      }
    }
    console.log(`discretization under cost objectives: ${count} runs, balanced loss max ${(max * 100).toFixed(4)} %, cheapest ${(cheapest * 100).toFixed(4)} %`);
  });
});
