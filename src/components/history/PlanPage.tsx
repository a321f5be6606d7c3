"use client";
// A stored plan at its own address (/plans/{id}): the same result panel and
// map as the planner, its time-cost options (each shown on a choice, as in the
// planner), the link to share within the tenant, the exports, the print view
// and "re-plan with changes". Words from the catalogs ("historyPlan", "historySummary").
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { MapView } from "@/components/map/MapView";
import share from "@/components/plan-share/plan-share.module.css";
import { PlanToolbar } from "@/components/plan-share/PlanToolbar";
import ps from "@/components/planner/planner.module.css";
import { ResultPanel } from "@/components/planner/ResultPanel";
import { ViewSwitch, type NarrowView } from "@/components/shell/ViewSwitch";
import styles from "./history.module.css";
import { PlanNotFound } from "./NotFound";
import { PlanWatchStatus } from "./PlanWatchStatus";
import { ReplanEnRoute } from "./ReplanEnRoute";
import { fmtDate, isFinal, routeTitle, statusText } from "./summary";
import { useCostOption } from "./useCostOption";
import { usePlan } from "./usePlan";

const noPick = () => {};

export function PlanPage({ id }: { id: number }) {
  const t = useTranslations("historyPlan");
  const ts = useTranslations("historySummary");
  const plan = usePlan(id);
  const [focus, setFocus] = useState<{ index: number; nonce: number } | null>(null);
  const [view, setView] = useState<NarrowView>("panel");
  const stored = plan.data?.result ?? null;
  const option = useCostOption(id, stored);
  if (plan.notFound) return <PlanNotFound id={id} />;
  const s = plan.data?.summary;
  const result = option.result;

  return (
    <div className={ps.workspace} data-view={view}>
      <ViewSwitch view={view} setView={setView} panelLabel={t("panelLabel")} />
      <aside className={ps.sidebar} aria-label={t("panelLabel")}>
        <div className={ps.panel}>
          <header className={styles.planHead}>
            <h1>{s ? routeTitle(s, ts) : ts("untitled", { id: String(id) })}</h1>
            {s ? <p>{t("meta", { vehicle: s.vehicle_name, id: String(id), date: fmtDate(s.created_at), status: statusText(s.status, ts) })}</p> : null}
          </header>
          {plan.isPending ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="status">
              {t("loading")}
            </p>
          ) : plan.isError ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="alert">
              <span className={ps.statusError}>{t("loadFailed", { message: plan.error.message })}</span>
            </p>
          ) : null}
          {s && !isFinal(s.status) ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="status" aria-live="polite">
              <span className={ps.spinner} aria-hidden="true" /> {t("stillPlanning")}
            </p>
          ) : null}
          {s?.status === "failed" ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="alert">
              <span className={ps.statusError}>{s.error ? t("failedWith", { error: s.error }) : t("failed")}</span>
            </p>
          ) : null}
          {s?.status === "succeeded" ? <PlanWatchStatus id={id} /> : null}
          {stored?.replanned_from ? (
            <p className={styles.planState}>
              {t.rich("replannedFrom", { id: String(stored.replanned_from), link: (chunks) => <a href={`/plans/${stored.replanned_from}`}>{chunks}</a> })}
            </p>
          ) : null}
          {s ? (
            <PlanActions id={id} title={routeTitle(s, ts)} hasResult={!!stored}>
              {stored && s.status === "succeeded" ? <ReplanEnRoute id={id} result={stored} points={s.points} /> : null}
            </PlanActions>
          ) : null}
          {option.status ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role={option.failed ? "alert" : "status"}>
              {option.failed ? <span className={ps.statusError}>{option.status}</span> : option.status}
            </p>
          ) : null}
          {result ? <ResultPanel
              result={result}
              points={s?.points}
              submitWarnings={[]}
              onFocusStop={(index) => {
                setFocus({ index, nonce: Date.now() });
                setView("map");
              }}
              option={option.shown}
              onOption={option.show}
            /> : null}
        </div>
      </aside>
      <main className={ps.mapArea} aria-label={t("mapLabel")}>
        <MapView waypoints={[]} result={result} points={s?.points} picking={null} onPick={noPick} focus={focus} />
      </main>
    </div>
  );
}

/** The plan's toolbar (share, print, export), "Re-plan with changes" and, on a plan, "Re-plan from here". */
function PlanActions({ id, title, hasResult, children }: { id: number; title: string; hasResult: boolean; children?: ReactNode }) {
  const t = useTranslations("historyPlan");
  return (
    <PlanToolbar id={id} title={title} hasResult={hasResult} onPlanPage>
      <a className={share.btn} href={`/?from=${id}`}>
        {t("replan")}
      </a>
      {children}
    </PlanToolbar>
  );
}
