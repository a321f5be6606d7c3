// The routes a plan considered (route_alternatives) as the result panel and the map show them.
import type { RouteAlternative } from "@/contract/result";
import { fmtDuration, fmtNum } from "@/components/planner/format";
import { fmtMoney } from "./tolls";

/** "Route 1" is the fastest road on every section; the others by their place in the list. */
export const routeName = (i: number) => (i === 0 ? "Fastest route" : `Route ${i + 1}`);

export const REASON_TEXT: Record<RouteAlternative["reason"], string> = {
  chosen: "Chosen",
  objective: "Not chosen: worse under the objective",
  not_drivable: "Not drivable",
  tolls: "Not chosen: has tolls",
  lower_bound: "Not planned: even at its best it is worse than the chosen route",
  route_choice: "Not planned: another route was picked",
  time_limit: "Not planned: out of time",
  search_limit: "Not planned: route choice's limit of work",
};

/** One line of facts: km, driving, tolls, stops and duration where planned. */
export function routeFacts(r: RouteAlternative): string {
  const parts = [fmtNum(r.distance_m / 1000, "km"), `${fmtDuration(r.driving_time_min)} driving`];
  parts.push(r.toll_free ? "no tolls" : r.tolls_eur > 0 ? `tolls ${fmtMoney(r.tolls_eur, "EUR")}` : `tolls: ${r.toll_systems.join(", ")}`);
  if (r.duration_min != null) parts.push(`${r.charging_stops ?? 0} charging stop${r.charging_stops === 1 ? "" : "s"}`, `tour ${fmtDuration(r.duration_min)}`);
  return parts.join(" · ");
}
