// The OpenAPI paths and schemas of fleet day planning (POST /planner/fleet,
// GET /planner/fleet/{fleet_id}) and held slots (.../commit), from the zod
// contract in contract/fleet-day.ts; openapi.ts adds them to the document.
import { PlanWatchView } from "../contract/watch";
import { CommitResponse, FleetPath, FleetStatusQuery, FleetStatusResponse, FleetSubmitRequest, FleetSubmitResponse } from "../contract/fleet-day";
import { OptimizationPath, PlannerQuery } from "../contract/request";
import { MAX_FLEET_TOURS } from "../contract/fleet-day";
import { asComponents, COMMON_ANSWERS as common, convert, error, json, parameters, ref, type Json } from "./openapi-schemas";

export const fleetTag = { name: "Fleet days", description: "A day's tours planned together against the chargers' capacity; plans committed to hold their charger use" };

export function fleetSchemas(): Record<string, Json> {
  return asComponents({
    ...convert({ FleetSubmitResponse, FleetStatusResponse, CommitResponse, PlanWatch: PlanWatchView }, "output"),
    ...convert({ FleetSubmitRequest }, "input"),
  });
}

export function fleetPaths(): Json {
  return {
    "/planner/fleet": {
      post: {
        operationId: "submitFleetDay",
        tags: ["Fleet days"],
        summary: "Submit a day's tours, planned together (asynchronous)",
        description:
          `Up to ${MAX_FLEET_TOURS} tours, each a POST /planner/v2 body with its own vehicle_id, start_time_tour and priority. Each becomes a v2 job ` +
          "(GET /planner/jobs/{job_id}, GET /planner/optimizations/{optimization_id}/result); the first tour's job plans and finishes the whole day: every tour alone, then " +
          "no site ever holds more trucks than its `capacity` (charging plus the stop's overhead), by another site, a later departure, with priority, " +
          "at the least fleet objective. Slots the tenant committed are planned around. Follow the day at GET /planner/fleet/{fleet_id}.",
        parameters: parameters(PlannerQuery, "query"),
        requestBody: { required: true, content: { "application/json": { schema: ref("FleetSubmitRequest") } } },
        responses: { "200": json(ref("FleetSubmitResponse"), "Queued: one job per tour"), ...common, "413": error("Body too large") },
      },
    },
    "/planner/fleet/{fleet_id}": {
      get: {
        operationId: "getFleetDay",
        tags: ["Fleet days"],
        summary: "A fleet day: status, each tour's result and what fleet planning changed",
        description: "Poll until `status` is succeeded or failed. Each tour carries its v2 result, its `summary` and `fleet` (delay, sites avoided, objective alone and in the fleet, charger use); " +
          "the day lists the conflicts planning alone would have had and any left. Tours are paged (`offset`, `limit`); a page with results ends before its results pass 20 MB (`next_offset`).",
        parameters: [...parameters(FleetPath, "path"), ...parameters(FleetStatusQuery, "query")],
        responses: { "200": json(ref("FleetStatusResponse"), "The fleet day"), "404": error("No such fleet day for this tenant"), ...common },
      },
    },
    "/planner/optimizations/{optimization_id}/commit": {
      post: {
        operationId: "commitOptimization",
        tags: ["Fleet days"],
        summary: "Commit a plan: hold its charger use for the tenant's later plans",
        description: "Later plans of the tenant (v2 and fleet days) go around the held slots. Slots at `bookable` sites are marked `to_book`. Committing again replaces the slots.",
        parameters: parameters(OptimizationPath, "path"),
        responses: {
          "200": json(ref("CommitResponse"), "Held"),
          "404": error("No such optimization for this tenant"),
          "409": error("The optimization has no drivable plan (yet)"),
          ...common,
        },
      },
      delete: {
        operationId: "releaseOptimization",
        tags: ["Fleet days"],
        summary: "Release a committed plan's slots",
        description: "Frees the held charger use; later plans may use those sites at those times again.",
        parameters: parameters(OptimizationPath, "path"),
        responses: { "200": json(ref("CommitResponse"), "Released"), "404": error("No such optimization for this tenant"), ...common },
      },
    },
    "/planner/optimizations/{optimization_id}/watch": {
      get: {
        operationId: "getPlanWatch",
        tags: ["Fleet days"],
        summary: "The plan watch of a committed plan",
        description: "Whether the plan is watched (committed, its tour not over), when the watch last checked it, and, where it re-planned it " +
          "(a charging stop unusable by its live status, the truck's reported state behind the plan), to which optimization and why. docs/API.md, Plan watch.",
        parameters: parameters(OptimizationPath, "path"),
        responses: { "200": json(ref("PlanWatch"), "The watch (status none: never committed)"), "404": error("No such optimization for this tenant"), ...common },
      },
    },
  };
}
