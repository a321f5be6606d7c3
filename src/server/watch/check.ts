// The plan watch (docs/API.md, Plan watch), run by every process that runs a job worker: due watches are
// claimed by a conditional update that moves their next check past a lease and counts the claim (as webhook
// attempts are: webhooks/delivery.ts), so no two processes check one plan at once; a bounded batch per step.
// A check of a watched plan re-plans it (replan/queue.ts, as POST .../replan) when
// - stop_unusable: a charging stop not reached yet whose site's live status (the rules the planner uses,
//   engine/stations/live-status.ts) leaves no usable point at the planned arrival, or
// - behind_plan: the vehicle's last report (fresh: REPORT_MAX_AGE_MIN) is, where the plan passes its place,
//   LATE_TOLERANCE_MIN later than planned or SOC_TOLERANCE_PCT points of charge below the plan.
// The re-plan starts from the fresh report, else from where the plan has the truck now (plan-state.ts); in its
// transaction the old watch ends (replanned, with the trigger and the new optimization), the old plan's held slots
// are released, the new plan's watch starts as `committing` (its slots are held once its job succeeds) and a
// plan.replanned webhook is queued to the original's callback_url.
import { DriverRequest } from "../../contract/request";
import type { PlanResult } from "../../contract/result";
import type { LatLon } from "../../engine/geo";
import { closedUntilMs, liveSiteOf } from "../../engine/stations/live-status";
import { config } from "../config";
import { db } from "../db/client";
import { readLongText } from "../db/long-text";
import { holdSlots } from "../fleet-day/held";
import { HttpError } from "../http/errors";
import { memberText } from "../http/json-text";
import { pacer } from "../http/pace";
import { parseJsonPaced } from "../http/paced-json";
import type { StoredTour } from "../jobs/types";
import { FINAL_STATUSES } from "../jobs/types";
import { startLoop, type RunningWorker } from "../jobs/worker-loop";
import { log } from "../log";
import { driverFor, findOriginal, queueReplan, type ReplanOriginal } from "../replan/queue";
import { lastReportedState, MAX_REPORT_SKEW_MS, type TruckState } from "../replan/reported-state";
import { liveStatusFor } from "../stations/live-status";
import { addEventDelivery, COMPLETED, REPLANNED } from "../webhooks/outbox";
import { planEndMs, plannedAt, plannedAtPlace, planTrack, type PlanTrack, type WatchedSection } from "./plan-state";
import { COMMITTING, ENDED, WATCHING } from "./store";

/** A report older than this (its position's time) is not the truck's state now: not compared, not re-planned from. */
export const REPORT_MAX_AGE_MIN = 30;
/** The truck is behind plan when it passes its place this much later than planned... */
export const LATE_TOLERANCE_MIN = 30;
/** ...or with this many percentage points less charge than the plan has there. */
export const SOC_TOLERANCE_PCT = 10;
/** A claimed check's lease: a check that outlives it (a process killed mid-check) is due again. */
const LEASE_MS = 120_000;
/** Watches checked at once by one step. */
const BATCH = 8;

export interface WatchOptions {
  intervalMs: number;
  nowMs?: number;
  batch?: number;
  /** Tells this process's job worker that a re-plan waits. */
  wake?: () => void;
}

export const watchOptions = (wake?: () => void): WatchOptions => ({ intervalMs: config().WATCH_INTERVAL_S * 1000, wake });

type WatchRow = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["planWatch"]["findFirst"]>>>;
type Trigger = { reason: "stop_unusable" | "behind_plan"; detail: string };

