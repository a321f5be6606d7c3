// OCPI 2.2.1: the Location, EVSE and Connector objects a CPO pushes to the Receiver interface
// (/ocpi/2.2.1/locations/..., mod_locations.asciidoc), and the REST API that registers the parties
// allowed to push (/ocpi/parties). The objects are checked for the fields the specification marks
// required (cardinality 1 or +) and for the types of the fields the planner reads; every other field
// is kept as sent (loose objects), so a GET gives back what was pushed.
import { z } from "zod";
import { queryInt } from "./fields";

/** Limits of one object: the body limit bounds the rest. */
export const MAX_EVSES_PER_LOCATION = 1_000;
export const MAX_CONNECTORS_PER_EVSE = 50;
/** Locations one party may have stored per feed (a national access point's feed has tens of thousands). */
export const MAX_LOCATIONS_PER_FEED = 100_000;
/** Parties (tokens) one tenant may register. */
export const MAX_PARTIES_PER_TENANT = 100;

/** OCPI `Status` (EVSE), 8.4.22. */
export const OCPI_STATUSES = ["AVAILABLE", "BLOCKED", "CHARGING", "INOPERATIVE", "OUTOFORDER", "PLANNED", "REMOVED", "RESERVED", "UNKNOWN"] as const;
export const OcpiStatus = z.enum(OCPI_STATUSES);
export type OcpiStatus = z.infer<typeof OcpiStatus>;

/** Printable ASCII (OCPI CiString), 1..max characters. */
const ciString = (max: number) => z.string().min(1).max(max).regex(/^[\x20-\x7e]+$/, "Only printable ASCII characters (OCPI CiString)");
export const CountryCode = z.string().regex(/^[A-Za-z]{2}$/, "Two letters (ISO 3166-1 alpha-2)").describe("ISO 3166-1 alpha-2 country code of the party (OCPI `country_code`)");
export const PartyId = z.string().regex(/^[A-Za-z0-9]{3}$/, "Three letters or digits (ISO 15118 party id)").describe("The party's id within its country (OCPI `party_id`, ISO 15118)");
export const ObjectId = ciString(36);

/**
 * OCPI DateTime (types.asciidoc): RFC 3339, in UTC; without a zone designator it is UTC. Offsets are
 * read too (the specification forbids them, some senders use +00:00).
 */
export const OcpiDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})?$/i, "An RFC 3339 date-time in UTC, e.g. 2026-11-27T10:00:00Z")
  .refine((s) => Number.isFinite(ocpiTime(s)), "Not a date-time");

/** Epoch ms of an OCPI DateTime (UTC when it names no zone); NaN when unreadable. */
export function ocpiTime(s: string): number {
  return Date.parse(/(Z|[+-]\d{2}:\d{2})$/i.test(s) ? s : `${s}Z`);
}

const Latitude = z.string().regex(/^-?\d{1,2}(\.\d{1,10})?$/, "Decimal degrees as text, e.g. \"50.770774\"").refine((s) => Math.abs(Number(s)) <= 90, "Beyond +-90");
const Longitude = z.string().regex(/^-?\d{1,3}(\.\d{1,10})?$/, "Decimal degrees as text, e.g. \"-126.104965\"").refine((s) => Math.abs(Number(s)) <= 180, "Beyond +-180");
export const GeoLocation = z.looseObject({ latitude: Latitude, longitude: Longitude });

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "HH:MM");
const ExceptionalPeriod = z.looseObject({ period_begin: OcpiDateTime, period_end: OcpiDateTime });
export const Hours = z.looseObject({
  twentyfourseven: z.boolean(),
  regular_hours: z.array(z.looseObject({ weekday: z.int().min(1).max(7), period_begin: HHMM, period_end: HHMM })).max(100).nullish(),
  exceptional_openings: z.array(ExceptionalPeriod).max(1000).nullish(),
  exceptional_closings: z.array(ExceptionalPeriod).max(1000).nullish(),
});

const POWER_TYPES = ["AC_1_PHASE", "AC_2_PHASE", "AC_2_PHASE_SPLIT", "AC_3_PHASE", "DC"] as const;
const strings = (max: number, each = 255) => z.array(z.string().max(each)).max(max).nullish();

/** Connector fields; `standard` is any text (newer standards such as MCS are not in 2.2.1's list). */
const connectorFields = {
  id: ObjectId,
  standard: z.string().min(1).max(50),
  format: z.enum(["SOCKET", "CABLE"]),
  power_type: z.enum(POWER_TYPES),
  max_voltage: z.number().min(0).max(100_000),
  max_amperage: z.number().min(0).max(100_000),
  max_electric_power: z.number().min(0).max(1e8).nullish(),
  tariff_ids: strings(100, 36),
  terms_and_conditions: z.string().max(255).nullish(),
  last_updated: OcpiDateTime,
};
export const OcpiConnector = z.looseObject(connectorFields);
export const OcpiConnectorPatch = z.looseObject({ ...partial(connectorFields), last_updated: OcpiDateTime });

