// A plan as stored: the result JSON served byte for byte, and with cost
// options each option's whole result beside it, a row each (OptimizationOption,
// GET .../result?option=K).
import type { PlanResult } from "../../contract/result";

export function resultBodies(optimizationId: number, tourId: number, result: PlanResult, replannedFrom?: number): { result: string; options: string[] | null } {
  const { cost_option_results: options, ...main } = result as PlanResult & { cost_option_results?: PlanResult[] };
  const ids = { optimization_id: optimizationId, tour_id: tourId, ...(replannedFrom ? { replanned_from: replannedFrom } : {}) };
  return {
    result: JSON.stringify({ ...ids, ...main }),
    options: options ? options.map((r) => JSON.stringify({ ...ids, ...r })) : null,
  };
}

/**
 * The nested write of an Optimization update that stores `options` as its option rows (k from 0), in the
 * update's own statement: rows of an earlier attempt (a fleet day's lead planned again) are replaced.
 */
export function optionRows(options: string[] | null) {
  return { deleteMany: {}, ...(options?.length ? { createMany: { data: options.map((result, k) => ({ k, result })) } } : {}) };
}
