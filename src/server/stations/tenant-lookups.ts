// What the web process asks of a tenant's station list: the operators (GET /poi/cpos) and the
// poi_info filters' data warnings of a submit. The list itself (the bundled stations with the
// tenant's stored sites and overlays merged in) takes a fifth of a second to build after each
// change of the store, so it is built and kept in the lookup process (planning/planners.ts),
// never on the web thread; these functions run there and answer a few kilobytes.
import type { PoiFilter } from "../../engine/stations/filter";
import { filterStations, operatorCounts } from "../../engine/stations/filter";
import type { Station } from "../../engine/stations/types";

export type StationLookup = { what: "cpos" } | { what: "filter-warnings"; poi: PoiFilter };

export interface CpoCount {
  name: string;
  station_count: number;
}

const cpoCache = new WeakMap<readonly Station[], CpoCount[]>();
/** Filters are few and a tenant's station list changes rarely: each filter's warnings are computed once per list. */
const warningCache = new WeakMap<readonly Station[], Map<string, string[]>>();

/** Operators by their sites, most first. */
export function cposOf(stations: Station[]): CpoCount[] {
  let counts = cpoCache.get(stations);
  if (!counts) cpoCache.set(stations, (counts = operatorCounts(stations).map((c) => ({ name: c.name, station_count: c.count }))));
  return counts;
}

/** Data-level filter warnings, known before planning: attributes the tenant's station data lacks. */
export function filterWarningsOf(stations: Station[], poi: PoiFilter): string[] {
  let byFilter = warningCache.get(stations);
  if (!byFilter) warningCache.set(stations, (byFilter = new Map()));
  const key = JSON.stringify(poi);
  let warnings = byFilter.get(key);
  if (!warnings) {
    const all = stations.map((station) => ({ station, distanceFromStartM: 0, routeLat: 0, routeLon: 0, offRouteM: 0, detourM: 0, segmentIndex: 0 }));
    warnings = filterStations(all, poi).warnings.map((w) => w.text.replace(/in the corridor /, "in the station data "));
    if (byFilter.size > 1000) byFilter.clear();
    byFilter.set(key, warnings);
  }
  return [...warnings];
}

export function lookUp(stations: Station[], lookup: StationLookup): unknown {
  return lookup.what === "cpos" ? cposOf(stations) : filterWarningsOf(stations, lookup.poi);
}
