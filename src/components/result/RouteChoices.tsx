"use client";
// The routes the plan considered (route_alternatives): each with its facts and why it was or was
// not chosen, and a button that plans the tour again on that route (the request's route_choice).
import { useTranslations } from "next-intl";
import type { RouteAlternative } from "@/contract/result";
import { reasonText, routeFacts, routeName } from "./routes";
import styles from "./result.module.css";

export function RouteChoices({ routes, onChoose, busy }: { routes: RouteAlternative[]; onChoose?: (choice: number[]) => void; busy?: boolean }) {
  const t = useTranslations("routeChoices");
  return (
    <section className={styles.routeChoices} aria-labelledby="route-choices-heading" data-testid="route-choices">
      <h3 id="route-choices-heading">{t("heading")}</h3>
      <p className={styles.routeChoicesHint}>{t("hint")}</p>
      <ul>
        {routes.map((r, i) => (
          <li key={r.route_choice.join(",")} data-route-reason={r.reason} aria-current={r.chosen ? "true" : undefined}>
            <div className={styles.routeChoiceHead}>
              <strong>{routeName(i, t)}</strong> <span>{reasonText(r.reason, t)}</span>
            </div>
            <div>{routeFacts(r, t)}</div>
            {r.chosen ? null : <div className={styles.routeChoiceNote}>{r.note}</div>}
            {!r.chosen && onChoose ? (
              <button type="button" disabled={busy} onClick={() => onChoose(r.route_choice)}>
                {t("planOn", { i: String(i), n: i + 1 })}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
