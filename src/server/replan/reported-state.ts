// The truck's own last reported state, for a re-plan with `{"from": "telematics"}`.
import type { DriverRequest } from "../../contract/request";
import type { Db } from "../db/client";

/** Where a truck is and what state it is in, at one instant: what a re-plan starts from. */
export interface TruckState {
  position: [number, number];
  /** State of charge, 0..1. */
  batteryLevel: number;
  timeMs: number;
  /** The driver's hours then, as a request's `driver` reads them (defaults filled). */
  driver: DriverRequest;
}

/** Position and state-of-charge reports further apart than this are not one state of the truck. */
export const MAX_REPORT_SKEW_MS = 15 * 60_000;

/**
 * The last state the vehicle reported through telematics (rFMS 4.0 polling, GET /vehicles/{vehicle_id}/state):
 * its position and state of charge, at the position's time; null when it has not reported both, or reported
 * them more than MAX_REPORT_SKEW_MS apart. rFMS does not report the hours driven, so the driver is `driver`
 * when the request gives one, else the hours the original plan implies at that time (planned-driver.ts).
 */
export async function lastReportedState(
  db: Db, tenantId: number, vehicleId: string, driverAt: (timeMs: number) => DriverRequest | null,
): Promise<TruckState | null> {
  const r = await lastReport(db, tenantId, vehicleId);
  const driver = r ? driverAt(r.timeMs) : null;
  if (!r || !driver) return null;
  // The planner never starts below its reserve: a truck reported below it re-plans from the reserve.
  return { position: r.position, batteryLevel: Math.min(1, Math.max(0.1, r.percent / 100)), timeMs: r.timeMs, driver };
}

/** The vehicle's last position with its state of charge as one report (at most MAX_REPORT_SKEW_MS apart), at the position's time; else null. */
export async function lastReport(db: Db, tenantId: number, vehicleId: string): Promise<{ position: [number, number]; percent: number; timeMs: number } | null> {
  const row = await db.vehicle.findUnique({ where: { tenantId_vehicleId: { tenantId, vehicleId } }, select: { telematics: true } });
  const t = row?.telematics;
  if (!t || !t.positionAt || !t.socAt || t.latitude === null || t.longitude === null || t.socPercent === null) return null;
  if (Math.abs(t.positionAt.getTime() - t.socAt.getTime()) > MAX_REPORT_SKEW_MS) return null;
  return { position: [t.latitude, t.longitude], percent: t.socPercent, timeMs: t.positionAt.getTime() };
}
