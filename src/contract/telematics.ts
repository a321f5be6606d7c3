// A tenant's truck-maker telematics (rFMS 4.0): the sources the service polls
// (PUT|GET|DELETE /telematics/sources/{source_id}) and a vehicle's last reported
// state (GET /vehicles/{vehicle_id}/state). Credentials go in, never out.
import { z } from "zod";

/** Sources per tenant (docs/API.md, Limits): one per truck maker's account is the common case. */
export const MAX_TELEMATICS_SOURCES = 20;
export const DEFAULT_POLL_INTERVAL_S = 300;

const text = (max: number) => z.string({ error: "Input should be a valid string" }).min(1).max(max);

export const TelematicsSourceId = text(100)
  .regex(/^[A-Za-z0-9._-]+$/, "String should match pattern '^[A-Za-z0-9._-]+$'")
  .describe("The source's identifier within the tenant (letters, digits, '.', '_', '-')");

export const TelematicsSourcePath = z.object({ source_id: TelematicsSourceId });

const Url = text(2048);

const OAuth2Input = z
  .strictObject({
    type: z.literal("oauth2_client_credentials"),
    token_url: Url.describe("The OEM's OAuth2 token endpoint (RFC 6749 client credentials grant)"),
    client_id: text(500),
    client_secret: text(4096).optional()
      .describe("Required for a new source; left out on a replacement, the stored one is kept if token_url and client_id are unchanged"),
    scope: text(1000).nullish().describe("Sent as `scope` when given (the rFMS 4.0 OpenAPI names the scope `rfms`)"),
    client_authentication: z.enum(["basic_header", "request_body"]).optional()
      .describe("How the client authenticates at token_url: HTTP Basic (RFC 6749 2.3.1, the default) or client_id and client_secret in the form body"),
  })
  .meta({ id: "TelematicsOAuth2Input" });

const BasicInput = z
  .strictObject({
    type: z.literal("basic"),
    username: text(500).regex(/^[^:]+$/, "String should match pattern '^[^:]+$'").describe("No ':' (RFC 7617)"),
    password: text(4096).optional()
      .describe("Required for a new source; left out on a replacement, the stored one is kept if base_url and username are unchanged"),
  })
  .meta({ id: "TelematicsBasicInput" });

export const TelematicsSourceInput = z
  .strictObject({
    name: z.string({ error: "Input should be a valid string" }).trim().min(1).max(200).nullish(),
    base_url: Url.describe("The OEM's rFMS 4.0 root, to which /vehiclepositions and /vehiclestatuses are appended (e.g. https://oem.example/rfms4); https only unless the operator allows http"),
    auth: z.discriminatedUnion("type", [OAuth2Input, BasicInput]).describe("How the OEM authenticates this account"),
    enabled: z.boolean().optional().describe("false: kept but not polled; default true"),
    poll_interval_s: z.int().min(60).max(86_400).optional().describe(`Seconds between polls, 60 to 86,400; default ${DEFAULT_POLL_INTERVAL_S}`),
  })
  .meta({ id: "TelematicsSourceInput" });
export type TelematicsSourceInput = z.infer<typeof TelematicsSourceInput>;

const Time = z.iso.datetime();

const OAuth2Record = z
  .object({
    type: z.literal("oauth2_client_credentials"),
    token_url: z.string(),
    client_id: z.string(),
    scope: z.string().nullable(),
    client_authentication: z.enum(["basic_header", "request_body"]),
    has_secret: z.boolean().describe("A client secret is stored (it is never answered)"),
  })
  .meta({ id: "TelematicsOAuth2" });

const BasicRecord = z
  .object({
    type: z.literal("basic"),
    username: z.string(),
    has_secret: z.boolean().describe("A password is stored (it is never answered)"),
  })
  .meta({ id: "TelematicsBasic" });

