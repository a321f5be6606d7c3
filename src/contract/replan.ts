// Re-planning a tour en route: body and answer of POST /planner/optimizations/{optimization_id}/replan.
import { z } from "zod";
import { latLonPair, numberIn, onObjects, queryInt, validFields, wholeNumber } from "./fields";
import { DriverRequest, MAX_SECTIONS, RouteOptimizationRequest } from "./request";
import { SubmitResponse } from "./result";

const MAX_ID = 2_147_483_647;

/** The fields that carry the truck's state; with `from: "telematics"` none of them is given. */
export const REPORTED_FIELDS = ["position", "battery_level", "time", "driver"] as const;

export const ReplanRequest = z
  .strictObject({
    from: z.literal("telematics").nullish()
      .describe("`telematics`: take the truck's position, state of charge and time from its vehicle's last reported state (rFMS) instead of this body; then position, battery_level and time are left out. `driver` may be given (rFMS does not report hours driven); absent, the hours the original plan implies at the reported time"),
    position: latLonPair.nullish()
      .describe("Where the truck is: [latitude, longitude] in WGS84 degrees, within 30 km of a road of the loaded network; the first section left starts here"),
    battery_level: numberIn(0.1, 1).nullish()
      .describe("The truck's state of charge there, 0.1 <= x <= 1 (as battery_level_start: the plan never goes below the 10 % reserve)"),
    time: z.iso.datetime({ offset: true, error: "Input should be an RFC 3339 date-time with its offset, e.g. 2026-11-25T09:40:00Z" }).nullish()
      .describe("When the truck was there, RFC 3339 with an offset (`Z` or `+01:00`): the new plan's departure, and the clock that tells which sections are served"),
    driver: DriverRequest.nullish()
      .describe("The driver's hours at `time` (EU 561/2006), as the request's `driver`: it replaces the original request's driver wholesale; each field defaults as there"),
    sections_done: wholeNumber(0, MAX_SECTIONS).nullish()
      .describe("How many of the tour's sections are served (the truck left their stops); default: inferred from the position and time against the plan (docs/API.md, Re-planning en route)"),
    callback_url: RouteOptimizationRequest.shape.callback_url
      .describe("The completion webhook of the new job: absent, the original submit's callback_url (if it had one); null, none; a URL, that one (checked as on submit)"),
  })
  // A state from the body needs all of it; from telematics none of it.
  .superRefine((b, ctx) => {
    // Unknown keys are refused at their own place; they do not stop this rule (validFields would).
    const valid = validFields({ issues: ctx.issues.filter((i) => i.code !== "unrecognized_keys") });
    if (!valid("from")) return;
    for (const key of REPORTED_FIELDS) {
      if (b.from === "telematics" && b[key] != null && key !== "driver") {
        ctx.addIssue({ code: "custom", path: [key], input: b[key], message: `with from: "telematics" the truck's state comes from its last report: leave out ${key}` });
      } else if (b.from == null && b[key] == null && valid(key)) {
        ctx.addIssue({ code: "invalid_type", expected: key === "driver" ? "object" : key === "time" ? "string" : key === "position" ? "tuple" : "number", path: [key], input: undefined, message: "Field required" });
      }
    }
  }, onObjects)
  .meta({ id: "ReplanRequest" });
export type ReplanRequest = z.output<typeof ReplanRequest>;

export const ReplanQuery = z.object({
  tenant_id: queryInt(1, MAX_ID).nullish().describe("Tenant ID; may only name the API key's own tenant"),
});

export const ReplanResponse = SubmitResponse.extend({
  replanned_from: z.int().describe("The optimization re-planned (the path's optimization_id); the new result names it too"),
  sections_done: z.int().describe("Sections of the original tour counted as served and dropped: the new tour's section_list is the rest"),
}).meta({ id: "ReplanResponse" });
export type ReplanResponse = z.infer<typeof ReplanResponse>;
