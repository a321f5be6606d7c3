// Weather forecasts in Open-Meteo's API format (GET /v1/forecast): the request URL for a list of
// points and the reading of its answer (pure; the HTTP call is server/weather/forecast.ts).
//
// Followed: open-meteo/open-meteo, openapi/forecast.yml (parameters, 200 and 400 bodies) and the
// server's own reading of them, Sources/App/Helper/ForecastapiQuery.swift (comma-separated
// latitude/longitude; start_hour/end_hour, one pair for all or one per coordinate, "yyyy-mm-ddThh:mm",
// inclusive; allowed from 93 days back to 16 days ahead of the current UTC day) and
// Sources/App/Helper/Writer/JsonWriter.swift (one location: an object, several: an array in the order
// asked, `location_id` = the position when not 0; values with no data are `null`).
//
// Request: latitude=a,b,…&longitude=c,d,…&hourly=temperature_2m,wind_speed_10m,wind_direction_10m,
// precipitation,snowfall&wind_speed_unit=ms&temperature_unit=celsius&precipitation_unit=mm&
// timeformat=iso8601&timezone=GMT&start_hour=h1,h2,…&end_hour=h1,h2,…: one location per distinct
// (rounded coordinates, hour), each asked for that one hour, so an answer stays a few hundred bytes per
// location whatever the spread of the points in time.
// Answer: {latitude, longitude, utc_offset_seconds, hourly_units: {...}, hourly: {time: ["2025-07-12T01:00",
// …], temperature_2m: [..], …}} or an array of them; an error: HTTP 400 {"error": true, "reason": "..."}.
import { z } from "zod";

/** A place and instant a forecast is wanted for. */
export interface WeatherPoint {
  lat: number;
  lon: number;
  time: Date;
}

/** The forecast for one point: the values of the hour nearest its time (`time`: that hour). */
export interface WeatherAtPoint {
  /** Air temperature 2 m above ground, °C. */
  temperatureC: number;
  /** Wind speed 10 m above ground, m/s. */
  windSpeedMs: number;
  /** Direction the wind comes from, degrees clockwise from north (meteorological, 0-360). */
  windFromDeg: number;
  /** Precipitation (rain, showers, snow as water) of the preceding hour, mm. */
  precipitationMm: number;
  /** Snowfall of the preceding hour, cm; absent when the provider has no value. */
  snowfallCm?: number;
  /** The forecast hour the values are of (UTC). */
  time: Date;
}

/** Locations one request asks for at most (the public API bills a request per 10 variables and location anyway). */
export const OPEN_METEO_MAX_LOCATIONS = 50;
/** Coordinates are rounded to this grid (about 5.5 km north-south) before asking or caching: a weather model's cell. */
export const COORDINATE_STEP_DEG = 0.05;
/** Open-Meteo's forecast reaches this many days after the current UTC day (forecast_days at most 16). */
export const FORECAST_DAYS = 16;
/** And back this many days (its `past_days` at most 92; the server allows 93 from the start of its day). */
export const PAST_DAYS = 92;
/** Our clock and the provider's may differ: the window is narrowed by this much at its ends around UTC midnight. */
export const CLOCK_MARGIN_MS = 15 * 60_000;
/** A point whose nearest hour in an answer is further away than this gets no value. */
export const MAX_HOUR_GAP_MS = 90 * 60_000;
/** Hours one location of an answer may carry (16 days ahead, 92 back). */
const MAX_HOURS = (FORECAST_DAYS + PAST_DAYS + 1) * 24;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const HOURLY_VARIABLES = ["temperature_2m", "wind_speed_10m", "wind_direction_10m", "precipitation", "snowfall"] as const;
/** Units asked for, as the answer's `hourly_units` names them. */
const UNITS: Record<string, string> = { temperature_2m: "°C", wind_speed_10m: "m/s", precipitation: "mm", snowfall: "cm" };
/** Query parameters of the configured URL that are kept (a customer key, a model choice); all others are ours. */
const KEPT_PARAMETERS = ["apikey", "models", "cell_selection"];

/** One location of a request: rounded coordinates and the (whole, UTC) hour asked for. */
export interface ForecastLocation {
  /** Rounded coordinates as sent, e.g. "48.15". */
  lat: string;
  lon: string;
  /** The whole hour nearest the point's time, ms since the epoch. */
  hourMs: number;
  /** `lat,lon@yyyy-mm-ddThh:00`: identifies the location in a cache. */
  key: string;
}

/** The error answer of the API (`{"error": true, "reason": ...}`), or one of that shape with another status. */
export class OpenMeteoError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = "OpenMeteoError";
  }
}

/** An answer that is not the API's (shape, counts, units, values out of range). */
export class OpenMeteoAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OpenMeteoAnswerError";
  }
}

const isoHour = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** The instants Open-Meteo's /v1/forecast has hours for, as of `now`: [from, until) in ms, on whole hours. */
export function forecastWindow(now: Date): { from: number; until: number } {
  const t = now.getTime();
  const dayOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  return { from: dayOf(t + CLOCK_MARGIN_MS) - PAST_DAYS * DAY_MS, until: dayOf(t - CLOCK_MARGIN_MS) + FORECAST_DAYS * DAY_MS };
}

