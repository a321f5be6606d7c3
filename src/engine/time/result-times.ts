// Every instant a result gives, also in the local time of the place it happens:
// a sibling `<field>_local` beside each UTC field (which stays as it is: partners
// read it), in the zone of that place. One pass over the finished result, so that
// the list of instant fields lives in one place.
import type { PlanResult, ResultPOI, ResultSection } from "../../contract/result";
import { localOf } from "./local-time";
import { BAN_ZONES } from "../bans/rules";

type Fields = Record<string, unknown>;

/**
 * `obj` with `<field>_local` right after each of `fields` that holds an instant (or a list of
 * them), in `zone`, and the zone itself as `zoneField` after the last of them; unchanged without a zone.
 */
export function withLocal<T extends object>(obj: T, zone: string | null | undefined, fields: readonly string[], zoneField?: string): T {
  if (!zone) return obj;
  const out: Fields = {};
  const last = Object.keys(obj).findLast((k) => fields.includes(k));
  for (const [k, v] of Object.entries(obj)) {
    if (k === zoneField) continue;
    out[k] = v;
    if (!fields.includes(k)) continue;
    if (typeof v === "string") {
      const local = localOf(v, zone);
      if (local !== null) out[`${k}_local`] = local;
    } else if (Array.isArray(v) && v.length && v.every((x) => typeof x === "string")) {
      const local = v.map((x: string) => localOf(x, zone));
      if (local.every((x) => x !== null)) out[`${k}_local`] = local;
    }
    if (zoneField && k === last) out[zoneField] = zone;
  }
  return out as T;
}

/**
 * The result with every instant's local sibling: a stop's and a station's in the `time_zone` the plan set on
 * them (assemble.ts, poi_list), the departure's (and the driver's last rest, the optimal departure) in
 * `departureZone`, the destination's in its stop's zone; totals name both zones.
 */
export function withLocalTimes(r: PlanResult, departureZone: string): PlanResult {
  const sections = r.sections.map(localSection);
  const arrivalZone = sections.at(-1)?.poi_summary?.time_zone ?? departureZone;
  const totals = r.totals
    ? withLocal(withLocal(r.totals, departureZone, ["departure_time"], "departure_time_zone"), arrivalZone, ["arrival_time", "end_time"], "arrival_time_zone")
    : r.totals;
  return withLocal(
    {
      ...r,
      sections,
      poi_list: r.poi_list.map((p: ResultPOI) => withLocal(p, typeof p.time_zone === "string" ? p.time_zone : null, ["opening_time", "closing_time", "poi_arrival_time"])),
      totals,
      driving_rules: r.driving_rules ? withLocal(r.driving_rules, departureZone, ["daily_rest_ended_at"]) : r.driving_rules,
      // A ban in the time of its country (its label's times are that country's).
      driving_bans: r.driving_bans ? r.driving_bans.map((b) => withLocal(b, BAN_ZONES[b.country] ?? departureZone, ["start_time", "end_time"])) : r.driving_bans,
    },
    departureZone,
    ["optimal_departure_time"],
  );
}

/** A section's stop times and its time window, in the zone of the place it ends at. */
function localSection(s: ResultSection): ResultSection {
  const zone = typeof s.poi_summary?.time_zone === "string" ? s.poi_summary.time_zone : null;
  const section = withLocal(s, zone, ["opening_time"]);
  const instants = ["arrival_time", "departure_time", "break_start_time", "break_end_time", "charge_start_time", "charge_end_time"];
  if (!s.poi_summary) return section;
  const ban = s.poi_summary.driving_ban;
  const summary = ban ? { ...s.poi_summary, driving_ban: withLocal(ban, BAN_ZONES[ban.country] ?? zone, ["start_time", "end_time"]) } : s.poi_summary;
  return { ...section, poi_summary: withLocal(summary, zone, instants) };
}
