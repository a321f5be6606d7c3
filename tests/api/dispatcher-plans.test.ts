// Plans a dispatcher follows (SQLite and PostgreSQL): the tours that found each fault, planned
// through the API (every plan re-simulated by `call`), and what a dispatcher reads in them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

/** Arrivals and departures of a result's sections, in list order. */
const times = (r: any) => r.sections.flatMap((s: any) => [Date.parse(s.poi_summary.arrival_time), Date.parse(s.poi_summary.departure_time)]); // eslint-disable-line @typescript-eslint/no-explicit-any

describe("sections in the order driven", () => {
  it("Szczecin -> Wrocław -> Katowice: the charger by the customer comes after the customer it is listed after", async () => {
    const r = await plannedV2(t.a.key, {
      vehicle_id: "iveco-s-eway", battery_level_start: 0.7, battery_level_end: 0.25, poi_info: {}, start_time_tour: "2026-11-25T05:30:00Z",
      section_list: [
        { start_pos: [53.428, 14.553], stop_pos: [51.107, 17.038], payload_kg: 24000, service_time_min: 40 },
        { start_pos: [51.107, 17.038], stop_pos: [50.264, 19.023], payload_kg: 0, service_time_min: 20 },
      ],
    });
    expect(r.status).toBe("succeeded");
    const t0 = times(r);
    expect(t0).toEqual([...t0].sort((a, b) => a - b));
    // Each section starts with the state of charge the previous one left with.
    for (let i = 1; i < r.sections.length; i++) expect(r.sections[i].start_pos[2]).toBe(r.sections[i - 1].poi_summary.stop_soc);
    expect(r.sections.map((s: any) => s.request_section)).toEqual([...r.sections.map((s: any) => s.request_section)].sort()); // eslint-disable-line @typescript-eslint/no-explicit-any
  });
});

describe("windows kept", () => {
  it("Leipzig tour of four customers: where no plan keeps every window, the least late one (not 580 min late to save minutes)", async () => {
    const r = await plannedV2(t.a.key, {
      vehicle_id: "renault-etech-t", battery_level_start: 0.8, battery_level_end: 0.3, poi_info: {}, start_time_tour: "2026-11-25T06:00:00Z", service_time_departure_min: 20,
      section_list: [
        { start_pos: [51.34, 12.375], stop_pos: [51.05, 13.738], payload_kg: 20000, section_id: "c1", service_time_min: 30, opening_time: ["2026-11-25T07:30:00Z", "2026-11-25T08:00:00Z"] },
        { start_pos: [51.05, 13.738], stop_pos: [50.83, 12.92], payload_kg: 14000, section_id: "c2", service_time_min: 60, power_available_kW: 250, opening_time: ["2026-11-25T09:00:00Z", "2026-11-25T11:00:00Z"] },
        { start_pos: [50.83, 12.92], stop_pos: [50.978, 11.029], payload_kg: 8000, section_id: "c3", service_time_min: 30, opening_time: ["2026-11-25T12:00:00Z", "2026-11-25T13:00:00Z"] },
        { start_pos: [50.978, 11.029], stop_pos: [52.13, 11.63], payload_kg: 4000, section_id: "c4", service_time_min: 20, opening_time: ["2026-11-25T14:00:00Z", "2026-11-25T18:00:00Z"] },
        { start_pos: [52.13, 11.63], stop_pos: [51.34, 12.375], payload_kg: 0, section_id: "depot" },
      ],
    });
    expect(r.status).toBe("succeeded");
    expect(r.time_windows_reachable).toBe("False");
    const late = Object.fromEntries(r.sections.filter((s: any) => s.section_id).map((s: any) => [s.section_id, s.poi_summary.late_min])); // eslint-disable-line @typescript-eslint/no-explicit-any
    // c3 cannot be reached by 13:00 (a 45 min break falls due on the way): a few minutes late; every other window kept.
    expect(late.c1).toBe(0);
    expect(late.c2).toBe(0);
    expect(late.c4).toBe(0);
    expect(late.c3).toBeGreaterThan(0);
    expect(late.c3).toBeLessThan(30);
  });
});
