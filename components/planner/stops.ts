// The plan's stops as the UI lists and maps them: start, charging stops,
// intermediate stops and the destination, read from the result's sections.
import type { OptimizationResultResponse, ResultSection } from "@/contract/result";
import { decodePolyline } from "@/engine/network/polyline";

export type StopKind = "start" | "charge" | "waypoint" | "destination";

export interface PlanStop {
  kind: StopKind;
  /** 1-based number among charging stops (charge only). */
  chargeNo?: number;
  name: string;
  operator?: string | null;
  address?: string | null;
  lat: number;
  lon: number;
  arrival?: string | null;
  departure?: string | null;
  chargeMin?: number | null;
  energyKWh?: number | null;
  powerKW?: number | null;
  socIn?: number | null;
  socOut?: number | null;
  /** Length of the section driven to reach this stop, km. */
  legKm?: number | null;
  legMin?: number | null;
  /** A drivers' break or daily rest taken here (during the charging at a charger). */
  pause?: { kind: "break" | "rest"; min: number } | null;
  alternatives: { name?: string | null; address?: string | null; powerKW?: number | null; extraMin?: number | null }[];
}

export function isChargingSection(s: ResultSection, isLast: boolean): boolean {
  if (isLast) return false;
  const p = s.poi_summary;
  return p != null && (p.id != null || (p.charge_time_min ?? 0) > 0 || p.operator != null);
}

export function planStops(result: OptimizationResultResponse): PlanStop[] {
  const sections = result.sections ?? [];
  if (sections.length === 0) return [];
  const first = sections[0];
  const stops: PlanStop[] = [];
  const sp = first.start_pos ?? [];
  stops.push({
    kind: "start",
    name: "Start",
    lat: sp[0],
    lon: sp[1],
    departure: result.totals?.departure_time ?? result.optimal_departure_time ?? null,
    socOut: sp[2] ?? result.battery_level_start,
    alternatives: [],
  });
  let chargeNo = 0;
  sections.forEach((s, i) => {
    const isLast = i === sections.length - 1;
    const p = s.poi_summary ?? {};
    const pos = s.stop_pos ?? [];
    const charge = isChargingSection(s, isLast);
    const lat = p.coordinate_lat ?? pos[0];
    const lon = p.coordinate_lon ?? pos[1];
    if (lat == null || lon == null) return;
    stops.push({
      kind: isLast ? "destination" : charge ? "charge" : "waypoint",
      chargeNo: charge ? ++chargeNo : undefined,
      name: isLast ? "Destination" : p.name ?? (charge ? "Charging stop" : `Stop ${i + 1}`),
      operator: (p.operator as string | null | undefined) ?? null,
      address: p.address ?? null,
      lat,
      lon,
      arrival: typeof p.arrival_time === "string" ? p.arrival_time : null,
      departure: isLast ? null : p.departure_time ?? null,
      chargeMin: p.charge_time_min ?? null,
      energyKWh: p.energy_kWh ?? null,
      powerKW: p.power_available_kW ?? null,
      socIn: p.start_soc ?? pos[2] ?? null,
      socOut: p.stop_soc ?? null,
      legKm: p.sec_length_km ?? (s.length_m != null ? s.length_m / 1000 : null),
      legMin: p.sec_duration_min ?? null,
      pause: p.break_kind === "break" || p.break_kind === "rest" ? { kind: p.break_kind, min: Number(p.break_min ?? 0) } : null,
      alternatives: (p.alternatives ?? []).map((a) => ({
        name: a.name,
        address: a.address,
        powerKW: typeof a.power_available_kW === "number" ? a.power_available_kW : null,
        extraMin: typeof a.extra_time_min === "number" ? a.extra_time_min : null,
      })),
    });
  });
  return stops;
}

/** Decoded geometry per section ([lat, lon] points); sections without a polyline are skipped. */
export function sectionLines(result: OptimizationResultResponse): [number, number][][] {
  const out: [number, number][][] = [];
  for (const s of result.sections ?? []) {
    if (!s.polyline) continue;
    try {
      const pts = decodePolyline(s.polyline);
      if (pts.length >= 2) out.push(pts);
    } catch {
      // A malformed polyline hides one section, not the whole plan.
    }
  }
  return out;
}
