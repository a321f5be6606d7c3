// How a time reads to a person, the same in the web app and in exported files: the
// wall clock of the place it happens and that place's zone, "20:00 CET" (day and
// date when asked: "Sat 28 Nov, 20:00 CET", "Sat 28 Nov 2026, 20:00 CET"). The zone
// is the short name the platform knows (CET, CEST, WET, EET, GMT, BST), else the
// offset ("UTC+3"); without a zone (results from before `time_zone`) the time is UTC's.
import { offsetMinutes } from "./local-time";

export type ClockStyle = "time" | "day" | "date";

export interface ClockParts {
  weekday: string;
  day: string;
  month: string;
  year: string;
  /** "20:00" */
  time: string;
  /** "CET", "UTC+3" */
  zone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant on the clock of `zone` (null: UTC), in parts; null for no instant. */
export function clockParts(iso: string | number | null | undefined, zone: string | null | undefined): ClockParts | null {
  const ms = typeof iso === "number" ? iso : iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return null;
  const z = zone || "UTC";
  let f = formatters.get(z);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: z, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short",
    });
    formatters.set(z, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return {
    weekday: p.weekday, day: p.day, month: p.month, year: p.year, time: `${p.hour}:${p.minute}`,
    zone: (p.timeZoneName ?? "UTC").replace(/^GMT(?=[+-])/, "UTC"),
  };
}

/** `iso` (an instant) on the wall clock of `zone` with the zone's name; "–" for no instant. */
export function clockText(iso: string | null | undefined, zone: string | null | undefined, style: ClockStyle = "time"): string {
  const p = clockParts(iso, zone);
  if (!p) return "–";
  const time = `${p.time} ${p.zone}`;
  return style === "time" ? time : `${dayOf(p)}${style === "date" ? ` ${p.year}` : ""}, ${time}`;
}

/** "Sat 28 Nov" */
export const dayOf = (p: ClockParts) => `${p.weekday} ${p.day} ${p.month}`;

/** Local calendar day "YYYY-MM-DD" of an instant in `zone` (null: UTC). */
export function localDay(ms: number, zone: string | null | undefined): string {
  return new Date(ms + offsetMinutes(ms, zone || "UTC") * 60_000).toISOString().slice(0, 10);
}
