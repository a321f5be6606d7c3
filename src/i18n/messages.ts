// The message catalogs, one JSON file per language with the same keys (a unit test checks it).
import de from "./messages/de.json";
import en from "./messages/en.json";
import type { AppLocale } from "./locales";

export const MESSAGES: Record<AppLocale, typeof en> = { en, de };
