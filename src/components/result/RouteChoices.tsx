"use client";
// The routes the plan considered (route_alternatives): each with its facts and why it was or was
// not chosen, and a button that plans the tour again on that route (the request's route_choice).
import type { RouteAlternative } from "@/contract/result";
import { REASON_TEXT, routeFacts, routeName } from "./routes";
import styles from "./result.module.css";

export function RouteChoices({ routes, onChoose, busy }: { routes: RouteAlternative[]; onChoose?: (choice: number[]) => void; busy?: boolean }) {
  return (
    <section className={styles.routeChoices} aria-labelledby="route-choices-heading" data-testid="route-choices">
      <h3 id="route-choices-heading">Routes considered</h3>
      <p className={styles.routeChoicesHint}>The other routes are drawn on the map as thin grey lines.</p>
      <ul>
        {routes.map((r, i) => (
          <li key={r.route_choice.join(",")} data-route-reason={r.reason} aria-current={r.chosen ? "true" : undefined}>
            <div className={styles.routeChoiceHead}>
              <strong>{routeName(i)}</strong> <span>{REASON_TEXT[r.reason]}</span>
            </div>
            <div>{routeFacts(r)}</div>
            {r.chosen ? null : <div className={styles.routeChoiceNote}>{r.note}</div>}
            {!r.chosen && onChoose ? (
              <button type="button" disabled={busy} onClick={() => onChoose(r.route_choice)}>
                Plan on {routeName(i).toLowerCase()}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
