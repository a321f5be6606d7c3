"use client";
// The app's language, chosen by the user: kept in next-intl's locale cookie for a
// year, then the page is rendered again on the server with the new messages.
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, isLocale } from "@/i18n/locales";
import styles from "@/components/planner/planner.module.css";

export function LanguageSwitch() {
  const t = useTranslations("shell");
  const locale = useLocale();
  const router = useRouter();
  return (
    <label className={styles.language}>
      <span className={styles.srOnly}>{t("language")}</span>
      <select
        value={locale}
        onChange={(e) => {
          if (!isLocale(e.target.value)) return;
          document.cookie = `${LOCALE_COOKIE}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          router.refresh();
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}
