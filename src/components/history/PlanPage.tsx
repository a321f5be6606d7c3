"use client";
// A stored plan at its own address (/plans/{id}): the same result panel and
// map as the planner, its time-cost options (each shown on a choice, as in the
// planner), the link to share within the tenant, the exports, the print view
// and "re-plan with changes".
import { useState } from "react";
import { MapView } from "@/components/map/MapView";
import share from "@/components/plan-share/plan-share.module.css";
import { PlanToolbar } from "@/components/plan-share/PlanToolbar";
import ps from "@/components/planner/planner.module.css";
import { ResultPanel } from "@/components/planner/ResultPanel";
import { ViewSwitch, type NarrowView } from "@/components/shell/ViewSwitch";
import styles from "./history.module.css";
import { PlanNotFound } from "./NotFound";
import { fmtDate, isFinal, routeTitle, STATUS_TEXT } from "./summary";
import { useCostOption } from "./useCostOption";
import { usePlan } from "./usePlan";

const noPick = () => {};

export function PlanPage({ id }: { id: number }) {
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
      <ViewSwitch view={view} setView={setView} panelLabel="Plan" />
      <aside className={ps.sidebar} aria-label="Plan">
        <div className={ps.panel}>
          <header className={styles.planHead}>
            <h1>{s ? routeTitle(s) : `Plan #${id}`}</h1>
            {s ? (
              <p>
                {s.vehicle_name} · plan #{id} · planned {fmtDate(s.created_at)} · {STATUS_TEXT[s.status]}
              </p>
            ) : null}
          </header>
          {plan.isPending ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="status">
              Loading the plan…
            </p>
          ) : plan.isError ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="alert">
              <span className={ps.statusError}>The plan could not be loaded: {plan.error.message}</span>
            </p>
          ) : null}
          {s && !isFinal(s.status) ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="status" aria-live="polite">
              <span className={ps.spinner} aria-hidden="true" /> This tour is still being planned…
            </p>
          ) : null}
          {s?.status === "failed" ? (
            <p className={`${ps.panelStatus} ${styles.planState}`} role="alert">
              <span className={ps.statusError}>Planning failed{s.error ? `: ${s.error}` : "."}</span>
            </p>
          ) : null}
          {s ? <PlanActions id={id} title={routeTitle(s)} hasResult={!!stored} /> : null}
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
      <main className={ps.mapArea} aria-label="Map">
        <MapView waypoints={[]} result={result} points={s?.points} picking={null} onPick={noPick} focus={focus} />
      </main>
    </div>
  );
}

/** The plan's toolbar (share, print, export) and "Re-plan with changes". */
function PlanActions({ id, title, hasResult }: { id: number; title: string; hasResult: boolean }) {
  return (
    <PlanToolbar id={id} title={title} hasResult={hasResult} onPlanPage>
      <a className={share.btn} href={`/?from=${id}`}>
        Re-plan with changes
      </a>
    </PlanToolbar>
  );
}
