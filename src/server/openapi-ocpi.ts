// The OpenAPI paths and schemas of the REST API around OCPI: a tenant admin registers the OCPI parties
// (CPOs) that push Locations for its tenant (POST|GET /ocpi/parties, DELETE /ocpi/parties/{party_ref}).
// The OCPI endpoints themselves (/ocpi/versions, /ocpi/2.2.1, /ocpi/2.2.1/locations/...) speak OCPI 2.2.1
// (its token, envelope and objects) and are described in docs/API.md, "OCPI", not here.
import { MAX_PARTIES_PER_TENANT, OcpiPartyCreated, OcpiPartyInput, OcpiPartyPath, OcpiPartyRecord } from "../contract/ocpi";
import { MAX_BODY_BYTES } from "./http/request";
import { asComponents, COMMON_ANSWERS as common, convert, error, json, parameters, ref, type Json } from "./openapi-schemas";

export const ocpiTag = { name: "OCPI", description: "The OCPI parties (CPOs) that push live charger data (Locations, EVSE status) for this tenant" };

export function ocpiSchemas(): Record<string, Json> {
  return asComponents({ ...convert({ OcpiPartyRecord, OcpiPartyCreated }, "output"), ...convert({ OcpiPartyInput }, "input") });
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
  };
}
