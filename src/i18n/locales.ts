// The app's languages (how a request's is chosen: negotiate.ts). Imported by the
// browser's code too, so nothing here pulls in a server-side library.

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
