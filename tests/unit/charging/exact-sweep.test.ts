// The charging search against the same sweep with no bound at all (every label set kept that no other
// dominates: exact within the search's model), on generated tours of one to three days with driving bans,
// under time and cost objectives. A bound that is not one, or a dominance that drops a label some plan
// needs, shows as a search worse than the sweep, though proven. The brute-force references agree within
// 0.5 %: too coarse for the 0.05 EUR (1.4e-5) by which such faults showed on real tours (bench:exact).
import { describe, expect, it } from "vitest";
import { prepare } from "@/engine/charging/grid";
import { arrivalBound } from "@/engine/charging/bans";
import { dominated, prune, startSet, type LabelSet } from "@/engine/charging/labels";
import { optimizeCharging, sweep } from "@/engine/charging/optimize";
import { EU_BREAK_RULES, type OptimizeStats } from "@/engine/charging/types";
import { generate, withPrices } from "./fixtures";

const stats = (): OptimizeStats => ({ sets: 0, maxSetsAtPoint: 0, cells: 0, passes: 0, dpMin: NaN });

describe("charging search: as good as the sweep without bounds", () => {
  for (const costed of [false, true]) {
    it(`tours with driving bans, ${costed ? "cost objectives" : "fastest"}: seeds 1-60`, () => {
      let compared = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const base = generate(seed, { stations: [8, 18], km: [300, 1100], waypoints: [0, 1], minCharge: [0, 0, 15], bans: [1, 3] });
        const input = costed ? withPrices(base, seed, { timeOfDay: 0, eurPerMin: [50 / 60, 20 / 60] }) : base;
        const searched = optimizeCharging(input);
        const full = sweep(prepare(input), "keep", stats(), Infinity, Infinity, 2_000_000);
        // A sweep that ran out of its budget decides nothing.
        if (!full.ok && full.code === "budget") continue;
        expect(searched.ok, `seed ${seed}`).toBe(full.ok);
        if (!searched.ok || !full.ok) continue;
        compared++;
        expect(searched.stats.provenOptimal, `seed ${seed}`).toBe(true);
        expect(searched.stats.dpMin, `seed ${seed}`).toBeLessThanOrEqual(full.objective + 1e-7 * Math.max(1, full.objective));
      }
      expect(compared, "drivable tours compared").toBeGreaterThan(30);
    });
  }
});

/** One label at cell 5 with `obj` (EUR) at minute `t`, clocks (b, d). */
const label = (obj: number, t: number, b = 10, d = 10): LabelSet => ({ ...startSet(5, b, d, true), base: obj, tb: t });

describe("dominance under a cost objective where time matters", () => {
  it("an earlier label covers a later one only if it also spent no more money", () => {
    // At 1 EUR a minute: 100 EUR at minute 50 is 50 EUR of money; 101 EUR at minute 60 is 41. A ban ending at
    // minute 70 makes both leave then: 120 against 111 EUR. The later label is the better one there.
    const early = label(100, 50), late = label(101, 60);
    expect(dominated(late, [early], true, 1)).toBe(false);
    expect(prune([early, late], true, 0, 1)).toHaveLength(2);
    // At 0.05 EUR a minute the earlier one spent less money as well (97.5 against 98 EUR): it covers.
    expect(dominated(late, [early], true, 0.05)).toBe(true);
    expect(prune([early, late], true, 0, 0.05)).toEqual([early]);
    // Where time does not matter ahead, the objective alone compares.
    expect(dominated(late, [early], false, 1)).toBe(true);
  });
});

describe("arrivalBound: where the earliest time meets a ban", () => {
  it("finds the place where the pauses bring the truck into the ban, not only the driving", () => {
    // 1,181 min to drive from a fresh start, a ban everywhere from minute 2,460 to 3,780 (a Sunday). 1,080 min
    // of driving are done by minute 1,830 (two breaks and a rest); a minute more needs the second rest first,
    // which ends in the ban. So the truck waits there: it arrives at 3,780 + 101 at the soonest, and can.
    // Taking the driving alone for the earliest time, the bound put the truck at the end by the ban's start: 3,780.
    const sunday = [{ fromDriveMin: 0, toDriveMin: 1181, startMin: 2460, endMin: 3780, ref: 0 }];
    const bound = arrivalBound(sunday, EU_BREAK_RULES, 0, 1181, 0, 0, 0);
    expect(bound).toBeGreaterThan(3780 + 101 - 0.01);
    expect(bound).toBeLessThanOrEqual(3780 + 101 + 1e-9);
  });
});
