// GET /poi/overlays, PUT|DELETE /poi/overlays/{external_id}, GET /poi/depots,
// PUT|DELETE /poi/depots/{depot_id}: HTTP around server/stations/admin.ts.
// Reading is every key's; changing is a tenant admin's.
import { requireAdmin } from "../auth/keys";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { jsonBodyOrThrow } from "../http/request";
import { deleteDepot, listDepots, listOverlays, putDepot, removeOverlay, setOverlay } from "../stations/admin";
import { authed } from "./auth";

const noContent = () => new Response(null, { status: 204, headers: { "cache-control": "no-store" } });

export async function getOverlays(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await listOverlays(db(), auth.tenantId));
}

export async function putOverlay(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  return jsonResponse(200, await setOverlay(db(), auth.tenantId, params.external_id, await jsonBodyOrThrow(req)));
}

export async function deleteOverlay(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  await removeOverlay(db(), auth.tenantId, params.external_id);
  return noContent();
}

export async function getDepots(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await listDepots(db(), auth.tenantId));
}

export async function putDepotCharger(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const { depot, created } = await putDepot(db(), auth.tenantId, auth.tenantName, params.depot_id, await jsonBodyOrThrow(req));
  return jsonResponse(created ? 201 : 200, depot, created ? { location: `/poi/depots/${encodeURIComponent(depot.depot_id)}` } : {});
}

export async function deleteDepotCharger(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  await deleteDepot(db(), auth.tenantId, params.depot_id);
  return noContent();
}
