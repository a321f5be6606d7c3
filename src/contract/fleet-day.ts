// A fleet's day: tours submitted together (POST /planner/fleet) and planned
// against the charging sites' capacity; the answer, and what GET
// /planner/fleet/{fleet_id} shows.
import { z } from "zod";
import { queryBool, queryInt } from "./fields";
import { lengthFirst } from "./lists";
import { DepotId } from "./stations";
import { RouteOptimizationRequest } from "./request";
import { JobStatus, PlanResult, ResultPOISummary } from "./result";

export const MAX_FLEET_TOURS = 50;
/** Longest depot window of a tour (depot_plugged_from to depot_ready_by): what a day needs, and a bound on the schedule's work. */
export const MAX_DEPOT_WINDOW_H = 48;
/** A page of GET /planner/fleet/{fleet_id} with results stops before the results it holds pass this many bytes. */
export const FLEET_PAGE_RESULT_BYTES = 20_000_000;

export const FleetTourRequest = RouteOptimizationRequest.extend({
  priority: z.int().min(0).max(10).default(0)
    .describe("0 to 10, default 0: a higher priority keeps its plan where tours compete for a charger; its objective also weighs (1 + priority) in the fleet's total"),
  depot_soc: z.number().min(0).max(1).nullish()
    .describe("With the day's `depot`: the truck's state of charge when plugged in at the depot; it is charged there to battery_level_start. Absent: not charged at the depot"),
  depot_plugged_from: z.iso.datetime({ offset: true }).nullish()
    .describe(`When the truck is plugged in at the depot; default 12 h before depot_ready_by; at most ${MAX_DEPOT_WINDOW_H} h before it`),
  depot_ready_by: z.iso.datetime({ offset: true }).nullish()
    .describe("When it must be charged, not after its start_time_tour; default its start_time_tour (after any delay the fleet gives it)"),
})
  .describe("One tour of the day: the POST /planner/v2 body (its own vehicle_id and start_time_tour) and its priority")
  .meta({ id: "FleetTourRequest" });
export type FleetTourRequest = z.output<typeof FleetTourRequest>;

export const FleetDepot = z
  .object({
    depot_id: DepotId.describe("A depot charger of the tenant (PUT /poi/depots/{depot_id}): its points and power"),
    grid_limit_kW: z.number().positive().max(100_000).describe("The depot's grid connection: all its chargers together, kW"),
  })
  .meta({ id: "FleetDepot" });

export const FleetSubmitRequest = z
  .object({
    tours: lengthFirst(z.array(FleetTourRequest).min(1).max(MAX_FLEET_TOURS)),
    depot: FleetDepot.nullish().describe("Charge the tours with depot_soc at this depot before they leave"),
  })
  .meta({ id: "FleetSubmitRequest" });

export const FleetPath = z.object({ fleet_id: z.uuid({ error: "Input should be a valid UUID" }) });

export const FleetStatusQuery = z.object({
  offset: queryInt(0, MAX_FLEET_TOURS).default(0).describe("The first tour listed (tours in the order submitted), default 0"),
  limit: queryInt(1, MAX_FLEET_TOURS).default(MAX_FLEET_TOURS).describe(`Tours listed at most, default ${MAX_FLEET_TOURS} (all)`),
  include_results: queryBool.default(true).describe(
    `false leaves out each tour's whole \`result\` (its \`summary\` stays); with results a page ends early, before the results it holds pass ${FLEET_PAGE_RESULT_BYTES / 1e6} MB: \`next_offset\` says where the next page starts`,
  ),
});
export type FleetStatusQuery = z.output<typeof FleetStatusQuery>;

const TourIds = z.object({ tour_id: z.int(), optimization_id: z.int(), job_id: z.uuid() });

export const FleetSubmitResponse = z
  .object({
    fleet_id: z.uuid(),
    tours: z.array(TourIds).describe("In the order submitted; each tour is a v2 job of its own (GET /planner/jobs/{job_id}, GET /planner/optimizations/{optimization_id}/result)"),
    warnings: z.array(z.string()),
  })
  .meta({ id: "FleetSubmitResponse" });
export type FleetSubmitResponse = z.infer<typeof FleetSubmitResponse>;

/** A UTC field's sibling: the same instant in the local time of `zoneField` (docs/API.md, Results: local times). */
const localTime = (field: string, zoneField = "time_zone") =>
  z.string().nullish().describe(`\`${field}\` in local time (\`${zoneField}\`), ISO-8601 with its offset`);
const siteZone = z.string().nullish().describe("The site's IANA time zone, as the tours' results give it at their stops");

export const SiteUseOut = z
  .object({
    site: z.string().describe("The site's poi_id"),
    start: z.iso.datetime().describe("Arrival"),
    start_local: localTime("start"),
    end: z.iso.datetime().describe("Arrival + the stop's overhead + charging: until then the truck holds a charging point"),
    end_local: localTime("end"),
    time_zone: siteZone,
  })
  .meta({ id: "SiteUse" });

export const FleetConflict = z
  .object({
    site: z.string(),
    start: z.iso.datetime(),
    start_local: localTime("start"),
    end: z.iso.datetime(),
    end_local: localTime("end"),
    trucks: z.int().describe("Trucks on the site over the span"),
    capacity: z.int(),
    tour_ids: z.array(z.int()).describe("The tours there then (a held slot of a committed plan is not listed)"),
    held: z.boolean().describe("A held slot of a committed plan is among them"),
    time_zone: siteZone,
  })
  .meta({ id: "FleetConflict" });

