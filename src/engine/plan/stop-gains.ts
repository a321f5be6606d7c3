// What a stop that is not needed (reason saves_time or cheaper_energy) gains: the same tour on the
// same road planned with no charging stop between the places it charges before and after this one
// (not only without this site: another site a kilometre on would take its place, and so on), compared
// as the results show both (minutes to 0.1, EUR to the cent). A stop that gains less than MIN_STOP_GAIN under the plan's objective is not made: the plan
// without it is returned instead (at most that much worse), and its own optional stops are measured
// in turn. Bounded: at most MAX_GAIN_SEARCHES searches, within a share of the job's time; a stop
// left unmeasured keeps gain null.
import type { PlanResult, ResultSection, StopReason } from "../../contract/result";
import { SearchLimitExceeded, TimeLimitExceeded } from "../charging/types";
import { valueOfTime } from "./optimizer-input";
import { lateMinOf, objectiveOf } from "./route-choice";
import type { PlanData, PlanInput, RouteStretch } from "./types";
import { explained, type Explained } from "./stop-reasons";
import { part, say, type TextMessage } from "../text/message";

type Objective = NonNullable<PlanInput["objective"]>;

/** The least gain of a stop that is not needed: 5 min (fastest), 5 min of the value of time (balanced), 1 EUR (cheapest). */
export const MIN_STOP_GAIN_MIN = 5;
export const MIN_STOP_GAIN_CHEAPEST_EUR = 1;
/** Searches the gains may run per plan (each is a whole charging search on the chosen road). */
export const MAX_GAIN_SEARCHES = 4;
/** The gains' share of time: at most this many times what the plan itself took, and at least GAIN_MIN_BUDGET_MS (within half the job's time left). */
const GAIN_TIME_FACTOR = 1;
const GAIN_MIN_BUDGET_MS = 500;

const OPTIONAL: readonly StopReason[] = ["saves_time", "cheaper_energy"];
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

export function stopGainThreshold(objective: Objective, votEurPerH: number): number {
  if (objective === "fastest") return MIN_STOP_GAIN_MIN;
  if (objective === "cheapest") return MIN_STOP_GAIN_CHEAPEST_EUR;
  return round2((votEurPerH * MIN_STOP_GAIN_MIN) / 60);
}

const money = (r: PlanResult) => {
  const c = r.totals?.cost;
  return c ? c.energy + c.tolls + (c.distance ?? 0) : NaN;
};

const isOptional = (s: ResultSection) => s.inserted === true && OPTIONAL.includes(s.poi_summary?.reason as StopReason);

/** Per result's sections (kept through the spreads that copy a result), the route distance each ends at. */
const sectionEnds = new WeakMap<ResultSection[], number[]>();
/** Results (by their sections) whose charging search could not prove its plan the best (said in a warning, search.not_proven_*, or not). */
const unproven = new WeakSet<ResultSection[]>();
/** `notProven`: the plan's search gave up proving it the best (a plan re-made for the 24-hour rule on a tour of days says so in no warning of its own). */
export function rememberSectionEnds(sections: ResultSection[], endsM: number[], notProven = false): void {
  sectionEnds.set(sections, endsM);
  if (notProven) unproven.add(sections);
}

/** The stretch between the places the plan charges before and after section i's stop (the start, the destination). */
function stretchAround(sections: ResultSection[], i: number): RouteStretch | null {
  const ends = sectionEnds.get(sections);
  if (!ends) return null;
  const charges = (s: ResultSection) => (Number(s.poi_summary?.energy_kWh) || 0) > 0;
  let from = -1, to = Infinity;
  for (let j = i - 1; j >= 0; j--) if (charges(sections[j])) { from = ends[j]; break; }
  for (let j = i + 1; j < sections.length; j++) if (charges(sections[j])) { to = ends[j]; break; }
  return { fromM: from, toM: to };
}

/**
 * `main` with every optional stop's gain measured, or the plan without the stops that gain too
 * little. `replan` plans the tour on the same road without the given stops (null: none found);
 * `asMain` makes such a plan the request's result (its route list's chosen line).
 */
