// The figures two plans are compared by, as display text. A row differs when
// its two texts differ: what the user reads as equal is treated as equal.
import type { OptimizationResultResponse } from "@/contract/result";
import { fmtDuration, fmtKm, fmtNum, fmtSoc, fmtTime } from "@/components/planner/format";
import { planStops, type PlanStop, type TourPoint } from "@/components/planner/stops";

export interface CompareRow {
  label: string;
  a: string;
  b: string;
  /** B − A as text ("+25 min"), "differs" for non-numeric rows, null when equal. */
  diff: string | null;
}

type Plan = { vehicle: string; result: OptimizationResultResponse | null };
type Totals = NonNullable<OptimizationResultResponse["totals"]>;

const signed = (d: number, fmt: (x: number) => string) => `${d > 0 ? "+" : "−"}${fmt(Math.abs(d))}`;

function numeric(label: string, a: number | null | undefined, b: number | null | undefined, fmt: (x: number) => string): CompareRow {
  const ta = a == null ? "–" : fmt(a);
  const tb = b == null ? "–" : fmt(b);
  const diff = ta === tb ? null : a != null && b != null ? signed(b - a, fmt) : "differs";
  return { label, a: ta, b: tb, diff };
}

function text(label: string, a: string, b: string): CompareRow {
  return { label, a, b, diff: a === b ? null : "differs" };
}

export function pauses(result: OptimizationResultResponse | null): number {
  return result ? planStops(result).filter((s) => s.pause).length : 0;
}

/** Toll per currency ("312.40 EUR"), and how many systems have no rate on file. */
export function tollText(result: OptimizationResultResponse | null): string {
  const list = result?.toll_summary ?? [];
  if (!list.length) return "none";
  const sums = new Map<string, number>();
  let unpriced = 0;
  for (const t of list) {
    if (t.total == null || !t.currency) unpriced++;
    else sums.set(t.currency, (sums.get(t.currency) ?? 0) + t.total);
  }
  const parts = [...sums].map(([cur, v]) => fmtNum(v, cur, 2));
  if (unpriced) parts.push(`${unpriced} system${unpriced > 1 ? "s" : ""} without a rate`);
  return parts.join(" + ");
}

function tollRow(a: OptimizationResultResponse | null, b: OptimizationResultResponse | null): CompareRow {
  const row = text("Tolls", tollText(a), tollText(b));
  const single = (r: OptimizationResultResponse | null) => {
    const l = r?.toll_summary ?? [];
    return l.length && l.every((t) => t.total != null && t.currency === l[0].currency) ? { cur: l[0].currency!, v: l.reduce((s, t) => s + t.total!, 0) } : null;
  };
  const sa = single(a), sb = single(b);
  if (row.diff && sa && sb && sa.cur === sb.cur) row.diff = signed(sb.v - sa.v, (x) => fmtNum(x, sa.cur, 2));
  return row;
}

const OBJECTIVE_TEXT: Record<string, string> = { balanced: "Balanced (time and money)", fastest: "Fastest", cheapest: "Cheapest" };

/** What the two plans were asked to do and assumed: where the figures differ, these say why. */
export function inputRows(A: Plan, B: Plan): CompareRow[] {
  const ca = A.result?.totals?.cost, cb = B.result?.totals?.cost;
  const wa = A.result?.totals?.weather, wb = B.result?.totals?.weather;
  const objective = (c: typeof ca) => (c?.objective ? OBJECTIVE_TEXT[c.objective] : "–");
  return [
    text("Vehicle", A.vehicle, B.vehicle),
    text("Objective", objective(ca), objective(cb)),
    numeric("Value of time", ca?.value_of_time_eur_per_h, cb?.value_of_time_eur_per_h, (x) => fmtNum(x, "EUR/h", 2)),
    numeric("Cost per km", ca?.cost_per_km_eur, cb?.cost_per_km_eur, (x) => fmtNum(x, "EUR/km", 2)),
    numeric("Energy priced from list prices", ca?.energy_priced_share, cb?.energy_priced_share, (x) => fmtSoc(x)),
    text("Weather assumed", wa?.assumption ?? "–", wb?.assumption ?? "–"),
    text("Battery at start", A.result ? fmtSoc(A.result.battery_level_start) : "–", B.result ? fmtSoc(B.result.battery_level_start) : "–"),
  ];
}

export function compareRows(A: Plan, B: Plan): CompareRow[] {
  const ta: Partial<Totals> = A.result?.totals ?? {};
  const tb: Partial<Totals> = B.result?.totals ?? {};
  const pct = (x: number) => fmtSoc(x);
  return [
    text("Departure", fmtTime(ta.departure_time, ta.departure_time_zone, true), fmtTime(tb.departure_time, tb.departure_time_zone, true)),
    text("Arrival", fmtTime(ta.arrival_time, ta.arrival_time_zone, true), fmtTime(tb.arrival_time, tb.arrival_time_zone, true)),
    numeric("Total time", ta.duration_min, tb.duration_min, fmtDuration),
    numeric("Driving time", ta.driving_time_min, tb.driving_time_min, fmtDuration),
    numeric("Distance", ta.distance_m, tb.distance_m, fmtKm),
    numeric("Energy used", ta.energy_kWh, tb.energy_kWh, (x) => fmtNum(x, "kWh")),
    numeric("Energy charged", ta.charged_kWh, tb.charged_kWh, (x) => fmtNum(x, "kWh")),
    numeric("Charging stops", ta.charging_stops, tb.charging_stops, (x) => String(x)),
    numeric("Charging time", ta.charging_time_min, tb.charging_time_min, fmtDuration),
    numeric("Breaks and rests", A.result ? pauses(A.result) : null, B.result ? pauses(B.result) : null, (x) => String(x)),
    numeric("Break time", ta.break_time_min, tb.break_time_min, fmtDuration),
    numeric("Waiting for time windows", ta.waiting_time_min, tb.waiting_time_min, fmtDuration),
    tollRow(A.result, B.result),
    numeric("Energy cost (net)", ta.cost?.energy, tb.cost?.energy, (x) => fmtNum(x, "EUR", 2)),
    numeric("Total cost (net, with time)", ta.cost?.total, tb.cost?.total, (x) => fmtNum(x, "EUR", 2)),
    numeric("Battery at end", A.result?.battery_level_end, B.result?.battery_level_end, pct),
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
