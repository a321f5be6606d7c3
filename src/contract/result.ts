// Response shapes of the planner: submit, job status and the optimization result.
import { z } from "zod";
import { PoiInfo } from "./poi";
import { VehicleFigures } from "./fleet";

export const SubmitResponse = z
  .object({
    message: z.string(),
    tour_id: z.int(),
    optimization_id: z.int().nullable(),
    job_id: z.uuid().nullable(),
    warnings: z.array(z.string()).nullable(),
  })
  .meta({ id: "SubmitResponse" });
export type SubmitResponse = z.infer<typeof SubmitResponse>;

export const JOB_STATUSES = ["queued", "running", "succeeded", "not_drivable", "failed"] as const;
export const JobStatus = z.enum(JOB_STATUSES).describe("queued -> running -> succeeded | not_drivable | failed");
export type JobStatus = z.infer<typeof JobStatus>;
export const FINAL_JOB_STATUSES: readonly JobStatus[] = ["succeeded", "not_drivable", "failed"];

export const CallbackStatus = z
  .object({
    url: z.string().describe("The callback_url the job was submitted with"),
    webhook_id: z.string().describe("The webhook-id header of this delivery: the same on every attempt (deduplicate by it)"),
    status: z.enum(["pending", "delivered", "failed"])
      .describe("pending until the receiver answers 2xx (delivered), or until retries end after 24 h or a 410 Gone (failed)"),
    attempts: z.int().describe("Attempts made so far"),
    last_attempt_at: z.iso.datetime().nullable(),
    last_status_code: z.int().nullable().describe("HTTP status of the last attempt's answer; null if it got none (refused address, network error, timeout)"),
    last_error: z.string().nullable().describe("Why the last attempt did not deliver"),
    next_attempt_at: z.iso.datetime().nullable().describe("When the next attempt is due; null until the job is final and once delivered or failed"),
    delivered_at: z.iso.datetime().nullable(),
  })
  .describe("The completion webhook of a job submitted with callback_url (docs/API.md, Completion webhooks)")
  .meta({ id: "CallbackStatus" });
export type CallbackStatus = z.infer<typeof CallbackStatus>;

export const JobRecord = z
  .object({
    status: JobStatus,
    optimization_id: z.int(),
    job_id: z.uuid(),
    tour_id: z.int(),
    vehicle_id: z.string(),
    error: z.string().nullable().describe("Why the job failed; null unless status is `failed`"),
    attempts: z.int().describe("How many times a worker started this job"),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
    updated_at: z.iso.datetime(),
    callback: CallbackStatus.optional().describe("Only for a job submitted with callback_url: its completion webhook's delivery"),
  })
  .meta({ id: "JobRecord" });
export type JobRecord = z.infer<typeof JobRecord>;

/** Station facts every station entry of a result carries (extensions; both optional for clients of the spec). */
const stationFacts = {
  power_estimated: z.boolean().nullish()
    .describe("True where the source states no power for the site and the figure is an assumption (50 kW, or the network's published class); charge times there are estimates too"),
  charge_points: z.int().nullish().describe("Charging points (EVSEs) at the site; null where the source does not say"),
  capacity: z.int().min(1).nullish()
    .describe("How many trucks the site charges at once (its charging points, or a tenant overlay's `charge_points`); 1 where nothing states it (`capacity_assumed`)"),
  capacity_assumed: z.boolean().nullish().describe("True where no source or overlay states the site's points: `capacity` is 1, or the importer's estimate"),
};

/** A UTC field's sibling: the same instant in the local time of the place it happens (docs/API.md, Results: local times). */
const localTime = (field: string, place: string, zoneField: string) =>
  z.string().nullish().describe(`\`${field}\` in the local time of ${place} (\`${zoneField}\`), ISO-8601 with its offset: "2026-11-28T20:00:00.000+01:00"`);
const timeZone = (place: string) =>
  z.string().nullish().describe(`The IANA time zone of ${place}, e.g. Europe/Berlin: a station's own where its data gives one, else from the coordinates and the country`);

