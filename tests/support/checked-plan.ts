// The planner as the tests call it: every plan is re-simulated independently
// (resimulate.ts) and a disagreement fails the test that made the plan.
import { plan as enginePlan } from "@/engine/plan/plan";
import type { PlanData, PlanInput } from "@/engine/plan/types";
import { costViolations } from "./cost-check";
import { identityViolations } from "./plan-identities";
import { resimulate } from "./resimulate";

export function plan(input: PlanInput, data: PlanData) {
  const result = enginePlan(input, data);
  expectConsistent(result, data.network, { endSoc: input.batteryLevelEnd, minChargeMin: input.minChargeDurationMin });
  return result;
}

export function expectConsistent(result: unknown, network: PlanData["network"], opts: { endSoc?: number; minChargeMin?: number } = {}): void {
  const r = resimulate(result, { network, ...opts });
  r.violations.push(...costViolations(result), ...identityViolations(result));
  if (r.violations.length) {
    throw new Error(`plan disagrees with its re-simulation:\n  ${r.violations.slice(0, 20).join("\n  ")}`);
  }
}
