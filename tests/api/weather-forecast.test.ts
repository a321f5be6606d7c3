// docs/weather-forecast.md: forecastFor (src/server/weather/forecast.ts) against a local stand-in of
// Open-Meteo's forecast API (tests/support/open-meteo-fixture.ts). Only the server module is imported:
// no Next, no database.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import {
  forecastFor, useWeather, weatherSettings, WEATHER_CACHE_MS, WEATHER_MAX_LOCATIONS, type WeatherPoint,
} from "@/server/weather/forecast";
import { OPEN_METEO_MAX_LOCATIONS } from "@/engine/weather/open-meteo";
import { ERROR_REASON, fixtureWeather, SLOW_MS } from "../support/open-meteo-fixture";

// Before anything reads the configuration: WEATHER_URL names the fixture's root.
const { fixture } = await vi.hoisted(async () => {
  const { startOpenMeteoFixture } = await import("../support/open-meteo-fixture");
  const fixture = await startOpenMeteoFixture();
  process.env.WEATHER_URL = fixture.url;
  process.env.WEATHER_TIMEOUT_MS = "1500";
  return { fixture };
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

afterAll(async () => {
  useWeather(undefined);
  await fixture.close();
});
afterEach(() => {
  fixture.requests.length = 0;
});

function use(path = "", timeoutMs = 1_000) {
  useWeather({ url: `${fixture.url}${path}`, timeoutMs });
}

const inHours = (h: number) => new Date(Date.now() + h * HOUR);
const cell = (v: number) => Math.round(v * 20) / 20;

/** What the fixture answers for a point: its weather at the rounded coordinates and the nearest whole hour. */
function expected(p: WeatherPoint) {
  const hour = Math.round(p.time.getTime() / HOUR) * HOUR;
  const w = fixtureWeather(cell(p.lat), cell(p.lon), hour);
  return {
    temperatureC: w.temperature_2m, windSpeedMs: w.wind_speed_10m, windFromDeg: w.wind_direction_10m % 360,
    precipitationMm: w.precipitation, snowfallCm: w.snowfall, time: new Date(hour),
  };
}

const munich: WeatherPoint = { lat: 48.137, lon: 11.576, time: inHours(2) };
const berlin: WeatherPoint = { lat: 52.52, lon: 13.405, time: inHours(7.2) };
const tromso: WeatherPoint = { lat: 69.65, lon: 18.96, time: inHours(30) }; // cold enough for snow at some hours

it("takes its settings from the environment (WEATHER_URL, WEATHER_TIMEOUT_MS)", async () => {
  expect(weatherSettings()).toEqual({ url: fixture.url, timeoutMs: 1500 });
  const res = await forecastFor([munich]);
  expect(res).toEqual({ ok: true, values: [expected(munich)] });
  expect(fixture.requests.map((r) => r.path)).toEqual(["/v1/forecast"]);
});

describe("with a forecast service", () => {
  it("answers the values of each point's hour, one request for several places, asking for m/s in GMT", async () => {
    use();
    // A minute away from munich's time, towards the middle of its hour: both round to the same hour whenever the test runs.
    const towardsMiddle = munich.time.getTime() % HOUR < HOUR / 2 ? -60_000 : 60_000;
    const sameCell = { lat: 48.14, lon: 11.58, time: new Date(munich.time.getTime() + towardsMiddle) };
    const res = await forecastFor([munich, berlin, sameCell, tromso]);
    expect(res).toEqual({ ok: true, values: [expected(munich), expected(berlin), expected(sameCell), expected(tromso)] });
    expect(fixture.requests).toHaveLength(1);
    const q = fixture.requests[0].query;
    expect(q.get("latitude")!.split(",")).toHaveLength(3); // munich and sameCell: one location
    expect(q.get("wind_speed_unit")).toBe("ms");
    expect(q.get("timezone")).toBe("GMT");
    expect(q.get("hourly")).toBe("temperature_2m,wind_speed_10m,wind_direction_10m,precipitation,snowfall");
  });

  it("asks once for the same places and hours (answers are cached), and only for what is new", async () => {
    use();
    const first = await forecastFor([munich, berlin]);
    const again = await forecastFor([berlin, munich]);
    expect(fixture.requests).toHaveLength(1);
    expect(again).toEqual({ ok: true, values: first.ok ? [first.values[1], first.values[0]] : [] });
    const later = { ...munich, time: new Date(munich.time.getTime() + 3 * HOUR) };
    const third = await forecastFor([munich, later]);
    expect(third).toEqual({ ok: true, values: [expected(munich), expected(later)] });
    expect(fixture.requests).toHaveLength(2);
    expect(fixture.requests[1].query.get("latitude")).toBe("48.15");
  });

  it(`keeps an answer ${WEATHER_CACHE_MS / 60_000} minutes`, async () => {
    use();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    try {
      await forecastFor([munich]);
      vi.setSystemTime(Date.now() + WEATHER_CACHE_MS - 1_000);
      await forecastFor([munich]);
      expect(fixture.requests).toHaveLength(1);
      vi.setSystemTime(Date.now() + 2_000);
      expect(await forecastFor([munich])).toEqual({ ok: true, values: [expected(munich)] });
      expect(fixture.requests).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it(`splits a look-up into requests of at most ${OPEN_METEO_MAX_LOCATIONS} places, and asks for at most ${WEATHER_MAX_LOCATIONS}`, async () => {
    use();
    const points = Array.from({ length: WEATHER_MAX_LOCATIONS + 10 }, (_, i) => ({ lat: 45 + i * 0.05, lon: 8 + (i % 7) * 0.05, time: inHours(1 + (i % 24)) }));
    const res = await forecastFor(points);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.values.slice(0, WEATHER_MAX_LOCATIONS)).toEqual(points.slice(0, WEATHER_MAX_LOCATIONS).map(expected));
    expect(res.values.slice(WEATHER_MAX_LOCATIONS)).toEqual(Array(10).fill(null));
    expect(res.warning).toBe(`10 of ${points.length} points were not asked for (at most ${WEATHER_MAX_LOCATIONS} places and hours a look-up): climate normals used for them`);
    const sizes = fixture.requests.map((r) => r.query.get("latitude")!.split(",").length);
    expect(sizes).toEqual([50, 50, 50, 50]);
  });

  it("gives no value for instants beyond the provider's 16 days (never asking it for them), and says so", async () => {
    use();
    const far = { ...berlin, time: new Date(Date.now() + 17 * DAY) };
    const res = await forecastFor([munich, far, { lat: 95, lon: 0, time: inHours(1) }]);
    expect(res).toEqual({
      ok: true,
      values: [expected(munich), null, null],
      detail: "1 of 3 points lie beyond the weather forecast's range (16 days ahead); 1 of 3 points have no valid coordinates or time",
      warning: "1 of 3 points lie beyond the weather forecast's range (16 days ahead); 1 of 3 points have no valid coordinates or time: climate normals used for them",
    });
    expect(fixture.requests).toHaveLength(1);
    expect(fixture.requests[0].query.get("latitude")).toBe("48.15");
    // The stand-in, as Open-Meteo, refuses hours out of its range.
    const refused = await fetch(`${fixture.url}/v1/forecast?latitude=52.5&longitude=13.4&hourly=temperature_2m&start_hour=${far.time.toISOString().slice(0, 13)}:00&end_hour=${far.time.toISOString().slice(0, 13)}:00`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: true, reason: expect.stringMatching(/^Parameter 'start_hour' is out of allowed range from /) });
  });

  it("asks nothing when every point lies beyond the forecast", async () => {
    use();
    const res = await forecastFor([{ ...munich, time: new Date(Date.now() + 40 * DAY) }]);
    expect(res).toMatchObject({ ok: true, values: [null] });
    expect(fixture.requests).toHaveLength(0);
    expect(await forecastFor([])).toEqual({ ok: true, values: [] });
  });

  it("gives no value where the provider has none (null), and says so", async () => {
    use("/nulls");
    const res = await forecastFor([munich, berlin]);
    expect(res).toEqual({ ok: true, values: [null, null], detail: "the weather forecast has no values for 2 of 2 points", warning: "the weather forecast has no values for 2 of 2 points: climate normals used for them" });
  });
});

describe("when the forecast service fails", () => {
  const failure = (reason: string, detail: string) => ({ ok: false, reason, detail, warning: `weather forecast unavailable (${detail}); climate normals used` });

  it("answers no forecast when the answer does not come within the time limit", async () => {
    use("/slow", 200);
    const started = performance.now();
    expect(await forecastFor([munich])).toEqual(failure("timeout", "timeout after 200 ms"));
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
  });

  it("answers no forecast on a 500", async () => {
    use("/fail");
    expect(await forecastFor([munich])).toEqual(failure("http", "HTTP 500"));
  });

  it("answers no forecast on the API's error body, with its reason", async () => {
    use("/error");
    expect(await forecastFor([munich])).toEqual(failure("provider-error", `HTTP 400: ${ERROR_REASON}`));
  });

  it("answers no forecast on an answer too large, read no further than the cap", async () => {
    use("/huge", 5_000);
    expect(await forecastFor([munich])).toEqual(failure("too-large", "answer over 1048576 bytes"));
  });

  it("answers no forecast on malformed JSON, a non-finite value or other units", async () => {
    use("/garbage");
    expect(await forecastFor([munich])).toEqual(failure("malformed", "malformed answer: not JSON"));
    use("/nonfinite");
    expect(await forecastFor([munich])).toMatchObject({ ok: false, reason: "malformed", warning: expect.stringMatching(/^weather forecast unavailable \(malformed answer: location 0: hourly\.wind_speed_10m/) });
    use("/kmh");
    expect(await forecastFor([munich])).toEqual(failure("malformed", "malformed answer: location 0: wind_speed_10m in km/h, not m/s"));
  });

  it("answers no forecast when the requests of a look-up are not all answered within the time limit, all in total", async () => {
    use("/slow", 200);
    const points = Array.from({ length: 60 }, (_, i) => ({ lat: 40 + i * 0.1, lon: 10, time: inHours(3) }));
    const started = performance.now();
    expect(await forecastFor(points)).toMatchObject({ ok: false, reason: "timeout" });
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
    expect(fixture.requests).toHaveLength(2);
  });

  it("asks again after a failure (failures are not kept)", async () => {
    use("/fail");
    expect(await forecastFor([munich])).toMatchObject({ ok: false, reason: "http" });
    expect(await forecastFor([munich])).toMatchObject({ ok: false, reason: "http" });
    expect(fixture.requests).toHaveLength(2);
  });

  it("answers no forecast when nothing listens", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    useWeather({ url: `http://127.0.0.1:${port}`, timeoutMs: 1_000 });
    expect(await forecastFor([munich])).toEqual(failure("network", "connection failed: ECONNREFUSED"));
  });

  it("stops when the caller cancels", async () => {
    use("/slow", 5_000);
    const before = new AbortController();
    before.abort();
    expect(await forecastFor([munich], { signal: before.signal })).toEqual(failure("aborted", "request cancelled"));
    expect(fixture.requests).toHaveLength(0);
    const during = new AbortController();
    setTimeout(() => during.abort(), 100);
    const started = performance.now();
    expect(await forecastFor([munich], { signal: during.signal })).toEqual(failure("aborted", "request cancelled"));
    expect(performance.now() - started).toBeLessThan(SLOW_MS);
  });

  it("never throws, even on settings that are no URL", async () => {
    useWeather({ url: "not a url", timeoutMs: 1_000 });
    expect(await forecastFor([munich])).toMatchObject({ ok: false, reason: "error" });
  });
});

it("is off without WEATHER_URL", async () => {
  useWeather(null);
  expect(await forecastFor([munich])).toEqual({ ok: false, reason: "off", detail: "WEATHER_URL unset", warning: "weather forecast off (WEATHER_URL unset); climate normals used" });
  expect(fixture.requests).toHaveLength(0);
});