export const EnergyCost = z
  .object({
    amount: z.number().describe("What the energy charged here costs, EUR net of VAT, session fee included"),
    currency: z.literal("EUR"),
    price_per_kWh: z.number().describe("EUR per kWh net of VAT"),
    session_fee: z.number(),
    source: z.string().describe("The tariff and its published source, or the fallback or assumption used"),
    date: z.string().nullable().describe("Date of the price's source"),
    estimated: z.boolean().describe("True where no published price of this operator is known: a fallback or an assumed depot price"),
    components: z.array(z.object({ type: z.string(), quantity: z.number(), amount: z.number() })).nullish()
      .describe("Under an OCPI tariff of the site: each dimension (ENERGY, TIME, PARKING_TIME, FLAT) with the quantity billed (kWh, hours, sessions) and its amount"),
  })
  .meta({ id: "EnergyCost" });

export const PlanCost = z
  .object({
    currency: z.literal("EUR"),
    vat: z.literal("excluded").describe("Fleets reclaim VAT: every figure is net"),
    energy: z.number().describe("Energy bought at the stops"),
    tolls: z.number().describe("Priced tolls (toll_summary), converted to EUR"),
    tolls_unpriced: z.int().describe("Toll systems driven whose rate is not known (not included, not zero)"),
    time_value: z.number().describe("duration_min x value_of_time_eur_per_h"),
    value_of_time_eur_per_h: z.number(),
    distance: z.number().optional().describe("Kilometres driven (detours included) x cost_per_km_eur"),
    cost_per_km_eur: z.number().optional().describe("The request's cost_per_km_eur (0 when it states none)"),
    total: z.number(),
    energy_priced_share: z.number().nullable().describe("Share of the kWh bought priced from published list prices (the rest: fallbacks or assumptions); null when nothing is bought"),
    objective: z.enum(["balanced", "fastest", "cheapest"]).optional().describe("What the charging plan minimized (the request's objective)"),
    exchange_rates: z.array(z.object({ currency: z.string(), per_eur: z.number(), date: z.string(), source: z.string() })).optional()
      .describe("The dated rates used to convert prices and tolls in other currencies to EUR; empty when all were EUR"),
  })
  .meta({ id: "PlanCost" });

const truckAccessFacts = {
  truck_access: z.enum(["known", "unknown"]).nullish()
    .describe("At a charging site: whether the data says a truck can use it (truck_approved, OSM hgv=yes, an MCS connector, an overlay); unknown: no source says, check it"),
  truck_access_evidence: z.string().nullish().describe("What says so; null when unknown"),
};

const SideOfRoad = z.enum(["left", "right"])
  .describe("The side of the road the site lies on, in the direction of travel; null on a network of generalized lines (the Europe pack), where it cannot be told");

export const ResultPOIAlternative = z
  .looseObject({
    name: z.string().nullish(),
    label: z.string().nullish()
      .describe("The name, told apart where it repeats (the stop's or another alternative's): side of the road, distance from the stop, address"),
    address: z.string().nullish(),
    coordinate_lat: z.number().nullish(),
    coordinate_lon: z.number().nullish(),
    side_of_road: SideOfRoad.nullish(),
    ...truckAccessFacts,
    distance_to_stop_m: z.number().nullish().describe("Straight-line distance from the chosen stop's site, m"),
    distance_from_stop_m: z.number().nullish().describe("Along the route from the chosen stop's nearest route point, m (negative: before it)"),
  })
  .meta({ id: "ResultPOIAlternative" });

/** A text of the plan as a code and values (engine/text): the same words in the web app's languages. */
export type TextMessageJson = { code: string; values: Record<string, string | number | TextMessageJson[]> };
export const TextMessage: z.ZodType<TextMessageJson> = z.lazy(() =>
  z.object({
    code: z.string().describe("What the text says, e.g. `drivers.day_too_long` (docs/API.md, Texts as messages)"),
    values: z.record(z.string(), z.union([z.string(), z.number(), z.array(TextMessage)]))
      .describe("The figures and names it says: *_time instants (with `zone`), *_min minutes, *_pct fractions; a list: messages in turn"),
  }),
).meta({ id: "TextMessage" });

