// POST|GET /ocpi/parties, DELETE /ocpi/parties/{party_ref}: a tenant admin registers the OCPI parties
// (CPOs) that may push Locations for its tenant alone, and revokes them. The token is in the POST's
// answer only. The operator registers parties for every tenant with `npm run ocpi -- add-party`.
import { OcpiPartyInput, OcpiPartyPath, type OcpiPartyCreated } from "../../contract/ocpi";
import { requireAdmin } from "../auth/keys";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { jsonBodyOrThrow } from "../http/request";
import { parseOrThrow } from "../http/validation";
import { createParty, listParties, revokeParty } from "../ocpi/parties";
import { authed } from "./auth";
import { ocpiBaseUrl } from "./ocpi-receiver";

export async function postParty(req: Request): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const input = parseOrThrow(OcpiPartyInput, await jsonBodyOrThrow(req), "body");
  const { token, record } = await createParty(db(), { tenantId: auth.tenantId, countryCode: input.country_code, partyId: input.party_id, label: input.label });
  const created: OcpiPartyCreated = { ...record, token, versions_url: `${ocpiBaseUrl(req)}/ocpi/versions` };
  return jsonResponse(201, created, { location: `/ocpi/parties/${record.id}` });
}

export async function getParties(req: Request): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  return jsonResponse(200, await listParties(db(), auth.tenantId));
}

export async function deleteParty(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const { party_ref } = parseOrThrow(OcpiPartyPath, params, "path");
  return jsonResponse(200, await revokeParty(db(), auth.tenantId, party_ref));
}

