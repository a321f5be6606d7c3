// optimizeChargingBelow: a search told to want only plans below a cutoff finds the same optimum
// when it is below, and says none_better (never a wrong plan) when it is not: for drivable tours,
// tours that run out, multi-day tours, day caps, beam re-plans and a cost objective.
import { describe, expect, it } from "vitest";
import { optimizeCharging, optimizeChargingBelow } from "@/engine/charging/optimize";
import { EU_BREAK_RULES, type OptimizeInput } from "@/engine/charging/types";
import { corridor, generate, type Conn } from "./fixtures";

/** The margin route choice leaves (0.5 min or EUR): the search's own value and the re-simulated one differ by far less. */
const MARGIN = 0.5;

function check(inp: OptimizeInput<Conn>) {
  const full = optimizeCharging(inp);
  if (!full.ok) {
    // Not drivable: nothing is below any cutoff.
    expect(optimizeChargingBelow(inp, 1e9).ok).toBe(false);
    expect(optimizeChargingBelow(inp, 1e9)).toMatchObject({ code: "none_better" });
    return "infeasible";
  }
  const v = full.totals.objective;
  const above = optimizeChargingBelow(inp, v + MARGIN);
  expect(above.ok).toBe(true);
  if (above.ok) {
    // Both are optima of the same model (exact searches); a beam re-plan may only do better under the cutoff.
    if (inp.effort === "beam") expect(above.totals.objective).toBeLessThanOrEqual(v + 1e-6);
    else expect(above.totals.objective).toBeCloseTo(v, 6);
  }
  const below = optimizeChargingBelow(inp, v - MARGIN);
  if (inp.effort === "beam" && below.ok) expect(below.totals.objective).toBeLessThan(v);
  else expect(below).toMatchObject({ ok: false, code: "none_better" });
  // Only a beam re-plan answers on the beam's word, and says so.
  if (!below.ok && inp.effort !== "beam") expect(below.stats.provenOptimal).not.toBe(false);
  return "drivable";
}

describe("charging search below a cutoff", () => {
  it("finds the same optimum above it and none below it, on random corridors", () => {
    const seen = { drivable: 0, infeasible: 0 };
    for (let seed = 1; seed <= 40; seed++) seen[check(generate(seed, { stations: [3, 12], km: [200, 1400], waypoints: [0, 2], hills: 2 }))]++;
    // The set holds both kinds, or the test proves nothing about one of them.
    expect(seen.drivable).toBeGreaterThan(20);
    expect(seen.infeasible).toBeGreaterThan(0);
  });

  it("on multi-day corridors, with shortened days, and as a beam re-plan", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const inp = corridor(seed, 30, 1600);
      expect(check(inp)).toBe("drivable");
      expect(check({ ...inp, breaks: { ...EU_BREAK_RULES, dayCaps: [420, 480] } })).toBe("drivable");
      expect(check({ ...inp, breaks: { ...EU_BREAK_RULES, dayCaps: [420, 480] }, effort: "beam" })).toBe("drivable");
    }
  });

  it("a beam re-plan whose exact sweep cannot settle the cutoff within a beam's work answers by its beam's plan, not proven", () => {
    // 2,500 km, 60 stations, five days capped: the sweep under the cutoff would take more than the beam.
    const inp = { ...corridor(3, 60, 2500), breaks: { ...EU_BREAK_RULES, dayCaps: [420, 480, 400, 450, 500] }, effort: "beam" as const };
    const full = optimizeCharging(inp);
    if (!full.ok) throw new Error("not drivable");
    const v = full.totals.objective;
    const below = optimizeChargingBelow(inp, v - MARGIN);
    expect(below).toMatchObject({ ok: false, code: "none_better" });
    expect(below.stats.provenOptimal).toBe(false);
    // Above its plan's value the beam's plan itself (a bound-pruned beam may miss it).
    const above = optimizeChargingBelow(inp, v + MARGIN);
    expect(above.ok && above.totals.objective).toBeCloseTo(v, 6);
  });

  it("under a cost objective, with prices", () => {
    for (let seed = 1; seed <= 10; seed++) {
      const inp = corridor(seed, 20, 1000);
      const priced = { ...inp, objective: { eurPerMin: 50 / 60 }, stations: inp.stations.map((s, i) => ({ ...s, price: { perKWh: 0.3 + (i % 5) * 0.08, sessionFee: i % 3, perMin: 0 } })) };
      expect(check(priced)).toBe("drivable");
    }
  });

  it("ignores the cutoff where a window has a latest time (a plan that misses it stands in)", () => {
    const inp = generate(3, { stations: [6, 10], km: [400, 700], waypoints: [2, 2], windows: 1 });
    expect(inp.waypoints.some((w) => w.window?.latestMs != null)).toBe(true);
    const full = optimizeCharging(inp);
    const below = optimizeChargingBelow(inp, -1);
    expect(full.ok && below.ok).toBe(true);
    if (full.ok && below.ok) expect(below.totals.objective).toBeCloseTo(full.totals.objective, 6);
  });
});
