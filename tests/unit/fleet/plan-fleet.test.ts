// The fleet planner on real plans (the synthetic motorway): tours that would
// meet at a one-point charger never overlap there, priority keeps its plan,
// held slots are planned around, and every plan is re-simulated (checked-plan).
import { describe, expect, it } from "vitest";
import { conflicts } from "@/engine/fleet/occupancy";
import { planFleet, usesOf } from "@/engine/fleet/plan-fleet";
import type { RoutedLegs } from "@/engine/plan/types";
import { plan } from "../../support/checked-plan";
import { input, planData, station } from "../plan/fixtures";

// One-point chargers every ~40 km: two trucks leaving together want the same ones.
const stations = Array.from({ length: 14 }, (_, i) => station(6.6 + i * 0.55, { points: 1 }));
const data = planData(stations);
const tour = (id: string, over: Parameters<typeof input>[0] = {}, priority = 0) => ({ id, priority, input: input(over), data });

function overlaps(out: ReturnType<typeof planFleet>) {
  return conflicts(out.tours.flatMap((t) => t.uses.map((u) => ({ ...u, tour: t.id }))), out.capacity);
}

describe("planning a fleet's tours together", () => {
  const out = planFleet([tour("a"), tour("b"), tour("c", {}, 1)], { planOne: plan });

  it("finds the conflicts planning alone would have had", () => {
    expect(out.conflictsAlone.length).toBeGreaterThan(0);
    expect(out.conflictsAlone.every((c) => c.capacity === 1 && c.trucks > 1)).toBe(true);
  });

  it("never puts two trucks on a one-point site at once", () => {
    expect(out.conflicts).toEqual([]);
    expect(overlaps(out)).toEqual([]);
    for (const t of out.tours) {
      expect(t.result.status).toBe("succeeded");
      expect(t.unresolved).toBe(false);
      expect(t.uses).toEqual(usesOf(t.result));
    }
  }, 120_000);

  it("keeps the priority tour's own plan; the others pay the least they can", () => {
    const c = out.tours.find((t) => t.id === "c")!;
    expect(c.delayMin).toBe(0);
    expect(c.objective).toBeCloseTo(c.objectiveAlone, 6);
    // No tour gains by the others; here the next sites cost the same (their detours on the straight motorway
    // are equal since detours follow the station's road), so the trucks spread over them for nothing.
    for (const t of out.tours) expect(t.objective).toBeGreaterThanOrEqual(t.objectiveAlone - 1e-9);
    const added = out.tours.reduce((a, t) => a + t.objective - t.objectiveAlone, 0);
    // Never worse than running the three one after another.
    expect(added).toBeLessThan(3 * 600);
  });

  it("plans around held slots", () => {
    const alone = plan(input(), data);
    const held = usesOf(alone);
    expect(held.length).toBeGreaterThan(0);
    const f = planFleet([tour("d")], { planOne: plan, held });
    expect(f.conflictsAlone.length).toBeGreaterThan(0);
    expect(f.conflicts).toEqual([]);
    const all = [...f.tours[0].uses.map((u) => ({ ...u, tour: "d" })), ...held.map((u) => ({ ...u, tour: "held" }))];
    expect(conflicts(all, f.capacity)).toEqual([]);
  }, 120_000);
});

describe("a fleet's day routes each tour once", () => {
  it("passes every plan of the day one store of routed legs: re-plans route nothing again", () => {
    const seen: (RoutedLegs | undefined)[] = [];
    const out = planFleet([tour("a"), tour("b")], { planOne: (i, d) => (seen.push(d.routedLegs), plan(i, d)) });
    // The two tours meet at one-point chargers: they are planned again.
    expect(out.plans).toBeGreaterThan(2);
    expect(seen.length).toBe(out.plans);
    expect(seen[0]?.legs).toBeInstanceOf(Map);
    expect(seen.every((m) => m === seen[0])).toBe(true);
    // One section, the same ends in both tours: routed once.
    expect(seen[0]!.legs.size).toBe(1);
  }, 120_000);
});