const StatusSchedule = z.looseObject({ period_begin: OcpiDateTime, period_end: OcpiDateTime.nullish(), status: OcpiStatus });
const evseFields = {
  uid: ObjectId,
  evse_id: z.string().max(48).nullish(),
  status: OcpiStatus,
  status_schedule: z.array(StatusSchedule).max(100).nullish(),
  capabilities: strings(50),
  connectors: z.array(OcpiConnector).min(1).max(MAX_CONNECTORS_PER_EVSE),
  coordinates: GeoLocation.nullish(),
  parking_restrictions: strings(10),
  last_updated: OcpiDateTime,
};
export const OcpiEvse = z.looseObject(evseFields);
/** In a PATCH, EVSEs' connectors are merged by id: each may be partial. */
export const OcpiEvsePatch = z.looseObject({
  ...partial(evseFields),
  connectors: z.array(z.looseObject({ ...partial(connectorFields), id: ObjectId })).max(MAX_CONNECTORS_PER_EVSE).optional(),
  last_updated: OcpiDateTime,
});

const locationFields = {
  country_code: CountryCode,
  party_id: PartyId,
  id: ObjectId,
  publish: z.boolean(),
  name: z.string().max(255).nullish(),
  address: z.string().max(255),
  city: z.string().max(255),
  postal_code: z.string().max(50).nullish(),
  country: z.string().min(2).max(3),
  coordinates: GeoLocation,
  evses: z.array(OcpiEvse).max(MAX_EVSES_PER_LOCATION).nullish(),
  operator: z.looseObject({ name: z.string().max(255) }).nullish(),
  facilities: strings(50),
  time_zone: z.string().min(1).max(255),
  opening_times: Hours.nullish(),
  last_updated: OcpiDateTime,
};
export const OcpiLocation = z.looseObject(locationFields);
export type OcpiLocation = z.infer<typeof OcpiLocation>;
export type OcpiEvse = z.infer<typeof OcpiEvse>;
export type OcpiConnector = z.infer<typeof OcpiConnector>;
/** In a PATCH, EVSEs are merged by uid (and their connectors by id): each may be partial. */
export const OcpiLocationPatch = z.looseObject({
  ...partial(locationFields),
  evses: z.array(OcpiEvsePatch.extend({ uid: ObjectId, last_updated: OcpiDateTime.optional() })).max(MAX_EVSES_PER_LOCATION).optional(),
  last_updated: OcpiDateTime,
});

/** Every field optional (a PATCH names what changes); null stays refused where the field is required. */
function partial<T extends Record<string, z.ZodType>>(fields: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as { [K in keyof T]: z.ZodOptional<T[K]> };
}

// ---- REST: the parties a tenant admin registers (POST|GET /ocpi/parties, DELETE /ocpi/parties/{party_ref}) ----

export const OcpiPartyInput = z
  .strictObject({
    country_code: CountryCode,
    party_id: PartyId,
    label: z.string().max(200).nullish().describe("A name for the connection, e.g. the CPO's name"),
  })
  .meta({ id: "OcpiPartyInput" });

export const OcpiPartyRecord = z
  .object({
    id: z.int().describe("The registration's id (DELETE /ocpi/parties/{party_ref})"),
    country_code: z.string().describe("Upper case, as stored"),
    party_id: z.string().describe("Upper case, as stored"),
    label: z.string().nullable(),
    token_prefix: z.string().describe("The token's first characters, to tell tokens apart (never the token)"),
    created_at: z.iso.datetime(),
    last_used_at: z.iso.datetime().nullable().describe("Last OCPI request made with the token (to the minute)"),
    revoked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "OcpiPartyRecord" });
export type OcpiPartyRecord = z.infer<typeof OcpiPartyRecord>;

export const OcpiPartyCreated = OcpiPartyRecord.extend({
  token: z.string().describe("The credentials token the party sends (`Authorization: Token <token>`, Base64-encoded or as it is): shown in this answer only"),
  versions_url: z.string().describe("The OCPI versions endpoint to give the party with the token"),
}).meta({ id: "OcpiPartyCreated" });
export type OcpiPartyCreated = z.infer<typeof OcpiPartyCreated>;

export const OcpiPartyPath = z.object({
  party_ref: queryInt(1, 2_147_483_647).describe("The registration's `id`"),
});