/** A ban period on the route (engine/plan/driving-bans.ts). */
export const DrivingBan = z
  .looseObject({
    rule: z.string().describe("Rule id, e.g. DE-sunday; driving_ban_exemptions names it"),
    country: z.string(),
    regions: z.array(z.string()).nullable().describe("ISO 3166-2 regions where only they ban (a regional holiday): kept on the route's stretches in them and within 5 km of their borders (told by the nearest postcode places), or on the whole country's part where the regions cannot be told (a warning says so)"),
    label: z.string(),
    label_message: TextMessage.nullish().describe("`label` as a code and values (the rule and its local times)"),
    start_time: z.string().describe("ISO-8601, UTC"),
    end_time: z.string(),
    start_time_local: z.string().nullish().describe("`start_time` in the local time of the ban's country, ISO-8601 with its offset"),
    end_time_local: z.string().nullish().describe("`end_time` in the local time of the ban's country"),
    source: z.string(),
    confidence: z.enum(["official", "secondary", "estimate"]),
    roads: z.enum(["all", "motorways_and_main_roads", "outside_built_up_areas"]).describe("The roads the law names; the plan keeps the ban on every road of the country"),
    waited: z.boolean().describe("The plan waits for it"),
  })
  .meta({ id: "DrivingBan" });
export type DrivingBan = z.infer<typeof DrivingBan>;

/** Why a stop is there (engine/plan/stop-reasons.ts). */
export const STOP_REASONS = ["energy", "break", "rest", "driving_ban", "saves_time", "cheaper_energy", "section_end", "destination"] as const;
export const StopReason = z.enum(STOP_REASONS)
  .describe("energy: needed to reach the next charging point or the destination; break / rest: a pause EU 561/2006 requires (a charger's charging fills it); driving_ban: waits for a ban to end; saves_time / cheaper_energy: not needed, made for what it gains (`gain`); section_end / destination: a stop of the request");
export type StopReason = z.infer<typeof StopReason>;

/** What a stop that is not needed gains: the same tour planned without it, compared as the result shows both. */
export const StopGain = z
  .looseObject({
    minutes: z.number().describe("Minutes the tour would take longer without this stop (negative: it would be shorter)"),
    eur: z.number().describe("EUR net the tour would cost more without it (energy, tolls and per-km cost; negative: less)"),
    objective_value: z.number().describe("The gain under the plan's objective: minutes (fastest), EUR with the value of time (balanced), EUR (cheapest)"),
    threshold: z.number().describe("The least gain a stop that is not needed must bring to be made, in the objective's unit"),
  })
  .meta({ id: "StopGain" });

