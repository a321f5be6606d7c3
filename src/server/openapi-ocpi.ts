// The OpenAPI paths and schemas of the REST API around OCPI: a tenant admin registers the OCPI parties
// (CPOs) that push Locations for its tenant (POST|GET /ocpi/parties, DELETE /ocpi/parties/{party_ref}) and
// the sources (CPOs, hubs) the service pulls Locations from (POST|GET /ocpi/sources, GET|DELETE /ocpi/sources/{source_ref}).
// The OCPI endpoints themselves (/ocpi/versions, /ocpi/2.2.1, /ocpi/2.2.1/locations/...) speak OCPI 2.2.1
// (its token, envelope and objects) and are described in docs/API.md, "OCPI", not here.
import { MAX_PARTIES_PER_TENANT, OcpiPartyCreated, OcpiPartyInput, OcpiPartyPath, OcpiPartyRecord } from "../contract/ocpi";
import { MAX_SOURCES_PER_TENANT, OcpiSourceInput, OcpiSourcePath, OcpiSourceRecord } from "../contract/ocpi-sources";
import { MAX_BODY_BYTES } from "./http/request";
import { asComponents, COMMON_ANSWERS as common, convert, error, json, parameters, ref, type Json } from "./openapi-schemas";

export const ocpiTag = { name: "OCPI", description: "The OCPI parties (CPOs) that push live charger data (Locations, EVSE status) for this tenant, and the sources (CPOs, hubs) it is pulled from" };

export function ocpiSchemas(): Record<string, Json> {
  return asComponents({ ...convert({ OcpiPartyRecord, OcpiPartyCreated, OcpiSourceRecord }, "output"), ...convert({ OcpiPartyInput, OcpiSourceInput }, "input") });
}

const adminOnly = { "403": error("The API key's role is `member` (only a tenant admin key may do this), or `tenant_id` names another tenant") };

export function ocpiPaths(): Json {
  return {
    "/ocpi/parties": {
      post: {
        operationId: "createOcpiParty",
        tags: ["OCPI"],
        summary: "Register an OCPI party that may push Locations for this tenant (tenant admin); the answer is the only time its token is shown",
        description:
          "Give the party `versions_url` and `token` out of band: it calls GET /ocpi/versions with `Authorization: Token <token>` (Base64-encoded, " +
          "as OCPI 2.2.1 says, or as it is) and pushes its Locations to the Locations module's Receiver endpoint, under its own country_code and party_id " +
          "only. Its sites are this tenant's alone and take part in its plans like imported ones; each EVSE's status is used as docs/API.md, OCPI, says. " +
          `At most ${MAX_PARTIES_PER_TENANT} active tokens per tenant (409 beyond); several tokens of one party (a rotation) feed the same data.`,
        requestBody: { required: true, content: { "application/json": { schema: ref("OcpiPartyInput") } } },
        responses: {
          "201": json(ref("OcpiPartyCreated"), "Registered"),
          "409": error(`The tenant has ${MAX_PARTIES_PER_TENANT} active party tokens`),
          ...common, ...adminOnly, "413": error(`Body over ${MAX_BODY_BYTES.toLocaleString("en")} bytes`),
        },
      },
      get: {
        operationId: "listOcpiParties",
        tags: ["OCPI"],
        summary: "This tenant's OCPI party registrations, newest first, revoked ones included (tenant admin; never a token)",
        description: "`token_prefix` tells tokens apart; `last_used_at` is the last OCPI request made with the token, to the minute. The operator's registrations (every tenant's) are listed by `npm run ocpi -- list-parties --all-tenants`.",
        responses: { "200": json({ type: "array", items: ref("OcpiPartyRecord") }, "Registrations"), ...common, ...adminOnly },
      },
    },
    "/ocpi/parties/{party_ref}": {
      delete: {
        operationId: "revokeOcpiParty",
        tags: ["OCPI"],
        summary: "Revoke a party's token (tenant admin); with its party's last active token, the Locations it pushed leave the tenant's plans",
        description: "Revoking twice answers the first revocation again.",
        parameters: parameters(OcpiPartyPath, "path"),
        responses: { "200": json(ref("OcpiPartyRecord"), "Revoked"), "404": error("No such registration in this tenant"), ...common, ...adminOnly },
      },
    },
    "/ocpi/sources": {
      post: {
        operationId: "createOcpiSource",
        tags: ["OCPI"],
        summary: "Register a CPO or hub the service pulls OCPI 2.2.1 Locations from for this tenant (tenant admin); its token is never returned",
        description:
          "`versions_url` and `token` are what the party gave out of band (its versions endpoint and CREDENTIALS_TOKEN_A). The worker then runs the " +
          "handshake (versions, 2.2.1 details, the credentials POST: the party gets a token of this service and answers with the token the service " +
          "uses from then on) and pulls the party's Locations, first in full, then those updated since the last pull, on a schedule with backoff. " +
          "The sites are this tenant's alone. The answer is the source as registered (`status` pending); GET it to follow the handshake and pulls. " +
          `At most ${MAX_SOURCES_PER_TENANT} sources per tenant (409 beyond); a second source of the same versions URL is 409.`,
        requestBody: { required: true, content: { "application/json": { schema: ref("OcpiSourceInput") } } },
        responses: {
          "201": json(ref("OcpiSourceRecord"), "Registered"),
          "409": error(`The tenant has ${MAX_SOURCES_PER_TENANT} sources, or one of this versions URL`),
          ...common, ...adminOnly, "413": error(`Body over ${MAX_BODY_BYTES.toLocaleString("en")} bytes`),
        },
      },
      get: {
        operationId: "listOcpiSources",
        tags: ["OCPI"],
        summary: "This tenant's OCPI pull sources, newest first, with how their pulls go (tenant admin; never a token)",
        description: "The operator's sources (every tenant's) are listed by `npm run ocpi -- list-sources --all-tenants`.",
        responses: { "200": json({ type: "array", items: ref("OcpiSourceRecord") }, "Sources"), ...common, ...adminOnly },
      },
    },
    "/ocpi/sources/{source_ref}": {
      get: {
        operationId: "getOcpiSource",
        tags: ["OCPI"],
        summary: "One OCPI pull source: status, last success, last error, next pull, Locations pulled (tenant admin)",
        description:
          "`last_error` names the stage (versions, details, credentials, locations, storage), the HTTP status and the OCPI status_code the party answered " +
          "(e.g. 3001: it could not use this service's versions URL during the handshake; 3002: no OCPI 2.2.1; 3003: no Locations Sender endpoint). " +
          "A failed run is retried after a delay that doubles with each failure in a row; `failures` counts them, 0 after a success.",
        parameters: parameters(OcpiSourcePath, "path"),
        responses: { "200": json(ref("OcpiSourceRecord"), "The source"), "404": error("No such source in this tenant"), ...common, ...adminOnly },
      },
      delete: {
        operationId: "deleteOcpiSource",
        tags: ["OCPI"],
        summary: "Delete an OCPI pull source (tenant admin): no more pulls, the token the party got in the handshake is revoked, and the sites pulled leave the tenant's plans",
        description: "Sites of a party that also pushes with another active token of this tenant stay.",
        parameters: parameters(OcpiSourcePath, "path"),
        responses: { "204": { description: "Deleted" }, "404": error("No such source in this tenant"), ...common, ...adminOnly },
      },
    },
  };
}
