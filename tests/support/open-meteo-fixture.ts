// A local stand-in for Open-Meteo's forecast API on 127.0.0.1 (port 0), written from its published
// format (open-meteo/open-meteo: openapi/forecast.yml; Sources/App/Helper/ForecastapiQuery.swift for
// how the parameters are read; Sources/App/Helper/Writer/JsonWriter.swift for the body):
//   GET /v1/forecast?latitude=a,b&longitude=c,d&hourly=temperature_2m,…&wind_speed_unit=ms&timezone=GMT
//       [&start_hour=…&end_hour=… | &start_date=…&end_date=… | &forecast_days=…&past_days=…]
// One location answers an object, several an array in the order asked (`location_id` = the position
// when not 0). Times "yyyy-mm-ddThh:mm" in GMT. start_hour/end_hour (and start_date/end_date) are one
// pair for all coordinates, one per coordinate, or several for one coordinate; hours outside the
// provider's range (from 93 days before the current UTC day to 16 days after it) answer 400 as
// Open-Meteo does: {"error": true, "reason": "Parameter 'end_hour' is out of allowed range from … to …"}.
// Values are fixtureWeather(latitude asked, longitude asked, hour): deterministic, for tests to assert.
//
// A first path segment picks a failure instead (/<mode>/v1/forecast):
//   error     400 {"error": true, "reason": ERROR_REASON}
//   fail      500 with a plain text body
//   slow      the right answer after SLOW_MS
//   huge      the right answer followed by HUGE_BYTES of white space (valid JSON), chunked: no Content-Length
//   garbage   200 with a body cut short (malformed JSON)
//   nulls     temperature_2m null at every hour (what Open-Meteo sends where a model has no data)
//   kmh       wind speed in km/h whatever wind_speed_unit asks (hourly_units says so)
//   nonfinite a wind speed written as 1e999 (JSON.parse reads Infinity)
import { createServer, type Server } from "node:http";
import { heldAnswers } from "./fixture-server";

export const SLOW_MS = 1_500;
export const HUGE_BYTES = 2_000_000;
export const ERROR_REASON = "Cannot initialize WeatherVariable from invalid String value tempeture_2m for key hourly";
export const MODES = ["error", "fail", "slow", "huge", "garbage", "nulls", "kmh", "nonfinite"] as const;
export type FixtureMode = (typeof MODES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

const round1 = (v: number) => Math.round(v * 10) / 10;
const mod = (a: number, n: number) => ((a % n) + n) % n;

/** The fixture's weather at the coordinates asked and a whole hour (ms since the epoch), in °C, m/s, °, mm, cm. */
export function fixtureWeather(lat: number, lon: number, hourMs: number) {
  const h = Math.round(hourMs / HOUR_MS);
  const temperature_2m = round1(lat / 5 - lon / 10 + mod(h, 24) / 4 - 5);
  const precipitation = round1(mod(Math.round(lat * 100) + Math.round(lon * 100) + h, 7) / 5);
  return {
    temperature_2m,
    wind_speed_10m: round1(1 + mod(Math.round(Math.abs(lat) * 10) + Math.round(Math.abs(lon) * 10) + h, 150) / 10),
    wind_direction_10m: Math.round(mod(lat * 7 + lon * 13 + h * 15, 360)),
    precipitation,
    snowfall: temperature_2m < 0 ? round1(precipitation * 0.7) : 0,
  };
}

const VARIABLES = new Set(["temperature_2m", "wind_speed_10m", "wind_direction_10m", "precipitation", "snowfall"]);
const WIND: Record<string, [number, string]> = { kmh: [3.6, "km/h"], ms: [1, "m/s"], mph: [2.236936, "mph"], kn: [1.943844, "kn"] };

export interface OpenMeteoFixture {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Every request, in order (the failure modes included). */
  requests: { path: string; mode: FixtureMode | null; query: URLSearchParams }[];
  close(): Promise<void>;
}

class BadRequest extends Error {}

const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function list(q: URLSearchParams, name: string): string[] {
  return q.getAll(name).flatMap((v) => v.split(",")).map((v) => v.trim()).filter((v) => v !== "");
}

/** "2025-07-12", "2025-07-12T01", "2025-07-12T01:00" or "2025-07-12T01:00:00" (GMT), as Open-Meteo's IsoDateTime reads them. */
function isoTime(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2}))?)?)?$/.exec(s);
  if (!m) throw new BadRequest(`Invalid date format: ${s}`);
  const [y, mo, d, h = 0, mi = 0, se = 0] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
  return Date.UTC(y, mo - 1, d, h, mi, se);
}

