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

/**
 * The last state the vehicle reported (position, state of charge, driver's working state), or null when
 * it has reported none. The telematics store (rFMS 4.0 polling, GET /vehicles/{vehicle_id}/state) fills
 * this; until it exists no vehicle has a report, and a re-plan from telematics answers 409.
 */
export async function lastReportedState(_db: Db, _tenantId: number, _vehicleId: string): Promise<TruckState | null> {
  return null;
}
