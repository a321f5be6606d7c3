// The weather each section is planned in, and what it does to the energy of its edges. In this order:
// the request's (or a forecast the planning process fetched: PlanSection.weather), else the climate
// normal at the section's middle on the day it is driven (engine/weather/climate-normals.ts: 1991-2020
// normals of reference stations, an estimate), else the model's 20 C still-air reference, said in a
// warning. The middle's time is the departure plus the route's driving to there (stops left out: an
// estimate of when, good to a few hours on a day's tour, which is what a monthly normal resolves).
import { edgeTail } from "../network/shape";
import type { RoadNetwork } from "../network/types";
import { bearingDeg } from "../geo";
import { headwindComponentMs, REFERENCE_TEMPERATURE_C, type Ambient } from "../vehicles/ambient";
import { climateNormalAt } from "../weather/climate-normals";
import { say, type Said } from "../text/message";
import type { Leg } from "./legs";
import type { PlanInput, SectionWeather } from "./types";

/** At or below this, winter tyres are assumed (the tyre makers' 7 C rule; the published winter test ran on them). */
export const WINTER_TYRES_BELOW_C = 7;
/** Precipitation in the hour (mm) from which the road is taken as wet. */
export const WET_ROAD_MM = 0.1;

/** The weather of each leg, and the warnings of the sources it came from. */
export function legWeather(input: PlanInput, net: RoadNetwork, legs: Leg[], departureMs: number): { legs: SectionWeather[]; warnings: Said[] } {
  const warnings = [...(input.weatherWarnings ?? [])];
  let drivenS = 0;
  const out = legs.map((leg, k): SectionWeather => {
    const p = leg.path;
    const mid = Math.floor(p.coords.length / 2);
    const atMs = departureMs + (drivenS + (p.cumTimeS[mid] ?? 0)) * 1000;
    drivenS += p.timeS;
    const given = input.sections[k]?.weather;
    if (given) return given;
    const [lat, lon] = p.coords[mid] ?? input.sections[k].start;
    const z = leg.coordElevationM[mid], altitudeM = Number.isFinite(z) ? z : 0;
    const normal = climateNormalAt(lat, lon, Number.isFinite(altitudeM) ? altitudeM : 0, new Date(atMs));
    if (normal) {
      return {
        temperatureC: Math.round(normal.temperatureC * 10) / 10, source: "climate_normal", confidence: "estimate",
        note: `1991-2020 climate normal for ${new Date(atMs).toISOString().slice(0, 10)} at ${Math.round(altitudeM)} m: ${normal.source}`,
      };
    }
    return { temperatureC: REFERENCE_TEMPERATURE_C, source: "reference", confidence: "estimate", note: "no climate normal within 200 km" };
  });
  const unknown = out.flatMap((w, k) => (w.source === "reference" ? [k + 1] : []));
  if (unknown.length) {
    warnings.push(say("weather.unknown", { count: unknown.length, sections: unknown.join(", "), reference_c: REFERENCE_TEMPERATURE_C }));
  }
  return { legs: out, warnings };
}

/** The section's weather as the physics takes it, before the wind's component along each edge. */
export function ambientOf(w: SectionWeather): Ambient {
  const precipitation = w.precipitationMm ?? 0;
  const snowing = (w.snowfallCm ?? 0) > 0 || (precipitation >= WET_ROAD_MM && w.temperatureC <= 0);
  return {
    temperatureC: w.temperatureC,
    wetRoad: precipitation >= WET_ROAD_MM && !snowing,
    snowRoad: snowing,
    winterTyres: w.temperatureC <= WINTER_TYRES_BELOW_C,
  };
}

/** Whether a section's weather has a wind, whose component along each piece of road counts. */
export const windy = (w: SectionWeather) => !!w.windSpeedMs && w.windFromDeg != null;

/** Whether a section's weather changes nothing against the model's reference (then the physics runs as before). */
export const isReference = (w: SectionWeather) =>
  w.temperatureC === REFERENCE_TEMPERATURE_C && !w.windSpeedMs && !(w.precipitationMm ?? 0) && !(w.snowfallCm ?? 0);

/**
 * The ambient of edge e in a section's weather: its head wind from the edge's bearing (or the heading of the piece of it driven). Altitude is left at
 * sea level, as the model's reference has it: thinner air in the Alps is not weather, and taking it only
 * where weather is known would make a plan's energy jump with its source (a change of the whole model, left open).
 */
export function edgeAmbient(net: RoadNetwork, e: number, w: SectionWeather, base: Ambient, headingDeg?: number): Ambient {
  if (!windy(w)) return base;
  const from = edgeTail(net, e), to = net.edgeTarget[e];
  // A shaped edge bends: the piece driven gives its own heading.
  const heading = headingDeg ?? bearingDeg(net.nodeLat[from], net.nodeLon[from], net.nodeLat[to], net.nodeLon[to]);
  return { ...base, headwindMs: headwindComponentMs(w.windSpeedMs!, w.windFromDeg!, heading) };
}

