// Tolls per toll system and what the tour costs: the sum of the known tolls per
// currency. A system without a known rate has `total: null` (never 0) and stays
// "unknown"; energy has no price data, so no energy cost is added.
import type { OptimizationResultResponse } from "@/contract/result";
import { displayLocale, pageLocale } from "@/components/planner/format";
import { serverText } from "@/i18n/server-text";

export interface TollRow {
  system: string;
  currency: string | null;
  total: number | null;
  note: string | null;
  km: number | null;
}

export interface TourCost {
  rows: TollRow[];
  /** Known tolls summed per currency. */
  known: { currency: string; total: number }[];
  unknown: string[];
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

export function tourCost(result: OptimizationResultResponse): TourCost {
  const kmBySystem = new Map<string, number>();
  for (const s of result.sections ?? []) {
    for (const t of s.tolls ?? []) {
      const sys = typeof t.tollSystem === "string" ? t.tollSystem : null;
      const km = num(t.km);
      if (sys && km != null) kmBySystem.set(sys, (kmBySystem.get(sys) ?? 0) + km);
    }
  }
  const rows: TollRow[] = (result.toll_summary ?? []).map((t, i) => {
    const system = t.tollSystem ?? `Toll system ${i + 1}`;
    // The result's own km per system; older results: the sections' sum.
    return { system, currency: t.currency ?? null, total: num(t.total), note: t.note ? serverText(t.note, t.note_message, pageLocale()) : null, km: num(t.km) ?? kmBySystem.get(system) ?? null };
  });
  const sums = new Map<string, number>();
  const unknown: string[] = [];
  for (const r of rows) {
    if (r.total == null || !r.currency) unknown.push(r.system);
    else sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.total);
  }
  return { rows, known: [...sums].map(([currency, total]) => ({ currency, total })), unknown };
}

export function fmtMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(displayLocale(), { style: "currency", currency }).format(amount);
  } catch {
    // Not an ISO 4217 code: show it as given.
    return `${amount.toFixed(2)} ${currency}`;
  }
}