export const ResultPOISummary = z
  .looseObject({
    id: z.union([z.int(), z.string()]).nullish(),
    name: z.string().nullish().describe("Station name, `Destination` for the final stop"),
    address: z.string().nullish(),
    coordinate_lat: z.number().nullish(),
    coordinate_lon: z.number().nullish(),
    amenities: z.array(z.string()).nullish(),
    energy_kWh: z.number().nullish().describe("Energy recharged at the stop"),
    power_available_kW: z.number().nullish(),
    charge_time_min: z.number().nullish(),
    service_time_min: z.number().nullish().describe("Total stop duration in minutes (charging + overhead + service + rest)"),
    arrival_time: z.union([z.number(), z.string()]).nullish().describe("ISO-8601 arrival time"),
    departure_time: z.string().nullish().describe("ISO-8601 departure time"),
    break_start_time: z.string().nullish().describe("Where a break or rest is taken here: when it starts (at a charger after the stop's overhead, with the charging)"),
    break_end_time: z.string().nullish(),
    charge_start_time: z.string().nullish().describe("Where the truck charges here: when the charging starts (after the stop's overhead; at a section end's charger on arrival)"),
    charge_end_time: z.string().nullish(),
    arrival_time_local: localTime("arrival_time", "the stop", "time_zone"),
    departure_time_local: localTime("departure_time", "the stop", "time_zone"),
    break_start_time_local: localTime("break_start_time", "the stop", "time_zone"),
    break_end_time_local: localTime("break_end_time", "the stop", "time_zone"),
    charge_start_time_local: localTime("charge_start_time", "the stop", "time_zone"),
    charge_end_time_local: localTime("charge_end_time", "the stop", "time_zone"),
    time_zone: timeZone("the stop (the station, the break's place on the road, or the section end)"),
    additional_stops: z.boolean().nullish(),
    bookable: z.boolean().nullish(),
    location_id: z.string().nullish(),
    start_soc: z.number().nullish().describe("State of charge on arrival, 0-1"),
    stop_soc: z.number().nullish().describe("State of charge on departure, 0-1"),
    alternatives: z.array(ResultPOIAlternative).nullish(),
    side_of_road: SideOfRoad.nullish(),
    ...truckAccessFacts,
    sec_duration_min: z.number().nullish()
      .describe("Driving in this section, detours included, minutes rounded to 0.1: exactly the time from the previous section's departure_time (the tour's departure for the first) to this arrival_time"),
    sec_energy_consumption_kWhkm: z.number().nullish(),
    sec_length_km: z.number().nullish(),
    ...stationFacts,
    energy_cost: EnergyCost.nullish().describe("At a stop that charges: what that energy costs"),
    driving_ban_wait_min: z.number().nullish().describe("Minutes this stop waits for a truck driving ban (in service_time_min and wait_min); a stop named `Driving ban` is only that wait, by the road"),
    driving_ban: z.looseObject({
      rule: z.string(), country: z.string(), label: z.string(), label_message: TextMessage.nullish(), start_time: z.string(), end_time: z.string(), confidence: z.string(),
      start_time_local: z.string().nullish(), end_time_local: z.string().nullish(),
    }).nullish()
      .describe("The ban the wait is for (the one whose end the truck waits for)"),
    reason: StopReason.nullish(),
    reason_text: z.string().nullish().describe("The reason in words, with the figures that make it"),
    reason_message: TextMessage.nullish().describe("reason_text as a code and its values, to say it in another language"),
    gain: StopGain.nullish().describe("At a stop made for what it gains (saves_time, cheaper_energy): what it gains; null where that was not measured (out of planning time or of its searches)"),
    live_status: z.enum(["AVAILABLE", "BUSY", "UNAVAILABLE", "UNKNOWN"]).nullish()
      .describe("At a charging stop whose site has a live feed (OCPI EVSE statuses; absent without one): AVAILABLE, a point is free; BUSY, every usable point is taken " +
        "(the expected wait is `charge_point_wait_min`); UNAVAILABLE, no point is usable now (the plan arrives after the status's horizon: a warning says so); " +
        "UNKNOWN, no status fresher than the staleness limit says (the static data is used; a warning says so). docs/API.md, Live status"),
    live_status_at: z.string().nullish()
      .describe("When that status was last known to hold (its push, or the feed's last delivery since: OCPI pushes every change), ISO-8601"),
    live_points: z.looseObject({ available: z.int(), busy: z.int(), unavailable: z.int(), unknown: z.int() }).nullish()
      .describe("The site's points by their live status (stale ones count as unknown)"),
    charge_point_wait_min: z.number().nullish()
      .describe("Expected wait for a free charging point on arrival, from the live status (a queue model, an estimate: docs/API.md, Live status); in service_time_min, wait_min and the totals' waiting_time_min"),
    charger_source: z.enum(["request", "tenant_site"]).nullish()
      .describe("At a section end that charges: whose figure the charger is, the request's `power_available_kW` or the tenant's own site there"),
  })
  .meta({ id: "ResultPOISummary" });
export type ResultPOISummary = z.infer<typeof ResultPOISummary>;

