// Why no charger was usable: the station filters (`poi_info.<filter>`) named
// in the result's warnings, in words, for a plan that is not drivable.
import type { useTranslations } from "next-intl";
import type { OptimizationResultResponse } from "@/contract/result";
import type { LooseMessage } from "@/engine/text/message";
import { serverText } from "@/i18n/server-text";
import { pageLocale } from "@/components/planner/format";

export type FiltersTranslator = ReturnType<typeof useTranslations<"filters">>;

const FILTERS = ["min_kW", "max_kW", "cpo", "truck_approved", "connector_type", "connector_pos", "bookable"] as const;

/** A filter's name in words; one the app does not know stays as the server names it. */
const filterLabel = (filter: string, t: FiltersTranslator) => ((FILTERS as readonly string[]).includes(filter) ? t(`label.${filter as (typeof FILTERS)[number]}`) : filter);

export interface FilterHit {
  filter: string;
  label: string;
  /** The warning without its `poi_info.<filter>:` prefix. */
  text: string;
}

export function filterWarnings(warnings: readonly string[], t: FiltersTranslator): FilterHit[] {
  const hits: FilterHit[] = [];
  for (const w of warnings) {
    const m = /poi_info\.(\w+)\s*:?\s*(.*)/.exec(w);
    if (!m) continue;
    const filter = m[1];
    if (hits.some((h) => h.filter === filter)) continue;
    hits.push({ filter, label: filterLabel(filter, t), text: m[2] || w });
  }
  return hits;
}

/** The filters the request set (result.poi_filter), in words, for when no warning names one. */
export function activeFilters(result: OptimizationResultResponse, t: FiltersTranslator): string[] {
  const f = (result.poi_filter ?? {}) as Record<string, unknown>;
  return Object.entries(f)
    .filter(([, v]) => v != null && v !== false && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${filterLabel(k, t)}: ${Array.isArray(v) ? v.join(", ") : v === true ? t("yes") : String(v)}`);
}

export interface NotDrivableInfo {
  code: string | null;
  message: string | null;
  distanceM: number | null;
  /** no_chargers_available: the filters that left no charger (from the warnings), else the request's own. */
  filters: FilterHit[];
  requested: string[];
}

export function notDrivableInfo(result: OptimizationResultResponse, extraWarnings: readonly string[], t: FiltersTranslator): NotDrivableInfo | null {
  if (result.status !== "not_drivable" && result.qualification !== "not_drivable") return null;
  const r = (result.not_drivable_reason ?? {}) as { code?: string | null; message?: string | null; text_message?: LooseMessage | null; distance_from_start_m?: number | null };
  const code = r.code ?? null;
  // The result's own warnings first: they count the stations in the corridor, the submit response's the whole data.
  const warnings = [...(result.warnings ?? []), ...extraWarnings];
  return {
    code,
    message: r.message ? serverText(r.message, r.text_message, pageLocale()) : null,
    distanceM: typeof r.distance_from_start_m === "number" ? r.distance_from_start_m : null,
    filters: code === "no_chargers_available" ? filterWarnings(warnings, t) : [],
    requested: code === "no_chargers_available" ? activeFilters(result, t) : [],
  };
}
