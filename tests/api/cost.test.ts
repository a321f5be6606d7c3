// What a plan costs (reported; the plan is still the fastest): energy at each
// stop from published list prices or a marked fallback, tolls, the value of time.
import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const planned = (body: Record<string, unknown>) => plannedV2(t.a.key, body);

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

it("Hamburg -> Munich: every stop's energy priced with its source, and totals.cost adds up", async () => {
  const r = await planned(hamburgMunich({ start_time_tour: "2026-11-25T06:00:00Z" }));
  expect(r.status).toBe("succeeded");
  const stops = r.sections.map((s: any) => s.poi_summary).filter((p: any) => p.energy_kWh > 0);
  expect(stops.length).toBeGreaterThan(0);
  // The plan stops at IONITY (a published list price) at least once: the branch below is exercised.
  expect(stops.some((p: any) => /^IONITY/.test(p.operator)), JSON.stringify(stops.map((p: any) => p.operator))).toBe(true);
  for (const p of stops) {
    const c = p.energy_cost;
    expect(c).toMatchObject({ currency: "EUR", estimated: expect.any(Boolean) });
    expect(c.amount).toBeCloseTo(c.price_per_kWh * p.energy_kWh + c.session_fee, 0);
    expect(c.price_per_kWh).toBeGreaterThan(0.2);
    expect(c.source.length).toBeGreaterThan(10);
    if (/^IONITY/.test(p.operator)) {
      expect(c.estimated).toBe(false);
      expect(c.price_per_kWh).toBeCloseTo(0.69 / 1.19, 3);
    }
    if (c.estimated) expect(c.source).toMatch(/^fallback/);
  }
  const cost = r.totals.cost;
  expect(cost).toMatchObject({ currency: "EUR", vat: "excluded", value_of_time_eur_per_h: 50 });
  expect(cost.energy).toBeCloseTo(sum(stops.map((p: any) => p.energy_cost.amount)), 1);
  expect(cost.time_value).toBeCloseTo((r.totals.duration_min / 60) * 50, 1);
  expect(cost.tolls).toBeCloseTo(sum((r.toll_summary ?? []).map((x: any) => x.total ?? 0)), 1);
  expect(cost.total).toBeCloseTo(cost.energy + cost.tolls + cost.time_value, 1);
  // Each section's cost: its stop's energy, its tolls, the value of its driving and its stop; together the tour's.
  for (const s of r.sections) expect(s.cost.total).toBeCloseTo(s.cost.energy + s.cost.tolls + s.cost.time_value, 1);
  expect(sum(r.sections.map((s: any) => s.cost.energy))).toBeCloseTo(cost.energy, 1);
  expect(sum(r.sections.map((s: any) => s.cost.total))).toBeCloseTo(cost.total, -1);
  const priced = sum(stops.filter((p: any) => !p.energy_cost.estimated).map((p: any) => p.energy_kWh)) / sum(stops.map((p: any) => p.energy_kWh));
  expect(cost.energy_priced_share).toBeCloseTo(priced, 2);
});

it("a section end's charger is priced as depot energy, marked as an assumption", async () => {
  const r = await planned(hamburgMunich({
    vehicle_id: "mb-eactros-300", battery_level_start: 0.9, start_time_tour: "2026-11-25T06:00:00Z",
    section_list: [
      { start_pos: [52.52, 13.405], stop_pos: [51.34, 12.375], payload_kg: 15000, service_time_min: 120, power_available_kW: 150 },
      { start_pos: [51.34, 12.375], stop_pos: [48.137, 11.575], payload_kg: 15000 },
    ],
  }));
  const leipzig = r.sections.find((s: any) => s.poi_summary.name === "Stop 1").poi_summary;
  expect(leipzig.energy_cost.estimated).toBe(true);
  expect(leipzig.energy_cost.price_per_kWh).toBeCloseTo(0.2001, 4);
  expect(leipzig.energy_cost.source).toMatch(/^assumed depot energy price: Eurostat/);
});

it("value_of_time_eur_per_h sets the value of the time spent", async () => {
  const r = await planned(hamburgMunich({ start_time_tour: "2026-11-25T06:00:00Z", value_of_time_eur_per_h: 80 }));
  expect(r.totals.cost.value_of_time_eur_per_h).toBe(80);
  expect(r.totals.cost.time_value).toBeCloseTo((r.totals.duration_min / 60) * 80, 1);
  const bad = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ value_of_time_eur_per_h: -1 }) });
  expect(bad.status).toBe(422);
  expect(bad.json.detail[0].loc).toEqual(["body", "value_of_time_eur_per_h"]);
});

it("a not-drivable plan has no cost", async () => {
  const r = await planned(hamburgMunich({ vehicle_id: "mb-eactros-300", section_list: [{ start_pos: [52.52, 13.405], stop_pos: [48.137, 11.575], payload_kg: 15000 }], poi_info: { cpo: ["No Such Operator GmbH"] } }));
  expect(r.status).toBe("not_drivable");
  expect(r.totals.cost).toBeNull();
});