/** The weather a section was planned in (engine/plan/weather.ts). */
export const SectionWeatherResult = z
  .looseObject({
    ambient_temperature_c: z.number().describe("Air temperature, C"),
    source: z.enum(["request", "forecast", "climate_normal", "reference"])
      .describe("request: ambient_temperature_c; forecast: WEATHER_URL at the section's middle and estimated time; climate_normal: 1991-2020 normals (an estimate); reference: none known, the model's 20 C"),
    confidence: z.enum(["measured", "forecast", "estimate"]).nullish(),
    wind_speed_ms: z.number().nullish(),
    wind_from_deg: z.number().nullish().describe("Where the wind comes from, degrees clockwise from north"),
    precipitation_mm: z.number().nullish().describe("In the hour, mm"),
    snowfall_cm: z.number().nullish(),
    road: z.enum(["dry", "wet", "snow"]).describe("The road the physics assumes: wet from 0.1 mm of precipitation, snow where it snows or falls at 0 C or below"),
    winter_tyres: z.boolean().describe("Winter tyres assumed (at 7 C or below)"),
    note: z.string().nullish(),
    extra_kWh: z.number().describe("Energy this part of the route (detours and the stop's battery preconditioning included) takes more than at 20 C in still air on a dry road, kWh; negative: less"),
    preconditioning_kWh: z.number().nullish().describe("At a charging stop: energy to warm the battery to charging temperature, counted with the detour: half in this section (the way in), half in the next (a section end's charger warms the pack from the grid: none)"),
  })
  .meta({ id: "SectionWeather" });

export const ResultSection = z
  .looseObject({
    section_id: z.string().nullish()
      .describe("The request section's `section_id`, on the result section that ends where that request section ends; null on sections that end at a stop the plan inserted (`inserted`)"),
    inserted: z.boolean().nullish()
      .describe("True when this section ends at a stop the plan inserted (a charging stop or a roadside break or rest), false when it ends at the end of a request section"),
    request_section: z.number().int().nullish()
      .describe("Index in the request's `section_list` (from 0) of the section this part of the route belongs to"),
    polyline: z.string().nullish().describe("Route geometry in HERE's flexible polyline encoding"),
    start_pos: z.array(z.number()).nullish().describe("[lat, lon, state_of_charge]"),
    stop_pos: z.array(z.number()).nullish().describe("[lat, lon, state_of_charge]"),
    payload_kg: z.number().nullish(),
    length_m: z.number().nullish(),
    opening_time: z.array(z.string()).nullish(),
    opening_time_local: z.array(z.string()).nullish()
      .describe("The request's time window (`opening_time`) in the local time of the section end (`poi_summary.time_zone`), ISO-8601 with its offset"),
    service_time_min: z.number().nullish(),
    power_available_kW: z.number().nullish(),
    turnByTurnActions: z.array(z.record(z.string(), z.unknown())).nullish(),
    tolls: z.array(z.record(z.string(), z.unknown())).nullish(),
    poi_summary: ResultPOISummary.nullish(),
    cost: z.object({ energy: z.number(), tolls: z.number(), time_value: z.number(), distance: z.number().optional(), total: z.number() }).nullish()
      .describe("This section's cost, EUR net: the energy bought at the stop it ends at, its priced tolls, the value of its driving and of that stop's time"),
    weather: SectionWeatherResult.nullish().describe("The weather this part of the route was planned in (its request section's)"),
  })
  .meta({ id: "ResultSection" });
export type ResultSection = z.infer<typeof ResultSection>;

export const ResultPOI = z
  .looseObject({
    title: z.string().nullish(),
    address: z.string().nullish(),
    distance_from_start: z.number().nullish().describe("Metres from route start"),
    position_lat: z.number().nullish(),
    position_lon: z.number().nullish(),
    power: z.number().nullish().describe("kW"),
    detour_from_route: z.number().nullish().describe("Metres, there and back"),
    section: z.number().nullish(),
    position_lat_route: z.number().nullish(),
    position_lon_route: z.number().nullish(),
    poi_id: z.number().nullish(),
    mapping: z.number().nullish(),
    represents: z.number().nullish(),
    poi_crash: z.number().nullish(),
    opening_time: z.string().nullish(),
    closing_time: z.string().nullish(),
    poi_arrival_time: z.string().nullish(),
    opening_time_local: localTime("opening_time", "the station", "time_zone"),
    closing_time_local: localTime("closing_time", "the station", "time_zone"),
    poi_arrival_time_local: localTime("poi_arrival_time", "the station", "time_zone"),
    time_zone: timeZone("the station"),
    bookable: z.boolean().nullish(),
    location_id: z.string().nullish(),
    ...stationFacts,
  })
  .meta({ id: "ResultPOI" });
