// POST /planner/optimizations/{optimization_id}/replan: a new optimization of what is left of a tour
// en route, from the truck's state (the body's, or its last report); answered as POST /planner/v2 answers.
import { ReplanQuery, ReplanRequest, type ReplanResponse } from "../../contract/replan";
import { DriverRequest, OptimizationPath } from "../../contract/request";
import type { PlanResult } from "../../contract/result";
import type { LatLon } from "../../engine/geo";
import { db } from "../db/client";
import { readLongText } from "../db/long-text";
import { HttpError, jsonResponse, notFound, ValidationFailed, type ValidationDetail } from "../http/errors";
import { memberText } from "../http/json-text";
import { pacer } from "../http/pace";
import { parseJsonPaced } from "../http/paced-json";
import { queryObject, readJsonBody } from "../http/request";
import { collect, throwIfAny } from "../http/validation";
import { forgetExpired, idempotencyOf, remember, replay } from "../jobs/idempotency";
import { createTourWithJob, type Submitted } from "../jobs/store";
import type { StoredTour } from "../jobs/types";
import { poiFilterWarnings, roadReachDetail } from "../planner-request";
import { packs } from "../packs";
import { remainingTour } from "../replan/remaining";
import { lastReportedState, MAX_REPORT_SKEW_MS, type TruckState } from "../replan/reported-state";
import { plannedDriverAt } from "../replan/planned-driver";
import { servedSections, type PlannedSection } from "../replan/served";
import { wakeWorker } from "../runtime";
import { callbackUrlDetails } from "../webhooks/submit-check";
import { authed } from "./auth";

export async function replanTour(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const details: ValidationDetail[] = [];
  const path = collect(OptimizationPath, params, "path", details);
  collect(ReplanQuery, queryObject(new URL(req.url)), "query", details); // tenant_id: checked by authed()
  const raw = await readJsonBody(req);
  const body = raw.ok ? collect(ReplanRequest, raw.value, "body", details) : (details.push(raw.detail), undefined);
  throwIfAny(details);
  const b = body!;
  const idem = idempotencyOf(req, JSON.stringify(b));
  if (idem) {
    const first = await replay(db(), auth.tenantId, idem);
    if (first) return jsonResponse(200, first, { "idempotent-replayed": "true" });
  }

  const original = await db().optimization.findFirst({
    where: { id: path!.optimization_id, tenantId: auth.tenantId },
    select: { id: true, tour: { select: { id: true, vehicleId: true, request: true } }, job: { select: { status: true } } },
  });
  if (!original) throw notFound("Optimization");
  const stored = JSON.parse(original.tour.request) as StoredTour;
  const sectionCount = stored.input.sections.length;
  const telematics = b.from === "telematics";
  const state = telematics
    ? await lastReportedState(db(), auth.tenantId, original.tour.vehicleId, await driverFor(original, stored, b.driver ?? null))
    : stateOfBody(b);
  if (!state) {
    throw new HttpError(409, {
      detail: `No reported state for vehicle ${original.tour.vehicleId}: its telematics have not reported a position and a state of charge ` +
        `within ${MAX_REPORT_SKEW_MS / 60_000} min of each other (GET /vehicles/${original.tour.vehicleId}/state), or, without a driver in the body, ` +
        "its plan does not tell the driver's hours; send the state in the body (position, battery_level, time, driver)",
    });
  }
  if (b.sections_done != null && b.sections_done > sectionCount) {
    throw new ValidationFailed([{ loc: ["body", "sections_done"], msg: `Value error, the tour has ${sectionCount} section${sectionCount === 1 ? "" : "s"}`, type: "value_error" }]);
  }

  const served = b.sections_done != null ? { done: b.sections_done, note: null } : await inferServed(original, stored, state);
  if (served.done >= sectionCount) {
    throw new HttpError(409, {
      detail: `Optimization ${original.id}'s tour is finished: all its ${sectionCount} section${sectionCount === 1 ? " is" : "s are"} served ` +
        (b.sections_done != null ? "(sections_done)" : `(${served.note ?? "the truck is past its last stop"})`) + "; nothing is left to re-plan",
    });
  }
  const next = remainingTour(stored, state, served.done, b.callback_url);

  // The checks a submit makes that can fail now: the truck's position within reach of a road, the webhook's address and secret.
  const data = packs.planFor(next.input.sections.flatMap((s) => [s.start, s.stop]));
  const far = roadReachDetail(data, state.position, ["body", "position"]);
  if (far && telematics) throw new HttpError(409, { detail: `The vehicle's last reported position is beyond the network's roads: ${far.msg}` });
  const problems = far ? [far] : [];
  const inherited = b.callback_url === undefined;
  for (const d of await callbackUrlDetails(db(), auth.tenantId, next.body.callback_url)) {
    problems.push(inherited ? { ...d, msg: `The original submit's callback_url: ${d.msg}; send callback_url: null to re-plan without a webhook` } : d);
  }
  throwIfAny(problems);

  const warnings = [...(served.note ? [served.note] : []), ...(await poiFilterWarnings(auth.tenantId, next.body.poi_info))];
  const respond = (ids: Submitted): ReplanResponse => ({
    message: "Re-plan queued: poll GET /planner/jobs/{job_id} until status is succeeded or not_drivable, then GET /planner/optimizations/{optimization_id}/result",
    tour_id: ids.tourId,
    optimization_id: ids.optimizationId,
    job_id: ids.jobId,
    warnings,
    replanned_from: original.id,
    sections_done: served.done,
  });
  let ids: Submitted;
  try {
    ids = await createTourWithJob(
      db(), auth.tenantId, next.body, next.input, "queued",
      idem ? (tx, created) => remember(tx, auth.tenantId, idem, respond(created)) : undefined, original.id,
    );
  } catch (e) {
    // The same key arrived twice at once: the other request won; answer as it did.
    const first = idem ? await replay(db(), auth.tenantId, idem) : null;
    if (first) return jsonResponse(200, first, { "idempotent-replayed": "true" });
    throw e;
  }
  wakeWorker();
  if (idem) void forgetExpired(db()).catch(() => undefined);
  return jsonResponse(200, respond(ids));
}