export function withStopGains(
  input: PlanInput, data: PlanData, main: PlanResult, spentMs: number,
  replan: (without: RouteStretch[], deadlineMs: number | undefined) => PlanResult | null, asMain: (r: PlanResult) => PlanResult,
): PlanResult {
  if (main.status !== "succeeded") return main;
  // A plan its own search could not prove the best (its budget ran out, a tour of days, a beam's re-plan
  // for the 24-hour rule): a gain is the difference of two such searches, so it would not be exact either,
  // and a re-plan of the same size runs out of time (Hamburg <-> Munich x4, balanced: 6.6 s of a 13 s plan;
  // a long haul of 25 sections: 3 s a comparison). Its stops keep gain null.
  if (unproven.has(main.sections)) return main;
  const objective = input.objective ?? "fastest";
  const threshold = stopGainThreshold(objective, valueOfTime(input, data.prices));
  // Never more than half the job's time left: the plan itself must still be stored (and its cost options made).
  const now = Date.now();
  const budgetEnd = now + Math.max(GAIN_MIN_BUDGET_MS, GAIN_TIME_FACTOR * spentMs);
  const deadlineMs = input.deadlineMs === undefined ? budgetEnd : Math.min(budgetEnd, now + (input.deadlineMs - now) / 2);
  let result = main;
  const without: RouteStretch[] = [];
  const measured = new Set<ResultSection>();
  let searches = 0;
  for (;;) {
    const at = result.sections.findIndex((s) => isOptional(s) && !measured.has(s));
    const next = at >= 0 ? result.sections[at] : undefined;
    if (!next || searches >= MAX_GAIN_SEARCHES || Date.now() >= deadlineMs) break;
    measured.add(next);
    const stretch = stretchAround(result.sections, at);
    if (!stretch) break;
    let alt: PlanResult | null;
    try {
      searches++;
      alt = replan([...without, stretch], deadlineMs);
    } catch (e) {
      if (e instanceof TimeLimitExceeded || e instanceof SearchLimitExceeded) break;
      throw e;
    }
    const worse = !alt || alt.status !== "succeeded" || lateMinOf(alt) > lateMinOf(result) + 0.05 || (alt.driving_rules?.duty_span_kept === false && result.driving_rules?.duty_span_kept !== false);
    const between = { before: [neighbour(result.sections, at, -1)], after: [neighbour(result.sections, at, 1)] };
    if (worse) {
      const reason = next.poi_summary!.reason ?? "energy";
      Object.assign(next.poi_summary!, !alt || alt.status !== "succeeded"
        ? explained("energy", say("stop.needed_for_plan", between))
        : lateMinOf(alt) > lateMinOf(result) + 0.05
          ? explained(reason, say("stop.keeps_window", between))
          : explained(reason, say("stop.keeps_day_span", between)));
      continue;
    }
    const gain = {
      minutes: round1(alt!.totals!.duration_min - result.totals!.duration_min),
      eur: round2(money(alt!) - money(result)),
      objective_value: round2(objectiveOf(alt!, objective) - objectiveOf(result, objective)),
      threshold,
    };
    // cheapest: time is not in its objective, so a plan much longer is never taken for a stop less.
    if (gain.objective_value < threshold && (objective !== "cheapest" || gain.minutes < MIN_STOP_GAIN_MIN)) {
      // Not worth making: the plan without it (and its own optional stops measured next).
      without.push(stretch);
      result = asMain(alt!);
      measured.clear();
      continue;
    }
    next.poi_summary!.gain = gain;
    Object.assign(next.poi_summary!, explainGain(gain, objective, between));
  }
  return result;
}

/** The place the truck charges before (-1) or after (1) section i's stop, by name. */
function neighbour(sections: ResultSection[], i: number, dir: -1 | 1): TextMessage {
  for (let j = i + dir; j >= 0 && j < sections.length; j += dir) {
    const p = sections[j].poi_summary;
    if ((Number(p?.energy_kWh) || 0) > 0) return p?.name ? part("stop.neighbour.named", { name: p.name }) : part("stop.neighbour.previous");
  }
  return part(dir < 0 ? "stop.neighbour.start" : "stop.neighbour.destination");
}

function explainGain(gain: { minutes: number; eur: number }, objective: Objective, between: { before: TextMessage[]; after: TextMessage[] }): Explained {
  const time = gain.minutes > 0.05, cash = gain.eur > 0.005;
  const reason: StopReason = time && !cash ? "saves_time" : cash && !time ? "cheaper_energy" : objective === "fastest" ? "saves_time" : "cheaper_energy";
  return explained(reason, say("stop.gain", {
    ...between,
    longer: gain.minutes >= 0 ? "yes" : "no", minutes: Math.abs(gain.minutes), dearer: gain.eur >= 0 ? "yes" : "no", eur: Math.abs(gain.eur), objective,
  }));
}
