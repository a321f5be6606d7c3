// What a synchronous caller (POST /planner, tRPC) answers when a plan cannot be made.
import { SearchLimitExceeded, TimeLimitExceeded } from "../../engine/charging/types";
import { PlanInputError } from "../../engine/plan/legs";
import { config } from "../config";
import { HttpError } from "../http/errors";
import { PlanningProcessDied } from "./planner-process";

/**
 * The request's fault or its size: a 422 item (`msg`, `type`). A planning process that
 * stopped for another reason: 503 (thrown). Anything else: null (a fault of the service).
 */
export function planRejection(e: unknown): { msg: string; type: string } | null {
  if (e instanceof PlanInputError) return { msg: e.message, type: "value_error" };
  if (e instanceof TimeLimitExceeded) {
    return { msg: `Planning stopped after the time limit of ${config().JOB_TIME_LIMIT_S} s: split the tour into shorter tours`, type: "plan_time_limit" };
  }
  if (e instanceof SearchLimitExceeded || (e instanceof PlanningProcessDied && e.outOfMemory)) {
    return { msg: `The tour is too large to plan at once (${e.message}): split it into shorter tours`, type: "plan_too_large" };
  }
  if (e instanceof PlanningProcessDied) throw new HttpError(503, { detail: `Planning failed for a moment (${e.message}); retry` }, { "retry-after": "1" });
  return null;
}
