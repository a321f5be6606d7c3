// The planning processes of this process: one per job slot of its worker (a slot
// plans one job at a time; WORKER_CONCURRENCY slots) and one for the synchronous
// POST /planner, so that a partner waiting for an answer does not queue behind
// jobs; and one that answers questions about a tenant's station list (lookups). The request planner takes tenants in turn and holds at most
// TENANT_MAX_SYNC_PLANS of one tenant's plans at once.
import { config } from "../config";
import { HttpError } from "../http/errors";
import { PlanningProcess } from "./planner-process";

/** How long past its deadline a plan may run before its process is ended. */
export const PLAN_GRACE_MS = 30_000;

const holder = globalThis as unknown as { __plannerProcesses?: Map<string, PlanningProcess> };

function named(name: string): PlanningProcess {
  const all = (holder.__plannerProcesses ??= new Map());
  let p = all.get(name);
  if (!p) all.set(name, (p = new PlanningProcess({ name, memoryMb: config().PLAN_MEMORY_MB, graceMs: PLAN_GRACE_MS })));
  return p;
}

/** The planning process of job slot `slot` (0 for a worker of one slot). */
export const jobPlanner = (slot = 0) => named(slot === 0 ? "jobs" : `jobs-${slot}`);
export const requestPlanner = () => named("requests");
/** Questions about a tenant's station list, whose building is too heavy for a thread that serves requests. */
export const lookupProcess = () => named("lookups");

/**
 * The request planner for one more of `tenantId`'s plans, or 429 with Retry-After
 * when the tenant already has TENANT_MAX_SYNC_PLANS in hand or waiting.
 */
export function requestPlannerFor(tenantId: number): PlanningProcess {
  const planner = requestPlanner();
  const limit = config().TENANT_MAX_SYNC_PLANS;
  const pending = planner.pendingOf(tenantId);
  if (pending >= limit) {
    const waitS = Math.max(1, Math.ceil(((planner.medianPlanMs() ?? 2000) * pending) / 1000));
    throw new HttpError(429, {
      detail: `Too many plans at once: this tenant has ${pending} POST /planner plans in hand and the limit is ${limit} (TENANT_MAX_SYNC_PLANS); ` +
        "wait for an answer, or submit with POST /planner/v2",
    }, { "retry-after": String(Math.min(600, waitS)) });
  }
  return planner;
}

/** Ends every planning process of this process (shutdown, tests). */
export function closePlanners(): void {
  for (const p of holder.__plannerProcesses?.values() ?? []) p.close();
  holder.__plannerProcesses?.clear();
}
