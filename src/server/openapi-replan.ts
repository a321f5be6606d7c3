// The OpenAPI path and schemas of re-planning en route (POST /planner/optimizations/{optimization_id}/replan),
// from the zod contract in contract/replan.ts; openapi.ts adds them to the document.
import { ReplanQuery, ReplanRequest, ReplanResponse } from "../contract/replan";
import { OptimizationPath } from "../contract/request";
import { AT_STOP_M, OFF_ROUTE_M } from "./replan/served";
import { asComponents, COMMON_ANSWERS as common, convert, error, json, parameters, ref, type Json } from "./openapi-schemas";

export function replanSchemas(): Record<string, Json> {
  return asComponents({ ...convert({ ReplanResponse }, "output"), ...convert({ ReplanRequest }, "input") });
}

export function replanPaths(idempotencyKey: Json): Json {
  return {
    "/planner/optimizations/{optimization_id}/replan": {
      post: {
        operationId: "replanOptimization",
        tags: ["Planning"],
        summary: "Re-plan what is left of a tour en route, from the truck's state (asynchronous)",
        description:
          "Queues a new optimization of the tour's sections not yet served, as POST /planner/v2 queues one, and answers as it does " +
          "(plus `replanned_from` and `sections_done`); the new result names `replanned_from`. The first section left starts at `position` " +
          "and keeps its stop, payload, time window and service time; the departure is `time`, the battery `battery_level`, the driver's hours `driver`; " +
          "vehicle (as planned then), objective, rules, options and query of the original request are kept. Which sections are served: `sections_done`, " +
          `else told from the truck's place on the planned route (over ${OFF_ROUTE_M / 1000} km off it: the plan's departure times; within ` +
          `${AT_STOP_M / 1000} km of a stop: served once the plan's departure from it has passed). With \`{"from": "telematics"}\` the state is the ` +
          "vehicle's last report (409 while it has sent none). Webhook: the original submit's `callback_url` unless the body says another or null. " +
          "Idempotency-Key as on POST /planner/v2.",
        parameters: [...parameters(OptimizationPath, "path"), ...parameters(ReplanQuery, "query"), idempotencyKey],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: ref("ReplanRequest"),
              examples: {
                reported: {
                  summary: "The truck on the A 2, 25 min late, 35 % charge, 10 min of driving left in the driver's day",
                  value: { position: [52.31, 10.62], battery_level: 0.35, time: "2026-11-25T07:58:00Z", driver: { driven_today_min: 530, driven_since_break_min: 100, since_daily_rest_min: 620 } },
                },
                telematics: { summary: "From the vehicle's last reported state", value: { from: "telematics" } },
              },
            },
          },
        },
        responses: {
          "200": {
            ...json(ref("ReplanResponse"), "Queued (or, for a repeated `Idempotency-Key`, the first answer again); `warnings` says where the position alone could not tell what is served"),
            headers: { "Idempotent-Replayed": { description: "`true` when this is the stored answer to an earlier re-plan with the same Idempotency-Key", schema: { type: "string", enum: ["true"] } } },
          },
          "404": error("No such optimization for this tenant"),
          "409": error(
            "Nothing to re-plan: the tour is finished (every section served); the original has no drivable plan to tell the served sections from " +
            "(send `sections_done`); or, from telematics, the vehicle has reported no state (or a position beyond the network's roads)",
          ),
          ...common,
          "413": error("Body too large"),
        },
      },
    },
  };
}
