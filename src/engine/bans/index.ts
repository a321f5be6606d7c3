// Truck driving bans: the calendar (banPeriods), its rules (banRules), per-year overrides and
// whether a truck may drive at an instant (bannedAt). Pure; see docs/driving-bans.md.
import type { BanPeriod } from "./types";

export type { BanPeriod, BanVehicle } from "./types";
export { appliedRuleIds, banPeriods, DE_REGIONAL, polishSummer } from "./calendar";
export { BAN_RULE_IDS, BAN_RULES, BAN_ZONES, banRules, COUNTRIES_WITHOUT_BANS, type BanRuleInfo } from "./rules";
export { applyOverrides, BanOverridesSchema, instantOf, parseBanOverrides, type BanOverrides } from "./overrides";
export { localToUtc } from "./local";

/**
 * The periods that ban driving at instant `ms` ([startMs, endMs)). A regional period (regions set)
 * counts where `region` (ISO 3166-2, "DE-BY") is one of its regions; with no `region` given it counts
 * too: where the truck is in the country is then unknown, and the ban may apply.
 */
export function bannedAt(periods: readonly BanPeriod[], ms: number, region?: string | null): BanPeriod[] {
  const r = region?.toUpperCase();
  return periods.filter((p) => p.startMs <= ms && ms < p.endMs && (p.regions === null || !r || p.regions.includes(r)));
}
