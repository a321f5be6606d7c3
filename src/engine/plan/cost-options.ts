// The trade-off between time and money on one routed tour: the plans of the
// fastest objective, of balanced at four times, one and a quarter of the value
// of time, and of the cheapest; of those the Pareto-optimal ones (none both
// slower and dearer than another), from the fastest to the cheapest. Each is a
// whole result (GET .../result?option=K); the main result is the request's.
import type { CostOption, PlanResult } from "../../contract/result";
import { valueOfTime } from "./optimizer-input";
import type { PlanData, PlanInput } from "./types";

/** At most this many options (the issue of the trade-off chart: more are not read). */
export const MAX_COST_OPTIONS = 5;
const VOT_FACTORS = [4, 1, 0.25];

/** What a result's money is: energy bought plus priced tolls (time is the other axis). */
const moneyOf = (r: PlanResult) => (r.totals?.cost ? r.totals.cost.energy + r.totals.cost.tolls : Infinity);

export function withCostOptions(
  input: PlanInput, data: PlanData, main: PlanResult, resultFor: (input: PlanInput) => PlanResult,
): PlanResult & { cost_option_results: PlanResult[] } {
  const vot = valueOfTime(input, data.prices);
  const variants: { objective: NonNullable<PlanInput["objective"]>; searchVot: number | null }[] = [
    { objective: "fastest", searchVot: null },
    ...VOT_FACTORS.map((f) => ({ objective: "balanced" as const, searchVot: vot * f })),
    { objective: "cheapest", searchVot: null },
  ];
  const mainSearchVot = input.objective === "balanced" ? (input.searchValueOfTimeEurPerH ?? vot) : null;
  const plans = variants.map((v) => {
    const same = v.objective === (input.objective ?? "fastest") && (v.searchVot === null || v.searchVot === mainSearchVot);
    const r = same ? main : resultFor({ ...input, objective: v.objective, searchValueOfTimeEurPerH: v.searchVot ?? undefined, costOptions: false });
    return { ...v, r, main: same };
  }).filter((p) => p.r.status === "succeeded" && p.r.totals?.cost);
  // From the fastest: keep a plan only where it costs less than every faster one kept (ties in time: the cheaper).
  plans.sort((a, b) => a.r.totals!.duration_min - b.r.totals!.duration_min || moneyOf(a.r) - moneyOf(b.r) || Number(b.main) - Number(a.main));
  const front: typeof plans = [];
  for (const p of plans) {
    const last = front.at(-1);
    if (!last || moneyOf(p.r) < moneyOf(last.r) - 0.005) front.push(p);
    else if (p.main && Math.abs(p.r.totals!.duration_min - last.r.totals!.duration_min) < 0.05 && Math.abs(moneyOf(p.r) - moneyOf(last.r)) <= 0.005) front[front.length - 1] = p;
  }
  const kept = front.slice(0, MAX_COST_OPTIONS);
  // The request's own plan is always an option (it is on the front unless a tie hides it).
  if (!kept.some((p) => p.main)) kept.push({ objective: input.objective ?? "fastest", searchVot: mainSearchVot, r: main, main: true });
  kept.sort((a, b) => a.r.totals!.duration_min - b.r.totals!.duration_min);
  const options: CostOption[] = kept.map((p, k) => ({
    option: k, objective: p.objective, value_of_time_eur_per_h: p.searchVot, chosen: p.main,
    duration_min: p.r.totals!.duration_min, energy_cost: p.r.totals!.cost!.energy, total_cost: p.r.totals!.cost!.total,
    charged_kWh: p.r.totals!.charged_kWh, charging_stops: p.r.totals!.charging_stops,
  }));
  return { ...main, cost_options: options, cost_option_results: kept.map((p) => ({ ...p.r, cost_options: options })) };
}
