// The figures two plans are compared by, as display text. A row differs when
// its two texts differ: what the user reads as equal is treated as equal.
// Words from the catalogs ("historyCompareRows"); the translator is an argument so tests run both languages.
import type { useTranslations } from "next-intl";
import type { OptimizationResultResponse } from "@/contract/result";
import { fmtDuration, fmtKm, fmtNum, fmtSoc, fmtTime, pageLocale } from "@/components/planner/format";
import { serverText } from "@/i18n/server-text";
import { planStops, type PlanStop, type TourPoint } from "@/components/planner/stops";

export interface CompareRow {
  label: string;
  a: string;
  b: string;
  /** B − A as text ("+25 min"), "differs" for non-numeric rows, null when equal. */
  diff: string | null;
}

/** The compared rows' words ("historyCompareRows" in src/i18n/messages). */
export type CompareTranslator = ReturnType<typeof useTranslations<"historyCompareRows">>;

type Plan = { vehicle: string; result: OptimizationResultResponse | null };
type Totals = NonNullable<OptimizationResultResponse["totals"]>;

const signed = (d: number, fmt: (x: number) => string) => `${d > 0 ? "+" : "−"}${fmt(Math.abs(d))}`;

/** The row builders for one language: a figure with B − A, and a text that only differs or not. */
function rowsIn(t: CompareTranslator) {
  const differs = t("differs");
  const numeric = (label: string, a: number | null | undefined, b: number | null | undefined, fmt: (x: number) => string): CompareRow => {
    const ta = a == null ? "–" : fmt(a);
    const tb = b == null ? "–" : fmt(b);
    const diff = ta === tb ? null : a != null && b != null ? signed(b - a, fmt) : differs;
    return { label, a: ta, b: tb, diff };
  };
  const text = (label: string, a: string, b: string): CompareRow => ({ label, a, b, diff: a === b ? null : differs });
  return { numeric, text };
}

export function pauses(result: OptimizationResultResponse | null): number {
  return result ? planStops(result).filter((s) => s.pause).length : 0;
}

/** Toll per currency ("312.40 EUR"), and how many systems have no rate on file. */
export function tollText(result: OptimizationResultResponse | null, t: CompareTranslator): string {
  const list = result?.toll_summary ?? [];
  if (!list.length) return t("tollNone");
  const sums = new Map<string, number>();
  let unpriced = 0;
  for (const t of list) {
    if (t.total == null || !t.currency) unpriced++;
    else sums.set(t.currency, (sums.get(t.currency) ?? 0) + t.total);
  }
  const parts = [...sums].map(([cur, v]) => fmtNum(v, cur, 2));
  if (unpriced) parts.push(t("tollUnpriced", { count: unpriced }));
  return parts.join(" + ");
}

function tollRow(a: OptimizationResultResponse | null, b: OptimizationResultResponse | null, t: CompareTranslator): CompareRow {
  const row = rowsIn(t).text(t("tolls"), tollText(a, t), tollText(b, t));
  const single = (r: OptimizationResultResponse | null) => {
    const l = r?.toll_summary ?? [];
    return l.length && l.every((t) => t.total != null && t.currency === l[0].currency) ? { cur: l[0].currency!, v: l.reduce((s, t) => s + t.total!, 0) } : null;
  };
  const sa = single(a), sb = single(b);
  if (row.diff && sa && sb && sa.cur === sb.cur) row.diff = signed(sb.v - sa.v, (x) => fmtNum(x, sa.cur, 2));
  return row;
}

