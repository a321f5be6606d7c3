// failFast (a comparison's plan): where the bounds show that no plan reaches the destination, the
// search says so without searching; elsewhere it changes nothing. The bound is a relaxation, so it
// may never call a drivable tour unreachable: checked against the full search on random corridors.
import { expect, it } from "vitest";
import { optimizeCharging, optimizeChargingBelow } from "@/engine/charging/optimize";
import type { OptimizeInput } from "@/engine/charging/types";
import { corridor, generate, type Conn } from "./fixtures";

function compare(inp: OptimizeInput<Conn>): "drivable" | "skipped" | "searched" {
  const full = optimizeCharging(inp);
  const fast = optimizeCharging({ ...inp, failFast: true });
  expect(fast.ok).toBe(full.ok);
  if (full.ok && fast.ok) {
    expect(fast.totals.objective).toBe(full.totals.objective);
    return "drivable";
  }
  if (fast.ok) return "drivable";
  // Not drivable: either told after the first point (one pass, no partial plan) or found by the search as before.
  if (fast.stats.passes === 1 && !full.ok && full.stats.passes > 1) {
    expect(fast.stats.sets).toBeLessThan(full.stats.sets);
    expect(fast.partial).toBeUndefined();
    return "skipped";
  }
  expect(fast.code).toBe(full.ok ? "" : full.code);
  return "searched";
}

it("gives the full search's answer on random corridors, and skips the search where the bounds rule every plan out", () => {
  const seen = { drivable: 0, skipped: 0, searched: 0 };
  for (let seed = 1; seed <= 60; seed++) seen[compare(generate(seed, { stations: [2, 12], km: [200, 1600], waypoints: [0, 2], hills: 2 }))]++;
  for (let seed = 1; seed <= 4; seed++) {
    const inp = corridor(seed, 20, 1000);
    seen[compare({ ...inp, objective: { eurPerMin: 50 / 60 }, stations: inp.stations.map((s, i) => ({ ...s, price: { perKWh: 0.3 + (i % 5) * 0.08, sessionFee: i % 3, perMin: 0 } })) })]++;
    // A corridor with its stations of the middle third gone: out of reach for most trucks.
    seen[compare({ ...inp, stations: inp.stations.filter((s) => s.distM < 333_000 || s.distM > 667_000) })]++;
  }
  // Both kinds are in the set, or the test proves nothing about one of them.
  expect(seen.drivable).toBeGreaterThan(20);
  expect(seen.skipped).toBeGreaterThan(3);
});

it("under a cutoff below every plan of a drivable tour, says none is below it, not that the tour cannot be driven", () => {
  let cut = 0;
  for (let seed = 1; seed <= 20; seed++) {
    const inp = generate(seed, { stations: [2, 12], km: [200, 1600], waypoints: [0, 0], hills: 2 });
    const full = optimizeCharging(inp);
    if (!full.ok) continue;
    const below = optimizeChargingBelow({ ...inp, failFast: true }, full.totals.objective * 0.5);
    expect(below.ok, `seed ${seed}`).toBe(false);
    if (!below.ok) expect(below.code, `seed ${seed}`).toBe("none_better");
    cut++;
  }
  expect(cut).toBeGreaterThan(10);
});
