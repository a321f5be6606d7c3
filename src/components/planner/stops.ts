// The plan's stops as the UI lists and maps them: start, charging stops,
// roadside breaks and daily rests, intermediate stops and the destination,
// read from the result's sections.
import { createTranslator, type useTranslations } from "next-intl";
import type { OptimizationResultResponse, ResultSection } from "@/contract/result";
import { isRoadsideBreak, tourPointOfSections } from "@/engine/export/stops";
import { decodePolyline } from "@/engine/network/polyline";
import { MESSAGES } from "@/i18n/messages";
import { serverText } from "@/i18n/server-text";
import { pageLocale } from "./format";

export type StopsTranslator = ReturnType<typeof useTranslations<"planStops">>;

/** The page language's words for the stops (a caller outside React that passes none: the plan page's print view, the comparison). */
const pageWords = (): StopsTranslator => createTranslator({ locale: pageLocale(), messages: MESSAGES[pageLocale()], namespace: "planStops" });

export type StopKind = "start" | "charge" | "break" | "waypoint" | "destination";
export type PauseKind = "break" | "rest";

export interface StopAlternative {
  name?: string | null;
  /** The name told apart where it repeats (side, distance, address). */
  label?: string | null;
  truckAccess?: "known" | "unknown" | null;
  address?: string | null;
  operator?: string | null;
  powerKW?: number | null;
  connector?: string | null;
  /** Along the route from the chosen stop; negative = before it. */
  distanceFromStopM?: number | null;
  energyKWh?: number | null;
  chargeMin?: number | null;
  extraMin?: number | null;
}

/** A point of the tour as the request gave it (start, each request section's stop), with its name (server/trpc/point-names.ts). */
export interface TourPoint {
  lat: number;
  lon: number;
  name: string;
}

