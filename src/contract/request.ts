// The route optimization request: body of POST /planner/v2 and POST /planner.
import { BAN_RULE_IDS } from "../engine/bans/rules";
import { z } from "zod";
import { latLonPair, numberIn, onObjects, queryInt, queryBool, textUpTo, timeOfDayOrIso, validFields, wholeNumber, whenAllValid } from "./fields";
import { lengthFirst } from "./lists";
import { PoiInfo } from "./poi";

/** Database ids are 32-bit integers. */
const MAX_ID = 2_147_483_647;

/** Upper bound on sections per request (the spec sets none; a bound keeps a request's work finite). */
export const MAX_SECTIONS = 25;
/** A sanity bound only: the vehicle's own limit (max gross - tare) is checked against the fleet. */
export const MAX_PAYLOAD_KG = 100_000;

/**
 * Upper bound on a tour's length in straight lines from point to point (the sum over sections of
 * the great-circle distance from start to stop), km: some 15,000 km by road, three weeks of
 * driving. Known before routing, so a request over it is refused at once rather than failing its job later.
 */
export const MAX_TOUR_STRAIGHT_KM = 12_000;

/** Great-circle distance, km (mean Earth radius). */
function straightKm(a: readonly number[], b: readonly number[]): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b[0] - a[0]) * rad) / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(((b[1] - a[1]) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const ROAD_REACH = "[latitude, longitude] in WGS84 degrees, within 30 km of a road of the loaded network (422 at the position otherwise)";

export const SectionRequest = z
  .object({
    start_pos: latLonPair.describe(ROAD_REACH),
    stop_pos: latLonPair.describe(ROAD_REACH),
    payload_kg: z.number({ error: "Input should be a valid number" }).min(0).max(MAX_PAYLOAD_KG)
      .describe("Payload in kg carried on this section: at most the vehicle's max gross mass minus its tare (a 422 names both), never above 100 t"),
    section_id: textUpTo(200).nullish().describe("Client identifier of the section, echoed in the result"),
    start_label: textUpTo(200).nullish()
      .describe("Name of start_pos (e.g. the depot) for people: the web app's stop list, map and print view and its exports show it; default the town the point is in or near. The first section's names the tour's start"),
    stop_label: textUpTo(200).nullish()
      .describe("Name of stop_pos (e.g. the customer) for people, as start_label; default the town the point is in or near"),
    service_time_min: z.number().min(0).max(24 * 60).nullish().describe("Service time at the section's destination, minutes"),
    opening_time: z
      .array(timeOfDayOrIso)
      .length(2, { message: "opening_time must be [earliest, latest]" })
      .nullish()
      .describe("Time window at the section's end: [earliest, latest] arrival, each `HH:MM:SS` (today in UTC) or an ISO-8601 date-time (UTC without an offset)"),
    power_available_kW: z.number().min(0).max(5_000).nullish().describe("Charging power available at the section's end, kW (e.g. a depot charger)"),
    ambient_temperature_c: z.number().min(-40).max(50).nullish()
      .describe("Air temperature to plan this section in, C (-40..50); default the request's ambient_temperature_c, else a forecast (WEATHER_URL) or the 1991-2020 climate normal"),
  })
  .meta({ id: "SectionRequest" });
export type SectionRequest = z.infer<typeof SectionRequest>;

/** EU 561/2006 daily driving: 9 h, or 10 h on at most two days a week. */
export const DAILY_DRIVING_MIN = 540;
export const EXTENDED_DAILY_DRIVING_MIN = 600;
export const MAX_DRIVING_BEFORE_BREAK_MIN = 270;
/** EU 561/2006 Art. 8(2): 24 h from a daily rest's end to the next one's, less the 11 h rest. */
export const MAX_DUTY_SPAN_MIN = 13 * 60;

export const DriverRequest = z
  .object({
    extended_daily_driving: z.boolean().nullish().transform((v) => v ?? false)
      .describe("Plan with the 10 h daily driving time EU 561/2006 allows on two days a week, on every day of this tour; default false (9 h)"),
    driven_since_break_min: z.number().min(0).max(MAX_DRIVING_BEFORE_BREAK_MIN).nullish().transform((v) => v ?? 0)
      .describe("Driving the driver has done since the last break or rest when the tour starts, minutes, 0 to 270 and at most driven_today_min; default 0"),
    driven_today_min: z.number().min(0).max(EXTENDED_DAILY_DRIVING_MIN).nullish().transform((v) => v ?? 0)
      .describe("Driving the driver has done since the last daily rest when the tour starts, minutes: at most 540, or 600 with extended_daily_driving: true; default 0"),
    since_daily_rest_min: z.number().min(0).max(MAX_DUTY_SPAN_MIN).nullish()
      .describe("Minutes from the end of the driver's last daily (or weekly) rest to the tour's start, at least driven_today_min; default driven_today_min. At most 780: a driver past 13 h must rest first"),
    reduced_daily_rests_left: wholeNumber(0, 3).nullish().transform((v) => v ?? 0)
      .describe("Reduced (9 h) daily rests the driver may still take before the next weekly rest (EU 561/2006 allows three); one lets the tour's last day span 15 h; default 0"),
    earliest_daily_rest_after_driving_min: z.number().min(0).max(EXTENDED_DAILY_DRIVING_MIN).nullish().transform((v) => v ?? 0)
      .describe("The driver's preference: no daily rest before this much driving in the day, minutes (at most the daily limit); a rest that falls due where the day's driving ends is always taken, and a wait for a driving ban long enough for a rest counts as one. Default 0: a rest wherever the plan is best"),
  })
  // Each rule runs when the fields it reads are valid, and names the field to change.
  .superRefine((d, ctx) => {
    const valid = validFields(ctx);
    const limit = d.extended_daily_driving ? EXTENDED_DAILY_DRIVING_MIN : DAILY_DRIVING_MIN;
    if (valid("extended_daily_driving", "driven_today_min") && d.driven_today_min > limit) {
      ctx.addIssue({ code: "custom", params: { type: "less_than_equal" }, input: d.driven_today_min, path: ["driven_today_min"], message: `Input should be less than or equal to ${limit} (the daily driving limit)` });
    }
    if (valid("extended_daily_driving", "earliest_daily_rest_after_driving_min") && d.earliest_daily_rest_after_driving_min > limit) {
      ctx.addIssue({ code: "custom", params: { type: "less_than_equal" }, input: d.earliest_daily_rest_after_driving_min, path: ["earliest_daily_rest_after_driving_min"], message: `Input should be less than or equal to ${limit} (the daily driving limit)` });
    }
    if (valid("since_daily_rest_min", "driven_today_min") && d.since_daily_rest_min != null && d.since_daily_rest_min < d.driven_today_min) {
      ctx.addIssue({ code: "custom", input: d.since_daily_rest_min, path: ["since_daily_rest_min"], message: "since_daily_rest_min cannot be less than driven_today_min" });
    }
    if (valid("driven_since_break_min", "driven_today_min") && d.driven_since_break_min > d.driven_today_min) {
      ctx.addIssue({ code: "custom", input: d.driven_since_break_min, path: ["driven_since_break_min"], message: "driven_since_break_min cannot exceed driven_today_min" });
    }
  }, onObjects)
  .describe("The driver's hours (EU 561/2006) at departure; absent: a rested driver and the 9 h day")
  .meta({ id: "DriverRequest" });
export type DriverRequest = z.output<typeof DriverRequest>;

/** What a plan minimizes (docs/API.md, Cost). */
export const OBJECTIVES = ["balanced", "fastest", "cheapest"] as const;
export type Objective = (typeof OBJECTIVES)[number];

export const RouteOptimizationRequest = z
  .object({
    vehicle_id: textUpTo(200, 1).describe("Identifier of a vehicle of the tenant's fleet (GET /vehicles)"),
    battery_level_start: numberIn(0.1, 1).describe("State of charge at departure, 0.1 <= x <= 1"),
    section_list: lengthFirst(z.array(SectionRequest).min(1).max(MAX_SECTIONS)
      .superRefine((list, ctx) => {
        const km = list.reduce((sum, s) => sum + straightKm(s.start_pos, s.stop_pos), 0);
        if (km > MAX_TOUR_STRAIGHT_KM) {
          ctx.addIssue({
            code: "custom", input: list, params: { type: "tour_too_long" },
            message: `The tour is ${Math.round(km).toLocaleString("en")} km in straight lines from each section's start to its stop; ` +
              `at most ${MAX_TOUR_STRAIGHT_KM.toLocaleString("en")} km per request: split it into several tours`,
          });
        }
      }, whenAllValid))
      .describe(`Route sections in driving order, 1 to ${MAX_SECTIONS}, together at most ${MAX_TOUR_STRAIGHT_KM.toLocaleString("en")} km ` +
        "in straight lines from each section's start to its stop"),
    poi_info: PoiInfo,
    battery_level_end: numberIn(0.1, 0.8).nullish().transform((v) => v ?? 0.2).describe("Desired battery level at tour end; 0.1 <= x <= 0.8; default 0.2"),
    service_time_departure_min: z.number().min(0).max(24 * 60).nullish().transform((v) => v ?? 0).describe("Minutes spent at the departure point; added to the total tour duration; default 0"),
    value_of_time_eur_per_h: z.number().min(0).max(1_000).nullish()
      .describe("What an hour of this truck and its driver is worth, EUR net, for totals.cost and the balanced objective; default 50 (docs/API.md, Cost)"),
    cost_per_km_eur: z.number().min(0).max(10).nullish()
      .describe("EUR net per km driven (wear, tyres, maintenance), in totals.cost and the objectives, detours included; default 0"),
    cost_options: z.boolean().nullish().transform((v) => v ?? false)
      .describe("Also plan the time-money trade-off: result.cost_options and GET .../result?option=K; takes up to five searches; default false"),
    objective: z.enum(OBJECTIVES).nullish().transform((v) => v ?? "balanced")
      .describe("What the charging plan minimizes: balanced (default) energy cost + tolls + value of time; fastest the tour's time; cheapest money, time only breaking ties"),
    avoid_tolls: z.boolean().nullish().transform((v) => v ?? false)
      .describe("Prefer a drivable toll-free route (of the fastest road and its alternatives) to any tolled one; when every drivable route has tolls, the best of them under the objective, with a warning; default false"),
    ambient_temperature_c: z.number().min(-40).max(50).nullish()
      .describe("Air temperature to plan the whole tour in, C (-40..50), in still air on a dry road; a section's own ambient_temperature_c wins; default a forecast (WEATHER_URL) or the 1991-2020 climate normal of each section's place and day"),
    driving_bans: z.boolean().nullish().transform((v) => v ?? true)
      .describe("Keep the truck driving bans of the countries on the route (weekend, holiday, night; docs/driving-bans.md): the plan waits where a ban holds; false plans as if none applied (a permit for the whole tour); default true"),
    driving_ban_exemptions: z.array(z.enum(BAN_RULE_IDS)).max(BAN_RULE_IDS.length).nullish()
      .describe("Ban rules this truck is exempt from (a permit, an exempt load, the low-noise certificate for AT-night), by rule id; default none"),
    route_choice: lengthFirst(z.array(wholeNumber(0, 3)).max(MAX_SECTIONS)).nullish()
      .describe("Plan this route only: per section, 0 for its fastest road, j for its j-th alternative, as a result's route_alternatives[].route_choice gives it " +
        "(the same on the same data pack version); one entry per section"),
    start_time_tour: timeOfDayOrIso.nullish().describe("Departure: `HH:MM:SS` (today in UTC) or an ISO-8601 date-time (UTC without an offset); default the time of submit"),
    include_available_charging_stations: z.boolean().nullish().transform((v) => v ?? false).describe("Legacy POST /planner only: include every station of the corridor in the response"),
    driver: DriverRequest.nullish(),
    callback_url: z.url({ protocol: /^https?$/, error: "Input should be a valid http(s) URL" }).max(2048).nullish()
      .describe("POST /planner/v2 only: an https URL that receives a signed POST {job_id, optimization_id, tour_id, status} when the job is final " +
        "(docs/API.md, Completion webhooks). Private, loopback, link-local and other special addresses are refused, at submit and again after DNS at delivery"),
  })
  .meta({ id: "RouteOptimizationRequest" });
export type RouteOptimizationRequest = z.output<typeof RouteOptimizationRequest>;
export type RouteOptimizationRequestInput = z.input<typeof RouteOptimizationRequest>;

const HEX_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A UUID in any form pydantic v2 reads (hyphenated, 32 hex digits, `{...}`, `urn:uuid:...`; any
 * version, any case) as the lowercase hyphenated form ids are stored in; other text unchanged.
 */
function canonicalUuid(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const inner = v.startsWith("urn:uuid:") ? v.slice(9) : /^\{.{36}\}$/.test(v) ? v.slice(1, -1) : v;
  const hyphenated = /^[0-9a-f]{32}$/i.test(inner) && inner === v
    ? `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`
    : inner;
  return HEX_UUID.test(hyphenated) ? hyphenated.toLowerCase() : v;
}

export const PlannerQuery = z.object({
  corridor: queryInt(1000, 20000).default(8000).describe("Search corridor in metres around the route for finding stations"),
  min_charge_duration_min: queryInt(0, 100).default(0).describe("Minimum pure charging time per stop, minutes; 0 disables the floor"),
  tenant_id: queryInt(1, MAX_ID).nullish().describe("Tenant ID; may only name the API key's own tenant"),
});
export type PlannerQuery = z.output<typeof PlannerQuery>;

export const LegacyPlannerQuery = PlannerQuery.extend({
  include_available_charging_stations: queryBool.optional().describe("Same as the body field; either turns the list on"),
});

export const ResultQuery = z.object({
  tenant_id: queryInt(1, MAX_ID).nullish().describe("Tenant ID; may only name the API key's own tenant"),
  option: queryInt(0, 4).nullish().describe("One of the result's cost_options, in the full result shape (submitted with cost_options: true)"),
  include_available_charging_stations: queryBool.default(true)
    .describe("false leaves out `available_charging_stations` (every station of the corridor, some 870 between Hamburg and Munich: most of a result's size); default true"),
});

export const JobPath = z.object({
  job_id: z.preprocess(canonicalUuid, z.guid({ message: "Input should be a valid UUID" })).describe("UUID returned by submit"),
});
export const OptimizationPath = z.object({
  optimization_id: queryInt(1, MAX_ID).describe("Optimization id returned by submit"),
});
