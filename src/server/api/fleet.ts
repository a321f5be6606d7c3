// POST /vehicles, GET|PATCH|DELETE /vehicles/{vehicle_id}: HTTP around server/fleet.ts.
import { MAX_FLEET_VEHICLES, type FleetVehicle } from "../../contract/fleet";
import { db, type Db } from "../db/client";
import { HttpError, jsonResponse } from "../http/errors";
import { jsonBodyOrThrow } from "../http/request";
import { createFleetVehicle, deleteFleetVehicle, getFleetVehicle, updateFleetVehicle } from "../fleet";
import { authed } from "./auth";

/** A new vehicle (REST and tRPC), 409 once the fleet holds MAX_FLEET_VEHICLES: GET /vehicles lists them all. */
export async function addFleetVehicle(db: Db, tenantId: number, body: unknown): Promise<FleetVehicle> {
  if ((await db.vehicle.count({ where: { tenantId } })) >= MAX_FLEET_VEHICLES) {
    throw new HttpError(409, { detail: `A fleet has at most ${MAX_FLEET_VEHICLES.toLocaleString("en")} vehicles: delete one (DELETE /vehicles/{vehicle_id}) before adding another` });
  }
  return createFleetVehicle(db, tenantId, body);
}

export async function createVehicle(req: Request): Promise<Response> {
  const auth = await authed(req);
  const vehicle = await addFleetVehicle(db(), auth.tenantId, await jsonBodyOrThrow(req));
  return jsonResponse(201, vehicle, { location: `/vehicles/${encodeURIComponent(vehicle.vehicle_id)}` });
}

export async function getVehicle(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await getFleetVehicle(db(), auth.tenantId, params.vehicle_id));
}

export async function updateVehicle(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await updateFleetVehicle(db(), auth.tenantId, params.vehicle_id, await jsonBodyOrThrow(req)));
}

export async function deleteVehicle(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  await deleteFleetVehicle(db(), auth.tenantId, params.vehicle_id);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
