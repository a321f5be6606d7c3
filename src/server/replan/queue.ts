// Queueing a re-plan of an optimization from a truck's state: what POST .../replan (api/replan.ts) does once it
// has read its request, and what the plan watch (server/watch) does on a trigger.
import { DriverRequest } from "../../contract/request";
import type { ReplanResponse } from "../../contract/replan";
import type { PlanResult } from "../../contract/result";
import type { LatLon } from "../../engine/geo";
import { db } from "../db/client";
import { readLongText } from "../db/long-text";
import { HttpError, ValidationFailed } from "../http/errors";
import { memberText } from "../http/json-text";
import { pacer } from "../http/pace";
import { parseJsonPaced } from "../http/paced-json";
import { throwIfAny } from "../http/validation";
import { forgetExpired, remember, replay, type IdempotencyRequest } from "../jobs/idempotency";
import { createTourWithJob, type Submitted } from "../jobs/store";
import type { StoredTour, Tx } from "../jobs/types";
import { poiFilterWarnings, roadReachDetail } from "../planner-request";
import { packs } from "../packs";
import { callbackUrlDetails } from "../webhooks/submit-check";
import { plannedDriverAt } from "./planned-driver";
import { remainingTour } from "./remaining";
import type { TruckState } from "./reported-state";
import { servedSections, type PlannedSection } from "./served";

/** What a re-plan reads of the optimization it re-plans. */
export type ReplanOriginal = NonNullable<Awaited<ReturnType<typeof findOriginal>>>;

/** The tenant's optimization to re-plan, or null (another tenant's is not found either). */
export function findOriginal(tenantId: number, optimizationId: number) {
  return db().optimization.findFirst({
    where: { id: optimizationId, tenantId },
    select: { id: true, tour: { select: { id: true, vehicleId: true, request: true } }, job: { select: { id: true, status: true } } },
  });
}

export interface ReplanOrder {
  tenantId: number;
  original: ReplanOriginal;
  stored: StoredTour;
  state: TruckState;
  /** The state is the vehicle's last report (its errors name it so). */
  telematics: boolean;
  /** Sections served; undefined: told from the state against the original's plan. */
  sectionsDone?: number;
  /** The new job's webhook; undefined: the original's. */
  callbackUrl?: string | null;
  idem?: IdempotencyRequest | null;
  /** Written in the transaction that queues the re-plan (the plan watch ends its watch and queues its webhook there). */
  alsoIn?: (tx: Tx, ids: Submitted) => Promise<void>;
  /** Tells a job worker of this process that a job waits. */
  wake?: () => void;
}

/**
 * Queues a re-plan of `original` from `state`: what POST .../replan does after reading its request, and what the
 * plan watch does on a trigger (server/watch). HttpError (409/422) where it cannot: the tour finished, no plan to tell
 * the served sections from, the position beyond the roads, the webhook's address refused.
 */
export async function queueReplan(o: ReplanOrder): Promise<{ answer: ReplanResponse; replayed: boolean }> {
  const { tenantId, original, stored, state, telematics, idem } = o;
  const sectionCount = stored.input.sections.length;
  if (o.sectionsDone != null && o.sectionsDone > sectionCount) {
    throw new ValidationFailed([{ loc: ["body", "sections_done"], msg: `Value error, the tour has ${sectionCount} section${sectionCount === 1 ? "" : "s"}`, type: "value_error" }]);
  }

  const served = o.sectionsDone != null ? { done: o.sectionsDone, note: null } : await inferServed(original, stored, state);
  if (served.done >= sectionCount) {
    throw new HttpError(409, {
      detail: `Optimization ${original.id}'s tour is finished: all its ${sectionCount} section${sectionCount === 1 ? " is" : "s are"} served ` +
        (o.sectionsDone != null ? "(sections_done)" : `(${served.note ?? "the truck is past its last stop"})`) + "; nothing is left to re-plan",
    });
  }
  const next = remainingTour(stored, state, served.done, o.callbackUrl);

  // The checks a submit makes that can fail now: the truck's position within reach of a road, the webhook's address and secret.
  const data = packs.planFor(next.input.sections.flatMap((s) => [s.start, s.stop]));
  const far = roadReachDetail(data, state.position, ["body", "position"]);
  if (far && telematics) throw new HttpError(409, { detail: `The vehicle's last reported position is beyond the network's roads: ${far.msg}` });
  const problems = far ? [far] : [];
  const inherited = o.callbackUrl === undefined;
  for (const d of await callbackUrlDetails(db(), tenantId, next.body.callback_url)) {
    problems.push(inherited ? { ...d, msg: `The original submit's callback_url: ${d.msg}; send callback_url: null to re-plan without a webhook` } : d);
  }
  throwIfAny(problems);

  const warnings = [...(served.note ? [served.note] : []), ...(await poiFilterWarnings(tenantId, next.body.poi_info))];
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
      db(), tenantId, next.body, next.input, "queued",
      idem || o.alsoIn
        ? async (tx, created) => {
          if (idem) await remember(tx, tenantId, idem, respond(created));
          if (o.alsoIn) await o.alsoIn(tx, created);
        }
        : undefined,
      original.id,
    );
  } catch (e) {
    // The same key arrived twice at once: the other request won; answer as it did.
    const first = idem ? await replay(db(), tenantId, idem) : null;
    if (first) return { answer: first as ReplanResponse, replayed: true };
    throw e;
  }
  o.wake?.();
  if (idem) void forgetExpired(db()).catch(() => undefined);
  return { answer: respond(ids), replayed: false };
}

/**
 * The original's stored result text, read once per original as found (a re-plan from telematics asks it for the
 * driver's hours and again for the sections served; a result can be megabytes).
 */
const resultTexts = new WeakMap<object, Promise<string | null>>();
function storedResultText(original: { id: number }): Promise<string | null> {
  let text = resultTexts.get(original);
  if (!text) resultTexts.set(original, (text = readLongText({ table: "Optimization", column: "result", id: original.id })));
  return text;
}

/**
 * The driver's hours at a reported time: the body's `driver` (rFMS does not report hours driven), else those
 * the original plan implies then, from the driver's hours it was made with.
 */
export async function driverFor(
  original: { id: number; job: { status: string } | null }, stored: StoredTour, given: DriverRequest | null,
): Promise<(timeMs: number) => DriverRequest | null> {
  if (given) return () => given;
  if (original.job?.status !== "succeeded") return () => null;
  const text = await storedResultText(original);
  if (!text) return () => null;
  // Only the members it reads, the sections paced: a result can be megabytes (its stations).
  const member = async (key: string) => { const t = await memberText(text, key); return t ? await parseJsonPaced(t) : null; };
  const result = { sections: await member("sections"), driving_rules: await member("driving_rules"), totals: await member("totals") } as PlanResult;
  const planned = DriverRequest.parse((stored.request as { driver?: unknown } | null)?.driver ?? {});
  return (timeMs) => plannedDriverAt(result, timeMs, planned);
}

/**
 * The sections served, told from the truck's state against the original's plan (replan/served.ts); 409 where
 * there is no drivable plan to tell them from. `note`: a warning where the position alone could not tell.
 */
async function inferServed(
  original: { id: number; job: { status: string } | null }, stored: StoredTour, state: TruckState,
): Promise<{ done: number; note: string | null }> {
  const status = original.job?.status ?? "queued";
  const text = status === "succeeded" ? await storedResultText(original) : null;
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
