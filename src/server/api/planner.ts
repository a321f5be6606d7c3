// POST /planner/v2 (asynchronous) and POST /planner (legacy, synchronous).
import { optionRows, resultBodies } from "../jobs/result-body";
import { LegacyPlannerQuery, PlannerQuery } from "../../contract/request";
import type { SubmitResponse } from "../../contract/result";
import type { PlanInput } from "../../engine/plan/types";
import { saidOf, verbatim, warningFields } from "../../engine/text/message";
import { config } from "../config";
import { db } from "../db/client";
import { jsonResponse, ValidationFailed } from "../http/errors";
import { forgetExpired, idempotencyOf, remember, replay } from "../jobs/idempotency";
import { createTourWithJob, type Submitted } from "../jobs/store";
import { readPlannerRequest } from "../planner-request";
import { requestPlannerFor } from "../planning/planners";
import { planRejection } from "../planning/rejection";
import { wakeWorker } from "../runtime";
import { authed } from "./auth";

export async function submitV2(req: Request): Promise<Response> {
  const auth = await authed(req);
  const r = await readPlannerRequest(db(), auth, req, PlannerQuery);
  const idem = idempotencyOf(req, JSON.stringify({ query: r.query, body: r.body }));
  if (idem) {
    const first = await replay(db(), auth.tenantId, idem);
    if (first) return jsonResponse(200, first, { "idempotent-replayed": "true" });
  }
  const respond = (ids: Submitted): SubmitResponse => ({
    message: "Optimization queued: poll GET /planner/jobs/{job_id} until status is succeeded or not_drivable, then GET /planner/optimizations/{optimization_id}/result",
    tour_id: ids.tourId,
    optimization_id: ids.optimizationId,
    job_id: ids.jobId,
    warnings: r.warnings,
  });
  let ids: Submitted;
  try {
    ids = await createTourWithJob(db(), auth.tenantId, r.body, r.input, "queued", idem ? (tx, created) => remember(tx, auth.tenantId, idem, respond(created)) : undefined);
  } catch (e) {
    // The same key arrived twice at once: the other request won; answer as it did.
    const first = idem ? await replay(db(), auth.tenantId, idem) : null;
    if (first) return jsonResponse(200, first, { "idempotent-replayed": "true" });
    throw e;
  }
  wakeWorker();
  // Expired keys go as new ones come (an indexed delete).
  if (idem) void forgetExpired(db()).catch(() => undefined);
  return jsonResponse(200, respond(ids));
}

/** Plans while the client waits; the tour and result are stored like a v2 job's. */
export async function planSync(req: Request): Promise<Response> {
  const auth = await authed(req);
  const r = await readPlannerRequest(db(), auth, req, LegacyPlannerQuery);
  if (r.body.callback_url) {
    throw new ValidationFailed([{ loc: ["body", "callback_url"], msg: "POST /planner answers with the plan itself: callback_url is for POST /planner/v2", type: "value_error" }]);
  }
  const planned = await planOrReject(r.input, auth.tenantId);
  const ids = await createTourWithJob(db(), auth.tenantId, r.body, r.input, "running");
  const stored = resultBodies(ids.optimizationId, ids.tourId, planned);
  const { cost_option_results: _options, ...result } = planned as typeof planned & { cost_option_results?: unknown };
  const finishedAt = new Date();
  await db().$transaction([
    db().optimization.update({ where: { id: ids.optimizationId }, data: { result: stored.result, options: optionRows(stored.options), finishedAt } }),
    db().job.update({ where: { id: ids.jobId }, data: { status: result.status, attempts: 1, startedAt: finishedAt, finishedAt } }),
  ]);
  const include = r.body.include_available_charging_stations || r.query.include_available_charging_stations === true;
  const response = { optimization_id: ids.optimizationId, tour_id: ids.tourId, job_id: ids.jobId, ...result, ...warningFields([...r.warnings.map(verbatim), ...saidOf(result)]) };
  if (!include) response.available_charging_stations = null;
  return jsonResponse(200, response);
}

/**
 * Plans in the planning process for requests, with a job's time limit. A request the planner
 * cannot serve (no road between two points) and one too large for the time, memory or search
 * limit are the client's 422 (see docs/API.md "Limits").
 */
async function planOrReject(input: PlanInput, tenantId: number) {
  try {
    // Tenants in turn; 429 past the tenant's TENANT_MAX_SYNC_PLANS (planning/planners.ts).
    const planner = requestPlannerFor(tenantId);
    return await planner.plan(tenantId, input, Date.now() + config().JOB_TIME_LIMIT_S * 1000);
  } catch (e) {
    const reject = planRejection(e);
    if (reject) throw new ValidationFailed([{ loc: ["body", "section_list"], ...reject }]);
    throw e;
  }
}
