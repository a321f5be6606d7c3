// A fleet vehicle's last reported state (GET /vehicles/{vehicle_id}/state): the stored groups of
// values (position, state of charge, charging, driver working state), each with its time and the
// source that reported it; null for a group never reported.
import { FleetVehiclePath } from "../../contract/fleet";
import { CHARGING_STATUSES, CONNECTION_STATUSES, WORKING_STATES, type VehicleState } from "../../contract/telematics";
import type { Db } from "../db/client";
import { notFound } from "../http/errors";
import { parseOrThrow } from "../http/validation";

type StateRow = NonNullable<Awaited<ReturnType<Db["vehicleTelematics"]["findFirst"]>>>;

/** A stored value of one of the contract's enums, else null (the poller stores nothing else). */
const oneOf = <T extends string>(values: readonly T[], v: string | null): T | null => (v !== null && (values as readonly string[]).includes(v) ? (v as T) : null);

export function stateRecord(vehicleId: string, vin: string | null, s: StateRow | null): VehicleState {
  const at = (d: Date) => d.toISOString();
  return {
    vehicle_id: vehicleId,
    vin,
    position: s && s.positionAt && s.latitude !== null && s.longitude !== null
      ? { latitude: s.latitude, longitude: s.longitude, heading_deg: s.headingDeg, speed_kmh: s.speedKmh, at: at(s.positionAt), source_id: s.positionSource ?? "" }
      : null,
    state_of_charge: s && s.socAt && s.socPercent !== null
      ? { percent: s.socPercent, estimated_range_m: s.rangeM, at: at(s.socAt), source_id: s.socSource ?? "" }
      : null,
    charging: s && s.chargingAt
      ? {
        status: oneOf(CHARGING_STATUSES, s.chargingStatus),
        connection_status: oneOf(CONNECTION_STATUSES, s.chargingConnection),
        power_w: s.chargingPowerW,
        estimated_completion_at: s.chargingDoneAt ? at(s.chargingDoneAt) : null,
        at: at(s.chargingAt),
        source_id: s.chargingSource ?? "",
      }
      : null,
    driver_working_state: s && s.driverAt
      ? { driver1: oneOf(WORKING_STATES, s.driver1State), driver2: oneOf(WORKING_STATES, s.driver2State), at: at(s.driverAt), source_id: s.driverSource ?? "" }
      : null,
    updated_at: s ? at(s.updatedAt) : null,
  };
}

/** 404 for a vehicle not in the tenant's fleet (another tenant's included). */
export async function vehicleState(db: Db, tenantId: number, vehicleId: unknown): Promise<VehicleState> {
  const { vehicle_id } = parseOrThrow(FleetVehiclePath, { vehicle_id: vehicleId }, "path");
  const row = await db.vehicle.findUnique({
    where: { tenantId_vehicleId: { tenantId, vehicleId: vehicle_id } },
    select: { vehicleId: true, vin: true, telematics: true },
  });
  if (!row) throw notFound(`Vehicle '${vehicle_id}'`);
  return stateRecord(row.vehicleId, row.vin, row.telematics);
}

/** The fleet vehicles' last reported states (the fleet page), each vehicle with any report; a fleet is at most a few thousand vehicles. */
export async function fleetStates(db: Db, tenantId: number): Promise<VehicleState[]> {
  const rows = await db.vehicle.findMany({
    where: { tenantId, telematics: { isNot: null } }, select: { vehicleId: true, vin: true, telematics: true }, orderBy: { vehicleId: "asc" }, take: 10_000,
  });
  return rows.map((r) => stateRecord(r.vehicleId, r.vin, r.telematics));
}
