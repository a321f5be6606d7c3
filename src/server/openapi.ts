// The OpenAPI 3.1 document, generated from the zod contract (nothing re-declared here
// but the operations' prose, their responses and the recorded examples).
import { FleetVehiclePath } from "../contract/fleet";
import { GeocodeQuery, VehicleModelsQuery } from "../contract/lookups";
import { JobPath, LegacyPlannerQuery, MAX_SECTIONS, MAX_TOUR_STRAIGHT_KM, OptimizationPath, PlannerQuery, ResultQuery } from "../contract/request";
import { DepotPath, StationOverlayPath } from "../contract/stations";
import { MAX_BODY_BYTES } from "./http/request";
import { COMMON_ANSWERS as common, componentSchemas, error, json, parameters, ref, type Examples, type Json } from "./openapi-schemas";
import { fleetPaths, fleetSchemas, fleetTag } from "./openapi-fleet";
import { replanPaths, replanSchemas } from "./openapi-replan";
import { telematicsPaths, telematicsSchemas, telematicsTag } from "./openapi-telematics";
import { ocpiPaths, ocpiSchemas, ocpiTag } from "./openapi-ocpi";
// Recorded from a run of the service (Hamburg -> Munich, eActros 600, 20 t, planned by the worker; a fleet
// vehicle, a depot charger, an overlay and a price list as stored); the result is trimmed to 2 of its 869
// available_charging_stations and route_profile to its first 6 points.
// tests/unit/openapi/document.test.ts validates each against the document.
import recorded from "./openapi-examples.json";

const retryAfter = { "Retry-After": { description: "Seconds to wait before retrying", schema: { type: "integer", minimum: 0 } } };
const withBody = { "413": error(`Body over ${MAX_BODY_BYTES.toLocaleString("en")} bytes`) };
const adminOnly = { "403": error("The API key's role is `member` (only a tenant admin key may do this), or `tenant_id` names another tenant") };
const vehicle404 = { "404": error("No such vehicle in this tenant's fleet") };
const jsonBody = (schema: string, examples?: Examples) => ({
  required: true,
  content: { "application/json": { schema: ref(schema), ...(examples ? { examples } : {}) } },
});

const example = (summary: string, value: unknown): Examples => ({ recorded: { summary, value } });
const hamburgMunich: Examples = { hamburgMunich: { summary: "Hamburg -> Munich, 20 t, a driver 60 min into the day", value: recorded.submitRequest } };
const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Makes a retried submit safe: the same key with the same request (query and body compared after validation, so formatting " +
    "does not matter) within 24 h answers the first response again, with `Idempotent-Replayed: true`, and plans nothing new; the " +
    "same key with another request is a 422 at `[\"header\", \"Idempotency-Key\"]`. Keys are per tenant, 1 to 255 visible " +
    "ASCII characters (e.g. a UUID, or your order number and a version). Without it every submit is a new tour.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[!-~]{1,255}$" },
  example: recorded.idempotencyKey,
};

const tags = [
  { name: "Planning", description: "Plan a tour: submit it (asynchronous, v2) or plan it while the request waits (legacy v1)" },
  { name: "Jobs and results", description: "Follow a submitted plan and fetch its result" },
  { name: "Fleet", description: "The tenant's vehicles (whose `vehicle_id` a plan names) and the catalogue of models" },
  { name: "Geocoding", description: "Coordinates of towns, postcodes and addresses" },
  { name: "Stations", description: "Charging stations: operators, the tenant's overlays of truck attributes, its own depot chargers" },
  { name: "Prices", description: "The tenant's charging prices and value of time" },
  { name: "Webhooks", description: "The secret that signs completion webhooks" },
  fleetTag,
  telematicsTag,
  ocpiTag,
];

