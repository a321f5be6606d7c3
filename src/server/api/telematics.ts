// Telematics sources (GET /telematics/sources, PUT|GET|DELETE /telematics/sources/{source_id}) and a
// vehicle's last reported state (GET /vehicles/{vehicle_id}/state). Every key reads its tenant's
// sources (never their credentials); only a tenant admin stores or removes one.
import { requireAdmin } from "../auth/keys";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { jsonBodyOrThrow } from "../http/request";
import { deleteSource, getSource, listSources, putSource } from "../telematics/sources";
import { vehicleState } from "../telematics/state";
import { authed } from "./auth";

export async function getTelematicsSources(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await listSources(db(), auth.tenantId));
}

export async function getTelematicsSource(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await getSource(db(), auth.tenantId, params.source_id));
}

export async function putTelematicsSource(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const { source, created } = await putSource(db(), auth.tenantId, params.source_id, await jsonBodyOrThrow(req));
  return jsonResponse(created ? 201 : 200, source, created ? { location: `/telematics/sources/${encodeURIComponent(source.source_id)}` } : {});
}

export async function deleteTelematicsSource(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  await deleteSource(db(), auth.tenantId, params.source_id);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}

export async function getVehicleState(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await vehicleState(db(), auth.tenantId, params.vehicle_id));
}
