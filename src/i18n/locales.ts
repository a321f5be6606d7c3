// The app's languages and how a request's is chosen: the one the user picked
// (a cookie set by the language switch), else the browser's first choice we have
// (Accept-Language, matched by the library next-intl's own middleware uses), else English.
import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";

export const LOCALES = ["en", "de"] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = "en";
/** next-intl's own cookie name, so its routing could take over without moving anyone's choice. */
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** Each language by its own name, as a switch offers them. */
export const LOCALE_NAMES: Record<AppLocale, string> = { en: "English", de: "Deutsch" };
/** Numbers and dates: British English (24-hour clock, day before month) and German. */
export const FORMAT_LOCALES: Record<AppLocale, string> = { en: "en-GB", de: "de-DE" };

export function isLocale(value: unknown): value is AppLocale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The request's language from the switch's cookie and the Accept-Language header. */
export function requestLocale(cookie: string | undefined, acceptLanguage: string | null | undefined): AppLocale {
  if (isLocale(cookie)) return cookie;
  // Negotiator drops malformed entries and orders by q; match() falls back for anything we lack.
  const wanted = new Negotiator({ headers: { "accept-language": acceptLanguage ?? "" } }).languages().filter((l) => l !== "*");
  try {
    const chosen = match(wanted, [...LOCALES], DEFAULT_LOCALE);
    return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
  } catch {
    // A tag Intl cannot canonicalize ("x-…", over-long subtags) is the client's mistake, not a reason to fail the page.
    return DEFAULT_LOCALE;
  }
}
