// What each time-cost option is called. An option's `objective` names the
// search that made it, not its place among the options: the `cheapest` search
// minimizes money alone (energy, tolls, per-km cost; time only breaks ties),
// while `total_cost` adds the time at the request's value of time, so the
// slowest plan, made by that search, often has the highest total cost
// (src/engine/plan/cost-options.ts). Hence "fastest" and "cheapest" are read off
// the figures (least duration, least total cost), and the cheapest search's
// plan is called what it is where it is not also the cheapest in total.
import type { useTranslations } from "next-intl";
import { displayLocale } from "@/components/planner/format";
import type { CostOption } from "@/contract/result";

export type CostOptionsTranslator = ReturnType<typeof useTranslations<"costOptions">>;

export interface OptionLabel {
  /** The least duration of the options. */
  fastest: boolean;
  /** The least total cost of the options (time valued). */
  cheapest: boolean;
  /** For the list: "cheapest · balanced at 50 EUR/h". */
  text: string;
  /** Beside the chart's point: "cheapest · 50 EUR/h". */
  short: string;
}

const eurPerH = (v: number) => `${v.toLocaleString(displayLocale(), { maximumFractionDigits: 2 })} EUR/h`;

/** The option that is least by `by`, ties going to the least `then`. */
function least(options: CostOption[], by: (o: CostOption) => number, then: (o: CostOption) => number): CostOption | undefined {
  return options.reduce<CostOption | undefined>((b, o) => (!b || by(o) < by(b) || (by(o) === by(b) && then(o) < then(b)) ? o : b), undefined);
}

/** Each option's label, by `option`. */
export function labelOptions(options: CostOption[], t: CostOptionsTranslator): Map<number, OptionLabel> {
  const fastest = least(options, (o) => o.duration_min, (o) => o.total_cost);
  const cheapest = least(options, (o) => o.total_cost, (o) => o.duration_min);
  const labels = new Map<number, OptionLabel>();
  for (const o of options) {
    const roles = [o === fastest ? t("fastest") : null, o === cheapest ? t("cheapest") : null].filter((r): r is string => r != null);
    let long: string | null = null, short: string | null = null;
    if (o.objective === "balanced" && o.value_of_time_eur_per_h != null) {
      long = t("balancedAt", { rate: eurPerH(o.value_of_time_eur_per_h) });
      short = eurPerH(o.value_of_time_eur_per_h);
    } else if (o.objective === "cheapest" && o !== cheapest) {
      long = t("leastMoneyLong");
      short = t("leastMoney");
    } else if (o.objective === "fastest" && o !== fastest) {
      long = short = t("fastestSearch");
    }
    labels.set(o.option, {
      fastest: o === fastest,
      cheapest: o === cheapest,
      text: [...roles, long].filter(Boolean).join(" · ") || t(`objective.${o.objective}`),
      short: [...roles, short].filter(Boolean).join(" · ") || t(`objective.${o.objective}`),
    });
  }
  return labels;
}
