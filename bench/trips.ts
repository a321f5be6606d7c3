// The trips bench:plan times by length class (bench/plan.ts, bench/objectives.ts).
import type { PlanResult } from "../src/contract/result";
import { plan } from "../src/engine/plan/plan";
import type { PlanData, PlanInput } from "../src/engine/plan/types";
import { findModel } from "../src/engine/vehicles/catalog";

export const PLACES: Record<string, [number, number]> = {
  Amsterdam: [52.37, 4.9], Berlin: [52.52, 13.4], Cologne: [50.94, 6.96], Dortmund: [51.51, 7.47],
  Flensburg: [54.78, 9.44], Frankfurt: [50.11, 8.68], Freiburg: [47.99, 7.85], Hamburg: [53.55, 9.99],
  Hannover: [52.37, 9.74], Leipzig: [51.34, 12.37], Munich: [48.14, 11.58], Prague: [50.08, 14.44], Stuttgart: [48.78, 9.18],
};
/** "A-B-C" is a tour of two sections; about 200, 500, 800 and 1,500 km by road on the europe pack. */
export const LENGTH_CLASSES: { km: number; trips: string[] }[] = [
  { km: 200, trips: ["Frankfurt-Stuttgart", "Berlin-Leipzig", "Hannover-Dortmund"] },
  { km: 500, trips: ["Hamburg-Frankfurt", "Berlin-Dortmund", "Prague-Frankfurt"] },
  { km: 800, trips: ["Hamburg-Munich", "Berlin-Freiburg", "Amsterdam-Munich"] },
  { km: 1500, trips: ["Flensburg-Munich-Cologne", "Hamburg-Freiburg-Berlin", "Amsterdam-Munich-Berlin"] },
];
export const MODELS = ["MB_EACTROS_600", "VOLVO_FH_ELECTRIC"].map((code) => findModel(code)!);

/** A plan after one warm-up, and the median of `runs` timed plans of the same input, and every run's ms (bench:bans, bench:weather, bench:weekend). */
export function timedPlan(inp: PlanInput, data: PlanData, runs: number): { r: PlanResult; ms: number; runs: number[] } {
  let r = plan(inp, data);
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    r = plan(inp, data);
    ms.push(performance.now() - t0);
  }
  return { r, ms: [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)], runs: ms };
}
