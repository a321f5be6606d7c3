// The OpenAPI 3.1 document, generated from the zod contract (nothing re-declared here
// but the operations' prose).
import { ContractPrice, PriceList, PriceListInput } from "../contract/prices";
import { z } from "zod";
import { FleetVehicle, FleetVehicleInput, FleetVehiclePatch, FleetVehiclePath, VehicleFigures, VehicleOverrides } from "../contract/fleet";
import { ErrorDetail, HTTPError, HTTPValidationError } from "../contract/errors";
import { CpoEntry, GeocodeQuery, GeocodeResult, VehicleModelsMapping, VehicleModelsQuery } from "../contract/lookups";
import { PoiInfo } from "../contract/poi";
import * as results from "../contract/result";
import { JobPath, LegacyPlannerQuery, MAX_SECTIONS, MAX_TOUR_STRAIGHT_KM, OptimizationPath, PlannerQuery, ResultQuery, RouteOptimizationRequest, SectionRequest } from "../contract/request";
import { Depot, DepotInput, DepotPath, StationOverlayInput, StationOverlayPath, StationOverlayRecord } from "../contract/stations";
import { WebhookSecretCreated, WebhookSecretInfo } from "../contract/webhooks";
import { MAX_BODY_BYTES } from "./http/request";

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const opts = { target: "draft-2020-12" as const, unrepresentable: "any" as const, uri: (id: string) => `#/components/schemas/${id}` };

// zod puts a schema that carries an `id` (`.meta({ id })`) but is missing from the registry being converted
// into a `__shared` schema and refers to it as `<uri(__shared)>#/$defs/<id>`: a second `#` that no OpenAPI
// tool resolves. So every such schema is promoted to a component of its own (looked up by its id in zod's
// global registry) and the conversion repeated until nothing is shared; anything else left shared throws.
function convert(named: Record<string, z.ZodType>, io: "input" | "output"): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(named)) registry.add(s, { id });
  for (;;) {
    const { schemas } = z.toJSONSchema(registry, { ...opts, io }) as { schemas: Record<string, Json> };
    const shared = Object.keys((schemas.__shared?.$defs as Json | undefined) ?? {});
    if (shared.length === 0) return schemas;
    for (const id of shared) {
      const schema = z.globalRegistry._idmap.get(id);
      if (!schema || registry.has(schema)) throw new Error(`OpenAPI: schema ${id} is shared but has no id of its own: give it .meta({ id })`);
      registry.add(schema, { id });
    }
  }
}

function componentSchemas(): Record<string, Json> {
  const a = convert({ RouteOptimizationRequest, SectionRequest, POIInfo: PoiInfo, FleetVehicleInput, FleetVehiclePatch, VehicleOverrides, StationOverlayInput, DepotInput, PriceListInput, ContractPrice }, "input");
  const b = convert({
    SubmitResponse: results.SubmitResponse, JobRecord: results.JobRecord, OptimizationResultResponse: results.OptimizationResultResponse,
    ResultSection: results.ResultSection, ResultPOISummary: results.ResultPOISummary, ResultPOIAlternative: results.ResultPOIAlternative,
    ResultPOI: results.ResultPOI, ResultAvailableStation: results.ResultAvailableStation, NotDrivableReason: results.NotDrivableReason,
    TollSummary: results.TollSummary, POIInfo: PoiInfo, ValidationError: ErrorDetail,
    VehicleModelsMapping, FleetVehicle, VehicleOverrides, VehicleFigures, GeocodeResult, CPO: CpoEntry, HTTPValidationError, HTTPError,
    StationOverlayRecord, Depot, PriceList, CallbackStatus: results.CallbackStatus, WebhookSecretInfo, WebhookSecretCreated,
  }, "output");
  const all = { ...b, ...a };
  for (const s of Object.values(all)) {
    delete s.$schema;
    delete s.$id;
  }
  return all;
}

