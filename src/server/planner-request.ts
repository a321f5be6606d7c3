// Reads and checks a planner request (v1 and v2): query, body, the tenant's
// vehicle, payloads and points on the network. Every violation is collected
// into one 422 answer.
import type { z } from "zod";
import { resolveTimeOfDayOrIso } from "../contract/fields";
import { MAX_SECTIONS, RouteOptimizationRequest, SectionRequest, type DriverRequest, type PlannerQuery } from "../contract/request";
import { describe } from "../engine/plan/plausibility";
import { MAX_SNAP_DISTANCE_M } from "../engine/plan/rules";
import type { DriverInput, PlanData, PlanInput, SectionWeather } from "../engine/plan/types";
import { activeFilters } from "../engine/stations/filter";
import type { VehicleModel } from "../engine/vehicles/catalog";
import type { AuthContext } from "./auth/keys";
import type { Db } from "./db/client";
import type { ValidationDetail } from "./http/errors";
import { queryObject, readJsonBody, type BodyRead } from "./http/request";
import { pacer } from "./http/pace";
import { collect, throwIfAny } from "./http/validation";
import { resolveVehicle } from "./fleet";
import { packs } from "./packs";
import { lookupProcess } from "./planning/planners";
import { callbackUrlDetails } from "./webhooks/submit-check";

export interface PlannerRequest<Q> {
  query: Q;
  body: RouteOptimizationRequest;
  vehicle: VehicleModel;
  input: PlanInput;
  warnings: string[];
}

export async function readPlannerRequest<S extends z.ZodType<PlannerQuery>>(
  db: Db, auth: AuthContext, req: Request, querySchema: S, now = new Date(),
): Promise<PlannerRequest<z.output<S>>> {
  return parsePlannerRequest(db, auth, queryObject(new URL(req.url)), await readJsonBody(req), querySchema, now);
}

/** Schema, then data checks; every violation found goes into one 422. */
export async function parsePlannerRequest<S extends z.ZodType<PlannerQuery>>(
  db: Db, auth: AuthContext, rawQuery: unknown, raw: BodyRead, querySchema: S, now = new Date(),
): Promise<PlannerRequest<z.output<S>>> {
  const details: ValidationDetail[] = [];
  const query = collect(querySchema, rawQuery, "query", details);
  const body = raw.ok ? collect(RouteOptimizationRequest, raw.value, "body", details) : (details.push(raw.detail), undefined);
  if (details.length > 0 && raw.ok) {
    // List the data checks too, for whatever parts of the body are well-formed.
    details.push(...(await dataChecks(db, auth.tenantId, raw.value)).details);
  }
  throwIfAny(details);
  return checkPlannerRequest(db, auth, query as z.output<S>, body as RouteOptimizationRequest, now);
}

const VehicleIdField = RouteOptimizationRequest.shape.vehicle_id;
const PositionField = SectionRequest.shape.start_pos;
const PayloadField = SectionRequest.shape.payload_kg;

/**
 * Checks that need the tenant's fleet and the road network: the vehicle
 * exists, payloads fit it, points lie near a road. Works on a body that may
 * have failed the schema elsewhere: each check runs where its fields are valid.
 */
async function dataChecks(db: Db, tenantId: number, body: unknown): Promise<{ vehicle: VehicleModel | null; details: ValidationDetail[] }> {
  const details: ValidationDetail[] = [];
  const b = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
  // Over the limit the schema already refuses the list: snapping thousands of points would only cost CPU.
  const sections = Array.isArray(b.section_list) && b.section_list.length <= MAX_SECTIONS
    ? (b.section_list as Record<string, unknown>[]).map((s) => (s && typeof s === "object" ? s : {}))
    : [];
  const vehicleId = VehicleIdField.safeParse(b.vehicle_id);
  let vehicle: VehicleModel | null = null;
  if (vehicleId.success) {
    vehicle = await resolveVehicle(db, tenantId, vehicleId.data);
    if (!vehicle) {
      details.push({ loc: ["body", "vehicle_id"], msg: `Unknown vehicle_id '${vehicleId.data}': GET /vehicles lists this tenant's vehicles`, type: "value_error" });
    }
  }
  if (Array.isArray(b.route_choice) && Array.isArray(b.section_list) && b.route_choice.length !== b.section_list.length) {
    details.push({
      loc: ["body", "route_choice"],
      msg: `route_choice has ${b.route_choice.length} entries for ${b.section_list.length} sections: one per section (a result's route_alternatives[].route_choice)`,
      type: "value_error",
    });
  }
  const positions = sections.map((s) => ({ start_pos: PositionField.safeParse(s.start_pos), stop_pos: PositionField.safeParse(s.stop_pos) }));
  const valid = positions.flatMap((p) => [p.start_pos, p.stop_pos]).flatMap((p) => (p.success ? [p.data] : []));
  const data = valid.length ? packs.planFor(valid) : null;
  // Snapping fifty points cold takes some 20 ms: the event loop is served in between (http/pace.ts).
  const pace = pacer();
  for (const [i, s] of sections.entries()) {
    await pace();
    const payload = PayloadField.safeParse(s.payload_kg);
    if (vehicle && payload.success && vehicle.tareKg + payload.data > vehicle.maxGrossKg) {
      details.push({
        loc: ["body", "section_list", i, "payload_kg"],
        msg: `Payload exceeds the vehicle's limit: tare ${vehicle.tareKg} kg + payload ${payload.data} kg > max gross ${vehicle.maxGrossKg} kg`,
        type: "value_error",
      });
    }
    for (const key of ["start_pos", "stop_pos"] as const) {
      const pos = positions[i][key];
      if (!pos.success || !data) continue;
      const far = roadReachDetail(data, pos.data, ["body", "section_list", i, key]);
      if (far) details.push(far);
    }
  }
  details.push(...(await callbackUrlDetails(db, tenantId, b.callback_url)));
  return { vehicle, details };
}

