// Local calendar days and wall-clock times of a zone, as UTC instants. A day is a day number
// (days since 1970-01-01 of the proleptic calendar, no zone); a wall-clock time of that day in an
// IANA zone becomes an instant by the platform's Intl (src/engine/time/local-time.ts), across DST.
import { offsetMinutes } from "@/engine/time/local-time";

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The day number of a calendar date (month 1-12). */
export const dayOf = (y: number, m: number, d: number) => Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);

/** Year, month (1-12), day of month and weekday (0 Sunday .. 6 Saturday) of a day number. */
export function dateOf(day: number): { y: number; m: number; d: number; weekday: number } {
  const t = new Date(day * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate(), weekday: t.getUTCDay() };
}

/** "2026-11-29" */
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The local calendar day in `zone` at instant `ms`. */
export function localDay(ms: number, zone: string): number {
  return Math.floor((ms + offsetMinutes(ms, zone) * 60_000) / DAY_MS);
}

/**
 * The instant at which the clock in `zone` shows `minutes` after midnight of local `day`
 * (1440 is the next day's 00:00). A time the clock skips (spring forward) is read with the
 * offset before the change, i.e. moved forward by the gap (02:30 -> 03:30 CEST); a time it shows
 * twice (fall back) is the earlier instant.
 */
export function localToUtc(day: number, minutes: number, zone: string): number {
  const wall = day * DAY_MS + minutes * 60_000;
  const before = offsetMinutes(wall - 14 * HOUR_MS, zone);
  const after = offsetMinutes(wall + 14 * HOUR_MS, zone);
  const valid: number[] = [];
  for (const off of new Set([before, after])) {
    const t = wall - off * 60_000;
    if (offsetMinutes(t, zone) === off) valid.push(t);
  }
  if (valid.length) return Math.min(...valid);
  return wall - before * 60_000;
}
