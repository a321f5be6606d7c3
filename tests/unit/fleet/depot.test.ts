// Depot charging before departure: every truck ready by its time within the
// depot's points and grid limit where that is possible, the ones that cannot
// named, and the schedule's own figures consistent (energy, SoC, power).
import { describe, expect, it } from "vitest";
import { scheduleDepot, type DepotTruck } from "@/engine/fleet/depot";
import { findModel } from "@/engine/vehicles/catalog";

const vehicle = findModel("MB_EACTROS_600")!;
const H = 3_600_000, T0 = Date.parse("2026-12-01T00:00:00Z");
const truck = (id: string, socFrom: number, socTo: number, readyH: number, fromH = 0): DepotTruck => ({ id, vehicle, socFrom, socTo, pluggedFromMs: T0 + fromH * H, readyByMs: T0 + readyH * H });

function check(site: { points: number; powerKW: number; gridLimitKW: number }, trucks: DepotTruck[]) {
  const plan = scheduleDepot(site, trucks);
  // At no moment more trucks than points, nor more power than the grid gives.
  const edges = [...new Set(plan.trucks.flatMap((t) => t.sessions.flatMap((s) => [s.startMs, s.endMs])))].sort((a, b) => a - b);
  for (const at of edges) {
    const on = plan.trucks.flatMap((t) => t.sessions.filter((s) => s.startMs <= at && s.endMs > at));
    expect(on.length).toBeLessThanOrEqual(site.points);
    expect(on.reduce((a, s) => a + s.kW, 0)).toBeLessThanOrEqual(site.gridLimitKW + site.points * 0.05); // kW rounded to 0.1
    for (const s of on) expect(s.kW).toBeLessThanOrEqual(site.powerKW + 0.05);
  }
  expect(plan.peakKW).toBeLessThanOrEqual(site.gridLimitKW + 1e-9);
  for (const p of plan.trucks) {
    const t = trucks.find((x) => x.id === p.id)!;
    expect(Math.abs(p.kWh - (p.soc - t.socFrom) * vehicle.usableBatteryKWh)).toBeLessThan(0.1 * (p.sessions.length + 1));
    for (const s of p.sessions) expect(s.startMs >= t.pluggedFromMs && s.endMs <= t.readyByMs).toBe(true);
    expect(p.ready).toBe(p.soc >= t.socTo - 1e-9);
  }
  return plan;
}

describe("depot charging before departure", () => {
  it("charges one after another on one point so both leave full enough", () => {
    // 0.2 -> 0.8 of 600 kWh at 150 kW: about 2.6 h each; the one leaving first charges first.
    const plan = check({ points: 1, powerKW: 150, gridLimitKW: 400 }, [truck("late", 0.2, 0.8, 8), truck("early", 0.2, 0.8, 4)]);
    expect(plan.cannot).toEqual([]);
    const early = plan.trucks.find((t) => t.id === "early")!, late = plan.trucks.find((t) => t.id === "late")!;
    expect(early.sessions[0].startMs).toBe(T0);
    expect(late.sessions[0].startMs).toBeGreaterThanOrEqual(early.readyAtMs! - 5 * 60_000);
  });

  it("shares the grid limit between points", () => {
    const plan = check({ points: 3, powerKW: 150, gridLimitKW: 200 }, [truck("a", 0.3, 0.8, 6), truck("b", 0.3, 0.8, 6), truck("c", 0.3, 0.8, 6)]);
    // 3 x 300 kWh = 900 kWh over 6 h at <= 200 kW: 1,200 kWh possible.
    expect(plan.cannot).toEqual([]);
    expect(plan.peakKW).toBeCloseTo(200, 6);
  });

  it("names the trucks that cannot be ready in time", () => {
    const plan = check({ points: 1, powerKW: 100, gridLimitKW: 100 }, [truck("a", 0.1, 0.9, 3), truck("b", 0.5, 0.6, 10, 2)]);
    expect(plan.cannot).toEqual(["a"]);
    const a = plan.trucks.find((t) => t.id === "a")!;
    expect(a.soc).toBeLessThan(0.9);
    expect(a.soc).toBeGreaterThan(0.5);
    expect(plan.trucks.find((t) => t.id === "b")!.ready).toBe(true);
  });

  it("a truck already charged enough takes no point", () => {
    const plan = check({ points: 1, powerKW: 150, gridLimitKW: 150 }, [truck("full", 0.9, 0.8, 2), truck("low", 0.3, 0.5, 2)]);
    expect(plan.trucks.find((t) => t.id === "full")).toMatchObject({ sessions: [], ready: true });
    expect(plan.cannot).toEqual([]);
  });

  it("trucks plugged in 100,000 years apart are each scheduled as alone: the slots between windows are skipped", () => {
    // Stepping every 5 minutes through the gap would take some 10^10 slots (hours of work); skipped, it is the windows' slots.
    const far = 100_000 * 365 * 24;
    const apart = check({ points: 1, powerKW: 150, gridLimitKW: 150 }, [truck("now", 0.2, 0.6, 6), truck("later", 0.2, 0.6, far + 6, far)]);
    const alone = scheduleDepot({ points: 1, powerKW: 150, gridLimitKW: 150 }, [truck("later", 0.2, 0.6, far + 6, far)]);
    expect(apart.cannot).toEqual([]);
    const later = apart.trucks.find((t) => t.id === "later")!;
    expect(later.sessions).toEqual(alone.trucks[0].sessions);
    expect(later.sessions[0].startMs).toBe(T0 + far * H);
  });
});
