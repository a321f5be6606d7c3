// Weather forecasts for points of a plan from a service with Open-Meteo's API at WEATHER_URL
// (optional: unset, there are none and climate normals are used). forecastFor never throws: any
// failure (no answer within WEATHER_TIMEOUT_MS, an error status, an answer over
// WEATHER_ANSWER_MAX_BYTES or not the API's, a connection failure, the caller's cancellation) is
// `{ ok: false, warning }` with one sentence for the plan's warnings. Limits (docs/weather-forecast.md):
//   - one look-up: at most WEATHER_MAX_LOCATIONS distinct (rounded point, hour) locations, asked in
//     requests of at most OPEN_METEO_MAX_LOCATIONS, all at once, within WEATHER_TIMEOUT_MS in total;
//   - instants only within the provider's range (16 days ahead of the current UTC day, 92 back): other
//     points get no value, and the answer's `warning` says how many;
//   - answers are kept WEATHER_CACHE_MS per (rounded point, hour), at most WEATHER_CACHE_ENTRIES (least
//     recently used first out), in this process.
import {
  distinctLocations, FORECAST_DAYS, forecastLocation, forecastUrl, forecastValues, forecastWindow,
  OPEN_METEO_MAX_LOCATIONS, OpenMeteoAnswerError, OpenMeteoError,
  type ForecastLocation, type WeatherAtPoint, type WeatherPoint,
} from "../../engine/weather/open-meteo";
import { config } from "../config";
import { declaredOver, readCappedText } from "../http/bounded-read";
import { log } from "../log";

export type { WeatherAtPoint, WeatherPoint } from "../../engine/weather/open-meteo";

export interface WeatherSettings {
  /** The service's root (https://api.open-meteo.com) or its /v1/forecast path; apikey, models and cell_selection in its query are sent along. */
  url: string;
  /** Time limit of one look-up, all its requests and answers together. */
  timeoutMs: number;
}

/** An answer for 50 locations of one hour each is some 30 kB; one past this is read no further and counts as a failure. */
export const WEATHER_ANSWER_MAX_BYTES = 1_048_576;
/** An error answer (status other than 2xx) is read up to this much, for the provider's `reason`. */
const ERROR_ANSWER_MAX_BYTES = 16_384;
/** Distinct (rounded point, hour) locations one look-up asks for at most: 4 requests at once. */
export const WEATHER_MAX_LOCATIONS = 4 * OPEN_METEO_MAX_LOCATIONS;
/** A forecast of a location and hour is kept this long (the providers' models run every 1-6 h). */
export const WEATHER_CACHE_MS = 30 * 60_000;
/** Cached locations at most (some 200 bytes each). */
export const WEATHER_CACHE_ENTRIES = 20_000;

export type ForecastFailure = "off" | "timeout" | "aborted" | "network" | "http" | "provider-error" | "too-large" | "malformed" | "error";

export type ForecastResult =
  /** `values[i]`: the forecast for `points[i]`, null when there is none (outside the provider's range, an invalid point, no data); `warning` when some points have none. */
  | { ok: true; values: (WeatherAtPoint | null)[]; warning?: string; /** The warning's cause, without "climate normals used". */ detail?: string }
  /** `reason` "off": WEATHER_URL is unset (no warning need be shown); any other: the look-up failed. */
  | { ok: false; reason: ForecastFailure; warning: string; detail: string };

const cache = new Map<string, { at: number; value: WeatherAtPoint | null }>();

let chosen: WeatherSettings | null | undefined;

/** Overrides the settings from the environment (null: off; undefined: the environment's again); empties the cache. */
export function useWeather(settings: WeatherSettings | null | undefined): void {
  chosen = settings;
  cache.clear();
}

/** The settings in use: those of useWeather, else WEATHER_URL and WEATHER_TIMEOUT_MS; null when off. */
export function weatherSettings(): WeatherSettings | null {
  if (chosen !== undefined) return chosen;
  const c = config();
  return (chosen = c.WEATHER_URL ? { url: c.WEATHER_URL, timeoutMs: c.WEATHER_TIMEOUT_MS } : null);
}