/** Checks every due watch (up to a batch); returns how many it found. */
export async function checkDueWatches(opts: WatchOptions): Promise<number> {
  const now = new Date(opts.nowMs ?? Date.now());
  const due = await db().planWatch.findMany({
    where: { status: { in: [WATCHING, COMMITTING] }, nextCheckAt: { lte: now } }, orderBy: { nextCheckAt: "asc" }, take: opts.batch ?? BATCH,
  });
  for (const w of due) {
    const claim = await db().planWatch.updateMany({
      where: { id: w.id, claims: w.claims, status: w.status, nextCheckAt: { lte: now } },
      data: { claims: w.claims + 1, nextCheckAt: new Date(Date.now() + LEASE_MS) },
    });
    if (claim.count !== 1) continue; // another process has it
    const claimed = { ...w, claims: w.claims + 1 };
    let said: string;
    try {
      said = w.status === COMMITTING ? await commitReplan(claimed, now) : await checkWatch(claimed, now, opts);
    } catch (e) {
      said = `the check failed: ${e instanceof Error ? e.message : String(e)}`;
      log.warn({ watch: w.id, optimizationId: w.optimizationId, err: said }, "plan watch check failed");
    }
    // Fenced by the claim: a check whose lease ran out and another process took writes nothing; an ended watch stays ended.
    await db().planWatch.updateMany({
      where: { id: w.id, claims: claimed.claims, status: { not: ENDED } },
      data: { lastCheckedAt: now, lastCheck: said, nextCheckAt: new Date(now.getTime() + opts.intervalMs) },
    });
  }
  return due.length;
}

const end = (w: WatchRow, data: Record<string, unknown>) =>
  db().planWatch.updateMany({ where: { id: w.id, claims: w.claims, status: { not: ENDED } }, data: { status: ENDED, endedAt: new Date(), ...data } });

/** A re-plan the watch queued: held and watched once its job succeeds; ended when it fails. */
async function commitReplan(w: WatchRow, now: Date): Promise<string> {
  const o = await db().optimization.findFirst({ where: { id: w.optimizationId, tenantId: w.tenantId }, select: { id: true, result: true, job: { select: { status: true } } } });
  const status = o?.job?.status ?? "gone";
  if (status === "succeeded" && o?.result) {
    const result = JSON.parse(o.result) as PlanResult;
    const track = await planTrack((result.sections ?? []) as WatchedSection[], 1, pacer());
    const untilMs = planEndMs(track);
    await db().$transaction(async (tx) => {
      await holdSlots(tx, w.tenantId, w.optimizationId, result);
      await tx.planWatch.updateMany({
        where: { id: w.id, claims: w.claims, status: COMMITTING },
        data: { status: WATCHING, untilAt: Number.isNaN(untilMs) ? w.untilAt : new Date(untilMs) },
      });
    });
    return `the re-plan succeeded: committed (its charger use held) and watched from ${now.toISOString()}`;
  }
  if (status === "gone" || FINAL_STATUSES.has(status)) {
    await end(w, { endReason: "replan_failed", detail: `the re-plan's job is ${status}: nothing is committed` });
    return `the re-plan's job is ${status}`;
  }
  return `waiting for the re-plan's job (${status})`;
}

interface Plan {
  original: ReplanOriginal;
  stored: StoredTour;
  sections: WatchedSection[];
  poiList: { poi_id?: number | null; external_id?: string | null; merged_from?: string[] | null }[];
  track: PlanTrack;
}

async function readPlan(w: WatchRow): Promise<Plan | null> {
  const original = await findOriginal(w.tenantId, w.optimizationId);
  if (!original || original.job?.status !== "succeeded") return null;
  const text = await readLongText({ table: "Optimization", column: "result", id: original.id });
  if (!text) return null;
  const member = async (key: string) => { const t = await memberText(text, key); return t ? await parseJsonPaced(t) : null; };
  const stored = JSON.parse(original.tour.request) as StoredTour;
  const sections = ((await member("sections")) ?? []) as WatchedSection[];
  const poiList = ((await member("poi_list")) ?? []) as Plan["poiList"];
  const startSoc = Number((stored.request as { battery_level_start?: unknown } | null)?.battery_level_start ?? 1);
  return { original, stored, sections, poiList, track: await planTrack(sections, Number.isFinite(startSoc) ? startSoc : 1, pacer()) };
}

