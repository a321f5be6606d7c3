// The planning processes of this process: one for jobs (its worker plans one
// job at a time) and one for the synchronous POST /planner, so that a partner
// waiting for an answer does not queue behind a long job.
import { config } from "../config";
import { PlanningProcess } from "./planner-process";

/** How long past its deadline a plan may run before its process is ended. */
export const PLAN_GRACE_MS = 30_000;

const holder = globalThis as unknown as { __plannerProcesses?: Map<string, PlanningProcess> };

function named(name: "jobs" | "requests"): PlanningProcess {
  const all = (holder.__plannerProcesses ??= new Map());
  let p = all.get(name);
  if (!p) all.set(name, (p = new PlanningProcess({ name, memoryMb: config().PLAN_MEMORY_MB, graceMs: PLAN_GRACE_MS })));
  return p;
}

export const jobPlanner = () => named("jobs");
export const requestPlanner = () => named("requests");

/** Ends every planning process of this process (shutdown, tests). */
export function closePlanners(): void {
  for (const p of holder.__plannerProcesses?.values() ?? []) p.close();
  holder.__plannerProcesses?.clear();
}
