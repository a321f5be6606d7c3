// The places a stored plan visits, in driving order, for the exporters: start,
// charging stops, the request's own stops, roadside breaks and the destination.
// Read from the result's sections only, so an export needs nothing but the
// stored result JSON.
import type { PlanResult, ResultSection } from "../../contract/result";
import { clockText } from "../time/display";
import { localOf } from "../time/local-time";

export type ExportStopKind = "start" | "charge" | "stop" | "break" | "destination";

export interface ExportStop {
  kind: ExportStopKind;
  /** 1-based among charging stops (charge only). */
  chargeNo?: number;
  name: string;
  lat: number;
  lon: number;
  /** Index of the section that ends here; -1 for the start. */
  section: number;
  /** UTC instants, as the result gives them. */
  arrival: string | null;
  departure: string | null;
  /** The same in the place's local time with its offset, and its IANA zone; null for results from before local times. */
  arrivalLocal: string | null;
  departureLocal: string | null;
  timeZone: string | null;
  operator: string | null;
  address: string | null;
  connector: string | null;
  powerKW: number | null;
  /** The source states no power for the site: powerKW and the charge time are estimates. */
  powerEstimated: boolean;
  /** What the energy charged here costs, EUR net of VAT; estimated where no published price is known. */
  energyCostEur: number | null;
  energyCostEstimated: boolean;
  energyKWh: number | null;
  chargeMin: number | null;
  socIn: number | null;
  socOut: number | null;
  /** A drivers' break or daily rest taken here (at a charger: while charging). */
  pause: { kind: "break" | "rest"; min: number } | null;
}

/** The part of a result the exporters read. */
export type ExportableResult = Pick<PlanResult, "sections" | "battery_level_start"> & Partial<Pick<PlanResult, "totals" | "optimal_departure_time" | "toll_summary">>;

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
/** A UTC instant in `zone`: the result's own `_local` field where it has one. */
const local = (utc: string | null, given: unknown, zone: string | null) => (utc && zone ? str(given) ?? localOf(utc, zone) : null);

/** Same rule as the web page (components/planner/stops.ts): a station id, charge time or operator. */
function isCharging(s: ResultSection): boolean {
  const p = s.poi_summary;
  // A section end that charges at its own charger (charger_source) stays a stop of the request.
  return p != null && p.charger_source == null && (p.id != null || (p.charge_time_min ?? 0) > 0 || p.operator != null);
}

/**
 * A roadside break is its own section whose summary has a break and no
 * station; a request stop has `wait_min` (time windows) even when a break is
 * taken there, which a roadside break never has (engine/plan/assemble.ts).
 */
export function isRoadsideBreak(s: ResultSection): boolean {
  const p = s.poi_summary as Record<string, unknown> | null | undefined;
  // A wait for a driving ban by the road is a section the plan inserted with no station.
  const banWait = s.inserted === true && p?.id == null && typeof p?.driving_ban_wait_min === "number";
  return p != null && ((p.break_kind === "break" || p.break_kind === "rest") && !("wait_min" in p) || banWait);
}

/**
 * Per result section, the tour point it ends at (0 the start, k the end of request section k - 1),
 * null where it ends at a stop the plan inserted. By `request_section`; results from before it: the
 * section ends that are neither charging stops nor roadside breaks, in order.
 */
export function tourPointOfSections(sections: readonly ResultSection[]): (number | null)[] {
  let ends = 0;
  return sections.map((s, i) => {
    const last = i === sections.length - 1;
    if (s.inserted != null && s.request_section != null) return s.inserted && !last ? null : s.request_section + 1;
    return last || (!isCharging(s) && !isRoadsideBreak(s)) ? ++ends : null;
  });
}

