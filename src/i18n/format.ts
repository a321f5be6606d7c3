// Numbers and dates in the user's language with that language's conventions:
// next-intl's formatter, bound to the language's formatting locale (locales.ts,
// FORMAT_LOCALES). useFormatter() would format with the bare language tag, and
// "en" means US English: "Nov 28, 2026, 2:02 PM GMT+1"; en-GB gives the app's
// "28 Nov 2026, 14:02 CET".
import { createFormatter, useLocale, useTimeZone } from "next-intl";
import { useMemo } from "react";
import { FORMAT_LOCALES, type AppLocale } from "./locales";

export type AppFormatter = ReturnType<typeof createFormatter>;

/** The formatter of a language (its formatting locale); `timeZone` is the default, each date names its own. */
export function appFormatter(locale: AppLocale, timeZone?: string): AppFormatter {
  // next-intl types `locale` as one of the app's languages; its formatter passes it to Intl, which takes any BCP 47 tag.
  return createFormatter({ locale: FORMAT_LOCALES[locale] as AppLocale, timeZone });
}

export function useAppFormatter(): AppFormatter {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return useMemo(() => appFormatter(locale, timeZone), [locale, timeZone]);
}

/**
 * When something happened, on the clock of `zone` with the zone named, 24-hour,
 * in the language's day/month order: "28 Nov 2026, 14:02 CET", "28. Nov. 2026, 14:02 MEZ";
 * "–" for no instant. An offset reads "UTC+3", as everywhere in the app (engine/time/display.ts).
 */
export function momentText(format: AppFormatter, iso: string | null | undefined, zone: string): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return "–";
  const text = format.dateTime(ms, {
    day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short", timeZone: zone,
  });
  return text.replace(/\bGMT(?=[+-])/, "UTC");
}
