// What a plan link shows when the plan is not this tenant's or does not exist:
// the two are answered alike, as the API's 404 does, so ids of other tenants leak nothing.
// Rendered on the server (a malformed id) and in the browser; words from "historyNotFound".
import { useTranslations } from "next-intl";
import styles from "./history.module.css";

export function PlanNotFound({ id }: { id: string | number }) {
  const t = useTranslations("historyNotFound");
  return (
    <main className={styles.page} id="main">
      <div className={styles.inner}>
        <div className={styles.alert} role="alert">
          <h1>{t("heading")}</h1>
          <p>{t("text", { id: String(id) })}</p>
          <p>
            <a href="/history">{t("back")}</a>
          </p>
        </div>
      </div>
    </main>
  );
}