/** A 422 at `loc` for a point farther than MAX_SNAP_DISTANCE_M from every road of the plan's network; null within reach. */
export function roadReachDetail(data: PlanData, point: [number, number], loc: (string | number)[]): ValidationDetail | null {
  const snapped = data.snapper.snap(point[0], point[1]);
  if (snapped.distanceM <= MAX_SNAP_DISTANCE_M) return null;
  return {
    loc,
    msg: `No road within reach: the nearest road of network ${data.network.id} is ${(snapped.distanceM / 1000).toFixed(1)} km away ` +
      `(limit ${MAX_SNAP_DISTANCE_M / 1000} km): that network (${describe(data.network)}) is too coarse here; import a detailed network of the region (npm run network:import)`,
    type: "value_error",
  };
}

/** The checks that need the tenant's data and the network, after the schema. */
async function checkPlannerRequest<Q extends PlannerQuery>(
  db: Db, auth: AuthContext, q: Q, b: RouteOptimizationRequest, now = new Date(),
): Promise<PlannerRequest<Q>> {
  const { vehicle, details } = await dataChecks(db, auth.tenantId, b);
  throwIfAny(details);
  const sections = b.section_list.map((s) => ({
    start: s.start_pos,
    stop: s.stop_pos,
    payloadKg: s.payload_kg,
    sectionId: s.section_id,
    serviceTimeMin: s.service_time_min,
    openingTime: s.opening_time,
    powerAvailableKW: s.power_available_kW,
    ...requestedWeather(s.ambient_temperature_c ?? b.ambient_temperature_c),
  }));
  const departure = b.start_time_tour ? resolveTimeOfDayOrIso(b.start_time_tour, now) : now;
  const input: PlanInput = {
    vehicle: vehicle!,
    batteryLevelStart: b.battery_level_start,
    batteryLevelEnd: b.battery_level_end,
    sections,
    poiInfo: b.poi_info,
    corridorM: q.corridor,
    minChargeDurationMin: q.min_charge_duration_min,
    departureMs: departure.getTime(),
    serviceTimeDepartureMin: b.service_time_departure_min,
    ...(b.value_of_time_eur_per_h != null ? { valueOfTimeEurPerH: b.value_of_time_eur_per_h } : {}),
    objective: b.objective,
    ...(b.cost_options ? { costOptions: true } : {}),
    ...(b.cost_per_km_eur ? { costPerKmEur: b.cost_per_km_eur } : {}),
    ...(b.avoid_tolls ? { avoidTolls: true } : {}),
    ...(b.driving_bans === false ? { drivingBans: false } : {}),
    ...(b.driving_ban_exemptions?.length ? { drivingBanExemptions: b.driving_ban_exemptions } : {}),
    ...(b.route_choice ? { routeChoice: b.route_choice } : {}),
    driver: b.driver ? driverInput(b.driver) : undefined,
  };
  return { query: q, body: b, vehicle: vehicle!, input, warnings: await poiFilterWarnings(auth.tenantId, b.poi_info) };
}

/** The request's driver as the planner reads it. */
export function driverInput(d: DriverRequest): DriverInput {
  return {
    extendedDailyDriving: d.extended_daily_driving, drivenSinceBreakMin: d.driven_since_break_min, drivenTodayMin: d.driven_today_min,
    sinceDailyRestMin: d.since_daily_rest_min ?? null, reducedRestsLeft: d.reduced_daily_rests_left,
    ...(d.earliest_daily_rest_after_driving_min > 0 ? { earliestRestDriveMin: d.earliest_daily_rest_after_driving_min } : {}),
  };
}

/**
 * Data-level filter warnings, known before planning: attributes the tenant's station data lacks. Only active
 * filters warn; the tenant's station list is asked in the lookup process (stations/tenant-lookups.ts).
 */
export async function poiFilterWarnings(tenantId: number, poi: RouteOptimizationRequest["poi_info"]): Promise<string[]> {
  if (activeFilters(poi ?? {}).length === 0) return [];
  return lookupProcess().lookup(tenantId, { what: "filter-warnings", poi: poi ?? {} });
}

/** A temperature the request gives (its section's, else the tour's): still air and a dry road, as documented. */
function requestedWeather(temperatureC: number | null | undefined): { weather?: SectionWeather } {
  return temperatureC == null ? {} : { weather: { temperatureC, source: "request", note: "ambient_temperature_c of the request, in still air on a dry road" } };
}
