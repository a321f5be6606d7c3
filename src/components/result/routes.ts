// The routes a plan considered (route_alternatives) as the result panel and the map show them.
import type { useTranslations } from "next-intl";
import type { RouteAlternative } from "@/contract/result";
import { fmtDuration, fmtNum } from "@/components/planner/format";
import { fmtMoney } from "./tolls";

export type RoutesTranslator = ReturnType<typeof useTranslations<"routeChoices">>;

/** The first route is the fastest road on every section ("Fastest route"); the others by their place in the list ("Route 2"). */
export const routeName = (i: number, t: RoutesTranslator) => t("name", { i: String(i), n: i + 1 });

/** Why a route was or was not chosen, in words. */
export const reasonText = (reason: RouteAlternative["reason"], t: RoutesTranslator) => t(`reason.${reason}`);

/** One line of facts: km, driving, tolls, stops and duration where planned. */
export function routeFacts(r: RouteAlternative, t: RoutesTranslator): string {
  const parts = [fmtNum(r.distance_m / 1000, "km"), t("driving", { duration: fmtDuration(r.driving_time_min) })];
  parts.push(r.toll_free ? t("noTolls") : r.tolls_eur > 0 ? t("tolls", { amount: fmtMoney(r.tolls_eur, "EUR") }) : t("tollSystems", { systems: r.toll_systems.join(", ") }));
  if (r.duration_min != null) parts.push(t("chargingStops", { count: r.charging_stops ?? 0 }), t("tour", { duration: fmtDuration(r.duration_min) }));
  return parts.join(" · ");
}
