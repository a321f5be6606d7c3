// The ambient temperature a plan assumes when the request gives none and no forecast is
// configured: the 30-year monthly normals of the nearest reference stations (normals-table.ts),
// interpolated to the day and to the site. A normal is the expected value of a day's mean
// temperature, not that day's weather, so the result is always an estimate.
import { haversineM } from "../geo";
import { CLIMATE_NORMAL_STATIONS, type ClimateNormalStation } from "./normals-table";

/**
 * Standard lapse rate (ICAO/ISA troposphere): 6.5 K per 1000 m.
 * Caveat: in winter, closed Alpine valleys and basins below about 800-1200 m often have
 * inversions (colder air below warmer), so carrying a valley station up or a pass station down
 * by this rate can be off by several kelvin; a station near the site's altitude is better.
 */
export const LAPSE_RATE_K_PER_M = 0.0065;
/** At most this many stations are combined: more would blur local climates (lake, valley, city). */
export const MAX_STATIONS = 4;
/** Stations further than this describe another climate and are not used; with none this close there is no normal (`null`). */
export const SEARCH_RADIUS_M = 200_000;
/** A station this close stands for the site alone (inverse distance would be near-singular anyway). */
export const SOLE_STATION_M = 2_000;

export interface ClimateNormal {
  /** Expected daily mean air temperature at the site on that day, °C. */
  temperatureC: number;
  /** The stations combined; weights sum to 1. */
  stations: { id: string; name: string; weight: number }[];
  source: string;
  confidence: "estimate";
}

const MS_PER_DAY = 86_400_000;

/** Instant in the middle of a month (0-11; overflow rolls the year) as ms since the epoch, UTC. */
function midMonthMs(year: number, month: number): number {
  return (Date.UTC(year, month, 1) + Date.UTC(year, month + 1, 1)) / 2;
}

/**
 * A station's normal on the day of `instant`: each monthly mean stands at its month's middle,
 * linear in time between neighbouring middles, December into January across the year's end.
 */
export function normalOnDay(monthlyMeanC: readonly number[], instant: Date): number {
  const t = instant.getTime();
  const year = instant.getUTCFullYear();
  const month = instant.getUTCMonth();
  // The month whose middle lies at or before t; may be December of the previous year.
  const before = t >= midMonthMs(year, month) ? month : month - 1;
  const fromMs = midMonthMs(year, before);
  const toMs = midMonthMs(year, before + 1);
  const fraction = (t - fromMs) / (toMs - fromMs);
  const fromC = monthlyMeanC[(before + 12) % 12];
  const toC = monthlyMeanC[(before + 13) % 12];
  return fromC + (toC - fromC) * fraction;
}

/** A station's temperature carried to another altitude by the standard lapse rate. */
export function atAltitude(temperatureC: number, fromAltitudeM: number, toAltitudeM: number): number {
  return temperatureC - LAPSE_RATE_K_PER_M * (toAltitudeM - fromAltitudeM);
}

/**
 * Expected daily mean air temperature at a site (WGS84, altitude in m) on the day of `instant`,
 * from the climate normals of the nearest stations:
 * - each station's normal is interpolated to the day (normalOnDay) and carried to the site's
 *   altitude by the lapse rate before the stations are combined, so a mountain station and a
 *   valley station agree at the same height;
 * - the up to MAX_STATIONS stations within SEARCH_RADIUS_M are weighted by inverse squared
 *   great-circle distance; a station within SOLE_STATION_M is used alone;
 * - with no station within the radius the result is `null`: a station further away describes
 *   another climate, so the caller treats the ambient temperature as unknown (it keeps its
 *   default and warns) rather than borrowing it (the table is sparse: see
 *   docs/climate-normals.md).
 * `stations` defaults to the reference table; tests pass their own (an empty list gives `null`).
 */
export function climateNormalAt(
  lat: number, lon: number, altitudeM: number, instant: Date,
  stations: readonly ClimateNormalStation[] = CLIMATE_NORMAL_STATIONS,
): ClimateNormal | null {
  if (![lat, lon, altitudeM, instant.getTime()].every(Number.isFinite)) {
    throw new RangeError("climateNormalAt needs a finite position, altitude and instant");
  }

  const withinRadius = stations
    .map((station) => ({ station, distanceM: haversineM(lat, lon, station.lat, station.lon) }))
    .filter((s) => s.distanceM <= SEARCH_RADIUS_M)
    .sort((a, b) => a.distanceM - b.distanceM)
    .slice(0, MAX_STATIONS);
  if (withinRadius.length === 0) return null;
  const nearest = withinRadius[0];
  const chosen = nearest.distanceM <= SOLE_STATION_M ? [nearest] : withinRadius;

  const inverseSquares = chosen.map((s) => (chosen.length === 1 ? 1 : 1 / (s.distanceM * s.distanceM)));
  const total = inverseSquares.reduce((sum, w) => sum + w, 0);
  let temperatureC = 0;
  const used = chosen.map((s, i) => {
    const weight = inverseSquares[i] / total;
    const atSite = atAltitude(normalOnDay(s.station.monthlyMeanC, instant), s.station.altitudeM, altitudeM);
    temperatureC += weight * atSite;
    return { id: s.station.id, name: s.station.name, weight };
  });

  const periods = [...new Set(chosen.map((s) => s.station.period))].join(", ");
  const named = chosen.map((s) => `${s.station.name} (${s.station.id}, ${Math.round(s.distanceM / 1000)} km)`).join("; ");
  const source =
    `Climate normals ${periods}, monthly means interpolated to the day, inverse-distance weighted and ` +
    `carried to ${Math.round(altitudeM)} m at ${LAPSE_RATE_K_PER_M * 1000} K/km: ${named}. ` +
    `Station sources: docs/climate-normals.md.`;

  return { temperatureC, stations: used, source, confidence: "estimate" };
}