function paths(): Json {
  return {
    "/planner/v2": {
      post: {
        operationId: "submitOptimization",
        tags: ["Planning"],
        summary: "Submit a route optimization (asynchronous)",
        description:
          "Queues the plan and answers at once with `job_id` and `optimization_id`: poll GET /planner/jobs/{job_id} until `status` " +
          "is `succeeded` or `not_drivable`, then GET /planner/optimizations/{optimization_id}/result. Send an `Idempotency-Key` " +
          "to retry safely. With `callback_url` the service POSTs `{job_id, optimization_id, tour_id, status}` there when the job is final, signed as " +
          "Standard Webhooks specify (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; HMAC-SHA256 with the tenant's " +
          "secret from POST /webhooks/secret), at least once, retried with exponential backoff for 24 h; GET /planner/jobs/{job_id} " +
          "shows its delivery in `callback`. https only and public addresses only unless the operator allows more; a refused URL is a 422 at `[\"body\", \"callback_url\"]`. " +
          "Beyond the schema, a 422 also names a `vehicle_id` not in the fleet, a payload over the vehicle's max gross mass minus its tare, " +
          "and a position more than 30 km from a road.",
        parameters: [...parameters(PlannerQuery, "query"), idempotencyKey],
        requestBody: jsonBody("RouteOptimizationRequest", hamburgMunich),
        responses: {
          "200": {
            ...json(ref("SubmitResponse"), "Queued (or, for a repeated `Idempotency-Key`, the first answer again); `warnings` lists filters the station data cannot answer", {
              queued: { summary: "The Hamburg -> Munich submit, queued", value: recorded.submitResponse },
            }),
            headers: { "Idempotent-Replayed": { description: "`true` when this is the stored answer to an earlier submit with the same Idempotency-Key", schema: { type: "string", enum: ["true"] } } },
          },
          ...common,
          ...withBody,
        },
      },
    },
    "/planner": {
      post: {
        operationId: "planSynchronously",
        tags: ["Planning"],
        summary: "Plan a route and answer with the result (legacy v1)",
        description:
          "Same body as v2. `available_charging_stations` is included when `include_available_charging_stations` is true (body or query). " +
          "Planned with a job's time limit: a plan that cannot finish within the time, memory or search limits is a 422 " +
          "(`plan_time_limit`, `plan_too_large`) with the reason; a planning process that stopped for another reason a 503 with Retry-After.",
        parameters: parameters(LegacyPlannerQuery, "query"),
        requestBody: jsonBody("RouteOptimizationRequest", hamburgMunich),
        responses: { "200": json(ref("OptimizationResultResponse"), "The result, with `job_id` added"), ...common, ...withBody },
      },
    },
    "/planner/jobs/{job_id}": {
      get: {
        operationId: "getJob",
        tags: ["Jobs and results"],
        summary: "Job status: queued -> running -> succeeded | not_drivable | failed",
        description:
          "Poll every few seconds until `status` is final. `succeeded` and `not_drivable` have a result (a not drivable tour says why " +
          "in the result's `not_drivable_reason`); `failed` has `error`. With a `callback_url`, `callback` shows the webhook's delivery.",
        parameters: parameters(JobPath, "path"),
        responses: {
          "200": json(ref("JobRecord"), "The job", {
            queued: { summary: "Just submitted", value: recorded.jobQueued },
            succeeded: { summary: "Planned", value: recorded.jobSucceeded },
          }),
          "404": error("No such job for this tenant", { notFound: { summary: "An unknown job_id", value: recorded.notFound } }),
          ...common,
        },
      },
    },
    "/planner/optimizations/{optimization_id}/result": {
      get: {
        operationId: "getResult",
        tags: ["Jobs and results"],
        summary: "The optimization result, once the job is succeeded or not_drivable",
        description:
          "The same bytes on every fetch. `available_charging_stations` (every station of the corridor) is most of a result's size: " +
          "`include_available_charging_stations=false` leaves it out. Answers are compressed (br, gzip) when the client accepts it.",
        parameters: [...parameters(OptimizationPath, "path"), ...parameters(ResultQuery, "query")],
        responses: {
          "200": json(ref("OptimizationResultResponse"), "The result", {
            hamburgMunich: { summary: "Hamburg -> Munich: two charging stops (trimmed: 2 of 869 corridor stations, 6 route profile points)", value: recorded.result },
          }),
          "404": error("No such optimization for this tenant, or no such cost option"),
          "409": error("Not finished yet (or failed): `status` and `job_id` say which", {
            queued: { summary: "Asked for while the job is queued", value: recorded.resultNotReady },
          }),
          ...common,
        },
      },
    },
    "/vehicles/info/models": {
      get: {
        operationId: "listVehicleModels",
        tags: ["Fleet"],
        summary: "Vehicle models by manufacturer",
        description: "The catalogue's models, whose codes a fleet vehicle's `model_code` names; `manufacturer` narrows it to some makes.",
        parameters: parameters(VehicleModelsQuery, "query").map((p) => ({ ...p, schema: { type: "array", items: { type: "string" } }, style: "form", explode: true })),
        responses: { "200": json(ref("VehicleModelsMapping"), "manufacturer -> model name -> code"), ...common },
      },
    },
    "/vehicles": {
      get: {
        operationId: "listFleet",
        tags: ["Fleet"],
        summary: "The tenant's vehicles: valid `vehicle_id` values",
        description: "Each vehicle with its catalogue model, its overrides and the `effective` figures the planner uses.",
        responses: { "200": json({ type: "array", items: ref("FleetVehicle") }, "The fleet"), ...common },
      },
      post: {
        operationId: "createFleetVehicle",
        tags: ["Fleet"],
        summary: "Add a vehicle: a catalog model, optionally with overridden figures",
        description: "`model_code` must be a catalog code; `tareKg` must stay below `maxGrossKg` after the overrides (422 on the field).",
        requestBody: jsonBody("FleetVehicleInput", example("An eActros 600 with its own tare", recorded.vehicleInput)),
        responses: {
          "201": json(ref("FleetVehicle"), "Created; `effective` lists the figures the planner will use", example("As stored", recorded.vehicle)),
          "409": error("`vehicle_id` already exists in this fleet, the fleet is full, or another vehicle of the fleet has the `vin`"),
          ...common,
          ...withBody,
        },
      },
    },
    "/vehicles/{vehicle_id}": {
      get: {
        operationId: "getFleetVehicle",
        tags: ["Fleet"],
        summary: "One vehicle of the tenant's fleet",
        description: "The vehicle with its model, overrides and `effective` figures.",
        parameters: parameters(FleetVehiclePath, "path"),
        responses: { "200": json(ref("FleetVehicle"), "The vehicle"), ...vehicle404, ...common },
      },
      patch: {
        operationId: "updateFleetVehicle",
        tags: ["Fleet"],
        summary: "Change a vehicle's name, model, overrides or VIN",
        description: "Fields left out stay as they are; `overrides` replaces all overrides, `null` clears them. Tours already planned keep their figures. " +
          "A new `vin` (or `null`) drops the telematics state reported under the old one.",
        parameters: parameters(FleetVehiclePath, "path"),
        requestBody: jsonBody("FleetVehiclePatch"),
        responses: { "200": json(ref("FleetVehicle"), "The updated vehicle"), ...vehicle404, "409": error("Another vehicle of the fleet has the `vin`"), ...common, ...withBody },
      },
      delete: {
        operationId: "deleteFleetVehicle",
        tags: ["Fleet"],
        summary: "Remove a vehicle",
        description: "Tours already planned keep the figures they were planned with.",
        parameters: parameters(FleetVehiclePath, "path"),
        responses: { "204": { description: "Deleted" }, ...vehicle404, ...common },
      },
    },
    "/routing/geocode": {
      get: {
        operationId: "geocode",
        tags: ["Geocoding"],
        summary: "Coordinates of a town, postcode or address",
        description:
          "The operator's street-level geocoder (Photon or Nominatim API, when configured) answers first, the embedded gazetteer of " +
          "towns and postcodes when it has no answer, fails or times out. `kind`, `approximate` and `unmatched` say how precise the " +
          "answer is (a street the gazetteer does not know gives its town or postcode, `approximate: true`); `source` says who answered.",
        parameters: parameters(GeocodeQuery, "query"),
        responses: {
          "200": json(ref("GeocodeResult"), "Best match"),
          "404": error("No place, postcode or street in the address is known"),
          ...common,
        },
      },
    },
    "/poi/cpos": {
      get: {
        operationId: "listCpos",
        tags: ["Stations"],
        summary: "Charge point operators, most stations first",
        description: "The names `poi_info.cpo` filters by (case-insensitive).",
        responses: { "200": json({ type: "array", items: ref("CPO") }, "Operators"), ...common },
      },
    },
    "/poi/overlays": {
      get: {
        operationId: "listStationOverlays",
        tags: ["Stations"],
        summary: "Truck attributes overlaid on stations: the operator's (every tenant) and this tenant's own",
        description: "Each overlay names its station by `external_id` and says whose it is.",
        responses: { "200": json({ type: "array", items: ref("StationOverlayRecord") }, "Overlays"), ...common },
      },
    },
    "/poi/overlays/{external_id}": {
      put: {
        operationId: "setStationOverlay",
        tags: ["Stations"],
        summary: "State a station's truck attributes for this tenant (tenant admin)",
        description: "Fields left out or null are not stated (the source's value stands); the tenant's overlay wins over the operator's. The planner and its filters use the values from the next plan on; results name each attribute's source in `attribute_sources`.",
        parameters: parameters(StationOverlayPath, "path"),
        requestBody: jsonBody("StationOverlayInput", example(`Truck attributes of ${recorded.overlayStation}`, recorded.overlayInput)),
        responses: { "200": json(ref("StationOverlayRecord"), "The overlay", example("As stored", recorded.overlay)), "404": error("No station this tenant can see has that external_id"), ...common, ...adminOnly, ...withBody },
      },
      delete: {
        operationId: "removeStationOverlay",
        tags: ["Stations"],
        summary: "Remove this tenant's overlay of a station (tenant admin)",
        description: "The operator's overlay, if any, and the source's values apply again from the next plan on.",
        parameters: parameters(StationOverlayPath, "path"),
        responses: { "204": { description: "Removed" }, "404": error("This tenant has no overlay for that station"), ...common, ...adminOnly },
      },
    },
    "/poi/depots": {
      get: {
        operationId: "listDepots",
        tags: ["Stations"],
        summary: "This tenant's own chargers (e.g. at its depots), which only it sees and plans with",
        description: "Depot chargers take part in every plan of the tenant like public stations.",
        responses: { "200": json({ type: "array", items: ref("Depot") }, "Depot chargers"), ...common },
      },
    },
    "/poi/depots/{depot_id}": {
      put: {
        operationId: "putDepot",
        tags: ["Stations"],
        summary: "Create or replace one of this tenant's own chargers (tenant admin)",
        description: "The whole charger is replaced; plans use it from the next plan on.",
        parameters: parameters(DepotPath, "path"),
        requestBody: jsonBody("DepotInput", example("A depot charger in Hamburg", recorded.depotInput)),
        responses: { "200": json(ref("Depot"), "Replaced"), "201": json(ref("Depot"), "Created", example("As stored", recorded.depot)), ...common, ...adminOnly, ...withBody },
      },
      delete: {
        operationId: "deleteDepot",
        tags: ["Stations"],
        summary: "Remove one of this tenant's own chargers (tenant admin)",
        description: "Plans no longer use it from the next plan on; results already planned keep it.",
        parameters: parameters(DepotPath, "path"),
        responses: { "204": { description: "Removed" }, "404": error("No such depot charger in this tenant"), ...common, ...adminOnly },
      },
    },
    "/webhooks/secret": {
      get: {
        operationId: "getWebhookSecret",
        tags: ["Webhooks"],
        summary: "Whether this tenant has a webhook signing secret, since when, and until when a rotated one still signs (never the secret)",
        description: "Receivers verify completion webhooks with this secret (Standard Webhooks).",
        responses: { "200": json(ref("WebhookSecretInfo"), "The secret's dates"), ...common },
      },
      post: {
        operationId: "rotateWebhookSecret",
        tags: ["Webhooks"],
        summary: "Create or rotate this tenant's webhook signing secret (tenant admin); the answer is the only time it is shown",
        description:
          "The new secret signs every webhook from now on; the previous one signs beside it (a second `v1,` signature) for the " +
          "operator's grace period, 24 h by default, so that receivers can switch without losing deliveries.",
        responses: { "200": json(ref("WebhookSecretCreated"), "The new secret"), ...common, ...adminOnly },
      },
    },
    "/poi/prices": {
      get: {
        operationId: "getPrices",
        tags: ["Prices"],
        summary: "This tenant's charging prices: its contracts with operators, its depot energy price and its value of time",
        description: "Plans price charging with these (a contract wins over the operator's ad hoc price).",
        responses: { "200": json(ref("PriceList"), "The price list (empty until an admin sets it)"), ...common },
      },
      put: {
        operationId: "putPrices",
        tags: ["Prices"],
        summary: "Replace this tenant's price list (tenant admin)",
        description: "A JSON body replaces the whole list; a text/csv body replaces only the contracts (a header row of ContractPrice's fields).",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: ref("PriceListInput"), examples: example("A contract with IONITY in Germany", recorded.pricesInput) },
            "text/csv": { schema: { type: "string" } },
          },
        },
        responses: { "200": json(ref("PriceList"), "Stored", example("As stored", recorded.prices)), ...common, ...adminOnly, ...withBody },
      },
    },
  };
}