/** The state a body without `from` gives (the schema requires each of its fields then). */
/**
 * The driver's hours at a reported time: the body's `driver` (rFMS does not report hours driven), else those
 * the original plan implies then, from the driver's hours it was made with.
 */
async function driverFor(
  original: { id: number; job: { status: string } | null }, stored: StoredTour, given: DriverRequest | null,
): Promise<(timeMs: number) => DriverRequest | null> {
  if (given) return () => given;
  if (original.job?.status !== "succeeded") return () => null;
  const text = await readLongText({ table: "Optimization", column: "result", id: original.id });
  if (!text) return () => null;
  // Only the members it reads, the sections paced: a result can be megabytes (its stations).
  const member = async (key: string) => { const t = await memberText(text, key); return t ? await parseJsonPaced(t) : null; };
  const result = { sections: await member("sections"), driving_rules: await member("driving_rules"), totals: await member("totals") } as PlanResult;
  const planned = DriverRequest.parse((stored.request as { driver?: unknown } | null)?.driver ?? {});
  return (timeMs) => plannedDriverAt(result, timeMs, planned);
}

function stateOfBody(b: ReplanRequest): TruckState {
  return { position: b.position!, batteryLevel: b.battery_level!, timeMs: Date.parse(b.time!), driver: b.driver! };
}

/**
 * The sections served, told from the truck's state against the original's plan (replan/served.ts); 409 where
 * there is no drivable plan to tell them from. `note`: a warning where the position alone could not tell.
 */
async function inferServed(
  original: { id: number; job: { status: string } | null }, stored: StoredTour, state: TruckState,
): Promise<{ done: number; note: string | null }> {
  const status = original.job?.status ?? "queued";
  const text = status === "succeeded" ? await readLongText({ table: "Optimization", column: "result", id: original.id }) : null;
  const sectionsText = text ? await memberText(text, "sections") : null;
  if (!sectionsText) {
    throw new HttpError(409, {
      detail: `Optimization ${original.id} has no drivable plan to tell the served sections from (its job is ${status}): send sections_done, the number of sections served`,
      status,
    });
  }
  const sections = (await parseJsonPaced(sectionsText)) as PlannedSection[];
  const stops = stored.input.sections.map((s) => s.stop as LatLon);
  const s = await servedSections(sections, stops, state.position, state.timeMs, pacer());
  const km = (s.offRouteM / 1000).toFixed(1);
  const note =
    s.how === "clock" ? `The truck is ${km} km from the planned route: ${s.done} section${s.done === 1 ? "" : "s"} counted as served by the plan's departure times; send sections_done to say otherwise`
      : s.how === "stop" ? `The truck is at the stop of section_list[${s.stop}]: ${s.done > s.stop! ? "served" : "not served yet"} by the plan's departure from it ` +
        `(${s.done} section${s.done === 1 ? "" : "s"} served); send sections_done to say otherwise`
        : null;
  return { done: s.done, note };
}