export const TelematicsSource = z
  .object({
    source_id: z.string(),
    name: z.string().nullable(),
    base_url: z.string(),
    auth: z.discriminatedUnion("type", [OAuth2Record, BasicRecord]),
    enabled: z.boolean(),
    poll_interval_s: z.int(),
    status: z.enum(["pending", "ok", "failing", "disabled"])
      .describe("pending: not polled since it was stored; ok: the last poll succeeded; failing: the last poll failed (last_error); disabled: enabled is false"),
    last_poll_at: Time.nullable().describe("When the last poll ended, successful or not"),
    last_success_at: Time.nullable(),
    last_error: z.string().nullable().describe("The last failed poll's reason (kept after later successes; compare last_error_at)"),
    last_error_at: Time.nullable(),
    consecutive_failures: z.int(),
    next_poll_at: Time.nullable().describe("When the source is polled next (later after failures: backoff); null when disabled"),
    vehicles_reported: z.int().nullable().describe("VINs the last successful poll reported"),
    vehicles_matched: z.int().nullable().describe("Of them, vehicles of the tenant's fleet (by vin); the others are ignored"),
    reports_skipped: z.int().nullable().describe("Reports of the last successful poll that did not follow the rFMS 4.0 schema and were skipped"),
    created_at: Time,
    updated_at: Time,
  })
  .meta({ id: "TelematicsSource" });
export type TelematicsSource = z.infer<typeof TelematicsSource>;

// The values of the rFMS 4.0 OpenAPI's enums, without NOT_AVAILABLE (a report saying so leaves the last known value).
export const CHARGING_STATUSES = ["NOT_CHARGING", "CHARGING", "CHARGING_AC", "CHARGING_DC", "ERROR"] as const;
export const CONNECTION_STATUSES = ["CONNECTING", "CONNECTED", "DISCONNECTING", "DISCONNECTED", "ERROR"] as const;
export const WORKING_STATES = ["REST", "DRIVER_AVAILABLE", "WORK", "DRIVE", "ERROR"] as const;

const Reported = {
  at: Time.describe("When the vehicle took the value (rFMS createdDateTime; for a position its positionDateTime)"),
  source_id: z.string().describe("The telematics source that reported it (it may since have been removed)"),
};

export const VehicleState = z
  .object({
    vehicle_id: z.string(),
    vin: z.string().nullable(),
    position: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        heading_deg: z.int().nullable().describe("0-359, clockwise from north"),
        speed_kmh: z.number().nullable().describe("Wheel-based speed, else tachograph speed, else GNSS speed"),
        ...Reported,
      })
      .nullable(),
    state_of_charge: z
      .object({
        percent: z.number().describe("rFMS hybridBatteryPackRemainingCharge, 0-100 (also used for full electric vehicles)"),
        estimated_range_m: z.number().nullable().describe("rFMS estimatedDistanceToEmpty.batteryPack, metres, from the same report"),
        ...Reported,
      })
      .nullable(),
    charging: z
      .object({
        status: z.enum(CHARGING_STATUSES).nullable().describe("rFMS batteryPackChargingStatus"),
        connection_status: z.enum(CONNECTION_STATUSES).nullable().describe("rFMS batteryPackChargingConnectionStatus"),
        power_w: z.number().nullable().describe("rFMS batteryPackChargingPower, W"),
        estimated_completion_at: Time.nullable().describe("rFMS estimatedTimeBatteryPackChargingCompleted"),
        ...Reported,
      })
      .nullable(),
    driver_working_state: z
      .object({
        driver1: z.enum(WORKING_STATES).nullable().describe("Tachograph working state of driver 1 (rFMS driver1WorkingState)"),
        driver2: z.enum(WORKING_STATES).nullable(),
        ...Reported,
      })
      .nullable(),
    updated_at: Time.nullable().describe("When the service last stored a value of this vehicle; null: never"),
  })
  .meta({ id: "VehicleState" });
export type VehicleState = z.infer<typeof VehicleState>;
