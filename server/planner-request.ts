// Reads and checks a planner request (v1 and v2): query, body, the tenant's
// vehicle, payloads and points on the network. Every violation is collected
// into one 422 answer.
import type { z } from "zod";
import { resolveTimeOfDayOrIso } from "../contract/fields";
import { RouteOptimizationRequest, type PlannerQuery } from "../contract/request";
import { snapProblems } from "../engine/plan/legs";
import { MAX_SNAP_DISTANCE_M } from "../engine/plan/rules";
import type { PlanInput } from "../engine/plan/types";
import { filterStations } from "../engine/stations/filter";
import type { VehicleModel } from "../engine/vehicles/catalog";
import type { AuthContext } from "./auth/keys";
import type { Db } from "./db/client";
import { HttpError, type ValidationDetail } from "./http/errors";
import { queryObject, readJsonBody } from "./http/request";
import { collect, throwIfAny } from "./http/validation";
import { resolveVehicle } from "./fleet";
import { packs } from "./packs";

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
  const details: ValidationDetail[] = [];
  const query = collect(querySchema, queryObject(new URL(req.url)), "query", details);
  const raw = await readJsonBody(req);
  const body = raw.ok ? collect(RouteOptimizationRequest, raw.value, "body", details) : (details.push(raw.detail), undefined);
  throwIfAny(details);
  return checkPlannerRequest(db, auth, query as z.output<S>, body as RouteOptimizationRequest, now);
}

/** The checks that need the tenant's data and the network, after the schema. */
export async function checkPlannerRequest<Q extends PlannerQuery>(
  db: Db, auth: AuthContext, q: Q, b: RouteOptimizationRequest, now = new Date(),
): Promise<PlannerRequest<Q>> {
  const details: ValidationDetail[] = [];
  if (q.tenant_id != null && q.tenant_id !== auth.tenantId) {
    throw new HttpError(403, { detail: `tenant_id ${q.tenant_id} is not the tenant of this API key` });
  }

  const vehicle = await resolveVehicle(db, auth.tenantId, b.vehicle_id);
  if (!vehicle) {
    details.push({ loc: ["body", "vehicle_id"], msg: `Unknown vehicle_id '${b.vehicle_id}': GET /vehicles lists this tenant's vehicles`, type: "value_error" });
  } else {
    b.section_list.forEach((s, i) => {
      if (vehicle.tareKg + s.payload_kg > vehicle.maxGrossKg) {
        details.push({
          loc: ["body", "section_list", i, "payload_kg"],
          msg: `Payload exceeds the vehicle's limit: tare ${vehicle.tareKg} kg + payload ${s.payload_kg} kg > max gross ${vehicle.maxGrossKg} kg`,
          type: "value_error",
        });
      }
    });
  }
  const sections = b.section_list.map((s) => ({
    start: s.start_pos,
    stop: s.stop_pos,
    payloadKg: s.payload_kg,
    sectionId: s.section_id,
    serviceTimeMin: s.service_time_min,
    openingTime: s.opening_time,
    powerAvailableKW: s.power_available_kW,
  }));
  const data = packs;
  for (const p of snapProblems(data.plan, sections)) {
    details.push({
      loc: ["body", ...p.loc],
      msg: `No road within reach: the nearest road of network ${data.plan.network.id} is ${(p.distanceM / 1000).toFixed(1)} km away (limit ${MAX_SNAP_DISTANCE_M / 1000} km); the network covers Germany`,
      type: "value_error",
    });
  }
  throwIfAny(details);

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
  };
  // Data-level filter warnings, known before planning: attributes no station has.
  const everywhere = filterStations(data.stations.map((station) => ({ station, distanceFromStartM: 0, routeLat: 0, routeLon: 0, offRouteM: 0, detourM: 0, segmentIndex: 0 })), b.poi_info);
  const warnings = everywhere.warnings.map((w) => w.replace(/in the corridor /, "in the station data "));
  return { query: q, body: b, vehicle: vehicle!, input, warnings };
}
