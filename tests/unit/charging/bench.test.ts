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

  it("loses under 0.5 % to a 0.1 % SoC grid under the cost objectives, prices by station and time of day", () => {
    let max = 0, cheapest = 0, count = 0;
    for (let seed = 1; seed <= 6; seed++) {
      for (const eurPerMin of [50 / 60, 1e-6]) {
        const inp: OptimizeInput<Conn> = { ...withPrices(corridor(seed, 40, 600), seed, { timeOfDay: 0.5, eurPerMin: [eurPerMin] }), capacityKWh: 400, chargeMinutes: analyticCharge(400) };
        const fine = optimizeCharging({ ...inp, socStep: 0.001 });
        const r = optimizeCharging(inp);
        expect(r.ok).toBe(fine.ok);
        if (!r.ok || !fine.ok) continue;
        const gap = (r.totals.objective - fine.totals.objective) / fine.totals.objective;
        expect(gap, `seed ${seed}, ${eurPerMin} EUR/min`).toBeLessThan(0.005);
        if (eurPerMin > 0.01) max = Math.max(max, gap);
        else cheapest = Math.max(cheapest, gap);
        count++;
      }
    }
    console.log(`discretization under cost objectives: ${count} runs, balanced loss max ${(max * 100).toFixed(4)} %, cheapest ${(cheapest * 100).toFixed(4)} %`);
  }, 240_000); // 12 searches on a 0.1 % grid: 33 s alone, over 60 s beside the browser tests
});