async function checkWatch(w: WatchRow, now: Date, opts: WatchOptions): Promise<string> {
  if (now.getTime() > w.untilAt.getTime()) {
    await end(w, { endReason: "finished", detail: `past the plan's end, ${w.untilAt.toISOString()}` });
    return "past the plan's end";
  }
  const plan = await readPlan(w);
  if (!plan) {
    await end(w, { endReason: "finished", detail: "the plan is no longer there" });
    return "the plan is no longer there";
  }
  const report = await freshReport(w, now);
  const trigger = (await unusableStop(w.tenantId, plan, now.getTime())) ?? (report ? behindPlan(plan.track, report) : null);
  if (!trigger) return `all well${report ? "" : ` (no report of the vehicle within ${REPORT_MAX_AGE_MIN} min)`}`;
  return replan(w, plan, trigger, report, now, opts);
}

/** The first charging stop ahead whose site has no usable point at its planned arrival, by the site's live status now. */
async function unusableStop(tenantId: number, plan: Plan, nowMs: number): Promise<Trigger | null> {
  const ahead = plan.sections.map((s) => s.poi_summary as Record<string, unknown> | null | undefined)
    .filter((p): p is Record<string, unknown> => !!p && typeof p.id === "number" && Number(p.energy_kWh) > 0 && Date.parse(String(p.arrival_time)) > nowMs);
  if (!ahead.length) return null;
  const live = await liveStatusFor(db(), tenantId, nowMs);
  if (!live) return null;
  for (const p of ahead) {
    const poi = plan.poiList.find((q) => q.poi_id === p.id);
    if (!poi?.external_id) continue;
    const site = liveSiteOf({ externalId: poi.external_id, mergedFrom: poi.merged_from ?? undefined }, live);
    const closedUntil = site ? closedUntilMs(site) : null;
    const arrivalMs = Date.parse(String(p.arrival_time));
    if (closedUntil !== null && arrivalMs < closedUntil) {
      return {
        reason: "stop_unusable",
        detail: `${String(p.name ?? "A charging stop")} (${poi.external_id}): no usable charging point at its planned arrival ${new Date(arrivalMs).toISOString()} ` +
          `(every point out of order, inoperative, blocked or planned: live status)`,
      };
    }
  }
  return null;
}

interface Report { position: LatLon; socPercent: number; atMs: number }

/** The vehicle's last report, when it has a position and a charge reported together within REPORT_MAX_AGE_MIN of now. */
async function freshReport(w: WatchRow, now: Date): Promise<Report | null> {
  const v = await db().vehicle.findUnique({ where: { tenantId_vehicleId: { tenantId: w.tenantId, vehicleId: w.vehicleId } }, select: { telematics: true } });
  const t = v?.telematics;
  if (!t?.positionAt || !t.socAt || t.latitude === null || t.longitude === null || t.socPercent === null) return null;
  if (Math.abs(t.positionAt.getTime() - t.socAt.getTime()) > MAX_REPORT_SKEW_MS) return null;
  if (now.getTime() - t.positionAt.getTime() > REPORT_MAX_AGE_MIN * 60_000) return null;
  return { position: [t.latitude, t.longitude], socPercent: t.socPercent, atMs: t.positionAt.getTime() };
}

/** Behind plan where the plan passes the truck's place (off the route: the charge the plan has at the report's time). */
function behindPlan(track: PlanTrack, r: Report): Trigger | null {
  if (!track.legs.length) return null;
  const place = plannedAtPlace(track, r.position, r.atMs);
  const lateMin = place ? (r.atMs - place.timeMs) / 60_000 : 0;
  if (lateMin > LATE_TOLERANCE_MIN) {
    return { reason: "behind_plan", detail: `the truck passes its reported place ${Math.round(lateMin)} min later than planned (tolerance ${LATE_TOLERANCE_MIN} min)` };
  }
  const plannedSoc = place?.soc ?? plannedAt(track, r.atMs)?.soc;
  if (plannedSoc === undefined) return null;
  const gap = plannedSoc * 100 - r.socPercent;
  if (gap > SOC_TOLERANCE_PCT) {
    return {
      reason: "behind_plan",
      detail: `the truck reports ${Math.round(r.socPercent)} % charge where the plan has ${Math.round(plannedSoc * 100)} % ` +
        `(${place ? "at its place" : "at the report's time, off the route"}; tolerance ${SOC_TOLERANCE_PCT} points)`,
    };
  }
  return null;
}