export function openApiDocument(): Json {
  return {
    openapi: "3.1.0",
    info: {
      title: "Electric truck route planner",
      version: "2.0.0",
      description:
        "Plans routes for electric trucks with charging stops. Submit with POST /planner/v2, poll GET /planner/jobs/{job_id}, " +
        `fetch GET /planner/optimizations/{optimization_id}/result. Bodies are JSON of at most ${MAX_BODY_BYTES} bytes (413 beyond). ` +
        "Every error has a JSON body with `detail` and `request_id`. " +
        `Limits of a planner request: at most ${MAX_SECTIONS} sections, at most ${MAX_TOUR_STRAIGHT_KM.toLocaleString("en")} km in straight lines ` +
        "from each section's start to its stop (422 `tour_too_long` beyond, before any planning); planning that runs past the " +
        "service's time limit (default 120 s) or memory, or a search too large to finish, ends the job `failed` with the reason " +
        "(POST /planner: 422 `plan_time_limit` or `plan_too_large`). A `tenant_id` query parameter naming another tenant is 403 on every endpoint.\n\n" +
        "Guarantees: an accepted submit is always planned (its job is queued in the same transaction that stores it); a job whose " +
        "worker stops (killed, machine lost) is taken back by another worker within 30 s with the default settings (the worker " +
        "renews its lease every 5 s while planning) and gets its final status and result exactly once; a `callback_url` is " +
        "called at least once when the job is final, signed (Standard Webhooks), retried for 24 h, with a stable `webhook-id` " +
        "to deduplicate; validation errors list every problem once, at the `loc` and with the `type` and `msg` FastAPI with " +
        "pydantic v2 gives (list elements at their index); a plan never drives more than 270 min without a 45 min break nor " +
        "more than the day's limit, to the minute of its timeline.",
      license: { name: "AGPL-3.0-or-later", url: "https://www.gnu.org/licenses/agpl-3.0.html" },
      contact: { name: "The operator of this deployment: it issues API keys; quote a response's request_id when reporting a problem" },
    },
    servers: [{ url: "/", description: "This deployment" }],
    security: [{ HTTPBearer: [] }, { HybridAuthBearer: [] }],
    tags,
    paths: { ...paths(), ...replanPaths(idempotencyKey), ...fleetPaths(), ...telematicsPaths(), ...ocpiPaths() },
    components: {
      schemas: { ...componentSchemas(), ...fleetSchemas(), ...replanSchemas(), ...telematicsSchemas(), ...ocpiSchemas() },
      responses: {
        Unauthorized: {
          description: "Missing or invalid API key (with `WWW-Authenticate: Bearer`)",
          headers: { "WWW-Authenticate": { description: "`Bearer`, or `Bearer error=\"invalid_token\"` for an unknown or revoked key", schema: { type: "string" } } },
          content: { "application/json": { schema: ref("HTTPError"), examples: { noKey: { summary: "No Authorization header", value: recorded.notAuthenticated } } } },
        },
        ValidationFailed: {
          description: "Validation error: every violation of the request, each with `loc`, `msg`, `type` (FastAPI's shape, pydantic v2's types), and the request's id",
          content: { "application/json": { schema: ref("HTTPValidationError"), examples: { outOfRange: { summary: "Two fields out of range", value: recorded.validationError } } } },
        },
        TooManyRequests: {
          description: "The API key's request rate is used up; or, on a submit, the tenant's unfinished jobs (TENANT_MAX_QUEUED_JOBS) or POST /planner plans in hand (TENANT_MAX_SYNC_PLANS) are at their limit",
          headers: retryAfter,
          content: { "application/json": { schema: ref("HTTPError") } },
        },
        Unavailable: {
          description: "Data packs not built, or the database unreachable for a moment: nothing was stored; retry (POST /planner/v2 with the same `Idempotency-Key`)",
          headers: retryAfter,
          content: { "application/json": { schema: ref("HTTPError") } },
        },
      },
      securitySchemes: {
        HTTPBearer: { type: "http", scheme: "bearer", description: "API key" },
        HybridAuthBearer: { type: "http", scheme: "bearer", description: "API key (same keys)" },
      },
    },
  };
}
