// next-intl's types: every t("…") key and the locale are checked against the English catalog.
import type en from "./messages/en.json";
import type { AppLocale } from "./locales";

declare module "next-intl" {
  interface AppConfig {
    Locale: AppLocale;
    Messages: typeof en;
  }
}
