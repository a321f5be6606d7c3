// Helper lookups: vehicle models, the tenant's fleet, geocoding, operators.
import { z } from "zod";

export const VehicleModelsQuery = z.object({
  manufacturer: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .describe("Manufacturer name(s) to keep, case-insensitive; repeat the parameter for several"),
});

export const VehicleModelsMapping = z
  .record(z.string(), z.record(z.string(), z.string()))
  .describe("manufacturer -> model name -> model code")
  .meta({ id: "VehicleModelsMapping" });


export const GeocodeQuery = z.object({
  address: z.string({ error: "Field required" }).trim().min(1).max(300).describe("Town, postcode, or street address (streets are matched to their town or postcode)"),
});

export const GeocodeResult = z
  .looseObject({
    latitude: z.number(),
    longitude: z.number(),
    label: z.string().describe("What the address was matched to"),
    kind: z.enum(["postcode", "place"]),
  })
  .meta({ id: "GeocodeResult" });

export const CpoEntry = z
  .looseObject({ name: z.string(), station_count: z.int() })
  .meta({ id: "CPO" });

export const ErrorDetail = z
  .object({
    loc: z.array(z.union([z.string(), z.int()])),
    msg: z.string(),
    type: z.string(),
  })
  .meta({ id: "ValidationError" });

export const HTTPValidationError = z.object({ detail: z.array(ErrorDetail) }).meta({ id: "HTTPValidationError" });
export const HTTPError = z
  .looseObject({ detail: z.string() })
  .describe("Any error other than validation: `detail` says what went wrong")
  .meta({ id: "HTTPError" });
