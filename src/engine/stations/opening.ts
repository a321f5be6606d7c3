// Opening hours (OCPI `Hours`: regular_hours in the site's local time) against
// instants: is a site open, and which opening period holds an arrival.
import type { OpeningTimes, Station } from "./types";

/** Where a source gives no time zone: the country's (all of the data's countries are CET/CEST). */
const ZONE_BY_COUNTRY: Record<string, string> = {
  DE: "Europe/Berlin", NL: "Europe/Amsterdam", CZ: "Europe/Prague", PL: "Europe/Warsaw", AT: "Europe/Vienna",
  CH: "Europe/Zurich", DK: "Europe/Copenhagen", BE: "Europe/Brussels", LU: "Europe/Luxembourg", FR: "Europe/Paris",
  IT: "Europe/Rome", ES: "Europe/Madrid", PT: "Europe/Lisbon", GB: "Europe/London", SE: "Europe/Stockholm", NO: "Europe/Oslo",
};
const DAY_MS = 86_400_000;
/** Sampling step when checking that a site stays open over an interval. */
const STEP_MS = 5 * 60_000;

export const zoneOf = (s: Pick<Station, "country" | "timeZone">) => s.timeZone ?? ZONE_BY_COUNTRY[s.country] ?? "Europe/Berlin";

/** A site's hours limit it: not 24/7 and regular hours are stated. */
export function hasLimitedHours(t: OpeningTimes | undefined): t is OpeningTimes & { regular_hours: NonNullable<OpeningTimes["regular_hours"]> } {
  return !!t && !t.twentyfourseven && Array.isArray(t.regular_hours) && t.regular_hours.length > 0;
}

/** Any rule that can close the site at some time. */
export const mayClose = (t: OpeningTimes | undefined) => hasLimitedHours(t) || (t?.exceptional_closings?.length ?? 0) > 0;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Local calendar date, weekday (1 = Monday) and minute of the day of an instant in a zone. */
export function localTime(ms: number, zone: string): { y: number; mo: number; d: number; weekday: number; minute: number } {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(zone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(p.weekday) + 1;
  return { y: +p.year, mo: +p.month, d: +p.day, weekday, minute: +p.hour * 60 + +p.minute };
}

const hm = (s: string) => {
  const m = /^(\d{1,2}):(\d{2})/.exec(s);
  return m ? +m[1] * 60 + +m[2] : NaN;
};

const within = (ps: { period_begin: string; period_end: string }[] | undefined, ms: number) =>
  (ps ?? []).some((p) => Date.parse(p.period_begin) <= ms && ms < Date.parse(p.period_end));

/**
 * Open at this instant: exceptional closings first, then exceptional openings,
 * then the regular hours (a period ending at or before its begin runs past midnight).
 */
export function openAt(t: OpeningTimes | undefined, zone: string, ms: number): boolean {
  if (t && within(t.exceptional_closings, ms)) return false;
  if (t && within(t.exceptional_openings, ms)) return true;
  if (!hasLimitedHours(t)) return true;
  const now = localTime(ms, zone);
  const yesterday = now.weekday === 1 ? 7 : now.weekday - 1;
  return t.regular_hours.some((p) => {
    const b = hm(p.period_begin), e = hm(p.period_end);
    if (!Number.isFinite(b) || !Number.isFinite(e)) return false;
    if (e > b) return p.weekday === now.weekday && now.minute >= b && now.minute < e;
    return (p.weekday === now.weekday && now.minute >= b) || (p.weekday === yesterday && now.minute < e);
  });
}

/** Open over the whole interval (checked every 5 minutes and at both ends). */
export function openThroughout(t: OpeningTimes | undefined, zone: string, fromMs: number, toMs: number): boolean {
  if (!mayClose(t)) return true;
  for (let x = fromMs; x < toMs; x += STEP_MS) if (!openAt(t, zone, x)) return false;
  return openAt(t, zone, toMs);
}

/**
 * The opening period that holds `ms`, or else the next one within a week, as
 * ISO-8601 instants with the local offset; null when the hours are not limited.
 */
export function periodAt(t: OpeningTimes | undefined, zone: string, ms: number): { opening: string; closing: string } | null {
  if (!hasLimitedHours(t)) return null;
  const minute = 60_000;
  const start = Math.floor(ms / minute) * minute;
  let at = start;
  if (!openAt(t, zone, at)) {
    while (at < start + 7 * DAY_MS && !openAt(t, zone, at)) at += STEP_MS;
    if (!openAt(t, zone, at)) return null;
  }
  let open = at;
  while (open > at - DAY_MS && openAt(t, zone, open - minute)) open -= minute;
  let close = at;
  while (close < at + 7 * DAY_MS && openAt(t, zone, close)) close += STEP_MS;
  while (!openAt(t, zone, close - minute)) close -= minute;
  return { opening: isoLocal(open, zone), closing: isoLocal(close, zone) };
}

function isoLocal(ms: number, zone: string): string {
  const l = localTime(ms, zone);
  const asUtc = Date.UTC(l.y, l.mo - 1, l.d, Math.floor(l.minute / 60), l.minute % 60);
  const off = Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
  const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
  return `${l.y}-${pad(l.mo)}-${pad(l.d)}T${pad(Math.floor(l.minute / 60))}:${pad(l.minute % 60)}:00${off < 0 ? "-" : "+"}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`;
}