/** The hours of each requested range: [first, last] whole hours, inclusive. */
function ranges(q: URLSearchParams, today0: number): [number, number][] {
  const allowed = [today0 - 93 * DAY_MS, today0 + 16 * DAY_MS] as const;
  const check = (name: string, ms: number) => {
    if (ms < allowed[0] || ms >= allowed[1]) {
      throw new BadRequest(`Parameter '${name}' is out of allowed range from ${isoDay(allowed[0])} to ${isoDay(allowed[1] - DAY_MS)}`);
    }
  };
  const pair = (start: string, end: string, days: boolean): [number, number][] => {
    const s = list(q, start), e = list(q, end);
    if (s.length !== e.length) throw new BadRequest(`Parameter '${start}' and '${end}' must have the same number of elements`);
    return s.map((x, i) => {
      const a = Math.floor(isoTime(x) / HOUR_MS) * HOUR_MS;
      const b = days ? Math.floor(isoTime(e[i]) / DAY_MS) * DAY_MS + 23 * HOUR_MS : Math.floor(isoTime(e[i]) / HOUR_MS) * HOUR_MS;
      if (b < a) throw new BadRequest("End-date must be larger or equals than start-date");
      check(start, a);
      check(end, b);
      return [a, b];
    });
  };
  const hours = pair("start_hour", "end_hour", false);
  const dates = pair("start_date", "end_date", true);
  if (hours.length + dates.length > 0) {
    for (const name of ["past_days", "forecast_days", "past_hours", "forecast_hours"]) {
      if (q.has(name) && q.get(name) !== "0") throw new BadRequest(`Parameter '${name}' is mutually exclusive with 'start_date' and 'end_date'`);
    }
    return hours.length > 0 ? hours : dates;
  }
  const forecastDays = Number(q.get("forecast_days") ?? 7), pastDays = Number(q.get("past_days") ?? 0);
  if (!(Number.isInteger(forecastDays) && forecastDays >= 0 && forecastDays <= 16)) {
    throw new BadRequest(`Forecast days is invalid. Allowed range 0 to 16. Given ${q.get("forecast_days")}.`);
  }
  if (!(Number.isInteger(pastDays) && pastDays >= 0 && pastDays <= 92)) {
    throw new BadRequest(`Past days is invalid. Allowed range 0 to 92. Given ${q.get("past_days")}.`);
  }
  return [];
}

