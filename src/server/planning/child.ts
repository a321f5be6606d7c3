// A planning process: plans what its parent sends (planner-process.ts), one
// request at a time, on its own main thread, so that a plan however large never
// blocks the process that serves requests or holds jobs, and a plan that runs
// out of memory ends only this process. Results to be stored are sent back as
// the stored JSON text, made here. Started by the parent; exits when the parent goes away.
import { SearchLimitExceeded, TimeLimitExceeded } from "../../engine/charging/types";
import { PlanInputError } from "../../engine/plan/legs";
import { plan } from "../../engine/plan/plan";
import { planFleet } from "../../engine/fleet/plan-fleet";
import { db } from "../db/client";
import { summarizeFleet } from "../fleet-day/summary";
import { resultBodies } from "../jobs/result-body";
import { packs } from "../packs";
import { lookUp } from "../stations/tenant-lookups";
import type { FleetPlanRequest, PlanFailure, PlanReply, PlanRequest } from "./protocol";
import { withForecast } from "../weather/section-weather";

function reply(message: PlanReply): void {
  process.send?.(message);
}

function failureOf(e: unknown): PlanFailure {
  if (e instanceof PlanInputError) return "input";
  if (e instanceof TimeLimitExceeded) return "time";
  if (e instanceof SearchLimitExceeded) return "search";
  return "internal";
}

/** The fleet's tours planned together, its depot scheduled, each result made ready to store and sent on its own. */
async function planFleetDay(id: number, tenantId: number, fleet: FleetPlanRequest, deadlineMs: number): Promise<void> {
  const { tours, held, heldCapacity } = fleet;
  const withData = [];
  for (const t of tours) {
    const input = { ...t.input, deadlineMs };
    withData.push({ id: String(t.tourId), priority: t.priority, input, data: await packs.planForTenant(db(), tenantId, input) });
  }
  const { instance: _instance, schedule: _schedule, ...outcome } = planFleet(withData, { held, capacity: new Map(heldCapacity) });
  const { summary, results } = summarizeFleet(outcome, fleet);
  for (const t of tours) {
    const result = results.get(String(t.tourId))!;
    reply({ kind: "fleet-tour", id, tour: { tourId: t.tourId, stored: { status: result.status, ...resultBodies(t.optimizationId, t.tourId, result, t.replannedFrom) } } });
  }
  reply({ kind: "fleet", id, summary });
}

let queue = Promise.resolve();

process.on("message", (request: PlanRequest) => {
  queue = queue.then(async () => {
    if (request.kind === "warm") {
      if (request.only === "stations") void packs.stations;
      else void packs.plan;
      return;
    }
    try {
      if (request.kind === "lookup") {
        reply({ kind: "looked-up", id: request.id, value: lookUp(await packs.stationsForTenant(db(), request.tenantId), request.lookup) });
        return;
      }
      if (request.kind === "fleet") {
        await planFleetDay(request.id, request.tenantId, request.fleet, request.deadlineMs);
        return;
      }
      const data = await packs.planForTenant(db(), request.tenantId, request.input);
      // A forecast for the sections the request gives no temperature for (WEATHER_URL; bounded in time).
      const result = plan(await withForecast(request.input), data);
      const to = request.storeAs;
      if (to) reply({ kind: "stored", id: request.id, stored: { status: result.status, ...resultBodies(to.optimizationId, to.tourId, result, to.replannedFrom) } });
      else reply({ kind: "result", id: request.id, result });
    } catch (e) {
      reply({ kind: "failed", id: request.id, failure: failureOf(e), message: e instanceof Error ? e.message : String(e) });
    }
  });
});

// The parent is gone (or closed the channel): nothing left to plan for.
process.on("disconnect", () => process.exit(0));
