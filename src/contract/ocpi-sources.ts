// OCPI pull sources: the CPOs and hubs the service pulls Locations from as an eMSP does. The REST API a
// tenant admin registers them with (POST|GET /ocpi/sources, GET|DELETE /ocpi/sources/{source_ref}), and
// the OCPI 2.2.1 objects the service reads from a source in the handshake (version_information_endpoint.asciidoc,
// credentials.asciidoc), checked for what the service uses; other fields are ignored.
import { z } from "zod";
import { queryInt } from "./fields";

/** Active sources one tenant may register. */
export const MAX_SOURCES_PER_TENANT = 20;
/** A credentials token is string(64) in OCPI 2.2.1; some parties use longer ones. */
export const MAX_TOKEN_CHARS = 255;

const Token = z.string().min(1).max(MAX_TOKEN_CHARS).regex(/^[\x21-\x7e]+$/, "Printable ASCII without spaces (an OCPI credentials token as it is, not Base64-encoded)");

export const OcpiSourceInput = z
  .strictObject({
    versions_url: z.string().min(1).max(2000).describe("The party's OCPI versions endpoint (https), as it gave it out of band"),
    token: Token.describe("The credentials token the party gave out of band (its CREDENTIALS_TOKEN_A), as it is: never returned"),
    label: z.string().max(200).nullish().describe("A name for the connection, e.g. the CPO's name"),
  })
  .meta({ id: "OcpiSourceInput" });
export type OcpiSourceInput = z.infer<typeof OcpiSourceInput>;

export const SOURCE_STATUSES = ["pending", "ok", "failing", "revoked"] as const;
export const PULL_STAGES = ["versions", "details", "credentials", "locations", "storage"] as const;

const Role = z.object({
  role: z.string().describe("CPO, HUB, EMSP, NSP, NAP or OTHER"),
  country_code: z.string(),
  party_id: z.string(),
  name: z.string().nullable().describe("business_details.name"),
});

export const OcpiSourceError = z
  .object({
    at: z.iso.datetime(),
    stage: z.enum(PULL_STAGES).describe("versions, details, credentials (the handshake), locations (a pull), storage (writing what was pulled)"),
    message: z.string(),
    http_status: z.int().nullable(),
    status_code: z.int().nullable().describe("The OCPI status_code the party answered, e.g. 3001, 3002, 3003"),
  })
  .meta({ id: "OcpiSourceError" });
export type OcpiSourceError = z.infer<typeof OcpiSourceError>;

export const OcpiPullSummary = z
  .object({
    kind: z.enum(["full", "incremental"]),
    started_at: z.iso.datetime(),
    finished_at: z.iso.datetime(),
    date_from: z.iso.datetime().nullable().describe("The `date_from` an incremental pull asked with"),
    pages: z.int(),
    objects: z.int().describe("Locations received"),
    written: z.int().describe("Locations new or newer than the stored ones"),
    skipped: z.int().describe("Locations not used: invalid, or of a party the source's roles do not name"),
    removed: z.int().describe("Locations a full pull no longer listed, removed"),
    total_count: z.int().nullable().describe("The party's X-Total-Count"),
    problems: z.array(z.string()).describe("Why the first skipped Locations were skipped (at most 5)"),
  })
  .meta({ id: "OcpiPullSummary" });
export type OcpiPullSummary = z.infer<typeof OcpiPullSummary>;

export const OcpiSourceRecord = z
  .object({
    id: z.int().describe("The source's id (GET|DELETE /ocpi/sources/{source_ref})"),
    label: z.string().nullable(),
    versions_url: z.string(),
    status: z.enum(SOURCE_STATUSES).describe(
      "pending: the handshake and the first pull have not completed yet; ok: the last run succeeded; failing: the last run failed (see last_error; retried with backoff); revoked: the token the party calls the service with was revoked (DELETE /ocpi/parties/{party_ref}): no more pulls",
    ),
    roles: z.array(Role).describe("The party's roles from its credentials (empty before the handshake)"),
    party_ref: z.int().nullable().describe("The registration (GET /ocpi/parties) of the token the service gave the party in the handshake: it may push Locations with it"),
    locations_url: z.string().nullable().describe("The party's Locations Sender endpoint"),
    created_at: z.iso.datetime(),
    registered_at: z.iso.datetime().nullable().describe("When the handshake ended"),
    last_attempt_at: z.iso.datetime().nullable(),
    last_success_at: z.iso.datetime().nullable(),
    last_full_pull_at: z.iso.datetime().nullable(),
    next_pull_at: z.iso.datetime(),
    failures: z.int().describe("Failed runs since the last success"),
    last_error: OcpiSourceError.nullable().describe("The last failure (kept after a later success: it is current while `failures` > 0)"),
    last_pull: OcpiPullSummary.nullable().describe("The last complete pull"),
    objects_pulled: z.int().describe("Locations received by all complete pulls"),
  })
  .meta({ id: "OcpiSourceRecord" });
export type OcpiSourceRecord = z.infer<typeof OcpiSourceRecord>;

export const OcpiSourcePath = z.object({
  source_ref: queryInt(1, 2_147_483_647).describe("The source's `id`"),
});

// ---- OCPI 2.2.1 objects read from a source ----

const Url = z.string().min(1).max(2000);

/** GET {versions_url}: data is a list of Version (version_information_endpoint.asciidoc). */
export const OcpiVersions = z.array(z.looseObject({ version: z.string().max(20), url: Url })).max(100);

/** GET {version_url}: data is VersionDetails. */
export const OcpiVersionDetails = z.looseObject({
  version: z.string().max(20),
  endpoints: z.array(z.looseObject({ identifier: z.string().max(100), role: z.string().max(20).nullish(), url: Url })).max(200),
});

/** The Credentials object a party answers the POST with (credentials.asciidoc). */
export const OcpiCredentials = z.looseObject({
  token: Token,
  url: Url,
  roles: z
    .array(
      z.looseObject({
        role: z.string().max(20),
        country_code: z.string().regex(/^[A-Za-z]{2}$/),
        party_id: z.string().regex(/^[A-Za-z0-9]{3}$/),
        business_details: z.looseObject({ name: z.string().max(100) }).nullish(),
      }),
    )
    .min(1)
    .max(100),
});
export type OcpiCredentials = z.infer<typeof OcpiCredentials>;