export type ResultPOI = z.infer<typeof ResultPOI>;

export const ResultAvailableStation = z
  .looseObject({
    id: z.union([z.int(), z.string()]).nullish(),
    name: z.string().nullish(),
    address: z.string().nullish(),
    latitude: z.number().nullish(),
    longitude: z.number().nullish(),
    power_available_kW: z.number().nullish(),
    truck_approved: z.string().nullish(),
    amenities: z.string().nullish(),
    bookable: z.boolean().nullish(),
    location_id: z.string().nullish(),
    uses_company_vehicle_types: z.boolean().nullish(),
    ...stationFacts,
  })
  .meta({ id: "ResultAvailableStation" });
export type ResultAvailableStation = z.infer<typeof ResultAvailableStation>;

export const NOT_DRIVABLE_CODES = ["no_chargers_available", "battery_depleted_mid_route"] as const;
export const NotDrivableReason = z
  .looseObject({
    code: z.enum(NOT_DRIVABLE_CODES).nullish(),
    message: z.string().nullish(),
    text_message: TextMessage.nullish().describe("`message` as a code and values"),
  })
  .meta({ id: "NotDrivableReason" });

export const TollSummary = z
  .looseObject({
    tollSystem: z.string().nullish(),
    currency: z.string().nullish(),
    total: z.number().nullish().describe("null when the rate is not known: never reported as 0"),
    km: z.number().nullish().describe("Km of the route on this system's roads (the rest of totals.distance_m is on untolled roads and the detours to chargers)"),
    note: z.string().nullish(),
    note_message: TextMessage.nullish().describe("`note` as a code and values"),
  })
  .meta({ id: "TollSummary" });

/** The plan itself, as the engine produces it (ids are added when stored). */
export const CostOption = z
  .object({
    option: z.int().describe("K of GET .../result?option=K"),
    objective: z.enum(["balanced", "fastest", "cheapest"]),
    value_of_time_eur_per_h: z.number().nullable().describe("The value of time the balanced search used; null for fastest and cheapest"),
    chosen: z.boolean().describe("The plan of the request's own objective (the main result)"),
    duration_min: z.number(),
    energy_cost: z.number().describe("EUR net"),
    total_cost: z.number().describe("EUR net: energy, tolls and the value of time at the request's value of time"),
    charged_kWh: z.number(),
    charging_stops: z.int(),
  })
  .meta({ id: "CostOption" });
export type CostOption = z.infer<typeof CostOption>;

/** Why a route of route_alternatives was or was not taken. */
export const ROUTE_REASONS = ["chosen", "objective", "not_drivable", "tolls", "lower_bound", "route_choice", "time_limit", "search_limit"] as const;