/** `pointNames`: the tour's points named (start, each request section's stop), as the web app names them. */
export function exportStops(result: ExportableResult, pointNames: readonly string[] = []): ExportStop[] {
  const sections = result.sections ?? [];
  if (!sections.length) return [];
  const sp = sections[0].start_pos ?? [];
  const points = tourPointOfSections(sections);
  const stops: ExportStop[] = [];
  if (sp[0] != null && sp[1] != null) {
    const departure = result.totals?.departure_time ?? result.optimal_departure_time ?? null;
    const zone = str(result.totals?.departure_time_zone);
    stops.push({
      kind: "start", name: pointNames[0] ?? "Start", lat: sp[0], lon: sp[1], section: -1, arrival: null, departure,
      arrivalLocal: null, departureLocal: local(departure, result.totals?.departure_time_local, zone), timeZone: zone,
      operator: null, address: null, connector: null, powerKW: null, powerEstimated: false, energyCostEur: null, energyCostEstimated: false, energyKWh: null, chargeMin: null,
      socIn: null, socOut: num(sp[2]) ?? result.battery_level_start, pause: null,
    });
  }
  let chargeNo = 0;
  sections.forEach((s, i) => {
    const last = i === sections.length - 1;
    const p = (s.poi_summary ?? {}) as Record<string, unknown>;
    const pos = s.stop_pos ?? [];
    const lat = num(p.coordinate_lat) ?? pos[0];
    const lon = num(p.coordinate_lon) ?? pos[1];
    if (lat == null || lon == null) return;
    const kind: ExportStopKind = last ? "destination" : isCharging(s) ? "charge" : isRoadsideBreak(s) ? "break" : "stop";
    const bk = p.break_kind;
    const pause: ExportStop["pause"] = bk === "break" || bk === "rest" ? { kind: bk, min: num(p.break_min) ?? 0 } : null;
    const arrival = str(p.arrival_time), departure = last ? null : str(p.departure_time), zone = str(p.time_zone);
    stops.push({
      kind,
      chargeNo: kind === "charge" ? ++chargeNo : undefined,
      name: (points[i] != null ? pointNames[points[i]!] : undefined) ??
        (kind === "destination" ? "Destination" : str(p.name) ?? (kind === "charge" ? "Charging stop" : kind === "break" ? "Break" : s.section_id ?? `Stop ${i + 1}`)),
      lat, lon, section: i,
      arrival,
      departure,
      arrivalLocal: local(arrival, p.arrival_time_local, zone),
      departureLocal: local(departure, p.departure_time_local, zone),
      timeZone: zone,
      operator: str(p.operator),
      address: str(p.address),
      connector: str(p.connector),
      powerKW: kind === "charge" || p.charger_source != null ? num(p.power_available_kW) : null,
      powerEstimated: p.power_estimated === true,
      energyCostEur: num((p.energy_cost as { amount?: unknown } | undefined)?.amount),
      energyCostEstimated: (p.energy_cost as { estimated?: unknown } | undefined)?.estimated === true,
      energyKWh: kind === "charge" || p.charger_source != null ? num(p.energy_kWh) : null,
      chargeMin: kind === "charge" || p.charger_source != null ? num(p.charge_time_min) : null,
      socIn: num(p.start_soc) ?? num(pos[2]),
      socOut: num(p.stop_soc),
      pause,
    });
  });
  return stops;
}

/** "1 h 05 min" style for descriptions in exported files. */
export function minutesText(min: number): string {
  const m = Math.round(min);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} min`;
}

/** One line describing a stop: operator, power, energy, charge time, arrival, departure, SoC. */
export function describeStop(s: ExportStop): string {
  const parts: string[] = [];
  if (s.address) parts.push(s.address);
  if (s.operator) parts.push(`Operator: ${s.operator}`);
  if (s.powerKW != null) parts.push(`Power: ${s.powerKW} kW${s.connector ? ` (${s.connector})` : ""}${s.powerEstimated ? ", estimated: the source states none" : ""}`);
  if (s.energyKWh != null) parts.push(`Energy: ${s.energyKWh} kWh`);
  if (s.chargeMin != null) parts.push(`Charge time: ${minutesText(s.chargeMin)}`);
  if (s.energyCostEur != null) parts.push(`Energy cost: ${s.energyCostEur.toFixed(2)} EUR net${s.energyCostEstimated ? " (estimated)" : ""}`);
  if (s.pause) parts.push(`${s.pause.kind === "rest" ? "Daily rest" : "Break"}: ${minutesText(s.pause.min)}`);
  // UTC first (as <time> has it), then the place's own clock where the result knows its zone.
  const when = (utc: string) => `${utc}${s.timeZone ? ` (local: ${clockText(utc, s.timeZone, "date")})` : ""}`;
  if (s.arrival) parts.push(`Arrival: ${when(s.arrival)}`);
  if (s.departure) parts.push(`Departure: ${when(s.departure)}`);
  const soc = (x: number | null) => (x == null ? null : `${Math.round(Math.max(0, x) * 100)} %`);
  if (s.kind === "start") parts.push(`State of charge: ${soc(s.socOut) ?? "–"}`);
  else if (s.kind === "charge" || s.energyKWh) parts.push(`State of charge: ${soc(s.socIn) ?? "–"} → ${soc(s.socOut) ?? "–"}`);
  else parts.push(`State of charge: ${soc(s.socIn) ?? "–"}`);
  return parts.join("; ");
}