class Failure extends Error {
  constructor(readonly reason: ForecastFailure, readonly detail: string) {
    super(detail);
  }
}

const printable = (s: string, max = 200): string => {
  const clean = s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/** One request for up to OPEN_METEO_MAX_LOCATIONS locations; throws Failure (or the fetch's own errors: aborts, network). */
async function ask(s: WeatherSettings, locations: ForecastLocation[], signal: AbortSignal): Promise<(WeatherAtPoint | null)[]> {
  const res = await fetch(forecastUrl(s.url, locations), { headers: { accept: "application/json" }, signal });
  if (!res.ok) {
    const text = declaredOver(res.headers, ERROR_ANSWER_MAX_BYTES)
      ? (await res.body?.cancel(), null)
      : await readCappedText(res.body, ERROR_ANSWER_MAX_BYTES);
    let reason: unknown;
    try { reason = text && (JSON.parse(text) as { error?: unknown; reason?: unknown }); } catch { /* not JSON */ }
    const r = reason as { error?: unknown; reason?: unknown } | undefined;
    if (r && r.error === true && typeof r.reason === "string" && r.reason.trim()) {
      throw new Failure("provider-error", `HTTP ${res.status}: ${printable(r.reason)}`);
    }
    throw new Failure("http", `HTTP ${res.status}`);
  }
  const tooLarge = `answer over ${WEATHER_ANSWER_MAX_BYTES} bytes`;
  if (declaredOver(res.headers, WEATHER_ANSWER_MAX_BYTES)) {
    await res.body?.cancel();
    throw new Failure("too-large", tooLarge);
  }
  const text = await readCappedText(res.body, WEATHER_ANSWER_MAX_BYTES);
  if (text === null) throw new Failure("too-large", tooLarge);
  let body: unknown;
  try { body = JSON.parse(text); } catch { throw new Failure("malformed", "malformed answer: not JSON"); }
  try {
    return forecastValues(body, locations);
  } catch (err) {
    if (err instanceof OpenMeteoError) throw new Failure("provider-error", `provider error: ${printable(err.reason)}`);
    if (err instanceof OpenMeteoAnswerError) throw new Failure("malformed", `malformed answer: ${printable(err.message)}`);
    throw err;
  }
}

function cached(key: string, now: number): WeatherAtPoint | null | undefined {
  const kept = cache.get(key);
  if (!kept) return undefined;
  cache.delete(key);
  if (now - kept.at >= WEATHER_CACHE_MS) return undefined;
  cache.set(key, kept); // most recently used last
  return kept.value;
}

function keep(key: string, value: WeatherAtPoint | null, now: number): void {
  cache.delete(key);
  cache.set(key, { at: now, value });
  while (cache.size > WEATHER_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
}

const unavailable = (reason: ForecastFailure, detail: string): ForecastResult =>
  ({ ok: false, reason, detail, warning: `weather forecast unavailable (${detail}); climate normals used` });

/**
 * The forecast for each point: the values of the hour nearest its time at its coordinates rounded to
 * COORDINATE_STEP_DEG. Never throws. `signal` cancels (reason "aborted"); `now` (tests) sets the clock
 * the provider's range is reckoned from.
 */
export async function forecastFor(
  points: readonly WeatherPoint[],
  options: { signal?: AbortSignal; now?: Date } = {},
): Promise<ForecastResult> {
  let s: WeatherSettings | null;
  try {
    s = weatherSettings();
  } catch (err) {
    return unavailable("error", `configuration: ${err instanceof Error ? printable(err.message) : "invalid"}`);
  }
  if (!s) return { ok: false, reason: "off", detail: "WEATHER_URL unset", warning: "weather forecast off (WEATHER_URL unset); climate normals used" };
  const settings = s;
  const timeout = AbortSignal.timeout(settings.timeoutMs);
  const stop = new AbortController(); // a failed request stops the others
  const caller = options.signal;
  try {
    if (caller?.aborted) return unavailable("aborted", "request cancelled");
    const clock = options.now ?? new Date();
    const { locations, locationOf } = distinctLocations(points, forecastWindow(clock));
    const asked = locations.slice(0, WEATHER_MAX_LOCATIONS);
    const started = Date.now();
    const found = new Map<string, WeatherAtPoint | null>();
    const missing: ForecastLocation[] = [];
    for (const l of asked) {
      const key = `${settings.url} ${l.key}`;
      const hit = cached(key, started);
      if (hit === undefined) missing.push(l);
      else found.set(l.key, hit);
    }
    if (missing.length > 0) {
      const signal = AbortSignal.any([timeout, stop.signal, ...(caller ? [caller] : [])]);
      const batches: ForecastLocation[][] = [];
      for (let i = 0; i < missing.length; i += OPEN_METEO_MAX_LOCATIONS) batches.push(missing.slice(i, i + OPEN_METEO_MAX_LOCATIONS));
      await Promise.all(batches.map(async (batch) => {
        try {
          const values = await ask(settings, batch, signal);
          const at = Date.now();
          batch.forEach((l, i) => {
            found.set(l.key, values[i]);
            keep(`${settings.url} ${l.key}`, values[i], at);
          });
        } catch (err) {
          stop.abort();
          throw err;
        }
      }));
    }

    const values = points.map((_, i) => {
      const j = locationOf[i];
      const v = j >= 0 && j < asked.length ? found.get(locations[j].key) : undefined;
      return v ? { ...v, time: new Date(v.time) } : null; // a copy: the cached one stays as answered
    });
    const detail = shortfall(points, locationOf, asked.length, values);
    return detail ? { ok: true, values, detail, warning: `${detail}: climate normals used for them` } : { ok: true, values };
  } catch (err) {
    const [reason, detail]: [ForecastFailure, string] = timeout.aborted ? ["timeout", `timeout after ${settings.timeoutMs} ms`]
      : caller?.aborted ? ["aborted", "request cancelled"]
      : err instanceof Failure ? [err.reason, err.detail]
      : otherFailure(err);
    if (reason !== "aborted") log.warn({ weather: reason, detail }, "weather forecast failed; climate normals used");
    return unavailable(reason, detail);
  }
}

function otherFailure(err: unknown): [ForecastFailure, string] {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause; // ECONNREFUSED, ENOTFOUND, … behind "fetch failed"
  if (typeof cause?.code === "string") return ["network", `connection failed: ${printable(cause.code, 40)}`];
  if (err instanceof TypeError && err.message === "fetch failed") {
    return ["network", `connection failed${typeof cause?.message === "string" ? `: ${printable(cause.message, 80)}` : ""}`];
  }
  return ["error", err instanceof Error ? printable(`${err.name}: ${err.message}`) : "unknown error"];
}

/** The sentence saying which points have no forecast and why; undefined when all have one. */
function shortfall(points: readonly WeatherPoint[], locationOf: number[], asked: number, values: (WeatherAtPoint | null)[]): string | undefined {
  let invalid = 0, outside = 0, overCap = 0, empty = 0;
  points.forEach((p, i) => {
    const j = locationOf[i];
    if (j < 0) {
      if (forecastLocation(p)) outside++;
      else invalid++;
    } else if (j >= asked) overCap++;
    else if (values[i] === null) empty++;
  });
  const n = points.length;
  const notes = [
    outside && `${outside} of ${n} points lie beyond the weather forecast's range (${FORECAST_DAYS} days ahead)`,
    overCap && `${overCap} of ${n} points were not asked for (at most ${WEATHER_MAX_LOCATIONS} places and hours a look-up)`,
    empty && `the weather forecast has no values for ${empty} of ${n} points`,
    invalid && `${invalid} of ${n} points have no valid coordinates or time`,
  ].filter((x): x is string => typeof x === "string");
  return notes.length > 0 ? notes.join("; ") : undefined;
}
