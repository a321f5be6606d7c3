// Plans a dispatcher can trust: every total adds up from the stops, the
// destination's waiting and service included.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { planNextJob } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

async function planned(body: Record<string, unknown>) {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body });
  expect(submit.status, submit.text).toBe(200);
  expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(true);
  const res = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  expect(res.status).toBe(200);
  return res.json;
}

const FRANKFURT = [50.11, 8.68], WUERZBURG = [49.79, 9.93], KASSEL = [51.31, 9.48];
const minutes = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 60_000;

it("the destination's waiting and service count in its stop and in totals.duration_min", async () => {
  // Frankfurt -> Würzburg, window 10:00-12:00 at Würzburg, 30 min service there, departing 06:00.
  const r = await planned(hamburgMunich({
    vehicle_id: "daf-xf-electric", start_time_tour: "2026-11-25T06:00:00Z",
    section_list: [{ start_pos: FRANKFURT, stop_pos: WUERZBURG, payload_kg: 15000, opening_time: ["2026-11-25T10:00:00Z", "2026-11-25T12:00:00Z"], service_time_min: 30 }],
  }));
  expect(r.status).toBe("succeeded");
  const dest = r.sections.at(-1).poi_summary;
  const arrive = minutes("2026-11-25T06:00:00Z", dest.arrival_time);
  expect(arrive).toBeGreaterThan(60);
  expect(arrive).toBeLessThan(240);
  // Waits until 10:00, serves 30 min: the tour ends at 10:30.
  expect(dest.wait_min).toBeCloseTo(240 - arrive, 0);
  expect(dest.service_time_min).toBeCloseTo(240 - arrive + 30, 0);
  expect(dest.departure_time).toBe("2026-11-25T10:30:00.000Z");
  expect(r.totals.end_time).toBe(dest.departure_time);
  expect(r.totals.arrival_time).toBe(dest.arrival_time);
  expect(r.totals.duration_min).toBeCloseTo(270, 0);
  expect(r.totals.waiting_time_min).toBeCloseTo(dest.wait_min, 1);
  expect(r.totals.service_time_min).toBe(30);
  // Leaving later by the wait arrives as the window opens: 10:00, nothing to wait for.
  expect(minutes("2026-11-25T06:00:00Z", r.optimal_departure_time)).toBeCloseTo(dest.wait_min, 0);
  expect(minutes(r.optimal_departure_time, "2026-11-25T10:00:00Z")).toBeCloseTo(arrive, 0);
});

it("every total is the sum over its stops and sections, on a tour with service, windows and charging", async () => {
  const r = await planned(hamburgMunich({
    vehicle_id: "mb-eactros-600", battery_level_start: 0.6, start_time_tour: "2026-11-25T05:00:00Z", service_time_departure_min: 20,
    section_list: [
      { start_pos: FRANKFURT, stop_pos: WUERZBURG, payload_kg: 20000, service_time_min: 45 },
      { start_pos: WUERZBURG, stop_pos: KASSEL, payload_kg: 10000, opening_time: ["2026-11-25T12:00:00Z", "2026-11-25T14:00:00Z"], service_time_min: 25 },
      { start_pos: KASSEL, stop_pos: FRANKFURT, payload_kg: 0, service_time_min: 15 },
    ],
  }));
  expect(r.status).toBe("succeeded");
  const sum = (f: (s: any) => number | null | undefined) => r.sections.reduce((a: number, s: any) => a + (f(s) ?? 0), 0);
  const tot = r.totals;
  expect(sum((s) => s.length_m)).toBeCloseTo(tot.distance_m, -1);
  expect(sum((s) => s.poi_summary.sec_duration_min)).toBeCloseTo(tot.driving_time_min, 0);
  expect(sum((s) => s.poi_summary.charge_time_min)).toBeCloseTo(tot.charging_time_min, 0);
  expect(sum((s) => s.poi_summary.energy_kWh)).toBeCloseTo(tot.charged_kWh, 0);
  expect(sum((s) => s.poi_summary.wait_min)).toBeCloseTo(tot.waiting_time_min, 0);
  expect(sum((s) => s.poi_summary.break_min)).toBeCloseTo(tot.break_time_min, 0);
  expect(r.sections.filter((s: any) => s.poi_summary.connector != null).length).toBe(tot.charging_stops);
  expect(tot.service_time_min).toBe(20 + 45 + 25 + 15);
  // The tour: service at the departure, then each section's driving and its stop, the destination's included.
  expect(20 + sum((s) => s.poi_summary.sec_duration_min + s.poi_summary.service_time_min)).toBeCloseTo(tot.duration_min, 0);
  expect(minutes(tot.departure_time, tot.end_time) + 20).toBeCloseTo(tot.duration_min, 0);
  expect(r.sections.at(-1).poi_summary.service_time_min).toBeGreaterThanOrEqual(15);
});
