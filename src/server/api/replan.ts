// POST /planner/optimizations/{optimization_id}/replan: a new optimization of what is left of a tour
// en route, from the truck's state (the body's, or its last report); answered as POST /planner/v2 answers.
import { ReplanQuery, ReplanRequest } from "../../contract/replan";
import { OptimizationPath } from "../../contract/request";
import { db } from "../db/client";
import { HttpError, jsonResponse, notFound, type ValidationDetail } from "../http/errors";
import { queryObject, readJsonBody } from "../http/request";
import { collect, throwIfAny } from "../http/validation";
import { idempotencyOf, replay } from "../jobs/idempotency";
import type { StoredTour } from "../jobs/types";
import { driverFor, findOriginal, queueReplan } from "../replan/queue";
import { lastReportedState, MAX_REPORT_SKEW_MS, type TruckState } from "../replan/reported-state";
import { wakeWorker } from "../runtime";
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

  const original = await findOriginal(auth.tenantId, path!.optimization_id);
  if (!original) throw notFound("Optimization");
  const stored = JSON.parse(original.tour.request) as StoredTour;
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
  const queued = await queueReplan({
    tenantId: auth.tenantId, original, stored, state, telematics, sectionsDone: b.sections_done ?? undefined, callbackUrl: b.callback_url, idem, wake: wakeWorker,
  });
  return queued.replayed ? jsonResponse(200, queued.answer, { "idempotent-replayed": "true" }) : jsonResponse(200, queued.answer);
}

/** The state a body without `from` gives (the schema requires each of its fields then). */
function stateOfBody(b: ReplanRequest): TruckState {
  return { position: b.position!, batteryLevel: b.battery_level!, timeMs: Date.parse(b.time!), driver: b.driver! };
}

