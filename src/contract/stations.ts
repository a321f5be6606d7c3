// Station data a tenant admin maintains: truck attributes overlaid on any
// station (the overlay), and the tenant's own depot chargers.
import { z } from "zod";
import { lengthFirst } from "./lists";

/**
 * A tenant's own overlays and depot chargers at most (docs/API.md, Limits): each is in every list of
 * them and in the tenant's station index, which is built anew when they change.
 */
export const MAX_TENANT_OVERLAYS = 2_000;
export const MAX_DEPOTS = 1_000;

const ExternalId = z
  .string({ error: "Input should be a valid string" })
  .min(1)
  .max(200)
  .describe("The station's `external_id` (in `poi_list` and `available_charging_stations`), e.g. `bnetza:1234` or `ocpi:NL:NDW:...`");

export const StationOverlayInput = z
  .strictObject({
    truck_approved: z.enum(["T", "TT", "none"]).nullish().describe("Truck access: T (tractor), TT (tractor-trailer), none (no trucks); null/absent: not stated"),
    connector_pos: z.enum(["LEFT", "RIGHT"]).nullish().describe("Side of the bay the cable reaches; null/absent: not stated"),
    bookable: z.boolean().nullish().describe("Whether a slot can be booked; null/absent: not stated"),
    mcs_kW: z.number().min(0).max(5000).nullish().describe("Highest MCS power at the site, kW; 0: no MCS connector; null/absent: as the source says"),
    charge_points: z.int().min(1).max(100).nullish()
      .describe("Charging points at the site: how many trucks charge there at once (the fleet planner's capacity); null/absent: as the source says"),
    note: z.string().max(500).nullish(),
  })
  .meta({ id: "StationOverlayInput" });
export type StationOverlayInput = z.infer<typeof StationOverlayInput>;

/** One line of an overlay file (JSON array or CSV with these columns). */
export const StationOverlayEntry = StationOverlayInput.extend({ external_id: ExternalId }).meta({ id: "StationOverlayEntry" });
export type StationOverlayEntry = z.infer<typeof StationOverlayEntry>;

export const StationOverlayRecord = StationOverlayEntry.extend({
  scope: z.enum(["operator", "tenant"]).describe("operator: the service's overlay, for every tenant; tenant: this tenant's own (wins)"),
  updated_at: z.string(),
}).meta({ id: "StationOverlayRecord" });
export type StationOverlayRecord = z.infer<typeof StationOverlayRecord>;

export const StationOverlayPath = z.object({ external_id: ExternalId });

const Connector = z.enum(["CCS", "MCS", "CHADEMO", "TYPE2", "OTHER"]);

export const DepotId = z
  .string({ error: "Input should be a valid string" })
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9._-]+$/, "String should match pattern '^[A-Za-z0-9._-]+$'")
  .describe("The depot charger's identifier within the tenant (letters, digits, '.', '_', '-')");

export const DepotInput = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    power_kW: z.number().positive().max(5000).describe("Highest DC power, kW"),
    connectors: lengthFirst(z.array(Connector).min(1).max(5)),
    points: z.int().min(1).max(100).nullish().transform((v) => v ?? 1).pipe(z.int().min(1).max(100))
      .describe("Charge points at the site, 1 to 100; default 1"),
    address: z.string().max(300).nullish(),
    operator: z.string().max(200).nullish().describe("Defaults to the tenant's name"),
    truck_approved: z.enum(["T", "TT"]).nullish(),
    connector_pos: z.enum(["LEFT", "RIGHT"]).nullish(),
    bookable: z.boolean().nullish(),
  })
  .meta({ id: "DepotInput" });
export type DepotInput = z.output<typeof DepotInput>;

export const Depot = DepotInput.extend({
  depot_id: DepotId,
  external_id: z.string(),
  updated_at: z.string(),
}).meta({ id: "Depot" });
export type Depot = z.infer<typeof Depot>;

export const DepotPath = z.object({ depot_id: DepotId });
