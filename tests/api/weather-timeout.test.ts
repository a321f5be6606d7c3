// A forecast provider that does not answer in WEATHER_TIMEOUT_MS (the fixture's slow mode): the planning
// process plans on the climate normals and the result says why (docs/API.md "Weather").
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";

// Before the planning process is forked: it reads WEATHER_URL and WEATHER_TIMEOUT_MS then.
const { fixture } = await vi.hoisted(async () => {
  const { startOpenMeteoFixture } = await import("../support/open-meteo-fixture");
  const fixture = await startOpenMeteoFixture();
  process.env.WEATHER_URL = `${fixture.url}/slow`;
  process.env.WEATHER_TIMEOUT_MS = "300";
  return { fixture };
});

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(async () => {
  await closeDatabase();
  await fixture.close();
});

it("a provider that times out leaves the plan on the climate normals, with a warning", async () => {
  // Within the forecast's range (so the provider is asked): Basel -> Zürich tomorrow.
  const start = new Date(Math.ceil(Date.now() / 86_400_000) * 86_400_000 + 6 * 3_600_000).toISOString().slice(0, 19);
  const r = await plannedV2(t.a.key, {
    vehicle_id: "mb-eactros-600", battery_level_start: 0.8, battery_level_end: 0.2, poi_info: {}, start_time_tour: start, driving_bans: false,
    section_list: [{ start_pos: [47.56, 7.59], stop_pos: [47.37, 8.54], payload_kg: 20000 }],
  });
  expect(r.status).toBe("succeeded");
  expect(r.sections[0].weather.source).toBe("climate_normal");
  expect(r.warnings.join(" ")).toMatch(/Weather forecast unavailable \(timeout after 300 ms\); climate normals used/);
  expect(fixture.requests.some((q) => q.mode === "slow")).toBe(true);
});