const CELLS_PER_DEG = Math.round(1 / COORDINATE_STEP_DEG);

function roundCoordinate(v: number): string {
  const s = (Math.round(v * CELLS_PER_DEG) / CELLS_PER_DEG).toFixed(2);
  return s === "-0.00" ? "0.00" : s;
}

/** The request location of a point (rounded coordinates, nearest hour); null for a point with no valid coordinates or time. */
export function forecastLocation(p: WeatherPoint): ForecastLocation | null {
  const t = p.time instanceof Date ? p.time.getTime() : NaN;
  if (!(Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180) || !Number.isFinite(t)) return null;
  const lat = roundCoordinate(p.lat), lon = roundCoordinate(p.lon);
  const hourMs = Math.round(t / HOUR_MS) * HOUR_MS;
  return { lat, lon, hourMs, key: `${lat},${lon}@${isoHour(hourMs)}` };
}

/**
 * The distinct request locations of `points` (same rounded coordinates and hour: one location) and,
 * per point, the index of its location (-1: invalid coordinates or time, or outside `window`).
 */
export function distinctLocations(
  points: readonly WeatherPoint[],
  window?: { from: number; until: number },
): { locations: ForecastLocation[]; locationOf: number[] } {
  const locations: ForecastLocation[] = [];
  const index = new Map<string, number>();
  const locationOf = points.map((p) => {
    const loc = forecastLocation(p);
    if (!loc || (window && (loc.hourMs < window.from || loc.hourMs >= window.until))) return -1;
    let i = index.get(loc.key);
    if (i === undefined) {
      i = locations.push(loc) - 1;
      index.set(loc.key, i);
    }
    return i;
  });
  return { locations, locationOf };
}

/**
 * The /v1/forecast request for 1 to OPEN_METEO_MAX_LOCATIONS locations. `base` may name the service's
 * root (https://api.open-meteo.com) or its forecast path (…/v1/forecast); of its query parameters only
 * apikey, models and cell_selection are kept.
 */
export function forecastUrl(base: string, locations: readonly ForecastLocation[]): string {
  if (locations.length === 0 || locations.length > OPEN_METEO_MAX_LOCATIONS) {
    throw new RangeError(`a forecast request asks for 1 to ${OPEN_METEO_MAX_LOCATIONS} locations, not ${locations.length}`);
  }
  const u = new URL(base);
  const root = u.pathname.replace(/\/+$/, "").replace(/\/v1\/forecast$/, "");
  u.pathname = `${root}/v1/forecast`;
  u.hash = "";
  const kept = KEPT_PARAMETERS.flatMap((k) => u.searchParams.getAll(k).map((v) => [k, v] as const));
  const hours = locations.map((l) => isoHour(l.hourMs)).join(",");
  const params: (readonly [string, string])[] = [
    ["latitude", locations.map((l) => l.lat).join(",")],
    ["longitude", locations.map((l) => l.lon).join(",")],
    ["hourly", HOURLY_VARIABLES.join(",")],
    ["wind_speed_unit", "ms"],
    ["temperature_unit", "celsius"],
    ["precipitation_unit", "mm"],
    ["timeformat", "iso8601"],
    ["timezone", "GMT"],
    ["start_hour", hours],
    ["end_hour", hours],
    ...kept,
  ];
  // Commas and colons stay as they are (both allowed in a query), as Open-Meteo's documentation writes them.
  const encode = (v: string) => encodeURIComponent(v).replace(/%2C/gi, ",").replace(/%3A/gi, ":");
  u.search = params.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
  return u.toString();
}

// --- the answer ------------------------------------------------------------

/** A value of an hour: a finite number (zod 4 refuses NaN and ±Infinity, e.g. 1e999), or null where the model has none. */
const Values = z.array(z.number().nullable()).max(MAX_HOURS);
const ISO_HOUR = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const Location = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  utc_offset_seconds: z.number().int().min(-86_400).max(86_400).optional(),
  location_id: z.number().int().optional(),
  hourly_units: z.record(z.string(), z.string()).optional(),
  hourly: z.object({
    time: z.array(z.string().regex(ISO_HOUR)).min(1).max(MAX_HOURS),
    temperature_2m: Values,
    wind_speed_10m: Values,
    wind_direction_10m: Values,
    precipitation: Values,
    snowfall: Values.optional(),
  }),
});
type Location = z.infer<typeof Location>;

const ErrorAnswer = z.object({ error: z.literal(true), reason: z.string().max(10_000).optional() });

/** Plausible ranges: a value outside is no forecast in the units asked for (an answer in other units, or broken). */
const RANGES: Record<string, [number, number]> = {
  temperature_2m: [-100, 70],
  wind_speed_10m: [0, 150],
  wind_direction_10m: [0, 360],
  precipitation: [0, 1_000],
  snowfall: [0, 1_000],
};

