// POST|GET /ocpi/sources, GET|DELETE /ocpi/sources/{source_ref}: a tenant admin registers the CPOs and hubs
// the service pulls OCPI Locations from for its tenant alone (by the versions URL and the token the party
// issued), sees how their pulls go, and removes them. The token is never returned. The operator registers
// sources for every tenant with `npm run ocpi -- add-source`.
import { OcpiSourceInput, OcpiSourcePath } from "../../contract/ocpi-sources";
import { requireAdmin } from "../auth/keys";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { jsonBodyOrThrow } from "../http/request";
import { parseOrThrow } from "../http/validation";
import { pullOptions } from "../ocpi/pull/options";
import { createSource, deleteSource, getSource, listSources } from "../ocpi/pull/sources";
import { wakeOcpiPull } from "../runtime";
import { authed } from "./auth";
import { ocpiBaseUrl } from "./ocpi-receiver";

export async function postSource(req: Request): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const input = parseOrThrow(OcpiSourceInput, await jsonBodyOrThrow(req), "body");
  const record = await createSource(db(), {
    tenantId: auth.tenantId, versionsUrl: input.versions_url, token: input.token, label: input.label, ourVersionsUrl: `${ocpiBaseUrl(req)}/ocpi/versions`,
  }, pullOptions().policy);
  // The handshake and first pull run in the worker (this process's, if it has one, at once).
  wakeOcpiPull();
  return jsonResponse(201, record, { location: `/ocpi/sources/${record.id}` });
}

export async function getSources(req: Request): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  return jsonResponse(200, await listSources(db(), auth.tenantId));
}

export async function getOneSource(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const { source_ref } = parseOrThrow(OcpiSourcePath, params, "path");
  return jsonResponse(200, await getSource(db(), auth.tenantId, source_ref));
}

export async function deleteOneSource(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const { source_ref } = parseOrThrow(OcpiSourcePath, params, "path");
  await deleteSource(db(), auth.tenantId, source_ref);
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
