// Time against money on one routed tour. Plans are compared as the result shows them (minutes to
// 0.1, EUR to the cent): an objective breaks its ties lexicographically at that resolution, and
// withCostOptions lists the plans of the fastest objective, of balanced at four times, one and a
// quarter of the value of time, and of the cheapest that no other matches or beats in both, from
// the fastest to the cheapest. Each is a whole result (GET .../result?option=K); the main result is
// the request's.
import { saidOf, warningFields } from "../text/message";
import type { CostOption, PlanResult } from "../../contract/result";
import { SearchLimitExceeded, TimeLimitExceeded } from "../charging/types";
import type { TenantPrices } from "../cost/contracts";
import { valueOfTime } from "./optimizer-input";
import { objectiveOf } from "./route-choice";
import type { PlanData, PlanInput } from "./types";

type Objective = NonNullable<PlanInput["objective"]>;

/** At most this many options (the issue of the trade-off chart: more are not read). */
export const MAX_COST_OPTIONS = 5;
const VOT_FACTORS = [4, 1, 0.25];
/**
 * The value of time of cheapest's tie search, EUR/h: a minute is worth a cent. Of the plans that cost
 * at most a cent more than the cheapest, its plan is at most about a minute slower than the fastest.
 */
export const TIE_VALUE_OF_TIME_EUR_PER_H = 0.6;

const tenths = (r: PlanResult) => Math.round(r.totals!.duration_min * 10);
const cents = (eur: number) => Math.round(eur * 100);

/** A result's money in cents, as it shows it: energy, priced tolls and the per-km cost (time is the other axis). */
function moneyCents(r: PlanResult): number {
  const c = r.totals?.cost;
  return c ? cents(c.energy) + cents(c.tolls) + cents(c.distance ?? 0) : Infinity;
}

/**
 * A result's rank under an objective, compared in order, lower first, at the result's resolution:
 * fastest the time, then money; cheapest money, then time; balanced money with the time's value
 * (to the cent), then time.
 */
function rank(r: PlanResult, objective: Objective, vot: number): number[] {
  const t = tenths(r), m = moneyCents(r);
  if (objective === "fastest") return [t, m];
  if (objective === "cheapest") return [m, t];
  return [Math.round(m + (vot / 60) * (t / 10) * 100), t, m];
}

