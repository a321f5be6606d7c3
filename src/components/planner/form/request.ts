// The form's values -> the POST /planner/v2 query and body, and the client's
// check of them against the API's own zod contract. issuesToDetails turns zod
// issues into the same {loc, msg} the server answers with, so a message reads
// the same and lands on the same field whichever side finds the problem.
import type { useTranslations } from "next-intl";
import { PlannerQuery, RouteOptimizationRequest, type RouteOptimizationRequestInput } from "@/contract/request";
import { issuesToDetails } from "@/server/http/validation";
import { toFieldErrors, type FieldErrors, type ValidationDetail } from "../errors";
import { parseLatLon, type Place } from "../PlaceField";
import type { FormState, StopState } from "./state";
import { browserZone, zoned } from "./time";

/** The form's own messages ("planRequest" in src/i18n/messages); the contract's stay in English, as the API answers them. */
export type PlanRequestTranslator = ReturnType<typeof useTranslations<"planRequest">>;

/** The chosen vehicle's masses: the payload it may carry is maxGrossKg - tareKg. */
export interface PayloadLimits {
  tareKg: number;
  maxGrossKg: number;
}

export interface PlannerSubmission {
  query: Record<string, string>;
  body: RouteOptimizationRequestInput;
  /** Per section: its payload is the form's (true) or the stop's own (false). */
  payloadFromForm: boolean[];
  /** Problems the contract cannot see or words poorly (half a time window, nothing chosen), by field key. */
  local: FieldErrors;
}