/** One location's hours: times (UTC ms, ascending) and the values of each (null: none). */
export interface HourlySeries {
  times: number[];
  temperatureC: (number | null)[];
  windSpeedMs: (number | null)[];
  windFromDeg: (number | null)[];
  precipitationMm: (number | null)[];
  snowfallCm?: (number | null)[];
}

function parseIsoHour(s: string, offsetS: number): number {
  const m = ISO_HOUR.exec(s)!;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(ms).toISOString().slice(0, 16) !== s) throw new OpenMeteoAnswerError(`not a time: ${s}`);
  return ms - offsetS * 1000;
}

function series(loc: Location, i: number): HourlySeries {
  const where = `location ${i}`;
  if (loc.location_id !== undefined && loc.location_id !== i) {
    throw new OpenMeteoAnswerError(`${where}: location_id ${loc.location_id} out of order`);
  }
  for (const [name, unit] of Object.entries(UNITS)) {
    const given = loc.hourly_units?.[name];
    if (given !== undefined && given !== unit) throw new OpenMeteoAnswerError(`${where}: ${name} in ${given}, not ${unit}`);
  }
  const h = loc.hourly;
  const offset = loc.utc_offset_seconds ?? 0;
  const times = h.time.map((s) => parseIsoHour(s, offset));
  for (let k = 1; k < times.length; k++) {
    if (!(times[k] > times[k - 1])) throw new OpenMeteoAnswerError(`${where}: hourly.time not ascending at ${h.time[k]}`);
  }
  const column = (name: keyof typeof RANGES): (number | null)[] | undefined => {
    const values = h[name as keyof typeof h] as (number | null)[] | undefined;
    if (values === undefined) return undefined;
    if (values.length !== times.length) {
      throw new OpenMeteoAnswerError(`${where}: hourly.${name} has ${values.length} values for ${times.length} hours`);
    }
    const [lo, hi] = RANGES[name];
    for (const v of values) {
      if (v !== null && !(v >= lo && v <= hi)) throw new OpenMeteoAnswerError(`${where}: hourly.${name} value ${v} out of range ${lo}..${hi}`);
    }
    return values;
  };
  const snowfall = column("snowfall");
  return {
    times,
    temperatureC: column("temperature_2m")!,
    windSpeedMs: column("wind_speed_10m")!,
    windFromDeg: column("wind_direction_10m")!,
    precipitationMm: column("precipitation")!,
    ...(snowfall ? { snowfallCm: snowfall } : {}),
  };
}

function brief(error: z.ZodError): string {
  const first = error.issues[0];
  return first ? `${first.path.join(".") || "body"}: ${first.message}` : "not the API's shape";
}

/**
 * The hourly series of an answer to a request for `count` locations, in the order asked. Throws
 * OpenMeteoError on the API's error body, OpenMeteoAnswerError on anything else that is not its answer:
 * another shape, another number of locations, units other than asked, values non-finite or out of range,
 * times not ascending or of arrays of other lengths.
 */
export function parseForecast(body: unknown, count: number): HourlySeries[] {
  const error = ErrorAnswer.safeParse(body);
  if (error.success) throw new OpenMeteoError(error.data.reason?.trim() || "no reason given");
  const list = Array.isArray(body) ? body : [body];
  if (list.length !== count) throw new OpenMeteoAnswerError(`${list.length} locations in the answer, ${count} asked for`);
  return list.map((item, i) => {
    const parsed = Location.safeParse(item);
    if (!parsed.success) throw new OpenMeteoAnswerError(`location ${i}: ${brief(parsed.error)}`);
    return series(parsed.data, i);
  });
}

/**
 * The values of the hour nearest `time` (the earlier of two as near), or null when that hour is more
 * than MAX_HOUR_GAP_MS away or lacks temperature, wind speed, wind direction or precipitation.
 */
export function valuesAt(s: HourlySeries, time: Date | number): WeatherAtPoint | null {
  const t = typeof time === "number" ? time : time.getTime();
  let best = -1;
  for (let k = 0; k < s.times.length; k++) {
    if (best < 0 || Math.abs(s.times[k] - t) < Math.abs(s.times[best] - t)) best = k;
  }
  if (best < 0 || Math.abs(s.times[best] - t) > MAX_HOUR_GAP_MS) return null;
  const temperatureC = s.temperatureC[best], windSpeedMs = s.windSpeedMs[best];
  const windFromDeg = s.windFromDeg[best], precipitationMm = s.precipitationMm[best];
  if (temperatureC === null || windSpeedMs === null || windFromDeg === null || precipitationMm === null) return null;
  const snowfallCm = s.snowfallCm?.[best];
  return {
    temperatureC, windSpeedMs, windFromDeg: windFromDeg % 360, precipitationMm,
    ...(snowfallCm !== undefined && snowfallCm !== null ? { snowfallCm } : {}),
    time: new Date(s.times[best]),
  };
}

/** Per location asked for (in order), the values of its hour; throws as parseForecast. */
export function forecastValues(body: unknown, locations: readonly ForecastLocation[]): (WeatherAtPoint | null)[] {
  const all = parseForecast(body, locations.length);
  return locations.map((l, i) => valuesAt(all[i], l.hourMs));
}