function ranksBefore(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

const lateMin = (r: PlanResult) => r.sections.reduce((a, s) => a + (Number(s.poi_summary?.late_min) || 0), 0);
/** Drivable, priced, on time at every window and within the 24-hour rule: only then do time and money decide. */
const settled = (r: PlanResult | null): r is PlanResult =>
  !!r && r.status === "succeeded" && !!r.totals?.cost && lateMin(r) < 0.05 && r.driving_rules?.duty_span_kept !== false;

/** The value of time a balanced plan was searched with. */
const searchVot = (input: PlanInput, prices?: TenantPrices) => input.searchValueOfTimeEurPerH ?? valueOfTime(input, prices);

/** A plan another search made, reported as the request's objective's. */
function asObjective(r: PlanResult, objective: Objective): PlanResult {
  return { ...r, totals: { ...r.totals!, cost: { ...r.totals!.cost!, objective } } };
}

export type Search = (input: PlanInput, cutoff: number) => { result: PlanResult | null; work: number };

/**
 * The objective's plan with its ties broken at the result's resolution, against a second plan on
 * the same route. Under cheapest, the plan of a search that values a minute at a cent
 * (TIE_VALUE_OF_TIME_EUR_PER_H) wins where it costs no more to the cent and is faster: the cheapest
 * search values an hour at 0.06 cent, so it takes hours more for a fraction of a cent. Under
 * balanced, the fastest plan (its search cut off at this plan's duration, so short) wins where it
 * is as fast and cheaper, or better under balanced as the results show them: two plans the searches
 * value alike (same time, same energy, the charge split otherwise between two stops of one price)
 * can differ by cents as the result prices each stop's energy rounded to 0.1 kWh.
 * `work`: the label sets of both searches.
 */
export function withObjectiveTies(
  input: PlanInput, prices: TenantPrices | undefined, found: { result: PlanResult; work: number }, search: Search,
): { result: PlanResult; work: number } {
  const objective = input.objective ?? "fastest";
  const main = found.result;
  if (objective === "fastest" || !settled(main)) return found;
  let rival: ReturnType<Search>;
  try {
    rival = objective === "cheapest"
      ? search({ ...input, objective: "balanced", searchValueOfTimeEurPerH: TIE_VALUE_OF_TIME_EUR_PER_H, costOptions: false }, Infinity)
      // Only a plan no slower than this one as the result shows it (the search's minutes start after the departure's service).
      : search({ ...input, objective: "fastest", searchValueOfTimeEurPerH: undefined, costOptions: false }, main.totals!.duration_min - input.serviceTimeDepartureMin + 0.05);
  } catch (err) {
    // Out of time or work for the second search: the plan found stands.
    if (err instanceof TimeLimitExceeded || err instanceof SearchLimitExceeded) return found;
    throw err;
  }
  const work = found.work + rival.work;
  const r = rival.result;
  if (!settled(r) || !ranksBefore(rank(r, objective, searchVot(input, prices)), rank(main, objective, searchVot(input, prices)))) return { result: main, work };
  return { result: asObjective(r, objective), work };
}

interface Planned {
  objective: Objective;
  searchVot: number | null;
  r: PlanResult;
  main: boolean;
}

/**
 * `resultFor` plans the tour under another objective, its stops' gains measured under that objective
 * (stop-gains.ts); `gainsFor` measures a plan's gains again under the request's objective, for another
 * search's plan that becomes the request's.
 */
export function withCostOptions(
  input: PlanInput, data: PlanData, main: PlanResult, resultFor: (input: PlanInput) => PlanResult,
  gainsFor: (input: PlanInput, r: PlanResult) => PlanResult = (_, r) => r,
): PlanResult & { cost_option_results: PlanResult[] } {
  const vot = valueOfTime(input, data.prices);
  const objective = input.objective ?? "fastest";
  const variants: { objective: Objective; searchVot: number | null }[] = [
    { objective: "fastest", searchVot: null },
    ...VOT_FACTORS.map((f) => ({ objective: "balanced" as const, searchVot: vot * f })),
    { objective: "cheapest", searchVot: null },
  ];
  const mainSearchVot = objective === "balanced" ? searchVot(input, data.prices) : null;
  const own: Planned = { objective, searchVot: mainSearchVot, r: main, main: true };
  const others: Planned[] = variants
    .filter((v) => !(v.objective === objective && (v.searchVot === null || v.searchVot === mainSearchVot)))
    .map((v) => ({ ...v, r: resultFor({ ...input, objective: v.objective, searchValueOfTimeEurPerH: v.searchVot ?? undefined, costOptions: false }), main: false }))
    .filter((p) => p.r.status === "succeeded" && p.r.totals?.cost);
  // The request's plan is the best of all the plans made under its objective, as the results show
  // them (another search may find one its own missed); so no option beats it in both.
  const rankOf = (p: Planned) => rank(p.r, objective, mainSearchVot ?? vot);
  const best = others.reduce((b, p) => (ranksBefore(rankOf(p), rankOf(b)) ? p : b), own);
  const chosen: Planned = best === own ? own : { ...own, r: asRequestPlan(main, gainsFor(input, best.r), objective) };
  const plans = [chosen, ...others.filter((p) => p !== best)];
  // From the fastest: an option stays only where it is cheaper than every faster one kept
  // (ties in time: the cheaper, then the request's own), so no option is matched or beaten in both.
  // The request's plan stays in any case: another plan beats it in both only where that plan makes a
  // stop the request's objective does not (one gaining less than its threshold, stop-gains.ts).
  plans.sort((a, b) => tenths(a.r) - tenths(b.r) || moneyCents(a.r) - moneyCents(b.r) || Number(b.main) - Number(a.main));
  const front: Planned[] = [];
  let least = Infinity;
  for (const p of plans) {
    const money = moneyCents(p.r);
    if (money < least || p === chosen) front.push(p);
    least = Math.min(least, money);
  }
  // A request's own value of time beside the three adds a sixth: a middle one gives way.
  while (front.length > MAX_COST_OPTIONS) front.splice(front.findIndex((p, i) => !p.main && i > 0 && i < front.length - 1), 1);
  const options: CostOption[] = front.map((p, k) => ({
    option: k, objective: p.objective, value_of_time_eur_per_h: p.searchVot, chosen: p.main,
    duration_min: p.r.totals!.duration_min, energy_cost: p.r.totals!.cost!.energy, total_cost: p.r.totals!.cost!.total,
    charged_kWh: p.r.totals!.charged_kWh, charging_stops: p.r.totals!.charging_stops,
  }));
  return {
    ...chosen.r, cost_options: options,
    // Each option in full: the route list's chosen line is that option's plan.
    cost_option_results: front.map((p) => ({ ...p.r, cost_options: options, route_alternatives: withChosenLine(p.r.route_alternatives, p.r, objective) })),
  };
}

/** The route list with its chosen line's figures made plan r's (one truth per plan), valued under the request's objective (the list's). */
function withChosenLine(alternatives: PlanResult["route_alternatives"], r: PlanResult, objective: Objective): PlanResult["route_alternatives"] {
  return alternatives?.map((a) => {
    if (!a.chosen) return a;
    const value = Math.round(objectiveOf(r, objective) * 100) / 100;
    return {
      ...a, distance_m: r.totals!.distance_m, driving_time_min: r.totals!.driving_time_min, tolls_eur: r.totals!.cost?.tolls ?? a.tolls_eur,
      duration_min: r.totals!.duration_min, charging_stops: r.totals!.charging_stops, objective_value: value,
      // The note ends with the chosen plan's value: "(1708.13 EUR)".
      note: a.note.replace(/\([\d.]+ (EUR|min)\)$/, `(${value} $1)`),
    };
  });
}

/**
 * Another search's plan as the request's result: the request's objective, the route choice's warnings
 * (they name route_alternatives) and its list, the chosen route's figures there made this plan's.
 */
export function asRequestPlan(main: PlanResult, r: PlanResult, objective: Objective): PlanResult {
  const own = saidOf(r);
  const routeWarnings = saidOf(main).filter((w) => w.text.includes("(route_alternatives)") && !own.some((o) => o.text === w.text));
  const alternatives = withChosenLine(main.route_alternatives, r, objective);
  return { ...asObjective(r, objective), ...warningFields([...own, ...routeWarnings]), route_alternatives: alternatives ?? r.route_alternatives };
}
