// Weather in plans (docs/API.md "Weather"): the request's temperature, a forecast from WEATHER_URL (a local
// stand-in of Open-Meteo's API, tests/support/open-meteo-fixture.ts, the planning process's source), the
// climate normals, and what a failing forecast leaves: every plan re-simulated in its weather by `call`.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withForecast } from "@/server/weather/section-weather";
import { useWeather } from "@/server/weather/forecast";
import type { PlanInput } from "@/engine/plan/types";
import { findModel } from "@/engine/vehicles/catalog";
import { haversineM } from "@/engine/geo";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";
import { fixtureWeather } from "../support/open-meteo-fixture";

// Before the planning process starts (it reads WEATHER_URL when it is forked).
const { fixture } = await vi.hoisted(async () => {
  const { startOpenMeteoFixture } = await import("../support/open-meteo-fixture");
  const fixture = await startOpenMeteoFixture();
  process.env.WEATHER_URL = fixture.url;
  process.env.WEATHER_TIMEOUT_MS = "2000";
  return { fixture };
});

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(async () => {
  await closeDatabase();
  useWeather(undefined);
  await fixture.close();
});

const DAY = 86_400_000;
/** The next Tuesday-to-Thursday 06:00 UTC at least a day ahead: inside the forecast's 16 days, no weekend ban. */
function nextWeekday(): string {
  let d = new Date(Math.ceil((Date.now() + DAY) / DAY) * DAY + 6 * 3_600_000);
  while (![2, 3, 4].includes(d.getUTCDay())) d = new Date(d.getTime() + DAY);
  return d.toISOString().slice(0, 19);
}
const tour = (over: Record<string, unknown> = {}) => ({
  vehicle_id: "mb-eactros-600", battery_level_start: 0.8, battery_level_end: 0.2, poi_info: {}, objective: "fastest",
  start_time_tour: "2026-11-25T06:00:00", section_list: [{ start_pos: [53.55, 9.99], stop_pos: [52.37, 9.73], payload_kg: 20000 }, { start_pos: [52.37, 9.73], stop_pos: [50.11, 8.68], payload_kg: 10000 }],
  ...over,
});

