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
