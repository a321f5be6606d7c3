// A request's language: the one the user picked (a cookie set by the language switch),
// else the browser's first choice we have (Accept-Language, matched by the libraries
// next-intl's own middleware uses), else English.
import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALES, type AppLocale } from "./locales";

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