/** What the two plans were asked to do and assumed: where the figures differ, these say why. */
export function inputRows(A: Plan, B: Plan, t: CompareTranslator): CompareRow[] {
  const { numeric, text } = rowsIn(t);
  const ca = A.result?.totals?.cost, cb = B.result?.totals?.cost;
  const wa = A.result?.totals?.weather, wb = B.result?.totals?.weather;
  const objective = (c: typeof ca) => (c?.objective ? t(`objectives.${c.objective}`) : "–");
  return [
    text(t("vehicle"), A.vehicle, B.vehicle),
    text(t("objective"), objective(ca), objective(cb)),
    numeric(t("valueOfTime"), ca?.value_of_time_eur_per_h, cb?.value_of_time_eur_per_h, (x) => fmtNum(x, "EUR/h", 2)),
    numeric(t("costPerKm"), ca?.cost_per_km_eur, cb?.cost_per_km_eur, (x) => fmtNum(x, "EUR/km", 2)),
    numeric(t("pricedShare"), ca?.energy_priced_share, cb?.energy_priced_share, (x) => fmtSoc(x)),
    // The weather's assumption is the server's own text, in the page's language where it has its words.
    text(t("weather"), wa ? serverText(wa.assumption, wa.assumption_message, pageLocale()) : "–", wb ? serverText(wb.assumption, wb.assumption_message, pageLocale()) : "–"),
    text(t("batteryStart"), A.result ? fmtSoc(A.result.battery_level_start) : "–", B.result ? fmtSoc(B.result.battery_level_start) : "–"),
  ];
}

export function compareRows(A: Plan, B: Plan, t: CompareTranslator): CompareRow[] {
  const { numeric, text } = rowsIn(t);
  const ta: Partial<Totals> = A.result?.totals ?? {};
  const tb: Partial<Totals> = B.result?.totals ?? {};
  const pct = (x: number) => fmtSoc(x);
  return [
    text(t("departure"), fmtTime(ta.departure_time, ta.departure_time_zone, true), fmtTime(tb.departure_time, tb.departure_time_zone, true)),
    text(t("arrival"), fmtTime(ta.arrival_time, ta.arrival_time_zone, true), fmtTime(tb.arrival_time, tb.arrival_time_zone, true)),
    numeric(t("totalTime"), ta.duration_min, tb.duration_min, fmtDuration),
    numeric(t("drivingTime"), ta.driving_time_min, tb.driving_time_min, fmtDuration),
    numeric(t("distance"), ta.distance_m, tb.distance_m, fmtKm),
    numeric(t("energyUsed"), ta.energy_kWh, tb.energy_kWh, (x) => fmtNum(x, "kWh")),
    numeric(t("energyCharged"), ta.charged_kWh, tb.charged_kWh, (x) => fmtNum(x, "kWh")),
    numeric(t("chargingStops"), ta.charging_stops, tb.charging_stops, (x) => String(x)),
    numeric(t("chargingTime"), ta.charging_time_min, tb.charging_time_min, fmtDuration),
    numeric(t("pauses"), A.result ? pauses(A.result) : null, B.result ? pauses(B.result) : null, (x) => String(x)),
    numeric(t("breakTime"), ta.break_time_min, tb.break_time_min, fmtDuration),
    numeric(t("waiting"), ta.waiting_time_min, tb.waiting_time_min, fmtDuration),
    tollRow(A.result, B.result, t),
    numeric(t("energyCost"), ta.cost?.energy, tb.cost?.energy, (x) => fmtNum(x, "EUR", 2)),
    numeric(t("totalCost"), ta.cost?.total, tb.cost?.total, (x) => fmtNum(x, "EUR", 2)),
    numeric(t("batteryEnd"), A.result?.battery_level_end, B.result?.battery_level_end, pct),
  ];
}

export interface StopPair {
  a: PlanStop | null;
  b: PlanStop | null;
  differs: boolean;
}

/** What happens at a stop: where, and how long and how much it charges (times shift with everything before). */
const stopKey = (s: PlanStop | null) => (s ? `${s.kind}|${s.name}|${fmtDuration(s.chargeMin)}|${fmtNum(s.energyKWh, "kWh")}` : "");

/** The two stop lists side by side, position by position; `pointsA`/`pointsB` name each plan's points. */
export function stopPairs(a: OptimizationResultResponse | null, b: OptimizationResultResponse | null, pointsA: readonly TourPoint[] = [], pointsB: readonly TourPoint[] = []): StopPair[] {
  const sa = a ? planStops(a, pointsA) : [];
  const sb = b ? planStops(b, pointsB) : [];
  return Array.from({ length: Math.max(sa.length, sb.length) }, (_, i) => {
    const x = sa[i] ?? null, y = sb[i] ?? null;
    return { a: x, b: y, differs: stopKey(x) !== stopKey(y) };
  });
}
