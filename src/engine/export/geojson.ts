// A stored plan as GeoJSON (RFC 7946): a LineString per result section with
// its length, driving time, energy and state of charge, and a Point per stop.
// Coordinates are [longitude, latitude], the reverse of the result's order.
import type { Feature, FeatureCollection, LineString, Point } from "geojson";
import { decodePolyline } from "../network/polyline";
import { exportStops, type ExportableResult } from "./stops";

export interface SectionProperties {
  kind: "section";
  index: number;
  section_id: string | null;
  length_m: number | null;
  duration_min: number | null;
  energy_kWh: number | null;
  soc_start: number | null;
  soc_end: number | null;
  ascent_m: number | null;
  descent_m: number | null;
  payload_kg: number | null;
  tolls: unknown[] | null;
}

export interface StopProperties {
  kind: "start" | "charge" | "stop" | "break" | "destination";
  name: string;
  section: number;
  charge_no: number | null;
  operator: string | null;
  address: string | null;
  connector: string | null;
  power_kW: number | null;
  /** The source states no power for the site: power_kW is an estimate. */
  power_estimated: boolean;
  /** EUR net of VAT; null where nothing is charged. */
  energy_cost_eur: number | null;
  energy_cost_estimated: boolean;
  energy_kWh: number | null;
  charge_time_min: number | null;
  /** UTC, as the result gives them. */
  arrival_time: string | null;
  departure_time: string | null;
  /** The same instants in the place's local time with the offset, and its IANA zone; null for results from before local times. */
  arrival_time_local: string | null;
  departure_time_local: string | null;
  time_zone: string | null;
  soc_in: number | null;
  soc_out: number | null;
  break_kind: "break" | "rest" | null;
  break_min: number | null;
}

export type PlanFeature = Feature<LineString, SectionProperties> | Feature<Point, StopProperties>;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** `pointNames`: the tour's points named (start, each request section's stop), as exportStops takes them. */
export function planToGeoJson(result: ExportableResult, pointNames: readonly string[] = []): FeatureCollection<LineString | Point, SectionProperties | StopProperties> {
  const features: PlanFeature[] = [];
  (result.sections ?? []).forEach((s, index) => {
    if (!s.polyline) return;
    const coords = decodePolyline(s.polyline).map(([lat, lon]) => [lon, lat]);
    // RFC 7946 wants two or more positions in a LineString.
    if (coords.length < 2) return;
    const p = (s.poi_summary ?? {}) as Record<string, unknown>;
    const km = num(p.sec_length_km) ?? (s.length_m != null ? s.length_m / 1000 : null);
    const rate = num(p.sec_energy_consumption_kWhkm);
    features.push({
      type: "Feature",
      geometry: { type: "LineString", coordinates: coords },
      properties: {
        kind: "section",
        index,
        section_id: s.section_id ?? null,
        length_m: s.length_m ?? null,
        duration_min: num(p.sec_duration_min),
        // The result states energy per section as kWh/km over the section's length.
        energy_kWh: km != null && rate != null ? round(km * rate, 2) : null,
        soc_start: num(s.start_pos?.[2]),
        soc_end: num(s.stop_pos?.[2]),
        ascent_m: num((s as Record<string, unknown>).ascent_m),
        descent_m: num((s as Record<string, unknown>).descent_m),
        payload_kg: s.payload_kg ?? null,
        tolls: s.tolls ?? null,
      },
    });
  });
  for (const st of exportStops(result, pointNames)) {
    features.push({
      type: "Feature",
      geometry: { type: "Point", coordinates: [st.lon, st.lat] },
      properties: {
        kind: st.kind,
        name: st.name,
        section: st.section,
        charge_no: st.chargeNo ?? null,
        operator: st.operator,
        address: st.address,
        connector: st.connector,
        power_kW: st.powerKW,
        power_estimated: st.powerEstimated,
        energy_cost_eur: st.energyCostEur,
        energy_cost_estimated: st.energyCostEstimated,
        energy_kWh: st.energyKWh,
        charge_time_min: st.chargeMin,
        arrival_time: st.arrival,
        departure_time: st.departure,
        arrival_time_local: st.arrivalLocal,
        departure_time_local: st.departureLocal,
        time_zone: st.timeZone,
        soc_in: st.socIn,
        soc_out: st.socOut,
        break_kind: st.pause?.kind ?? null,
        break_min: st.pause?.min ?? null,
      },
    });
  }
  return { type: "FeatureCollection", features };
}
