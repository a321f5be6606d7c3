// A plan as stored: the result JSON served byte for byte, and with cost
// options each option's whole result beside it (GET .../result?option=K).
import type { PlanResult } from "../../contract/result";

export function resultBodies(optimizationId: number, tourId: number, result: PlanResult): { result: string; options: string | null } {
  const { cost_option_results: options, ...main } = result as PlanResult & { cost_option_results?: PlanResult[] };
  const ids = { optimization_id: optimizationId, tour_id: tourId };
  return {
    result: JSON.stringify({ ...ids, ...main }),
    options: options ? JSON.stringify(options.map((r) => ({ ...ids, ...r }))) : null,
  };
}