export const RouteAlternative = z
  .object({
    route_choice: z.array(z.int().min(0)).describe("Per section: 0 for its fastest road, j for its j-th alternative; send it as the request's route_choice to plan this route"),
    chosen: z.boolean().describe("The route of this result's sections"),
    status: z.enum(["succeeded", "not_drivable", "not_evaluated"]).describe("The charging plan on this route; not_evaluated when it was not planned (reason)"),
    reason: z.enum(ROUTE_REASONS)
      .describe("chosen; objective: a worse objective value; not_drivable; tolls: avoid_tolls found a toll-free route; " +
        "lower_bound: not planned (or not to the end), as its lower bound, or its charging search, showed it could not beat the chosen plan; " +
        "route_choice: not planned, the request named another route; time_limit: not planned, the job's time limit came first; " +
        "search_limit: not planned, route choice's limit of work came first (a tour of many days; docs/API.md, Route choice)"),
    note: z.string().describe("The reason in words, with the figures compared"),
    distance_m: z.int().describe("A route planned to the end: its plan's totals.distance_m (detours to chargers included); otherwise the road alone"),
    driving_time_min: z.number().describe("A route planned to the end: its plan's totals.driving_time_min; otherwise the road alone"),
    tolls_eur: z.number().describe("Priced tolls on the route, EUR"),
    toll_systems: z.array(z.string()).describe("Toll systems the route drives on (priced or not)"),
    toll_free: z.boolean(),
    charging_stops: z.int().nullable(),
    duration_min: z.number().nullable().describe("The tour's duration on this route; null unless planned and drivable"),
    objective: z.enum(["balanced", "fastest", "cheapest"]),
    objective_value: z.number().nullable().describe("What the objective minimizes: minutes (fastest), EUR (balanced: totals.cost.total; cheapest: the total less the value of time)"),
    lower_bound: z.number().describe("No plan on this route does better than this (objective units): driving, pauses, charging at top power, tolls"),
    not_drivable_reason: NotDrivableReason.nullable(),
    polyline: z.string().describe("The route's line, HERE flexible polyline"),
  })
  .meta({ id: "RouteAlternative" });
export type RouteAlternative = z.infer<typeof RouteAlternative>;

