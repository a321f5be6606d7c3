// A planning process: plans what its parent sends (planner-process.ts), one
// request at a time, on its own main thread, so that a plan however large never
// blocks the process that serves requests or holds jobs, and a plan that runs
// out of memory ends only this process. Started by the parent; exits when the
// parent goes away.
import { SearchLimitExceeded, TimeLimitExceeded } from "../../engine/charging/types";
import { PlanInputError } from "../../engine/plan/legs";
import { plan } from "../../engine/plan/plan";
import { planFleet } from "../../engine/fleet/plan-fleet";
import { db } from "../db/client";
import { packs } from "../packs";
import type { PlanFailure, PlanReply, PlanRequest } from "./protocol";

function reply(message: PlanReply): void {
  process.send?.(message);
}

function failureOf(e: unknown): PlanFailure {
  if (e instanceof PlanInputError) return "input";
  if (e instanceof TimeLimitExceeded) return "time";
  if (e instanceof SearchLimitExceeded) return "search";
  return "internal";
}

let queue = Promise.resolve();

process.on("message", (request: PlanRequest) => {
  queue = queue.then(async () => {
    if (request.kind === "warm") {
      void packs.plan;
      return;
    }
    if (request.kind === "fleet") {
      try {
        const { tours, held, heldCapacity } = request.fleet;
        const withData = await Promise.all(tours.map(async (t) => {
          const input = { ...t.input, deadlineMs: request.deadlineMs };
          return { id: t.id, priority: t.priority, input, data: await packs.planForTenant(db(), request.tenantId, input) };
        }));
        const { instance: _instance, schedule: _schedule, ...outcome } = planFleet(withData, { held, capacity: new Map(heldCapacity) });
        reply({ kind: "fleet", id: request.id, outcome: { ...outcome, capacity: [...outcome.capacity] } });
      } catch (e) {
        reply({ kind: "failed", id: request.id, failure: failureOf(e), message: e instanceof Error ? e.message : String(e) });
      }
      return;
    }
    try {
      const data = await packs.planForTenant(db(), request.tenantId, request.input);
      reply({ kind: "result", id: request.id, result: plan(request.input, data) });
    } catch (e) {
      reply({ kind: "failed", id: request.id, failure: failureOf(e), message: e instanceof Error ? e.message : String(e) });
    }
  });
});

// The parent is gone (or closed the channel): nothing left to plan for.
process.on("disconnect", () => process.exit(0));
