// Tours of several sections that drive a road more than once: every pass of the
// route by a station is a charging candidate, so the way back charges too.
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDatabase, freshDatabase, HAMBURG, HANNOVER, hamburgMunich, MUNICH, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const planned = (body: Record<string, unknown>) => plannedV2(t.a.key, body);

const tour = (points: number[][], payload = 15000) => points.slice(1).map((stop, i) => ({ start_pos: points[i], stop_pos: stop, payload_kg: payload }));
const charges = (result: any) => result.sections.filter((s: any) => (s.poi_summary?.energy_kWh ?? 0) > 0);

it("Hamburg -> Munich -> Hamburg plans, with a charging stop on the way back and the stations of both passes", async () => {
  const r = await planned(hamburgMunich({ battery_level_start: 0.9, section_list: tour([HAMBURG, MUNICH, HAMBURG]) }));
  expect(r.status).toBe("succeeded");
  // The sections' indices in the result run 0 (way out) then 1 (way back): a charge after Munich is on the return.
  const munichAt = r.sections.findIndex((s: any) => s.poi_summary?.name === "Stop 1");
  expect(munichAt).toBeGreaterThan(0);
  expect(charges(r).some((s: any) => r.sections.indexOf(s) > munichAt)).toBe(true);
  // Stations along both passes, each pass with its section and its distance from the tour start.
  const out = r.poi_list.filter((p: any) => p.section === 0), back = r.poi_list.filter((p: any) => p.section === 1);
  expect(out.length).toBeGreaterThan(20);
  expect(back.length).toBeGreaterThan(20);
  const legKm = r.sections.slice(0, munichAt + 1).reduce((a: number, s: any) => a + s.length_m, 0) / 1000;
  for (const p of back) expect(p.distance_from_start / 1000).toBeGreaterThan(legKm - 50);
  const both = out.filter((p: any) => back.some((q: any) => q.poi_id === p.poi_id));
  expect(both.length).toBeGreaterThan(10);
}, 120_000);

it("a loop that passes one site three times can charge there twice", async () => {
  // Hamburg - Hannover - Hamburg - Hannover: the A7 between them three times.
  // The eActros 300 (the 600 charges once at Bispingen and once in Hamburg since detours follow the station's road).
  const r = await planned(hamburgMunich({ vehicle_id: "mb-eactros-300", battery_level_start: 0.5, battery_level_end: 0.5, section_list: tour([HAMBURG, HANNOVER, HAMBURG, HANNOVER], 20000) }));
  expect(r.status).toBe("succeeded");
  const perSite = new Map<number, number>();
  for (const s of charges(r)) perSite.set(s.poi_summary.id, (perSite.get(s.poi_summary.id) ?? 0) + 1);
  const twice = [...perSite].filter(([, n]) => n >= 2).map(([id]) => id);
  expect(twice.length).toBeGreaterThan(0);
  // That site is a candidate on each of the three passes.
  const sections = new Set(r.poi_list.filter((p: any) => p.poi_id === twice[0]).map((p: any) => p.section));
  expect(sections).toEqual(new Set([0, 1, 2]));
}, 120_000);

// Found 2026-11-29: this tour needs two long charges; the 24-hour rule's re-plan (plan/daily-span.ts)
// shortened the first day by the span's excess in driving, so it rested 11 h at the depot first and
// still ended 1,191 min after that rest (limit 780). It now ends the day where the span runs out on the
// plan's own timeline, and the rest falls in a long charge.
it("keeps the 24-hour rule on a loop with two long charges, resting while it charges", async () => {
  const r = await planned(hamburgMunich({ battery_level_start: 0.5, battery_level_end: 0.7, section_list: tour([HAMBURG, HANNOVER, HAMBURG, HANNOVER], 20000) }));
  expect(r.status).toBe("succeeded");
  expect(r.driving_rules.duty_span_kept).not.toBe(false);
  // The daily rest (11 h) is taken at a charger, during its charge; no day spans more than 13 h (the re-simulation checks each).
  const rests = r.sections.filter((s: any) => s.poi_summary?.break_start_time && Date.parse(s.poi_summary.break_end_time) - Date.parse(s.poi_summary.break_start_time) >= 660 * 60_000);
  expect(rests).toHaveLength(1);
  expect(rests[0].poi_summary.charge_time_min).toBeGreaterThan(0);
  // Before: an 11 h rest at the depot first and 1,191 min of duty after it (about 1,850 min in all).
  expect(r.totals.duration_min).toBeLessThan(1500);
}, 120_000);
