// Result sections the plan inserted (charging stops, roadside breaks) have an
// identity of their own: the request's section_id stays on the section that
// ends where the request section ends; inserted ones say so and name the
// request section they belong to.
import { beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { runNextJob } from "@/server/jobs/table-queue";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, HANNOVER, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

it("inserted sections carry no section_id, inserted: true and their request section's index", async () => {
  const body = hamburgMunich({
    battery_level_start: 0.5,
    section_list: [
      { start_pos: [53.55, 9.99], stop_pos: HANNOVER, payload_kg: 20000, section_id: "leg-1", service_time_min: 30 },
      { start_pos: HANNOVER, stop_pos: [48.14, 11.58], payload_kg: 5000, section_id: "leg-2" },
    ],
  });
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body });
  expect(submit.status, submit.text).toBe(200);
  while (await runNextJob(db(), { leaseS: 60, maxAttempts: 1 })) {
    /* drain */
  }
  const r = (await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key })).json;
  expect(r.status).toBe("succeeded");
  const sections = r.sections as { section_id: string | null; inserted: boolean; request_section: number; poi_summary: { name: string } }[];
  const inserted = sections.filter((s) => s.inserted);
  // Hannover -> Munich (about 630 km) at the SoC left after Hannover needs charging on the way.
  expect(inserted.length).toBeGreaterThan(0);
  expect(inserted.every((s) => s.section_id === null)).toBe(true);
  // One section per request section ends it, in order, with its id.
  expect(sections.filter((s) => !s.inserted).map((s) => [s.section_id, s.request_section])).toEqual([["leg-1", 0], ["leg-2", 1]]);
  // Sections run through the request's sections in order; each request section ends with its own.
  const order = sections.map((s) => s.request_section);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(sections.at(-1)).toMatchObject({ inserted: false, request_section: 1, section_id: "leg-2" });
  for (const [i, s] of sections.entries()) {
    if (s.inserted) expect(sections[i + 1]?.request_section, `section ${i}`).toBe(s.request_section);
  }
});
