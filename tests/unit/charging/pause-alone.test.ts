// A stop hosts its pause without charging only where a charger's price or opening depends on the time of
// day (CostCtx.pauseAlone): elsewhere such a stop is never better than the same plan with that pause by the
// road where a clock runs out. Checked from outside: the same prices as a tariff constant over the day
// (which lets the search make those stops again) give plans of the same objective.
import { describe, expect, it } from "vitest";
import { optimizeCharging } from "@/engine/charging/optimize";
import type { ChargePrice, OptimizeInput, Price } from "@/engine/charging/types";
import { generate, withPrices, type Conn, type GenOptions } from "./fixtures";
import { SETS } from "./reference-suite";

const asTariff = (p: Price | undefined): Price | undefined => (p && "perKWh" in p ? { at: () => p as ChargePrice, leastPerKWh: p.perKWh } : p);

function withConstantTariffs(inp: OptimizeInput<Conn>): OptimizeInput<Conn> {
  return { ...inp, stations: inp.stations.map((s) => ({ ...s, price: asTariff(s.price) })) };
}

const CASES: { name: string; seeds: [number, number]; gen: GenOptions; eurPerMin: number[] }[] = [
  ...["cost, fixed prices", "cost, bans"].map((name) => {
    const set = SETS.find((s) => s.name === name)!;
    return { name, seeds: set.seeds, gen: set.gen, eurPerMin: set.prices!.eurPerMin };
  }),
  // Windows, floors, section-end chargers and short rules (many pauses) under a cost objective.
  { name: "eu, balanced", seeds: [1, 120], gen: SETS[0].gen, eurPerMin: [50 / 60, 20 / 60] },
  { name: "dense breaks, balanced", seeds: [1001, 1100], gen: SETS[2].gen, eurPerMin: [50 / 60, 20 / 60] },
];

describe("a pause without charging where no price or opening depends on the time", () => {
  for (const c of CASES) {
    it(`${c.name}: the same objective as with the option (seeds ${c.seeds[0]}-${c.seeds[1]})`, () => {
      let plans = 0;
      for (let seed = c.seeds[0]; seed <= c.seeds[1]; seed++) {
        const inp = withPrices(generate(seed, c.gen), seed, { timeOfDay: 0, eurPerMin: c.eurPerMin });
        const without = optimizeCharging(inp), withIt = optimizeCharging(withConstantTariffs(inp));
        expect(without.ok, `seed ${seed}`).toBe(withIt.ok);
        if (!without.ok || !withIt.ok) continue;
        plans++;
        expect(without.totals.objective, `seed ${seed}`).toBeCloseTo(withIt.totals.objective, 6);
      }
      expect(plans).toBeGreaterThan((c.seeds[1] - c.seeds[0]) / 3);
    }, 300_000);
  }
});
