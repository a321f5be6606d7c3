// The OpenAPI document's schemas and parameters, converted from the zod contract.
import { z } from "zod";
import { ErrorDetail, HTTPError, HTTPValidationError } from "../contract/errors";
import { FleetVehicle, FleetVehicleInput, FleetVehiclePatch, VehicleFigures, VehicleOverrides } from "../contract/fleet";
import { CpoEntry, GeocodeResult, VehicleModelsMapping } from "../contract/lookups";
import { PoiInfo } from "../contract/poi";
import { ContractPrice, PriceList, PriceListInput } from "../contract/prices";
import * as results from "../contract/result";
import { RouteOptimizationRequest, SectionRequest } from "../contract/request";
import { Depot, DepotInput, StationOverlayInput, StationOverlayRecord } from "../contract/stations";
import { WebhookSecretCreated, WebhookSecretInfo } from "../contract/webhooks";

export type Json = Record<string, unknown>;
export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

export type Examples = Record<string, { summary: string; value: unknown }>;
/** A JSON answer of `schema`. */
export const json = (schema: Json, description: string, examples?: Examples) => ({
  description,
  content: { "application/json": { schema, ...(examples ? { examples } : {}) } },
});
/** An error answer (`detail`, `request_id`). */
export const error = (description: string, examples?: Examples) => json(ref("HTTPError"), description, examples);
/** Answers every operation can give. */
export const COMMON_ANSWERS = {
  "401": { $ref: "#/components/responses/Unauthorized" },
  "403": error("`tenant_id` names another tenant than the API key's"),
  "422": { $ref: "#/components/responses/ValidationFailed" },
  "429": { $ref: "#/components/responses/TooManyRequests" },
  "503": { $ref: "#/components/responses/Unavailable" },
};

/** Components as the document holds them: without each converted schema's own $schema and $id. */
export function asComponents(all: Record<string, Json>): Record<string, Json> {
  for (const s of Object.values(all)) {
    delete s.$schema;
    delete s.$id;
  }
  return all;
}
const opts = { target: "draft-2020-12" as const, unrepresentable: "any" as const, uri: (id: string) => `#/components/schemas/${id}` };

// zod puts a schema that carries an `id` (`.meta({ id })`) but is missing from the registry being converted
// into a `__shared` schema and refers to it as `<uri(__shared)>#/$defs/<id>`: a second `#` that no OpenAPI
// tool resolves. So every such schema is promoted to a component of its own and the conversion repeated
// until nothing is shared; anything else left shared throws. The schema is found inside the schemas being
// converted, not in zod's global registry by id: a bundle may hold a module twice (Next's build does), and
// the global registry then maps the id to the other copy, which zod calls a duplicate id.
function withId(roots: z.ZodType[], id: string): z.ZodType | undefined {
  const seen = new Set<unknown>();
  const stack: unknown[] = [...roots];
  while (stack.length) {
    const node = stack.pop();
    if (!node || typeof node !== "object" || seen.has(node)) continue;
    seen.add(node);
    if (node instanceof z.ZodType) {
      if (z.globalRegistry.get(node)?.id === id) return node;
      stack.push(...Object.values((node as unknown as { _zod: { def: Record<string, unknown> } })._zod.def));
    } else if (Array.isArray(node)) {
      stack.push(...node);
    } else if (Object.getPrototypeOf(node) === Object.prototype) {
      stack.push(...Object.values(node)); // an object's shape
    }
  }
  return undefined;
}

export function convert(named: Record<string, z.ZodType>, io: "input" | "output"): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, s] of Object.entries(named)) registry.add(s, { id });
  for (;;) {
    const { schemas } = z.toJSONSchema(registry, { ...opts, io }) as { schemas: Record<string, Json> };
    const shared = Object.keys((schemas.__shared?.$defs as Json | undefined) ?? {});
    if (shared.length === 0) return schemas;
    for (const id of shared) {
      const schema = withId(Object.values(named), id);
      if (!schema || registry.has(schema)) throw new Error(`OpenAPI: schema ${id} is shared but has no id of its own: give it .meta({ id })`);
      registry.add(schema, { id });
    }
  }
}

export function componentSchemas(): Record<string, Json> {
  const a = convert({ RouteOptimizationRequest, SectionRequest, POIInfo: PoiInfo, FleetVehicleInput, FleetVehiclePatch, VehicleOverrides, StationOverlayInput, DepotInput, PriceListInput, ContractPrice }, "input");
  const b = convert({
    SubmitResponse: results.SubmitResponse, JobRecord: results.JobRecord, OptimizationResultResponse: results.OptimizationResultResponse,
    ResultSection: results.ResultSection, ResultPOISummary: results.ResultPOISummary, ResultPOIAlternative: results.ResultPOIAlternative,
    ResultPOI: results.ResultPOI, ResultAvailableStation: results.ResultAvailableStation, NotDrivableReason: results.NotDrivableReason,
    TollSummary: results.TollSummary, POIInfo: PoiInfo, ValidationError: ErrorDetail,
    VehicleModelsMapping, FleetVehicle, VehicleOverrides, VehicleFigures, GeocodeResult, CPO: CpoEntry, HTTPValidationError, HTTPError,
    StationOverlayRecord, Depot, PriceList, CallbackStatus: results.CallbackStatus, WebhookSecretInfo, WebhookSecretCreated,
  }, "output");
  return asComponents({ ...b, ...a });
}

/** A parameter per field; a field that names a schema by id would need a component: none does, and one that did throws. */
export function parameters(schema: z.ZodObject, where: "query" | "path"): Json[] {
  return Object.entries(schema.shape).map(([name, field]) => {
    const s = z.toJSONSchema(field as z.ZodType, { ...opts, io: "output" }) as Json;
    if (s.$defs || s.$ref) throw new Error(`OpenAPI: parameter ${name} refers to a named schema`);
    delete s.$schema;
    const description = s.description;
    delete s.description;
    const optional = (field as z.ZodType).safeParse(undefined).success;
    return { name, in: where, required: where === "path" || !optional, schema: s, ...(description ? { description } : {}) };
  });
}
