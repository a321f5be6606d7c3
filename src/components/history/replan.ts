// "Re-plan with changes": a stored request turned back into the planner form's
// values and route points (with each stop's payload, service time and time
// window). Times come back as wall times in the browser's zone (the form's
// default); what the form cannot hold is listed so the user knows the new
// plan will not have it. Words from the catalogs ("historyReplan"); the translator
// is an argument so tests run both languages.
import type { useTranslations } from "next-intl";
import { resolveTimeOfDayOrIso } from "@/contract/fields";
import type { RouteOptimizationRequest } from "@/contract/request";
import { newWaypoint, type FormState, type StopState, type Waypoint } from "@/components/planner/form/state";
import { browserZone } from "@/components/planner/form/time";
import { displayLocale } from "@/components/planner/format";
import { clockText } from "@/engine/time/display";

/** The notes' words ("historyReplan" in src/i18n/messages). */
export type ReplanTranslator = ReturnType<typeof useTranslations<"historyReplan">>;

export interface StoredRequest {
  summary: { optimization_id: number; points: { lat: number; lon: number; label: string }[] };
  body: RouteOptimizationRequest;
  corridorM: number;
  minChargeDurationMin: number;
  departureMs: number;
}

export interface Replan {
  form: Partial<FormState>;
  waypoints: Waypoint[];
  /** Differences to the original that the user should know of. */
  notes: string[];
}

/** Browser-local "YYYY-MM-DDTHH:mm", as <input type="datetime-local"> holds it. */
export function localInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const text = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? "" : String(v));
/** A battery level (fraction) as the form's percent: 0.8 -> "80". */
const percentText = (v: number | null | undefined) => (v == null || !Number.isFinite(v) ? "" : String(Math.round(v * 10_000) / 100));
/** Zero and absent mean the same to the planner; the form shows both as empty. */
const nonZero = (v: number | null | undefined) => (v ? String(v) : "");

export function replanFrom(r: StoredRequest, t: ReplanTranslator, now = Date.now()): Replan {
  const b = r.body;
  const secs = b.section_list ?? [];
  const poi = b.poi_info ?? {};
  const payload = secs[0]?.payload_kg;
  const notes: string[] = [];
  const when = (v: string) => localInput(resolveTimeOfDayOrIso(v, new Date(now)).getTime());

  // Point i + 1 holds what section i (the leg that ends there) carries.
  const stops: StopState[] = [{ payload: "", serviceMin: "", earliest: "", latest: "" }];
  for (const s of secs) {
    const [earliest, latest] = s.opening_time ?? [];
    stops.push({
      payload: s.payload_kg === payload ? "" : text(s.payload_kg),
      serviceMin: nonZero(s.service_time_min),
      earliest: earliest ? when(earliest) : "",
      latest: latest ? when(latest) : "",
    });
  }
  const points = r.summary.points;
  const waypoints = points.map((p, i) => ({
    ...newWaypoint(),
    text: p.label,
    place: { lat: p.lat, lon: p.lon, label: p.label, kind: t("placeKind", { id: String(r.summary.optimization_id) }) },
    stop: stops[i] ?? stops[0],
  }));

  const joined = secs.every((s, i) => i === 0 || (s.start_pos[0] === secs[i - 1].stop_pos[0] && s.start_pos[1] === secs[i - 1].stop_pos[1]));
  if (!joined) notes.push(t("notJoined"));
  if (secs.some((s) => s.power_available_kW != null)) notes.push(t("noPower"));
  if (secs.some((s) => s.section_id)) notes.push(t("noSectionNames"));
  const departed = b.start_time_tour != null && r.departureMs <= now;
  const windows = secs.some((s) => s.opening_time);
  if (departed) {
    const date = clockText(new Date(r.departureMs).toISOString(), browserZone(), "date", displayLocale());
    notes.push(t(windows ? "pastWithWindows" : "past", { date }));
  }

  return {
    form: {
      vehicleId: b.vehicle_id,
      payload: text(payload),
      batteryStart: percentText(b.battery_level_start),
      batteryEnd: percentText(b.battery_level_end ?? 0.2),
      // No start_time_tour: the original left when it was submitted, so the new one leaves now.
      departure: b.start_time_tour != null ? localInput(r.departureMs) : "",
      timeZone: "",
      serviceDepartureMin: nonZero(b.service_time_departure_min),
      corridor: r.corridorM === 8000 ? "" : String(r.corridorM),
      minChargeMin: nonZero(r.minChargeDurationMin),
      minKW: text(poi.min_kW),
      maxKW: text(poi.max_kW),
      cpo: poi.cpo ?? [],
      connectorType: poi.connector_type ?? [],
      connectorPos: poi.connector_pos ?? "",
      truckApproved: poi.truck_approved ?? "",
      bookable: !!poi.bookable,
      extendedDriving: !!b.driver?.extended_daily_driving,
      drivenSinceBreakMin: nonZero(b.driver?.driven_since_break_min),
      drivenTodayMin: nonZero(b.driver?.driven_today_min),
      sinceDailyRestMin: b.driver?.since_daily_rest_min == null ? "" : String(b.driver.since_daily_rest_min),
      reducedRestsLeft: nonZero(b.driver?.reduced_daily_rests_left),
      earliestRestAfterMin: nonZero(b.driver?.earliest_daily_rest_after_driving_min),
      valueOfTime: b.value_of_time_eur_per_h == null ? "" : String(b.value_of_time_eur_per_h),
      costOptions: b.cost_options === true,
      drivingBans: b.driving_bans !== false,
      ambientTemperature: b.ambient_temperature_c == null ? "" : String(b.ambient_temperature_c),
      objective: b.objective === "balanced" || b.objective === "fastest" || b.objective === "cheapest" ? b.objective : "",
    },
    waypoints,
    notes,
  };
}
