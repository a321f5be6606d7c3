// How a time reads to a person, the same in the web app and in exported files: the
// wall clock of the place it happens and that place's zone, "20:00 CET" (day and
// date when asked: "Sat 28 Nov, 20:00 CET", "Sat 28 Nov 2026, 20:00 CET"). The zone
// is the short name the platform knows (CET, CEST, WET, EET, GMT, BST), else the
// offset ("UTC+3"); without a zone (results from before `time_zone`) the time is UTC's.
import { offsetMinutes } from "./local-time";

export type ClockStyle = "time" | "day" | "date";

/** Exported files and the API's texts read in British English; the web app passes its page's language. */
export const DEFAULT_DISPLAY_LOCALE = "en-GB";

export interface ClockParts {
  weekday: string;
  day: string;
  month: string;
  year: string;
  /** "20:00" */
  time: string;
  /** "CET", "UTC+3" (German: "MEZ") */
  zone: string;
  /** "Sat 28 Nov" (German: "Sa., 28. Nov.") */
  dayText: string;
  /** "28 Nov 2026" (German: "28. Nov. 2026") */
  dateText: string;
}

interface ClockFormats { all: Intl.DateTimeFormat; day: Intl.DateTimeFormat; date: Intl.DateTimeFormat }
const formatters = new Map<string, ClockFormats>();

function formatsFor(locale: string, timeZone: string): ClockFormats {
  const key = `${locale}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = {
      all: new Intl.DateTimeFormat(locale, { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }),
      day: new Intl.DateTimeFormat(locale, { timeZone, weekday: "short", day: "numeric", month: "short" }),
      date: new Intl.DateTimeFormat(locale, { timeZone, day: "numeric", month: "short", year: "numeric" }),
    };
    formatters.set(key, f);
  }
  return f;
}

/** An instant on the clock of `zone` (null: UTC), in parts, in `locale`'s words; null for no instant. */
export function clockParts(iso: string | number | null | undefined, zone: string | null | undefined, locale = DEFAULT_DISPLAY_LOCALE): ClockParts | null {
  const ms = typeof iso === "number" ? iso : iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return null;
  const f = formatsFor(locale, zone || "UTC");
  const at = new Date(ms);
  const p = Object.fromEntries(f.all.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    weekday: p.weekday, day: p.day, month: p.month, year: p.year, time: `${p.hour}:${p.minute}`,
    zone: (p.timeZoneName ?? "UTC").replace(/^GMT(?=[+-])/, "UTC"),
    dayText: f.day.format(at), dateText: f.date.format(at),
  };
}

/** `iso` (an instant) on the wall clock of `zone` with the zone's name; "–" for no instant. */
export function clockText(iso: string | null | undefined, zone: string | null | undefined, style: ClockStyle = "time", locale = DEFAULT_DISPLAY_LOCALE): string {
  const p = clockParts(iso, zone, locale);
  if (!p) return "–";
  const time = `${p.time} ${p.zone}`;
  return style === "time" ? time : `${style === "date" ? `${p.dayText} ${p.year}` : p.dayText}, ${time}`;
}

/** "Sat 28 Nov" */
export const dayOf = (p: ClockParts) => p.dayText;

/** Local calendar day "YYYY-MM-DD" of an instant in `zone` (null: UTC). */
export function localDay(ms: number, zone: string | null | undefined): string {
  return new Date(ms + offsetMinutes(ms, zone || "UTC") * 60_000).toISOString().slice(0, 10);
}