/** The answer's locations: an object each, as Open-Meteo's JSON writer makes them. */
function answer(q: URLSearchParams, mode: FixtureMode | null, now: number): unknown[] {
  const lats = list(q, "latitude").map(Number), lons = list(q, "longitude").map(Number);
  if (lats.length === 0 || lons.length === 0) throw new BadRequest("Parameter 'latitude' and 'longitude' must not be empty");
  if (lats.length !== lons.length) throw new BadRequest("Parameter 'latitude' and 'longitude' must have the same number of elements");
  if (lats.length > 1_000) throw new BadRequest("Parameter 'latitude' and 'longitude' must not exceed 1000 coordinates.");
  lats.forEach((v) => { if (!(v >= -90 && v <= 90)) throw new BadRequest(`Latitude must be in range of -90 to 90°. Given: ${v}.`); });
  lons.forEach((v) => { if (!(v >= -180 && v <= 180)) throw new BadRequest(`Longitude must be in range of -180 to 180°. Given: ${v}.`); });
  const hourly = list(q, "hourly");
  for (const v of hourly) if (!VARIABLES.has(v)) throw new BadRequest(`Cannot initialize WeatherVariable from invalid String value ${v} for key hourly`);
  const timezone = q.get("timezone") ?? "GMT";
  if (!["GMT", "UTC"].includes(timezone)) throw new BadRequest("The fixture answers timezone=GMT only");
  if ((q.get("timeformat") ?? "iso8601") !== "iso8601") throw new BadRequest("The fixture answers timeformat=iso8601 only");
  const windUnit = mode === "kmh" ? "kmh" : q.get("wind_speed_unit") ?? q.get("windspeed_unit") ?? "kmh";
  if (!WIND[windUnit]) throw new BadRequest(`Cannot initialize WindspeedUnit from invalid String value ${windUnit}`);
  const fahrenheit = q.get("temperature_unit") === "fahrenheit", inch = q.get("precipitation_unit") === "inch";

  const today0 = Math.floor(now / DAY_MS) * DAY_MS;
  const asked = ranges(q, today0);
  const whole: [number, number] = [today0 - Number(q.get("past_days") ?? 0) * DAY_MS, today0 + Number(q.get("forecast_days") ?? 7) * DAY_MS - HOUR_MS];
  const coords = lats.map((lat, i) => [lat, lons[i]] as const);
  let pairs: { lat: number; lon: number; range: [number, number] }[];
  if (asked.length === 0) pairs = coords.map(([lat, lon]) => ({ lat, lon, range: whole }));
  else if (asked.length === 1) pairs = coords.map(([lat, lon]) => ({ lat, lon, range: asked[0] }));
  else if (coords.length === 1) pairs = asked.map((range) => ({ lat: coords[0][0], lon: coords[0][1], range }));
  else if (asked.length === coords.length) pairs = coords.map(([lat, lon], i) => ({ lat, lon, range: asked[i] }));
  else throw new BadRequest("Parameter 'start_date' and 'end_date' must have the same number of elements as coordinates");

  return pairs.map(({ lat, lon, range }, i) => {
    const times: number[] = [];
    for (let t = range[0]; t <= range[1]; t += HOUR_MS) times.push(t);
    const units: Record<string, string> = { time: "iso8601" };
    const series: Record<string, unknown[]> = { time: times.map(isoMinute) };
    for (const v of hourly) {
      const values = times.map((t) => fixtureWeather(lat, lon, t)[v as keyof ReturnType<typeof fixtureWeather>]);
      if (v === "temperature_2m") {
        units[v] = fahrenheit ? "°F" : "°C";
        series[v] = mode === "nulls" ? values.map(() => null) : values.map((x) => (fahrenheit ? round1(x * 1.8 + 32) : x));
      } else if (v === "wind_speed_10m") {
        units[v] = WIND[windUnit][1];
        series[v] = values.map((x) => round1(x * WIND[windUnit][0]));
      } else if (v === "wind_direction_10m") {
        units[v] = "°";
        series[v] = values;
      } else {
        units[v] = v === "snowfall" ? (inch ? "inch" : "cm") : inch ? "inch" : "mm";
        series[v] = inch ? values.map((x) => Math.round((x / (v === "snowfall" ? 2.54 : 25.4)) * 100) / 100) : values;
      }
    }
    return {
      // The cell of a 0.02° grid, as the API answers its grid cell's coordinates rather than those asked.
      latitude: Math.round(lat * 50) / 50,
      longitude: Math.round(lon * 50) / 50,
      generationtime_ms: 0.05,
      utc_offset_seconds: 0,
      timezone: "GMT",
      timezone_abbreviation: "GMT",
      elevation: 500,
      ...(i !== 0 ? { location_id: i } : {}),
      hourly_units: units,
      hourly: series,
    };
  });
}

export async function startOpenMeteoFixture(): Promise<OpenMeteoFixture> {
  const requests: OpenMeteoFixture["requests"] = [];
  const held = heldAnswers();
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://fixture");
    const [, first, ...rest] = u.pathname.split("/");
    const mode = (MODES as readonly string[]).includes(first) ? (first as FixtureMode) : null;
    const path = "/" + (mode ? rest : [first, ...rest]).join("/");
    requests.push({ path: u.pathname, mode, query: u.searchParams });
    const json = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(text);
    };
    if (path !== "/v1/forecast") return json(404, JSON.stringify({ error: true, reason: `Not Found: ${u.pathname}` }));
    if (mode === "error") return json(400, JSON.stringify({ error: true, reason: ERROR_REASON }));
    if (mode === "fail") return void res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");

    let body: string;
    try {
      const locations = answer(u.searchParams, mode, Date.now());
      body = JSON.stringify(locations.length > 1 ? locations : locations[0]);
    } catch (err) {
      if (err instanceof BadRequest) return json(400, JSON.stringify({ error: true, reason: err.message }));
      throw err;
    }
    if (mode === "nonfinite") body = body.replace(/"wind_speed_10m":\[[^\]]*?(?=[,\]])/, '"wind_speed_10m":[1e999');
    if (mode === "garbage") return json(200, body.slice(0, Math.max(1, Math.floor(body.length / 2))));
    if (mode === "huge") {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
      res.write(body);
      const blanks = " ".repeat(100_000);
      for (let sent = 0; sent < HUGE_BYTES; sent += blanks.length) res.write(blanks);
      return void res.end();
    }
    if (mode === "slow") {
      held.later(SLOW_MS, () => json(200, body));
      return;
    }
    json(200, body);
  });
  const { url, close } = await held.listen(server);
  return {
    url,
    requests,
    close,
  };
}
