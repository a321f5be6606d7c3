// POST /vehicles, GET|PATCH|DELETE /vehicles/{vehicle_id}: HTTP around server/fleet.ts.
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { jsonBodyOrThrow } from "../http/request";
import { createFleetVehicle, deleteFleetVehicle, getFleetVehicle, updateFleetVehicle } from "../fleet";
import { authed } from "./auth";

export async function createVehicle(req: Request): Promise<Response> {
  const auth = await authed(req);
  const vehicle = await createFleetVehicle(db(), auth.tenantId, await jsonBodyOrThrow(req));
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
