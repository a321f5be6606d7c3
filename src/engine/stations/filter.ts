// Request `poi_info` filters over corridor hits. Unknown data never passes a filter.
import { say, type Said } from "../text/message";
import type { CorridorHit } from "./corridor";
import { operatorDisplayNames, operatorKey } from "./operators";
import type { Station } from "./types";

/** Structurally compatible with the API's PoiInfo schema. */
export interface PoiFilter {
  min_kW?: number | null;
  max_kW?: number | null;
  cpo?: string[] | null;
  truck_approved?: "T" | "TT" | null;
  connector_type?: ("MCS" | "CCS")[] | null;
  connector_pos?: "LEFT" | "RIGHT" | null;
  bookable?: boolean | null;
}

/** undefined = station lacks the data; else whether it passes. */
type Check = (s: Station) => boolean | undefined;

interface ActiveFilter {
  field: keyof PoiFilter;
  what: string;
  check: Check;
}

export function activeFilters(poi: PoiFilter): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const known = (s: Station) => s.powerKW > 0;
  if (poi.min_kW != null) {
    const min = poi.min_kW;
    out.push({ field: "min_kW", what: "power", check: (s) => (known(s) ? s.powerKW >= min : undefined) });
  }
  if (poi.max_kW != null) {
    const max = poi.max_kW;
    out.push({ field: "max_kW", what: "power", check: (s) => (known(s) ? s.powerKW <= max : undefined) });
  }
  if (poi.cpo?.length) {
    const keys = new Set(poi.cpo.map(operatorKey));
    out.push({ field: "cpo", what: "operator", check: (s) => (s.operator.trim() ? keys.has(operatorKey(s.operator)) : undefined) });
  }
  if (poi.truck_approved) {
    const want = poi.truck_approved;
    out.push({
      field: "truck_approved", what: "truck-access",
      check: (s) => (s.truckApproved == null ? undefined : want === "T" || s.truckApproved === "TT"),
    });
  }
  if (poi.connector_type?.length) {
    const types = poi.connector_type;
    out.push({
      field: "connector_type", what: "connector",
      check: (s) => (s.connectors.length === 0 ? undefined : s.connectors.some((c) => (types as string[]).includes(c))),
    });
  }
  if (poi.connector_pos) {
    const pos = poi.connector_pos;
    out.push({ field: "connector_pos", what: "connector-position", check: (s) => (s.connectorPos == null ? undefined : s.connectorPos === pos) });
  }
  if (poi.bookable === true) {
    out.push({ field: "bookable", what: "booking", check: (s) => (s.bookable == null ? undefined : s.bookable) });
  }
  return out;
}

export function filterStations(hits: CorridorHit[], poi: PoiFilter): { kept: CorridorHit[]; warnings: Said[] } {
  const filters = activeFilters(poi);
  const unknown = new Array<number>(filters.length).fill(0);
  const kept = hits.filter((h) => {
    let pass = true;
    filters.forEach((f, i) => {
      const r = f.check(h.station);
      if (r === undefined) unknown[i]++;
      if (r !== true) pass = false;
    });
    return pass;
  });
  const warnings = filters.flatMap((f, i) => {
    const n = unknown[i];
    if (n === 0) return [];
    return [say("stations.filtered_unknown", { field: f.field, count: n, what: f.what })];
  });
  return { kept, warnings };
}

/** Sites per operator, one row per normalized operator, most sites first. */
export function operatorCounts(stations: Station[]): { name: string; count: number }[] {
  const display = operatorDisplayNames(stations.map((s) => s.operator));
  const counts = new Map<string, number>();
  for (const s of stations) {
    if (!s.operator.trim()) continue;
    const key = operatorKey(s.operator);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .map(([key, count]) => ({ name: display.get(key) ?? key, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