export const PlanResult = z.looseObject({
  status: z.enum(["succeeded", "not_drivable"]).describe("Job lifecycle status"),
  battery_level_start: z.number(),
  battery_level_end: z.number().describe("Battery level at the end of the tour, 0-1"),
  qualification: z.enum(["Driveable", "not_drivable"]),
  sections: z.array(ResultSection),
  poi_list: z.array(ResultPOI),
  poi_filter: PoiInfo.nullish(),
  optimal_departure_time: z.string().nullish()
    .describe("With time windows: the departure that removes the plan's first wait, so the truck arrives as that window opens " +
      "with the window's whole length as a buffer; the plan's stops and breaks unchanged. Null without windows or when they cannot all be met"),
  optimal_departure_time_local: localTime("optimal_departure_time", "the departure point", "totals.departure_time_zone"),
  time_windows_reachable: z.enum(["True", "False", "Not considered"]).nullish(),
  available_charging_stations: z.array(ResultAvailableStation).nullish(),
  not_drivable_reason: NotDrivableReason.nullish(),
  toll_summary: z.array(TollSummary).nullish(),
  driving_bans: z.array(DrivingBan).nullish()
    .describe("Every truck driving ban the route meets while the tour runs (docs/driving-bans.md), and whether the plan waits for it; null with driving_bans: false"),
  warnings: z.array(z.string()).nullish(),
  warning_messages: z.array(TextMessage).nullish()
    .describe("`warnings` as codes and values, one per warning in the same order, to say them in another language (docs/API.md, Texts as messages)"),
  totals: z
    .object({
      distance_m: z.number(),
      driving_time_min: z.number(),
      charging_time_min: z.number(),
      break_time_min: z.number().describe("Drivers' breaks and rests, also those spent charging"),
      waiting_time_min: z.number().describe("Waiting for time windows, the destination's included, and the expected waits for a free charging point (`charge_point_wait_min`)"),
      service_time_min: z.number().nullish().describe("Service at the departure point and at every stop, the destination's included"),
      duration_min: z.number().describe("From the tour's start (before service at the departure point) to the end of the destination's waiting and service"),
      energy_kWh: z.number(),
      charged_kWh: z.number(),
      charging_stops: z.int(),
      departure_time: z.string(),
      departure_time_local: localTime("departure_time", "the departure point", "departure_time_zone"),
      departure_time_zone: timeZone("the departure point"),
      arrival_time: z.string().describe("Arrival at the destination"),
      arrival_time_local: localTime("arrival_time", "the destination", "arrival_time_zone"),
      arrival_time_zone: timeZone("the destination"),
      end_time: z.string().nullish().describe("The end of the destination's waiting and service: the tour's end"),
      end_time_local: localTime("end_time", "the destination", "arrival_time_zone"),
      cost: PlanCost.nullish().describe("What the tour costs: energy, tolls and the value of the time spent, EUR net of VAT; the plan minimizes it under the balanced objective"),
      weather: z.looseObject({
        extra_kWh: z.number().describe("Energy the weather added against 20 C in still air on a dry road: the sections' extra_kWh summed"),
        charging_temperature_c: z.number().describe("The air temperature charging is planned at: the tour's coldest section (a preconditioned battery charges at most 15 % slower in the cold)"),
        sources: z.array(z.string()).describe("The sources of the sections' weather"),
        assumption: z.string().describe("The weather assumed, in words"),
        assumption_message: TextMessage.nullish().describe("`assumption` as a code and values"),
      }).nullish().describe("The weather the plan assumed"),
    })
    .nullish()
    .describe("Tour totals (an extension of the original result)"),
  planned_on: z.record(z.string(), z.string()).nullish().describe("Data pack id -> version the plan was computed on"),
  driving_rules: z
    .object({
      max_driving_before_break_min: z.number(),
      break_min: z.number(),
      max_daily_driving_min: z.number(),
      daily_rest_min: z.number(),
      driven_since_break_min: z.number(),
      driven_today_min: z.number(),
      daily_rest_ended_at: z.string().nullish().describe("End of the driver's last daily rest before the tour (start_time_tour - since_daily_rest_min)"),
      daily_rest_ended_at_local: localTime("daily_rest_ended_at", "the departure point", "totals.departure_time_zone"),
      max_duty_span_min: z.number().nullish()
        .describe("Longest time from a daily rest's end to the next rest's start (EU 561/2006 Art. 8(2): 24 h - the 11 h rest)"),
      max_last_duty_span_min: z.number().nullish()
        .describe("The same for the day that ends with the tour (15 h when the driver has a reduced 9 h rest left for after it)"),
      duty_span_kept: z.boolean().nullish()
        .describe("Whether every duty day keeps EU 561/2006 Art. 8(2) (a daily rest within 24 h of the last one's end); false only where no legal plan was found, with a warning saying which day"),
      daily_driving_shortened_to_min: z.array(z.number().nullable()).nullish()
        .describe("Per day of the tour (day i: after i daily rests), the driving that day was shortened to where keeping the span needed it (null: the law's day); null when no day was"),
    })
    .nullish()
    .describe("The drivers' hours the plan keeps (EU 561/2006) and the driver's state at departure"),
  cost_options: z.array(CostOption).nullish()
    .describe("With the request's cost_options: the Pareto-optimal plans from the fastest to the cheapest (at most 5); each in full at GET .../result?option=K"),
  route_alternatives: z.array(RouteAlternative).nullish()
    .describe("Every route considered: the fastest road and up to three admissible alternatives per section (docs/API.md, Route choice), each with why it was or was not chosen"),
  route_profile: z
    .object({ distance_m: z.array(z.number()), elevation_m: z.array(z.number().nullable()), soc: z.array(z.number()) })
    .nullish()
    .describe("Samples along the route (route distance from the start; detours left out): ground elevation and state of charge, at least every km or 1/600 of the tour, and before and after every charge"),
  vehicle: z
    .object({ model_code: z.string(), figures: VehicleFigures })
    .nullish()
    .describe("The catalog model and the figures (overrides applied) the plan was computed with; a later fleet edit does not change them"),
});
export type PlanResult = z.infer<typeof PlanResult>;

export const OptimizationResultResponse = PlanResult.extend({
  optimization_id: z.int(),
  tour_id: z.int(),
  replanned_from: z.int().nullish()
    .describe("A plan of what was left of a tour en route (POST /planner/optimizations/{optimization_id}/replan): the optimization it re-planned; absent otherwise"),
}).meta({ id: "OptimizationResultResponse" });
export type OptimizationResultResponse = z.infer<typeof OptimizationResultResponse>;
