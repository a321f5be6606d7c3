// The axes of the time-cost chart (CostOptions): each range padded to a
// minimum span, so that 3 minutes and a few euros are drawn as small as they
// are instead of across the whole plot, with a margin and its ends on round
// ticks, never below zero.
import { displayLocale } from "@/components/planner/format";

export interface Axis {
  min: number;
  max: number;
  ticks: number[];
}

/** Tick steps for minutes: round clock figures, then whole days. */
const MINUTE_STEPS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 180, 240, 360, 720, 1440];
/** Steps in EUR (times a power of ten). */
const DECIMAL_STEPS = [1, 2, 2.5, 5];

/** The smallest range a duration axis spans, minutes. */
export const MIN_DURATION_SPAN_MIN = 30;
/** The smallest range a cost axis spans, as a share of the highest cost (and at least 1 EUR). */
export const MIN_COST_SPAN_SHARE = 0.05;
/** Room beyond the lowest and highest value, as a share of the padded span. */
const MARGIN = 0.1;
const TARGET_TICKS = 4;

/** [lo, hi] widened around its middle to `minSpan`, moved up where it would fall below zero. */
export function padToSpan(lo: number, hi: number, minSpan: number): [number, number] {
  const span = hi - lo;
  if (span >= minSpan) return [lo, hi];
  const mid = (lo + hi) / 2;
  const from = Math.max(0, mid - minSpan / 2);
  return [from, from + minSpan];
}

/** The smallest step of `steps` (times a power of ten unless `fixed`) that cuts `span` into at most `target` parts. */
export function niceStep(span: number, target: number, steps = DECIMAL_STEPS, fixed = false): number {
  const raw = span / target;
  if (fixed) return steps.find((s) => s >= raw) ?? Math.ceil(raw / steps[steps.length - 1]) * steps[steps.length - 1];
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const s of steps) if (s * power >= raw - 1e-9 * power) return s * power;
  return 10 * power;
}

/** An axis holding every value: padded to `minSpan`, a margin either side, ends on multiples of the step, not below zero. */
export function niceAxis(values: number[], minSpan: number, steps = DECIMAL_STEPS, fixed = false): Axis {
  const [lo, hi] = padToSpan(Math.min(...values), Math.max(...values), minSpan);
  const margin = (hi - lo) * MARGIN;
  const [a, b] = [Math.max(0, lo - margin), hi + margin];
  const step = niceStep(b - a, TARGET_TICKS, steps, fixed);
  const min = Math.floor(a / step + 1e-9) * step, max = Math.ceil(b / step - 1e-9) * step;
  const ticks: number[] = [];
  // Multiples of the step, counted (not summed) so that 2.5 steps do not drift.
  for (let i = Math.round(min / step); i <= Math.round(max / step); i++) ticks.push(Math.round(i * step * 1e6) / 1e6);
  return { min, max, ticks };
}

/** The duration axis of the options' durations, minutes. */
export const durationAxis = (minutes: number[]): Axis => niceAxis(minutes, MIN_DURATION_SPAN_MIN, MINUTE_STEPS, true);

/** The cost axis of the options' total costs, EUR. */
export const costAxis = (eur: number[]): Axis => niceAxis(eur, Math.max(1, MIN_COST_SPAN_SHARE * Math.max(...eur)));

/** Minutes as h:mm ("9:05"; 26:00 past a day: a tour's duration, not a clock time). */
export function fmtHm(min: number): string {
  const m = Math.round(min);
  return `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}`;
}

/** EUR without cents ("1,450 EUR"; German "1.450 EUR"); cents where a step needs them ("12.5 EUR"). */
export const fmtEur = (eur: number): string => `${eur.toLocaleString(displayLocale(), { maximumFractionDigits: 2 })} EUR`;