export const FleetTourPlan = z
  .object({
    delay_min: z.number().describe("How much later than its start_time_tour the tour leaves to fit the chargers (0: on time)"),
    avoided_sites: z.array(z.string()).describe("Sites (poi_id) its plan leaves out because others hold them at the time"),
    objective_alone: z.number().describe("The tour's objective planned alone: minutes (fastest) or EUR (balanced, cheapest: totals.cost.total)"),
    objective: z.number().describe("The same in the fleet's plan, the delay included (valued at the plan's value of time under a cost objective)"),
    objective_unit: z.enum(["min", "EUR"]),
    uses: z.array(SiteUseOut).describe("The charging points the plan holds"),
    depot: z
      .object({
        ready: z.boolean().describe("Charged to battery_level_start by depot_ready_by; false: this tour cannot leave as planned"),
        soc: z.number().describe("State of charge at depot_ready_by"),
        ready_at: z.iso.datetime().nullable(),
        ready_at_local: localTime("ready_at"),
        time_zone: z.string().nullish().describe("The depot's IANA time zone: the tour's departure point's (totals.departure_time_zone), where the truck charges before it leaves"),
        kWh: z.number(),
        sessions: z.array(z.object({
          start: z.iso.datetime(), start_local: localTime("start", "depot.time_zone"), end: z.iso.datetime(), end_local: localTime("end", "depot.time_zone"), kW: z.number(), kWh: z.number(),
        })),
      })
      .nullish()
      .describe("With depot_soc: its charging at the depot before departure"),
    unresolved: z.boolean().describe("True only where no plan within 12 h of delay fits: the tour is over capacity somewhere (conflicts)"),
  })
  .meta({ id: "FleetTourPlan" });
export type FleetTourPlan = z.infer<typeof FleetTourPlan>;

export const FleetTourSummary = z
  .object({
    status: z.enum(["succeeded", "not_drivable"]),
    totals: PlanResult.shape.totals,
    sections: z.array(z.object({ section_id: z.string().nullable(), poi_summary: ResultPOISummary.nullable().describe("Without `alternatives`") })),
  })
  .describe("The tour's result in brief: its status, totals and each section's stop")
  .meta({ id: "FleetTourSummary" });
export type FleetTourSummary = z.infer<typeof FleetTourSummary>;

export const FleetTourStatus = TourIds.extend({
  vehicle_id: z.string(),
  priority: z.int(),
  status: JobStatus,
  error: z.string().nullable(),
  fleet: FleetTourPlan.nullable().describe("What the fleet planning did to this tour; null until planned"),
  summary: FleetTourSummary.nullable().describe("Null until the day is planned (and for days planned before this field existed)"),
  result: PlanResult.nullable()
    .describe("The tour's result in the v2 result shape (as GET /planner/optimizations/{id}/result); null until its job is final, and with include_results=false"),
}).meta({ id: "FleetTourStatus" });

export const FleetStatusResponse = z
  .object({
    fleet_id: z.uuid(),
    status: z.enum(["queued", "running", "succeeded", "failed"])
      .describe("queued: no tour started; running: some tour not final; succeeded: every tour final and none failed (not_drivable counts as final); failed: some tour failed"),
    error: z.string().nullish().describe("Why the day's plan failed (every tour then failed with it); null otherwise"),
    tours_total: z.int().describe("Tours of the day"),
    offset: z.int(),
    next_offset: z.int().nullable().describe("Where the next page of tours starts; null on the last page"),
    tours: z.array(FleetTourStatus).describe("The page's tours, in the order submitted"),
    conflicts_alone: z.array(FleetConflict).nullable().describe("The conflicts the tours planned one by one would have had; null until planned"),
    conflicts: z.array(FleetConflict).nullable().describe("Conflicts left in the fleet's plan: empty unless a tour is unresolved"),
    depot: z
      .object({ depot_id: z.string(), grid_limit_kW: z.number(), points: z.int(), power_kW: z.number(), peak_kW: z.number(), cannot: z.array(z.int()).describe("Tours that cannot be charged in time") })
      .nullable()
      .describe("The depot schedule of the day; null without `depot`"),
    added: z
      .object({ delay_min: z.number(), objective: z.number().describe("Sum over tours of objective - objective_alone (units per tour as stated)"), plans: z.int().describe("Single plans made") })
      .nullable(),
  })
  .meta({ id: "FleetStatusResponse" });
export type FleetStatusResponse = z.infer<typeof FleetStatusResponse>;

export const HeldSlotOut = z
  .object({
    site: z.string().describe("The site's poi_id"),
    start: z.iso.datetime(),
    end: z.iso.datetime(),
    capacity: z.int().describe("Trucks the site charges at once, as the plan saw it"),
    to_book: z.boolean().describe("The site is `bookable`: book this slot with its operator"),
  })
  .meta({ id: "HeldSlot" });

export const CommitResponse = z
  .object({
    optimization_id: z.int(),
    committed: z.boolean().describe("true after POST .../commit; false after DELETE .../commit (released)"),
    watched: z.boolean().optional()
      .describe("The plan is under watch: re-planned when a stop becomes unusable or the truck falls behind it (GET .../watch; docs/API.md, Plan watch); false for a plan already over, and after a release"),
    slots: z.array(HeldSlotOut).describe("The charger use held for this plan: the tenant's later plans (v2 and fleet) go around it; empty once released"),
  })
  .meta({ id: "CommitResponse" });
export type CommitResponse = z.infer<typeof CommitResponse>;
