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
  address: z.string({ error: "Field required" }).trim().min(1).max(300)
    .describe("Street address, town or postcode, e.g. `Marienplatz 1, 80331 München`, `Berlin Alexanderplatz`, `NL 3011`"),
});

export const GeocodeKind = z
  .enum(["address", "street", "postcode", "place"])
  .describe(
    "How precise the answer is: `address` a house or point of interest, `street` a street, `postcode` the centre of a " +
      "postcode area, `place` the centre of a town or district. The embedded gazetteer answers `postcode` or `place` only",
  );

export const GeocodeResult = z
  .looseObject({
    latitude: z.number(),
    longitude: z.number(),
    label: z.string().describe("What the address was matched to: `Berlin, DE`, `80331 München, DE`, or the street-level geocoder's address"),
    kind: GeocodeKind,
    approximate: z.boolean().describe(
      "True when the answer is coarser than the query: a street or house number the gazetteer does not know (then `unmatched` " +
        "names it, and the answer is the town or postcode around it), or a street-level geocoder's answer without the house number asked for",
    ),
    unmatched: z.string().optional().describe("The parts of the query the answer does not account for, as written (e.g. `Alexanderplatz`); only when `approximate` is true"),
    source: z.enum(["embedded", "photon", "nominatim"]).describe(
      "Who answered: `embedded` (the built-in gazetteer of towns and postcodes, GeoNames) or the operator's street-level geocoder (`photon`, `nominatim`)",
    ),
  })
  .meta({
    id: "GeocodeResult",
    examples: [
      { latitude: 52.5244, longitude: 13.4105, label: "Berlin, DE", kind: "place", approximate: true, unmatched: "Alexanderplatz", source: "embedded" },
      { latitude: 48.1345, longitude: 11.571, label: "80331 München, DE", kind: "postcode", approximate: false, source: "embedded" },
    ],
  });

export const CpoEntry = z
  .looseObject({ name: z.string(), station_count: z.int() })
  .meta({ id: "CPO" });