async function replan(w: WatchRow, plan: Plan, trigger: Trigger, report: Report | null, now: Date, opts: WatchOptions): Promise<string> {
  const { original, stored } = plan;
  const driverAt = await driverFor(original, stored, null);
  const given = DriverRequest.parse((stored.request as { driver?: unknown } | null)?.driver ?? {});
  let state: TruckState | null = report ? await lastReportedState(db(), w.tenantId, w.vehicleId, driverAt) : null;
  let from = "the vehicle's last report";
  if (!state) {
    const expected = plannedAt(plan.track, now.getTime());
    if (!expected) return `${trigger.detail}; not re-planned: the plan has no route to tell the truck's place from`;
    state = { position: expected.position, batteryLevel: Math.min(1, Math.max(0.1, expected.soc)), timeMs: now.getTime(), driver: driverAt(now.getTime()) ?? given };
    from = "where the plan has the truck now";
  }
  const hook = original.job ? await db().webhookDelivery.findUnique({ where: { jobId_event: { jobId: original.job.id, event: COMPLETED } }, select: { url: true } }) : null;
  const detail = `${trigger.detail}; re-planned from ${from}`;
  try {
    const { answer } = await queueReplan({
      tenantId: w.tenantId, original, stored, state, telematics: report !== null, wake: opts.wake,
      alsoIn: async (tx, ids) => {
        const ended = await tx.planWatch.updateMany({
          where: { id: w.id, claims: w.claims, status: WATCHING },
          data: { status: ENDED, endedAt: now, endReason: "replanned", trigger: trigger.reason, detail, replannedTo: ids.optimizationId, lastCheckedAt: now, lastCheck: detail },
        });
        if (ended.count !== 1) throw new LostClaim();
        await tx.heldSlot.deleteMany({ where: { tenantId: w.tenantId, optimizationId: original.id } });
        await tx.planWatch.create({
          data: { tenantId: w.tenantId, optimizationId: ids.optimizationId, vehicleId: w.vehicleId, status: COMMITTING, untilAt: w.untilAt, nextCheckAt: now },
        });
        if (hook) {
          await addEventDelivery(tx, w.tenantId, ids.jobId, hook.url, REPLANNED, {
            type: REPLANNED, timestamp: now.toISOString(), optimization_id: original.id, replanned_to: ids.optimizationId,
            job_id: ids.jobId, tour_id: ids.tourId, reason: trigger.reason, detail,
          });
        }
      },
    });
    log.info({ optimizationId: original.id, replannedTo: answer.optimization_id, reason: trigger.reason }, "watched plan re-planned");
    return detail;
  } catch (e) {
    if (e instanceof LostClaim) return "another process checked it meanwhile";
    if (!(e instanceof HttpError)) throw e;
    const why = String((e.body as { detail?: unknown }).detail ?? e.message);
    if (/is finished/.test(why)) {
      await end(w, { endReason: "finished", detail: why });
      return why;
    }
    return `${trigger.detail}; not re-planned: ${why}`;
  }
}

class LostClaim extends Error {}

/** The loop of one process: checks while it finds due watches, else looks again in a fifth of the interval (at most 5 s). */
export function startWatchLoop(opts: WatchOptions = watchOptions()): RunningWorker {
  return startLoop(async () => (await checkDueWatches(opts)) > 0, Math.min(5_000, opts.intervalMs / 5));
}
