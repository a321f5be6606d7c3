// Display formats of the web app (24-hour clock, metric units), in the page's
// language. A time reads on the clock of the place it happens, with that place's
// zone: "20:00 CET" (engine/time/display.ts, the same in exported files).
import { createTranslator } from "next-intl";
import { clockParts, clockText, localDay } from "@/engine/time/display";
import { FORMAT_LOCALES, isLocale, type AppLocale } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";
import { browserZone } from "./form/time";

/**
 * The page's language, as the layout set it on <html lang> for this request. The app formats
 * only in the browser (every figure arrives after the session is known), so there is always a
 * document; without one (a unit test, a server render) it is English.
 */
export function pageLocale(): AppLocale {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : "en";
}

/** Numbers and dates in the page's language: "en-GB" or "de-DE". */
export const displayLocale = (): string => FORMAT_LOCALES[pageLocale()];

/** The few words these formats say ("empty", a ban's wait), from the page language's catalog. */
const words = () => createTranslator({ locale: pageLocale(), messages: MESSAGES[pageLocale()], namespace: "format" });

/** `iso` in `zone` ("20:00 CET"; withDay: "Sat 28 Nov, 20:00 CET"); without a zone, UTC's clock ("19:00 UTC"). */
export function fmtTime(iso: string | null | undefined, zone: string | null | undefined, withDay = false): string {
  return clockText(iso, zone, withDay ? "day" : "time", displayLocale());
}

/** From one place's clock to another's: "10:36–11:05 CET" (the zone once where both read it), "23:40 CET–01:10 EET". */
export function fmtSpan(from: string, fromZone: string | null | undefined, to: string, toZone: string | null | undefined, withDay = false): string {
  const a = fmtTime(from, fromZone, withDay), b = fmtTime(to, toZone, differentDay(from, to, fromZone, toZone));
  const za = clockParts(from, fromZone, displayLocale())?.zone;
  return za && za === clockParts(to, toZone, displayLocale())?.zone ? `${a.slice(0, -za.length - 1)}–${b}` : `${a}–${b}`;
}

/** The day of `iso` on the clock of `zone`: "Sat 28 Nov"; "" for no instant. */
export function fmtDay(iso: string | null | undefined, zone: string | null | undefined): string {
  return clockParts(iso, zone, displayLocale())?.dayText ?? "";
}

/** A clock's zone for a legend: "CET, Europe/Berlin" at that instant; "UTC" without a zone. */
export function fmtZone(ms: number, zone: string | null | undefined): string {
  const name = clockParts(ms, zone, displayLocale())?.zone ?? "UTC";
  return zone && zone !== "UTC" ? `${name}, ${zone.replaceAll("_", " ")}` : name;
}

/** Axis labels, whose zone a legend names once: "20:00", or the weekday at midnight ("Sat"). */
export function fmtTick(ms: number, zone: string | null | undefined, midnight: boolean): string {
  const p = clockParts(ms, zone, displayLocale());
  return p ? (midnight ? p.weekday : p.time) : "";
}

/** When something happened for the user (planned, created, printed), on the browser's clock: "28 Nov 2026, 14:02 CET". */
export function fmtMoment(iso: string | null | undefined): string {
  const p = clockParts(iso, browserZone(), displayLocale());
  return p ? `${p.dateText}, ${p.time} ${p.zone}` : "–";
}

/** True when two instants fall on different calendar days, each on its own place's clock. */
export function differentDay(a: string | null | undefined, b: string | null | undefined, zoneA: string | null | undefined, zoneB = zoneA): boolean {
  if (!a || !b) return false;
  const ta = Date.parse(a), tb = Date.parse(b);
  if (Number.isNaN(ta) || Number.isNaN(tb)) return false;
  return localDay(ta, zoneA) !== localDay(tb, zoneB);
}

export function fmtDuration(min: number | null | undefined): string {
  if (min == null || !Number.isFinite(min)) return "–";
  const m = Math.round(min);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  const r = m % 60;
  return r ? `${h} h ${r} min` : `${h} h`;
}

export function fmtKm(m: number | null | undefined): string {
  if (m == null) return "–";
  return `${(m / 1000).toLocaleString(displayLocale(), { maximumFractionDigits: m < 10_000 ? 1 : 0 })} km`;
}

export function fmtNum(v: number | null | undefined, unit: string, digits = 0): string {
  if (v == null || !Number.isFinite(v)) return "–";
  return `${v.toLocaleString(displayLocale(), { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}

export function fmtSoc(v: number | null | undefined): string {
  if (v == null || !Number.isFinite(v)) return "–";
  // The simulation of a tour that is not drivable runs below zero: say so plainly.
  if (v < 0) return words()("empty");
  return `${Math.round(v * 100)} %`;
}

export function fmtLatLon(lat: number, lon: number): string {
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}

/** A wait for a truck driving ban: "Driving ban: waits 21 h 00 min, until 22:00 (Sundays and …)". */
export function fmtBanWait(ban: { waitMin: number; label: string | null; until: string | null }, zone: string | null): string {
  const wait = words()("banWait", { wait: fmtDuration(ban.waitMin) });
  return `${wait}${ban.until ? words()("banUntil", { until: fmtTime(ban.until, zone, true) }) : ""}${ban.label ? ` (${ban.label})` : ""}`;
}
