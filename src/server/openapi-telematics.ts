// The OpenAPI paths and schemas of telematics (rFMS 4.0 sources and a vehicle's last reported
// state), from the zod contract in contract/telematics.ts; openapi.ts adds them to the document.
import { FleetVehiclePath } from "../contract/fleet";
import { MAX_TELEMATICS_SOURCES, TelematicsSource, TelematicsSourceInput, TelematicsSourcePath, VehicleState } from "../contract/telematics";
import { MAX_BODY_BYTES } from "./http/request";
import { asComponents, COMMON_ANSWERS as common, convert, error, json, parameters, ref, type Json } from "./openapi-schemas";

export const telematicsTag = {
  name: "Telematics",
  description: "The trucks' own data: the tenant's truck-maker endpoints (rFMS 4.0), polled by the service, and each vehicle's last reported position, state of charge, charging and driver working state",
};

export function telematicsSchemas(): Record<string, Json> {
  return asComponents({
    ...convert({ TelematicsSource, VehicleState }, "output"),
    ...convert({ TelematicsSourceInput }, "input"),
  });
}

const adminOnly = { "403": error("The API key's role is `member` (only a tenant admin key may do this), or `tenant_id` names another tenant") };
const source404 = { "404": error("No such telematics source in this tenant") };

export function telematicsPaths(): Json {
  return {
    "/telematics/sources": {
      get: {
        operationId: "listTelematicsSources",
        tags: ["Telematics"],
        summary: "This tenant's telematics sources and how their polls go (never their credentials)",
        description: "Each source's `status`, `last_success_at`, `last_error` and `next_poll_at` say whether its vehicles' state is current.",
        responses: { "200": json({ type: "array", items: ref("TelematicsSource") }, "Sources, by source_id"), ...common },
      },
    },
    "/telematics/sources/{source_id}": {
      get: {
        operationId: "getTelematicsSource",
        tags: ["Telematics"],
        summary: "A telematics source and how its polls go (never its credentials)",
        description: "`auth` says how the source authenticates and `has_secret` that a secret is stored; the secret itself is never answered.",
        parameters: parameters(TelematicsSourcePath, "path"),
        responses: { "200": json(ref("TelematicsSource"), "The source"), ...source404, ...common },
      },
      put: {
        operationId: "putTelematicsSource",
        tags: ["Telematics"],
        summary: "Create or replace a truck maker's rFMS 4.0 endpoint of this tenant (tenant admin)",
        description:
          "The service polls `{base_url}/vehiclepositions` and `{base_url}/vehiclestatuses` (`latestOnly=true`, paged by `lastVin`) every `poll_interval_s` " +
          "with OAuth2 client credentials or HTTP basic, and keeps the last state of each fleet vehicle whose `vin` is reported. The whole source is replaced " +
          "and polled at once. A secret left out of a replacement is kept while the address it is sent to and its client id or user name are unchanged. " +
          `At most ${MAX_TELEMATICS_SOURCES} sources per tenant.`,
        parameters: parameters(TelematicsSourcePath, "path"),
        requestBody: { required: true, content: { "application/json": { schema: ref("TelematicsSourceInput") } } },
        responses: {
          "200": json(ref("TelematicsSource"), "Replaced"),
          "201": json(ref("TelematicsSource"), "Created"),
          "409": error(`The tenant has ${MAX_TELEMATICS_SOURCES} sources already, or another request changed this one meanwhile`),
          ...common, ...adminOnly, "413": error(`Body over ${MAX_BODY_BYTES.toLocaleString("en")} bytes`),
        },
      },
      delete: {
        operationId: "deleteTelematicsSource",
        tags: ["Telematics"],
        summary: "Remove a telematics source (tenant admin)",
        description: "It is no longer polled; the vehicle state it reported stays, naming it.",
        parameters: parameters(TelematicsSourcePath, "path"),
        responses: { "204": { description: "Removed" }, ...source404, ...common, ...adminOnly },
      },
    },
    "/vehicles/{vehicle_id}/state": {
      get: {
        operationId: "getVehicleState",
        tags: ["Telematics"],
        summary: "A fleet vehicle's last reported state: position, state of charge, charging, driver working state",
        description:
          "Each part carries the time the vehicle took it (`at`) and the `source_id` that reported it, and is null until a source reports it for the vehicle's `vin`. " +
          "A part is replaced only by a newer report; a report that leaves a value out, or says NOT_AVAILABLE, leaves the last known value.",
        parameters: parameters(FleetVehiclePath, "path"),
        responses: { "200": json(ref("VehicleState"), "The last reported state"), "404": error("No such vehicle in this tenant's fleet"), ...common },
      },
    },
  };
}