describe("weather in plans", () => {
  it("the request's temperature: every section says so, the cold takes more energy and the totals say how much", async () => {
    const cold = await plannedV2(t.a.key, tour({ ambient_temperature_c: -5 }));
    const mild = await plannedV2(t.a.key, tour({ ambient_temperature_c: 20 }));
    for (const s of cold.sections) expect(s.weather).toMatchObject({ ambient_temperature_c: -5, source: "request", winter_tyres: true, road: "dry" });
    expect(mild.totals.weather.extra_kWh).toBeCloseTo(0, 1);
    expect(cold.totals.weather.extra_kWh).toBeGreaterThan(0.15 * mild.totals.energy_kWh);
    expect(cold.totals.energy_kWh - mild.totals.energy_kWh).toBeGreaterThan(0.15 * mild.totals.energy_kWh);
    expect(cold.totals.weather.charging_temperature_c).toBe(-5);
    // Each section's extra is in its energy; the totals are their sum.
    const sum = cold.sections.reduce((a: number, s: any) => a + s.weather.extra_kWh, 0); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(cold.totals.weather.extra_kWh).toBeCloseTo(sum, 1);
  });

  it("Hamburg -> Munich at -10 C uses 10-40 % more energy than at 20 C, and charges longer", async () => {
    const body = (t: number) => tour({ ambient_temperature_c: t, section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000 }] });
    const cold = await plannedV2(t.a.key, body(-10));
    const mild = await plannedV2(t.a.key, body(20));
    const more = cold.totals.energy_kWh / mild.totals.energy_kWh - 1;
    expect(more).toBeGreaterThan(0.1);
    expect(more).toBeLessThan(0.4);
    expect(cold.totals.charging_time_min).toBeGreaterThan(mild.totals.charging_time_min);
    expect(cold.totals.charged_kWh).toBeGreaterThan(mild.totals.charged_kWh);
  });

  it("the same trip in January takes more energy than in July on the climate normals, and says so", async () => {
    const body = (day: string) => tour({ start_time_tour: `${day}T06:00:00`, section_list: [
      { start_pos: [47.56, 7.59], stop_pos: [47.37, 8.54], payload_kg: 20000 }, { start_pos: [47.37, 8.54], stop_pos: [46.2, 6.14], payload_kg: 10000 },
    ] });
    const january = await plannedV2(t.a.key, body("2027-01-13"));
    const july = await plannedV2(t.a.key, body("2027-07-14"));
    for (const r of [january, july]) for (const s of r.sections) expect(s.weather.source).toBe("climate_normal");
    expect(january.sections[0].weather.ambient_temperature_c).toBeLessThan(july.sections[0].weather.ambient_temperature_c - 10);
    expect(january.totals.energy_kWh).toBeGreaterThan(1.1 * july.totals.energy_kWh);
  });

  it("a section's own temperature wins over the tour's", async () => {
    const r = await plannedV2(t.a.key, tour({
      ambient_temperature_c: 10,
      section_list: [{ start_pos: [53.55, 9.99], stop_pos: [52.37, 9.73], payload_kg: 20000, ambient_temperature_c: -10 }, { start_pos: [52.37, 9.73], stop_pos: [50.11, 8.68], payload_kg: 10000 }],
    }));
    const byLeg = new Map(r.sections.map((s: any) => [s.request_section, s.weather.ambient_temperature_c])); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(byLeg.get(0)).toBe(-10);
    expect(byLeg.get(1)).toBe(10);
  });

  it("without a temperature: the forecast of WEATHER_URL at each section's middle and estimated time, wind and rain included", async () => {
    const departure = nextWeekday();
    const r = await plannedV2(t.a.key, tour({ start_time_tour: departure }));
    expect(r.status).toBe("succeeded");
    const first = r.sections.find((s: any) => s.request_section === 0); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(first.weather.source).toBe("forecast");
    // The section's middle (53.55+52.37)/2, (9.99+9.73)/2 on the fixture's 0.05 grid, ~70 min after departure: the nearest hour.
    const halfM = haversineM(53.55, 9.99, 52.37, 9.73) / 2;
    const hour = Math.round((Date.parse(`${departure}Z`) + ((halfM * 1.3) / 1000 / 70) * 3_600_000) / 3_600_000) * 3_600_000;
    const f = fixtureWeather(Math.round(52.96 * 20) / 20, Math.round(9.86 * 20) / 20, hour);
    expect(first.weather.ambient_temperature_c).toBeCloseTo(f.temperature_2m, 1);
    expect(first.weather.wind_from_deg).toBe(f.wind_direction_10m);
    expect(first.weather.wind_speed_ms).toBeCloseTo(f.wind_speed_10m * 0.74, 0);
    expect(fixture.requests.length).toBeGreaterThan(0);
  });

  it("a forecast that fails leaves the climate normals (or the reference) and says why, without failing the plan", async () => {
    useWeather({ url: `${fixture.url}/fail`, timeoutMs: 1000 });
    const input: PlanInput = {
      vehicle: findModel("MB_EACTROS_600")!, batteryLevelStart: 0.8, batteryLevelEnd: 0.2, poiInfo: {}, corridorM: 8000, minChargeDurationMin: 0,
      departureMs: Date.now() + DAY, serviceTimeDepartureMin: 0, sections: [{ start: [47.56, 7.59], stop: [47.37, 8.54], payloadKg: 10000 }],
    };
    const out = await withForecast(input);
    expect(out.sections[0].weather).toBeUndefined();
    expect(out.weatherWarnings?.[0].text).toMatch(/Weather forecast unavailable .*climate normals used/);
    useWeather({ url: `${fixture.url}/slow`, timeoutMs: 300 });
    const slow = await withForecast(input);
    expect(slow.weatherWarnings?.[0].text).toMatch(/timeout/);
    useWeather(undefined);
  });

  it("a tour beyond the forecast's range is planned on the climate normals, marked as estimates", async () => {
    // Basel -> Zürich in mid-January (next year's, beyond 16 days): the MeteoSwiss normals.
    const r = await plannedV2(t.a.key, tour({
      start_time_tour: "2027-01-13T06:00:00",
      section_list: [{ start_pos: [47.56, 7.59], stop_pos: [47.37, 8.54], payload_kg: 20000 }],
    }));
    expect(r.sections[0].weather.source).toBe("climate_normal");
    expect(r.sections[0].weather.confidence).toBe("estimate");
    expect(r.sections[0].weather.ambient_temperature_c).toBeLessThan(5);
    expect(r.totals.weather.extra_kWh).toBeGreaterThan(0);
    expect(r.totals.weather.assumption).toMatch(/climate normals, an estimate/);
  });
});
