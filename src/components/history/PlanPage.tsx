"use client";
// A stored plan at its own address (/plans/{id}): the same result panel and
// map as the planner, the link to share within the tenant, the exports, the
// print view and "re-plan with changes".
import { useState } from "react";
import { MapView } from "@/components/map/MapView";
import ps from "@/components/planner/planner.module.css";
import { ResultPanel } from "@/components/planner/ResultPanel";
import { useSession } from "@/components/shell/AppShell";
import { ViewSwitch, type NarrowView } from "@/components/shell/ViewSwitch";
import styles from "./history.module.css";
import { PlanNotFound } from "./NotFound";
import { fmtDate, isFinal, routeTitle, STATUS_TEXT } from "./summary";
import { usePlan } from "./usePlan";

const noPick = () => {};

export function PlanPage({ id }: { id: number }) {
  const plan = usePlan(id);
  const [focus, setFocus] = useState<{ index: number; nonce: number } | null>(null);
  const [view, setView] = useState<NarrowView>("panel");
  if (plan.notFound) return <PlanNotFound id={id} />;
  const s = plan.data?.summary;
  const result = plan.data?.result ?? null;

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
          {s ? <PlanActions id={id} hasResult={!!result} /> : null}
          {result ? <ResultPanel
              result={result}
              submitWarnings={[]}
              onFocusStop={(index) => {
                setFocus({ index, nonce: Date.now() });
                setView("map");
              }}
            /> : null}
        </div>
      </aside>
      <main className={ps.mapArea} aria-label="Map">
        <MapView waypoints={[]} result={result} picking={null} onPick={noPick} focus={focus} />
      </main>
    </div>
  );
}

function PlanActions({ id, hasResult }: { id: number; hasResult: boolean }) {
  const session = useSession();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  // The address itself is the share link: it opens for anyone signed in to the same tenant.
  const url = typeof window === "undefined" ? `/plans/${id}` : `${window.location.origin}/plans/${id}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <>
      <div className={styles.planActions}>
        {hasResult ? (
          <>
            <a className={styles.btn} href={`/plans/${id}/export?format=gpx`} download>
              Export GPX
            </a>
            <a className={styles.btn} href={`/plans/${id}/export?format=geojson`} download>
              Export GeoJSON
            </a>
            <a className={styles.btn} href={`/plans/${id}/print`}>
              Print view
            </a>
          </>
        ) : null}
        <a className={styles.btn} href={`/?from=${id}`}>
          Re-plan with changes
        </a>
      </div>
      <div className={styles.share}>
        <label htmlFor="share-link">Share link</label>
        <div className={styles.shareRow}>
          <input id="share-link" type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} aria-describedby="share-hint" />
          <button type="button" className={styles.btn} onClick={() => void copy()}>
            Copy link
          </button>
        </div>
        <p id="share-hint" role="status" aria-live="polite">
          {copied === "yes" ? "Link copied. " : copied === "no" ? "Copying is not allowed here: select the link and copy it. " : ""}
          Anyone signed in to {session.tenantName} can open it.
        </p>
      </div>
    </>
  );
}