export interface PlanStop {
  kind: StopKind;
  /** 1-based number among charging stops (charge only). */
  chargeNo?: number;
  /** 1-based number among the request's own stops between start and destination, in tour order (waypoint only). */
  stopNo?: number;
  /** The tour point this stop is (0: the start); absent for stops the plan inserted. */
  point?: number;
  /** Index of the section that ends here; -1 for the start. */
  section: number;
  name: string;
  operator?: string | null;
  connector?: string | null;
  address?: string | null;
  lat: number;
  lon: number;
  arrival?: string | null;
  departure?: string | null;
  /** IANA zone of the place: its times read on this clock (null for results from before local times: UTC). */
  zone: string | null;
  chargeMin?: number | null;
  energyKWh?: number | null;
  powerKW?: number | null;
  /** The source states no power for the site: powerKW (and the charge time) are estimates. */
  powerEstimated?: boolean;
  chargePoints?: number | null;
  /** What the energy charged here costs, EUR net; estimated where no published price is known. */
  energyCost?: { amount: number; estimated: boolean; source: string } | null;
  socIn?: number | null;
  socOut?: number | null;
  /** Waiting for the stop's time window to open, minutes. */
  waitMin?: number | null;
  /** Arriving after the time window closed, minutes. */
  lateMin?: number | null;
  /** Length of the section driven to reach this stop, km. */
  legKm?: number | null;
  legMin?: number | null;
  /** A drivers' break or daily rest taken here (at a charger: while charging). */
  pause?: { kind: PauseKind; min: number } | null;
  alternatives: StopAlternative[];
  /** When its pause and its charging run, as the plan times them (null: none, or a result from before these fields). */
  pauseFrom?: string | null;
  pauseTo?: string | null;
  chargeFrom?: string | null;
  chargeTo?: string | null;
  /** At a charging site: whether the data says a truck can use it, and what says so. */
  truckAccess?: "known" | "unknown" | null;
  truckAccessEvidence?: string | null;
  /** Waiting here for a truck driving ban: how long, which ban, until when (null: none). */
  ban?: { waitMin: number; label: string | null; until: string | null } | null;
  /** Why the stop is there (the result's reason_text), and what a stop made for its gain gains. */
  reason?: string | null;
  /** The weather the drive to here was planned in, in words (null: a result from before weather). */
  weather?: string | null;
  /** At a charging site with a live feed (OCPI): its points' status when planned, and the expected wait for a free point. */
  live?: { status: "AVAILABLE" | "BUSY" | "UNAVAILABLE" | "UNKNOWN"; at: string | null; waitMin: number | null } | null;
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

export function isChargingSection(s: ResultSection, isLast: boolean): boolean {
  if (isLast) return false;
  const p = s.poi_summary;
  // A section end that charges at its own charger (charger_source) stays a stop of the request.
  return p != null && p.charger_source == null && (p.id != null || (p.charge_time_min ?? 0) > 0 || p.operator != null);
}

/** A stop left the minute it is reached (no service, no wait) has no departure of its own. */
const leavesOnArrival = (arrival: unknown, departure: unknown) => departure == null || departure === arrival;

/**
 * `points`: the tour's points named (planner.result, history.get): the start, the destination and
 * the request's stops take their names, and the start its requested position (the route's first
 * point is where it meets the road).
 */
export function planStops(result: OptimizationResultResponse, points: readonly TourPoint[] = [], t: StopsTranslator = pageWords()): PlanStop[] {
  const sections = result.sections ?? [];
  if (sections.length === 0) return [];
  const first = sections[0];
  const stops: PlanStop[] = [];
  const sp = first.start_pos ?? [];
  const pointOf = tourPointOfSections(sections);
  stops.push({
    kind: "start",
    point: 0,
    section: -1,
    name: points[0]?.name ?? t("start"),
    lat: points[0]?.lat ?? sp[0],
    lon: points[0]?.lon ?? sp[1],
    departure: result.totals?.departure_time ?? result.optimal_departure_time ?? null,
    zone: str(result.totals?.departure_time_zone),
    socOut: sp[2] ?? result.battery_level_start,
    alternatives: [],
  });
  let chargeNo = 0;
  let stopNo = 0;
  sections.forEach((s, i) => {
    const isLast = i === sections.length - 1;
    const p = s.poi_summary ?? {};
    const pos = s.stop_pos ?? [];
    const charge = isChargingSection(s, isLast);
    const kind: StopKind = isLast ? "destination" : charge ? "charge" : isRoadsideBreak(s) ? "break" : "waypoint";
    const lat = p.coordinate_lat ?? pos[0];
    const lon = p.coordinate_lon ?? pos[1];
    if (lat == null || lon == null) return;
    const pause = p.break_kind === "break" || p.break_kind === "rest" ? { kind: p.break_kind as PauseKind, min: num(p.break_min) ?? 0 } : null;
    const point = pointOf[i] ?? undefined;
    const named = point != null ? points[point]?.name : undefined;
    stops.push({
      kind,
      chargeNo: charge ? ++chargeNo : undefined,
      stopNo: kind === "waypoint" ? ++stopNo : undefined,
      point,
      section: i,
      name: named ?? (isLast ? t("destination") : p.name ?? (charge ? t("charge") : kind === "break" ? (pause?.kind === "rest" ? t("rest") : t("break")) : t("stop", { n: stopNo }))),
      operator: str(p.operator),
      connector: str(p.connector),
      address: p.address ?? null,
      lat,
      lon,
      arrival: typeof p.arrival_time === "string" ? p.arrival_time : null,
      // When its waiting, service or charging are done; none where it leaves as it arrives (one time, not a span).
      departure: leavesOnArrival(p.arrival_time, p.departure_time) ? null : p.departure_time ?? null,
      zone: str(p.time_zone),
      chargeMin: p.charge_time_min ?? null,
      energyKWh: p.energy_kWh ?? null,
      powerKW: p.power_available_kW ?? null,
      powerEstimated: p.power_estimated === true,
      chargePoints: p.charge_points ?? null,
      energyCost: p.energy_cost ? { amount: p.energy_cost.amount, estimated: p.energy_cost.estimated, source: p.energy_cost.source } : null,
      socIn: p.start_soc ?? pos[2] ?? null,
      socOut: p.stop_soc ?? null,
      waitMin: num(p.wait_min),
      lateMin: num(p.late_min),
      legKm: p.sec_length_km ?? (s.length_m != null ? s.length_m / 1000 : null),
      legMin: p.sec_duration_min ?? null,
      pause,
      pauseFrom: str(p.break_start_time),
      pauseTo: str(p.break_end_time),
      chargeFrom: str(p.charge_start_time),
      chargeTo: str(p.charge_end_time),
      truckAccess: p.truck_access ?? null,
      truckAccessEvidence: str(p.truck_access_evidence),
      ban: num(p.driving_ban_wait_min) ? { waitMin: num(p.driving_ban_wait_min)!, label: p.driving_ban?.label ? serverText(p.driving_ban.label, p.driving_ban.label_message, pageLocale()) : null, until: str(p.driving_ban?.end_time) } : null,
      reason: p.reason_text ? serverText(p.reason_text, p.reason_message, pageLocale()) : null,
      live: p.live_status ? { status: p.live_status, at: str(p.live_status_at), waitMin: num(p.charge_point_wait_min) } : null,
      weather: s.weather ? weatherText(s.weather, t) : null,
      alternatives: (p.alternatives ?? []).map((a) => ({
        name: a.name,
        label: str(a.label),
        truckAccess: a.truck_access ?? null,
        address: a.address,
        operator: str(a.operator),
        powerKW: num(a.power_available_kW),
        connector: str(a.connector),
        distanceFromStopM: num(a.distance_from_stop_m),
        energyKWh: num(a.energy_kWh),
        chargeMin: num(a.charge_time_min),
        extraMin: num(a.extra_time_min),
      })),
    });
  });
  return stops;
}

/** Decoded geometry of every section ([lat, lon] points), null where a section has none or it is malformed. */
export function sectionGeometry(result: OptimizationResultResponse): ([number, number][] | null)[] {
  return (result.sections ?? []).map((s) => {
    if (!s.polyline) return null;
    try {
      const pts = decodePolyline(s.polyline);
      return pts.length >= 2 ? pts : null;
    } catch {
      // A malformed polyline hides one section, not the whole plan.
      return null;
    }
  });
}

/** Decoded geometry per section ([lat, lon] points); sections without a polyline are skipped. */
export function sectionLines(result: OptimizationResultResponse): [number, number][][] {
  return sectionGeometry(result).filter((l): l is [number, number][] => l != null);
}

const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"] as const;

/** A section's weather in words: "-2 °C, wet road, wind 5 m/s from W (forecast) · +12 kWh". */
export function weatherText(w: NonNullable<ResultSection["weather"]>, t: StopsTranslator = pageWords()): string {
  const parts = [t("temperature", { celsius: w.ambient_temperature_c })];
  if (w.road !== "dry") parts.push(t("road", { road: w.road }));
  if (w.wind_speed_ms && w.wind_from_deg != null) parts.push(t("wind", { speed: w.wind_speed_ms, from: t(`compass.${COMPASS[Math.round(w.wind_from_deg / 45) % 8]}`) }));
  const extra = Math.round(w.extra_kWh);
  return `${parts.join(", ")} (${t(`source.${w.source}`)})${extra ? ` · ${t("extra", { sign: extra > 0 ? "+" : "", kWh: extra })}` : ""}`;
}