function parameters(schema: z.ZodObject, where: "query" | "path"): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const s = z.toJSONSchema(field as z.ZodType, { ...opts, io: "output" }) as Json;
    delete s.$schema;
    const description = s.description;
    delete s.description;
    const optional = (field as z.ZodType).safeParse(undefined).success;
    return { name, in: where, required: where === "path" || !optional, schema: s, ...(description ? { description } : {}) };
  });
}

const json = (schema: Json, description: string) => ({ description, content: { "application/json": { schema } } });
const errors = {
  "401": json(ref("HTTPError"), "Missing or invalid API key (with `WWW-Authenticate: Bearer`)"),
  "422": json(ref("HTTPValidationError"), "Validation error: every violation of the request, each with `loc`, `msg`, `type`"),
};
const adminOnly = { "403": json(ref("HTTPError"), "The API key's role is `member`: only a tenant admin key may change station data") };
const vehicle404 = { "404": json(ref("HTTPError"), "No such vehicle in this tenant's fleet") };
const security = [{ HTTPBearer: [] }, { HybridAuthBearer: [] }];

export function openApiDocument(): Json {
  const plannerBody = { required: true, content: { "application/json": { schema: ref("RouteOptimizationRequest") } } };
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
        "(POST /planner: 422 `plan_time_limit` or `plan_too_large`). A `tenant_id` query parameter naming another tenant is 403 on every endpoint.",
    },
    servers: [{ url: "/" }],
    security,
    paths: {
      "/planner/v2": {
        post: {
          operationId: "submitOptimization",
          summary: "Submit a route optimization (asynchronous)",
          description:
            "With `callback_url` the service POSTs `{job_id, optimization_id, tour_id, status}` there when the job is final, signed as " +
            "Standard Webhooks specify (headers `webhook-id`, `webhook-timestamp`, `webhook-signature`; HMAC-SHA256 with the tenant's " +
            "secret from POST /webhooks/secret), at least once, retried with exponential backoff for 24 h; GET /planner/jobs/{job_id} " +
            "shows its delivery in `callback`. https only and public addresses only unless the operator allows more; a refused URL is a 422 at `[\"body\", \"callback_url\"]`.",
          parameters: parameters(PlannerQuery, "query"),
          requestBody: plannerBody,
          responses: {
            "200": json(ref("SubmitResponse"), "Queued; `warnings` lists filters the station data cannot answer"),
            "403": json(ref("HTTPError"), "`tenant_id` names another tenant"),
            "413": json(ref("HTTPError"), "Body too large"),
            ...errors,
          },
        },
      },
      "/planner": {
        post: {
          operationId: "planSynchronously",
          summary: "Plan a route and answer with the result (legacy v1)",
          description:
            "Same body as v2. `available_charging_stations` is included when `include_available_charging_stations` is true (body or query). " +
            "Planned with a job's time limit: a plan that cannot finish within the time, memory or search limits is a 422 " +
            "(`plan_time_limit`, `plan_too_large`) with the reason; a planning process that stopped for another reason a 503 with Retry-After.",
          parameters: parameters(LegacyPlannerQuery, "query"),
          requestBody: plannerBody,
          responses: { "200": json(ref("OptimizationResultResponse"), "The result, with `job_id` added"), "403": json(ref("HTTPError"), "`tenant_id` names another tenant"), ...errors },
        },
      },
      "/planner/jobs/{job_id}": {
        get: {
          operationId: "getJob",
          summary: "Job status: queued -> running -> succeeded | not_drivable | failed",
          parameters: parameters(JobPath, "path"),
          responses: { "200": json(ref("JobRecord"), "The job"), "404": json(ref("HTTPError"), "No such job for this tenant"), ...errors },
        },
      },
      "/planner/optimizations/{optimization_id}/result": {
        get: {
          operationId: "getResult",
          summary: "The optimization result, once the job is succeeded or not_drivable",
          parameters: [...parameters(OptimizationPath, "path"), ...parameters(ResultQuery, "query")],
          responses: {
            "200": json(ref("OptimizationResultResponse"), "The result, identical on every fetch"),
            "403": json(ref("HTTPError"), "`tenant_id` names another tenant"),
            "404": json(ref("HTTPError"), "No such optimization for this tenant"),
            "409": json(ref("HTTPError"), "Not finished yet (or failed): `status` and `job_id` say which"),
            ...errors,
          },
        },
      },
      "/vehicles/info/models": {
        get: {
          operationId: "listVehicleModels",
          summary: "Vehicle models by manufacturer",
          parameters: parameters(VehicleModelsQuery, "query").map((p) => ({ ...p, schema: { type: "array", items: { type: "string" } }, style: "form", explode: true })),
          responses: { "200": json(ref("VehicleModelsMapping"), "manufacturer -> model name -> code"), ...errors },
        },
      },
      "/vehicles": {
        get: {
          operationId: "listFleet",
          summary: "The tenant's vehicles: valid `vehicle_id` values",
          responses: { "200": json({ type: "array", items: ref("FleetVehicle") }, "The fleet"), ...errors },
        },
        post: {
          operationId: "createFleetVehicle",
          summary: "Add a vehicle: a catalog model, optionally with overridden figures",
          description: "`model_code` must be a catalog code; `tareKg` must stay below `maxGrossKg` after the overrides (422 on the field).",
          requestBody: { required: true, content: { "application/json": { schema: ref("FleetVehicleInput") } } },
          responses: {
            "201": json(ref("FleetVehicle"), "Created; `effective` lists the figures the planner will use"),
            "409": json(ref("HTTPError"), "`vehicle_id` already exists in this fleet"),
            "413": json(ref("HTTPError"), "Body too large"),
            ...errors,
          },
        },
      },
      "/vehicles/{vehicle_id}": {
        get: {
          operationId: "getFleetVehicle",
          summary: "One vehicle of the tenant's fleet",
          parameters: parameters(FleetVehiclePath, "path"),
          responses: { "200": json(ref("FleetVehicle"), "The vehicle"), ...vehicle404, ...errors },
        },
        patch: {
          operationId: "updateFleetVehicle",
          summary: "Change a vehicle's name, model or overrides",
          description: "Fields left out stay as they are; `overrides` replaces all overrides, `null` clears them. Tours already planned keep their figures.",
          parameters: parameters(FleetVehiclePath, "path"),
          requestBody: { required: true, content: { "application/json": { schema: ref("FleetVehiclePatch") } } },
          responses: { "200": json(ref("FleetVehicle"), "The updated vehicle"), ...vehicle404, ...errors },
        },
        delete: {
          operationId: "deleteFleetVehicle",
          summary: "Remove a vehicle; tours already planned keep the figures they were planned with",
          parameters: parameters(FleetVehiclePath, "path"),
          responses: { "204": { description: "Deleted" }, ...vehicle404, ...errors },
        },
      },
      "/routing/geocode": {
        get: {
          operationId: "geocode",
          summary: "Coordinates of a town, postcode or address",
          description:
            "The operator's street-level geocoder (Photon or Nominatim API, when configured) answers first, the embedded gazetteer of " +
            "towns and postcodes when it has no answer, fails or times out. `kind`, `approximate` and `unmatched` say how precise the " +
            "answer is (a street the gazetteer does not know gives its town or postcode, `approximate: true`); `source` says who answered.",
          parameters: parameters(GeocodeQuery, "query"),
          responses: {
            "200": json(ref("GeocodeResult"), "Best match"),
            "404": json(ref("HTTPError"), "No place, postcode or street in the address is known"),
            ...errors,
          },
        },
      },
      "/poi/cpos": {
        get: {
          operationId: "listCpos",
          summary: "Charge point operators, most stations first",
          responses: { "200": json({ type: "array", items: ref("CPO") }, "Operators"), ...errors },
        },
      },
      "/poi/overlays": {
        get: {
          operationId: "listStationOverlays",
          summary: "Truck attributes overlaid on stations: the operator's (every tenant) and this tenant's own",
          responses: { "200": json({ type: "array", items: ref("StationOverlayRecord") }, "Overlays"), ...errors },
        },
      },
      "/poi/overlays/{external_id}": {
        put: {
          operationId: "setStationOverlay",
          summary: "State a station's truck attributes for this tenant (tenant admin)",
          description: "Fields left out or null are not stated (the source's value stands); the tenant's overlay wins over the operator's. The planner and its filters use the values from the next plan on; results name each attribute's source in `attribute_sources`.",
          parameters: parameters(StationOverlayPath, "path"),
          requestBody: { required: true, content: { "application/json": { schema: ref("StationOverlayInput") } } },
          responses: { "200": json(ref("StationOverlayRecord"), "The overlay"), "404": json(ref("HTTPError"), "No station this tenant can see has that external_id"), ...adminOnly, ...errors },
        },
        delete: {
          operationId: "removeStationOverlay",
          summary: "Remove this tenant's overlay of a station (tenant admin)",
          parameters: parameters(StationOverlayPath, "path"),
          responses: { "204": { description: "Removed" }, "404": json(ref("HTTPError"), "This tenant has no overlay for that station"), ...adminOnly, ...errors },
        },
      },
      "/poi/depots": {
        get: {
          operationId: "listDepots",
          summary: "This tenant's own chargers (e.g. at its depots), which only it sees and plans with",
          responses: { "200": json({ type: "array", items: ref("Depot") }, "Depot chargers"), ...errors },
        },
      },
      "/poi/depots/{depot_id}": {
        put: {
          operationId: "putDepot",
          summary: "Create or replace one of this tenant's own chargers (tenant admin)",
          parameters: parameters(DepotPath, "path"),
          requestBody: { required: true, content: { "application/json": { schema: ref("DepotInput") } } },
          responses: { "201": json(ref("Depot"), "Created"), "200": json(ref("Depot"), "Replaced"), ...adminOnly, ...errors },
        },
        delete: {
          operationId: "deleteDepot",
          summary: "Remove one of this tenant's own chargers (tenant admin)",
          parameters: parameters(DepotPath, "path"),
          responses: { "204": { description: "Removed" }, "404": json(ref("HTTPError"), "No such depot charger in this tenant"), ...adminOnly, ...errors },
        },
      },
      "/webhooks/secret": {
        get: {
          operationId: "getWebhookSecret",
          summary: "Whether this tenant has a webhook signing secret, since when, and until when a rotated one still signs (never the secret)",
          responses: { "200": json(ref("WebhookSecretInfo"), "The secret's dates"), ...errors },
        },
        post: {
          operationId: "rotateWebhookSecret",
          summary: "Create or rotate this tenant's webhook signing secret (tenant admin); the answer is the only time it is shown",
          description:
            "The new secret signs every webhook from now on; the previous one signs beside it (a second `v1,` signature) for the " +
            "operator's grace period, 24 h by default, so that receivers can switch without losing deliveries.",
          responses: { "200": json(ref("WebhookSecretCreated"), "The new secret"), ...adminOnly, ...errors },
        },
      },
      "/poi/prices": {
        get: {
          operationId: "getPrices",
          summary: "This tenant's charging prices: its contracts with operators, its depot energy price and its value of time",
          responses: { "200": json(ref("PriceList"), "The price list (empty until an admin sets it)"), ...errors },
        },
        put: {
          operationId: "putPrices",
          summary: "Replace this tenant's price list (tenant admin); a text/csv body replaces only the contracts (a header of ContractPrice's fields)",
          requestBody: {
            required: true,
            content: { "application/json": { schema: ref("PriceListInput") }, "text/csv": { schema: { type: "string" } } },
          },
          responses: { "200": json(ref("PriceList"), "Stored"), ...adminOnly, ...errors },
        },
      },
    },
    components: {
      schemas: componentSchemas(),
      securitySchemes: {
        HTTPBearer: { type: "http", scheme: "bearer", description: "API key" },
        HybridAuthBearer: { type: "http", scheme: "bearer", description: "API key (same keys)" },
      },
    },
  };
}