/** Empty text: absent; anything else as a number (non-numbers go as text so the contract names the problem). */
export function num(s: string): number | string | undefined {
  const t = s.trim();
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

export const zoneOf = (f: FormState) => f.timeZone || browserZone();

/** The name of a point the user picked by name (not a map click or typed coordinates), as the request's start_label/stop_label take it (200 characters). */
export function pickedName(p: Place): string | undefined {
  if (p.kind === "map" || p.kind === "coordinates" || !p.label.trim() || parseLatLon(p.label)) return undefined;
  return [...p.label.trim()].slice(0, 200).join("");
}

/** The form takes battery levels in percent, the API as fractions (80 -> 0.8); non-numbers go on as text. */
export function percentAsFraction(s: string): number | string | undefined {
  const v = num(s);
  return typeof v === "number" ? Math.round(v * 100) / 10_000 : v;
}

/** A percentage outside the contract's range, worded in percent (the contract's own message speaks of fractions). */
function percentOutside(s: string, min: number, max: number, message: (range: { min: number; max: number }) => string): string[] | null {
  const v = num(s);
  return typeof v === "number" && (v < min || v > max) ? [message({ min, max })] : null;
}

/**
 * `stops[i]` belongs to point i: section i (points i -> i + 1) takes its
 * payload, service time and time window from stops[i + 1], the point where it ends.
 */
export function buildSubmission(f: FormState, points: Place[], stops: StopState[], t: PlanRequestTranslator, vehicle?: PayloadLimits): PlannerSubmission {
  const local: FieldErrors = {};
  const zone = zoneOf(f);
  const time = (v: string) => (v ? (zoned(v, zone)?.iso ?? v) : undefined);
  const payloadFromForm: boolean[] = [];

  const section_list = points.slice(1).map((p, i) => {
    const s = stops[i + 1];
    const own = s.payload.trim() !== "";
    payloadFromForm.push(!own);
    const section: Record<string, unknown> = {
      start_pos: [points[i].lat, points[i].lon],
      stop_pos: [p.lat, p.lon],
      payload_kg: num(own ? s.payload : f.payload),
    };
    // The names the user picked name the plan's stops (its list, map, print view and exports).
    const startName = i === 0 ? pickedName(points[0]) : undefined;
    if (startName) section.start_label = startName;
    const stopName = pickedName(p);
    if (stopName) section.stop_label = stopName;
    const payload = section.payload_kg;
    // The vehicle's own limit, in English worded as the server words it, on the field where the payload was typed.
    if (vehicle && typeof payload === "number" && vehicle.tareKg + payload > vehicle.maxGrossKg) {
      local[own ? `section.${i}.payload_kg` : "payload_kg"] = [t("payloadOverLimit", { tare: vehicle.tareKg, payload, maxGross: vehicle.maxGrossKg })];
    }
    const service = num(s.serviceMin);
    if (service !== undefined) section.service_time_min = service;
    if (s.earliest || s.latest) {
      if (!s.earliest || !s.latest) {
        local[`section.${i}.opening_time`] = [t("windowHalf")];
      } else if (s.latest < s.earliest) {
        // Same zone and format on both sides: the strings compare in time order.
        local[`section.${i}.opening_time`] = [t("windowOrder")];
      }
      section.opening_time = [time(s.earliest) ?? "", time(s.latest) ?? ""];
    }
    return section;
  });

  const poi_info: Record<string, unknown> = {};
  if (num(f.minKW) !== undefined) poi_info.min_kW = num(f.minKW);
  if (num(f.maxKW) !== undefined) poi_info.max_kW = num(f.maxKW);
  if (f.cpo.length) poi_info.cpo = f.cpo;
  if (f.connectorType.length) poi_info.connector_type = f.connectorType;
  if (f.connectorPos) poi_info.connector_pos = f.connectorPos;
  if (f.truckApproved) poi_info.truck_approved = f.truckApproved;
  if (f.bookable) poi_info.bookable = true;

  const body: Record<string, unknown> = {
    vehicle_id: f.vehicleId,
    battery_level_start: percentAsFraction(f.batteryStart),
    battery_level_end: percentAsFraction(f.batteryEnd),
    section_list,
    poi_info,
  };
  if (f.departure) body.start_time_tour = time(f.departure);
  if (num(f.valueOfTime) !== undefined) body.value_of_time_eur_per_h = num(f.valueOfTime);
  if (f.objective) body.objective = f.objective;
  if (f.costOptions) body.cost_options = true;
  if (!f.drivingBans) body.driving_bans = false;
  if (num(f.ambientTemperature) !== undefined) body.ambient_temperature_c = num(f.ambientTemperature);
  if (num(f.serviceDepartureMin) !== undefined) body.service_time_departure_min = num(f.serviceDepartureMin);
  // Only a driver who has already driven, or a 10 h day, needs `driver`; absent means rested, 9 h.
  const since = num(f.drivenSinceBreakMin);
  const today = num(f.drivenTodayMin);
  const sinceRest = num(f.sinceDailyRestMin);
  const reduced = num(f.reducedRestsLeft);
  const earliestRest = num(f.earliestRestAfterMin);
  if (f.extendedDriving || since !== undefined || today !== undefined || sinceRest !== undefined || reduced !== undefined || earliestRest !== undefined) {
    body.driver = {
      extended_daily_driving: f.extendedDriving, driven_since_break_min: since ?? 0, driven_today_min: today ?? 0,
      ...(sinceRest !== undefined ? { since_daily_rest_min: sinceRest } : {}),
      ...(reduced !== undefined ? { reduced_daily_rests_left: reduced } : {}),
      ...(earliestRest !== undefined ? { earliest_daily_rest_after_driving_min: earliestRest } : {}),
    };
  }
  if (!f.vehicleId) local.vehicle_id = [t("chooseVehicle")];
  const startOutside = percentOutside(f.batteryStart, 10, 100, (range) => t("batteryStartOutside", range));
  if (startOutside) local.battery_level_start = startOutside;
  const endOutside = percentOutside(f.batteryEnd, 10, 80, (range) => t("batteryEndOutside", range));
  if (endOutside) local.battery_level_end = endOutside;
  // Required even when every leg sets its own: one rule the form can mark, and the usual case.
  if (!f.payload.trim()) local.payload_kg = [t("payloadRequired")];

  const query: Record<string, string> = {};
  if (f.corridor.trim()) query.corridor = f.corridor.trim();
  if (f.minChargeMin.trim()) query.min_charge_duration_min = f.minChargeMin.trim();
  return { query, body: body as unknown as RouteOptimizationRequestInput, payloadFromForm, local };
}

/** A section's payload message goes where the payload was typed: the stop's field or the form's. */
export function renameFor(s: PlannerSubmission) {
  return (key: string) => {
    const m = /^section\.(\d+)\.payload_kg$/.exec(key);
    return m && s.payloadFromForm[Number(m[1])] ? "payload_kg" : key;
  };
}

/** Details as the API would answer them for this submission (schema part only; the server adds fleet and road checks). */
export function contractDetails(s: PlannerSubmission): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const q = PlannerQuery.safeParse(s.query, { reportInput: true });
  if (!q.success) details.push(...issuesToDetails(q.error.issues, "query", PlannerQuery));
  const b = RouteOptimizationRequest.safeParse(s.body, { reportInput: true });
  if (!b.success) details.push(...issuesToDetails(b.error.issues, "body", RouteOptimizationRequest));
  return details;
}

/** Field errors of the client's check; empty: the server gets to see it. */
export function checkSubmission(s: PlannerSubmission): FieldErrors {
  const errors = toFieldErrors(contractDetails(s), renameFor(s));
  for (const [key, msgs] of Object.entries(s.local)) {
    // The local message explains the case better than the contract's (e.g. an empty vehicle id's "at least 1 character").
    errors[key] = msgs;
  }
  return errors;
}
