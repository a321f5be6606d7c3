// The forecast each section is planned in, fetched by the planning process before it plans (the
// engine is pure): for every section the request gives no temperature for, the forecast at the
// middle of its straight line, at the time the truck is estimated to be there (the departure plus
// the straight-line distance so far at ROAD_FACTOR x, driven at ESTIMATE_KMH: within a few hours on a
// day's tour, which is what an hourly forecast needs). Off, failed or beyond the forecast's range:
// the engine falls back to the climate normals, and the result says why (PlanInput.weatherWarnings).
import { haversineM } from "../../engine/geo";
import type { PlanInput, SectionWeather } from "../../engine/plan/types";
import { say } from "../../engine/text/message";
import { forecastFor, weatherSettings, type WeatherAtPoint, type WeatherPoint } from "./forecast";

/** Road distance over straight-line distance, and the average speed, of the time estimate. */
const ROAD_FACTOR = 1.3;
const ESTIMATE_KMH = 70;
/**
 * Wind at the truck's height (3 m) from the forecast's 10 m value: the logarithmic wind profile over
 * open country with hedges (roughness length 0.1 m): ln(3 / 0.1) / ln(10 / 0.1) = 0.74 (an estimate).
 */
export const TRUCK_HEIGHT_WIND_FACTOR = Math.log(3 / 0.1) / Math.log(10 / 0.1);

/** The input with a forecast on each section that has no weather yet, or unchanged (the warning said). */
export async function withForecast(input: PlanInput, now = new Date()): Promise<PlanInput> {
  if (!weatherSettings()) return input;
  const departure = input.departureMs + input.serviceTimeDepartureMin * 60_000;
  const points: (WeatherPoint | null)[] = [];
  let distM = 0;
  for (const s of input.sections) {
    const half = haversineM(s.start[0], s.start[1], s.stop[0], s.stop[1]) / 2;
    const at = departure + ((distM + half) * ROAD_FACTOR / 1000 / ESTIMATE_KMH) * 3_600_000;
    distM += 2 * half;
    points.push(s.weather ? null : { lat: (s.start[0] + s.stop[0]) / 2, lon: (s.start[1] + s.stop[1]) / 2, time: new Date(at) });
  }
  const asked = points.filter((p): p is WeatherPoint => p !== null);
  if (!asked.length) return input;
  const answer = await forecastFor(asked, { now });
  if (!answer.ok) return answer.reason === "off" ? input : { ...input, weatherWarnings: [...(input.weatherWarnings ?? []), say("weather.forecast_unavailable", { detail: answer.detail })] };
  let j = 0;
  const sections = input.sections.map((s, k) => {
    if (!points[k]) return s;
    const v = answer.values[j++];
    return v ? { ...s, weather: forecastWeather(v, points[k]!) } : s;
  });
  return { ...input, sections, ...(answer.detail ? { weatherWarnings: [...(input.weatherWarnings ?? []), say("weather.forecast_partial", { detail: capitalized(answer.detail) })] } : {}) };
}

function forecastWeather(v: WeatherAtPoint, p: WeatherPoint): SectionWeather {
  return {
    temperatureC: v.temperatureC,
    windSpeedMs: Math.round(v.windSpeedMs * TRUCK_HEIGHT_WIND_FACTOR * 10) / 10,
    windFromDeg: v.windFromDeg,
    precipitationMm: v.precipitationMm,
    snowfallCm: v.snowfallCm ?? null,
    source: "forecast",
    confidence: "forecast",
    note: `forecast for ${v.time.toISOString().slice(0, 13)}:00 UTC at ${p.lat.toFixed(2)}, ${p.lon.toFixed(2)} (the section's middle, its time estimated); wind at 3 m from the 10 m value`,
  };
}

const capitalized = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;
