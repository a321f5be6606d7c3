// Truck driving bans in plans: Hamburg -> Munich leaving Saturday 20:00 (Berlin) meets the German
// Sunday ban (§ 30(3) StVO, 00:00-22:00): the plan waits it out and drives no minute of it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDatabase, freshDatabase, HAMBURG, hamburgMunich, MUNICH, twoTenants, type TestTenants } from "../support/env";
import { call } from "../support/api";
import { drivingOf } from "../support/driving-times";
import { plannedV2 } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

// Saturday 28 November 2026, 20:00 in Berlin; the Sunday ban runs 23:00Z Saturday to 21:00Z Sunday.
const SATURDAY_EVENING = "2026-11-28T19:00:00Z";
const BAN = [Date.parse("2026-11-28T23:00:00Z"), Date.parse("2026-11-29T21:00:00Z")];

const inBan = (r: any) => drivingOf(r).filter(([a, b]) => b - a > 1000 && a < BAN[1] - 1000 && b > BAN[0] + 1000);

it("Hamburg -> Munich leaving Saturday 20:00 waits out the Sunday ban and drives none of it", async () => {
  const r = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: SATURDAY_EVENING }));
  expect(r.status).toBe("succeeded");
  expect(inBan(r)).toEqual([]);
  const sunday = r.driving_bans.find((b: any) => b.rule === "DE-sunday");
  expect(sunday).toMatchObject({ country: "DE", start_time: "2026-11-28T23:00:00.000Z", end_time: "2026-11-29T21:00:00.000Z", waited: true, confidence: "official" });
  // The wait is a stop of its own or makes one longer, and says which ban it waits for.
  const waits = r.sections.filter((s: any) => (s.poi_summary.driving_ban_wait_min ?? 0) > 0);
  expect(waits.length).toBeGreaterThan(0);
  expect(waits.at(-1).poi_summary.driving_ban).toMatchObject({ rule: "DE-sunday", end_time: "2026-11-29T21:00:00.000Z" });
  expect(waits.at(-1).poi_summary.departure_time >= "2026-11-29T21:00:00.000Z").toBe(true);
  // The wait holds the daily rest: no other rest is needed for the 9-10 h of driving.
  expect(r.sections.filter((s: any) => s.poi_summary.break_kind === "rest")).toHaveLength(1);
  expect(r.warnings.some((w: string) => w.includes("truck driving bans"))).toBe(true);
  // It arrives Sunday night or Monday, not during the ban.
  expect(Date.parse(r.totals.arrival_time)).toBeGreaterThan(BAN[1]);
}, 180_000);

it("driving_bans: false and an exemption from DE-sunday plan as before, listing no ban waited for", async () => {
  const off = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: SATURDAY_EVENING, driving_bans: false }));
  expect(off.driving_bans).toBeNull();
  expect(inBan(off).length).toBeGreaterThan(0);
  const exempt = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: SATURDAY_EVENING, driving_ban_exemptions: ["DE-sunday"] }));
  expect(exempt.driving_bans.filter((b: any) => b.rule === "DE-sunday")).toEqual([]);
  expect(exempt.totals.duration_min).toBeCloseTo(off.totals.duration_min, 0);
  const bad = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ driving_ban_exemptions: ["DE-monday"] }) });
  expect(bad.status).toBe(422);
  expect(bad.json.detail[0].loc).toEqual(["body", "driving_ban_exemptions", 0]);
}, 180_000);

it("a weekday tour meets no ban and waits for none", async () => {
  const r = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: "2026-11-25T06:00:00Z", section_list: [{ start_pos: HAMBURG, stop_pos: MUNICH, payload_kg: 20000 }] }));
  expect(r.sections.some((s: any) => s.poi_summary.driving_ban_wait_min)).toBe(false);
  expect(r.driving_bans.filter((b: any) => b.waited)).toEqual([]);
}, 180_000);

it("Paris -> Rouen leaving Friday 16:30 (Paris) waits for the Île-de-France regime until 21:00; Paris -> Lille does not", async () => {
  const PARIS = [48.8566, 2.3522], ROUEN = [49.443, 1.099], LILLE = [50.63, 3.06];
  const friday = { ...hamburgMunich({ start_time_tour: "2026-11-27T15:30:00Z" }), battery_level_start: 0.9 };
  const west = await plannedV2(t.a.key, { ...friday, section_list: [{ start_pos: PARIS, stop_pos: ROUEN, payload_kg: 20000 }] });
  expect(west.status).toBe("succeeded");
  expect(west.driving_bans.find((b: any) => b.rule === "FR-idf-out")).toMatchObject({
    country: "FR", regions: ["FR-IDF"], start_time: "2026-11-27T15:00:00.000Z", end_time: "2026-11-27T20:00:00.000Z", waited: true, confidence: "official",
  });
  // One wait, at the start, until 21:00 Paris time; no driving before it.
  const waits = west.sections.filter((s: any) => (s.poi_summary.driving_ban_wait_min ?? 0) > 0);
  expect(waits).toHaveLength(1);
  expect(waits[0].poi_summary.departure_time).toBe("2026-11-27T20:00:00.000Z");
  expect(drivingOf(west).filter(([a, b]) => b - a > 1000 && a < Date.parse("2026-11-27T20:00:00Z") - 1000)).toEqual([]);
  expect(west.warning_messages.map((m: any) => m.code)).toContain("bans.area");
  // Leaving to the north (the A1) is outside the regime's area.
  const north = await plannedV2(t.a.key, { ...friday, section_list: [{ start_pos: PARIS, stop_pos: LILLE, payload_kg: 20000 }] });
  expect(north.sections.some((s: any) => s.poi_summary.driving_ban_wait_min)).toBe(false);
  // Waived (the route leaves on another road): no wait.
  const waived = await plannedV2(t.a.key, { ...friday, section_list: [{ start_pos: PARIS, stop_pos: ROUEN, payload_kg: 20000 }], driving_ban_exemptions: ["FR-idf-out"] });
  expect(waived.sections.some((s: any) => s.poi_summary.driving_ban_wait_min)).toBe(false);
}, 180_000);
