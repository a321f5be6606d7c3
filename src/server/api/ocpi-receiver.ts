// The OCPI 2.2.1 endpoints a CPO calls (an eMSP's Receiver side): GET /ocpi/versions, GET /ocpi/2.2.1
// (version details), and GET|PUT|PATCH /ocpi/2.2.1/locations/{country_code}/{party_id}/{location_id}
// [/{evse_uid}[/{connector_id}]]. They speak OCPI, not the REST API: `Authorization: Token <token>` of a
// registered party, and every answer in OCPI's envelope (server/ocpi/envelope.ts).
import { CountryCode, ObjectId, PartyId } from "../../contract/ocpi";
import { config } from "../config";
import { db } from "../db/client";
import { readJsonBody } from "../http/request";
import { HttpError, ValidationFailed } from "../http/errors";
import { enforceOcpiRateLimit } from "../http/rate-limit";
import { parseOrThrow } from "../http/validation";
import { noteTenant } from "../observability/context";
import { OCPI, OcpiError, ocpiResponse } from "../ocpi/envelope";
import { getObject, patchObject, putObject } from "../ocpi/locations";
import type { Target } from "../ocpi/objects";
import { handshakeOfToken, noteDelivery, noteUse, partyOfToken, type Party } from "../ocpi/parties";
import { z } from "zod";

export const OCPI_VERSION = "2.2.1";

/** The public base of the URLs handed out: OCPI_PUBLIC_URL, else the request's origin. */
export function ocpiBaseUrl(req: Request): string {
  const configured = config().OCPI_PUBLIC_URL;
  return (configured ? configured : new URL(req.url).origin).replace(/\/+$/, "");
}

const notAuthorized = () =>
  new OcpiError(401, OCPI.clientError, "Not authorized: send 'Authorization: Token <credentials token>' with a token the operator or a tenant admin registered (Base64-encoded as OCPI 2.2.1 says, or as it is)", undefined, { "www-authenticate": "Token" });

async function party(req: Request): Promise<Party> {
  const p = await partyOfToken(db(), req.headers.get("authorization"));
  if (!p) throw notAuthorized();
  noteTenant(p.tenantId);
  await withinRate(p);
  return p;
}

/**
 * A party's budget of requests (OCPI_RATE_LIMIT_PER_MIN, bursts of OCPI_RATE_LIMIT_BURST), shared by its tokens in one
 * scope (their feed): past it 429 with Retry-After, in OCPI's envelope (status_code 2000, a client error).
 */
async function withinRate(p: Party): Promise<void> {
  try {
    await enforceOcpiRateLimit(p.feedId);
  } catch (e) {
    if (e instanceof HttpError && e.status === 429) throw new OcpiError(429, OCPI.clientError, String(e.body.detail), undefined, e.headers);
    throw e;
  }
}

/**
 * The caller of the versions and version details endpoints: a registered party, or the party of a pull
 * source whose handshake is under way (it reads them with the token it is being given, during the
 * credentials POST: credentials.asciidoc), then null.
 */
async function versionsCaller(req: Request): Promise<Party | null> {
  const p = await partyOfToken(db(), req.headers.get("authorization"));
  if (p) {
    noteTenant(p.tenantId);
    await withinRate(p);
    await noteUse(db(), p);
    return p;
  }
  const handshake = await handshakeOfToken(db(), req.headers.get("authorization"));
  if (!handshake) throw notAuthorized();
  noteTenant(handshake.tenantId);
  return null;
}

/** OCPI's routing headers on answers to a party (transport_and_format.asciidoc, "Message Routing"): to the requesting party. */
const routing = (p: Party) => ({ "ocpi-to-country-code": p.countryCode, "ocpi-to-party-id": p.partyId });

export async function getVersions(req: Request): Promise<Response> {
  await versionsCaller(req);
  return ocpiResponse(200, [{ version: OCPI_VERSION, url: `${ocpiBaseUrl(req)}/ocpi/${OCPI_VERSION}` }]);
}

export async function getVersionDetails(req: Request): Promise<Response> {
  await versionsCaller(req);
  return ocpiResponse(200, {
    version: OCPI_VERSION,
    endpoints: [{ identifier: "locations", role: "RECEIVER", url: `${ocpiBaseUrl(req)}/ocpi/${OCPI_VERSION}/locations` }],
  });
}

const TargetPath = z.object({
  country_code: CountryCode,
  party_id: PartyId,
  location_id: ObjectId,
  evse_uid: ObjectId.optional(),
  connector_id: ObjectId.optional(),
});

function targetOf(params: Record<string, string>): Target {
  const p = parseOrThrow(TargetPath, params, "path");
  return { countryCode: p.country_code, partyId: p.party_id, locationId: p.location_id, evseUid: p.evse_uid, connectorId: p.connector_id };
}

export async function getLocationObject(req: Request, params: Record<string, string>): Promise<Response> {
  const p = await party(req);
  const data = await getObject(db(), p, targetOf(params));
  await noteUse(db(), p);
  return ocpiResponse(200, data, OCPI.success, "Success", routing(p));
}

async function bodyOf(req: Request): Promise<unknown> {
  const read = await readJsonBody(req);
  if (!read.ok) throw new ValidationFailed([read.detail]);
  return read.value;
}

export async function putLocationObject(req: Request, params: Record<string, string>): Promise<Response> {
  const p = await party(req);
  const t = targetOf(params);
  const { created } = await putObject(db(), p, t, await bodyOf(req));
  await noteDelivery(db(), p);
  return ocpiResponse(created ? 201 : 200, undefined, OCPI.success, created ? "Created" : "Replaced", routing(p));
}

export async function patchLocationObject(req: Request, params: Record<string, string>): Promise<Response> {
  const p = await party(req);
  const t = targetOf(params);
  const { kept } = await patchObject(db(), p, t, await bodyOf(req));
  await noteDelivery(db(), p);
  return ocpiResponse(200, undefined, OCPI.success, kept ? "Not applied: the stored status is newer (its last_updated is later)" : "Updated", routing(p));
}
