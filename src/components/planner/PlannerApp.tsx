"use client";
// The planning workspace: the form, the job's progress and the result beside the map.
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { FINAL_JOB_STATUSES, type JobStatus } from "@/contract/result";
import { useReplan } from "@/components/history/useReplan";
import { MapView } from "@/components/map/MapView";
import type { MapWaypoint } from "@/components/map/types";
import { ViewSwitch, type NarrowView } from "@/components/shell/ViewSwitch";
import { PlanToolbar } from "@/components/plan-share/PlanToolbar";
import { useTRPC } from "@/components/trpc";
import { fmtLatLon } from "./format";
import { newWaypoint, PlanForm, type SubmittedRun, type Waypoint } from "./PlanForm";
import styles from "./planner.module.css";
import { ResultPanel } from "./ResultPanel";
import { usePlanAddress } from "./usePlanAddress";

const POLL_MS = 700;
const isFinal = (s: JobStatus | undefined) => s != null && FINAL_JOB_STATUSES.includes(s);

function useElapsed(since: number | null, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [running]);
  return since ? Math.max(0, Math.round((now - since) / 1000)) : 0;
}

/** The planning workspace: the form, the job's progress and the result beside the map. */
export function PlannerApp() {
  const tr = useTranslations("planner");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [waypoints, setWaypointsState] = useState<Waypoint[]>(() => [newWaypoint(), newWaypoint()]);
  const [picking, setPicking] = useState<number | null>(null);
  const [run, setRun] = useState<SubmittedRun | null>(null);
  const [focus, setFocus] = useState<{ index: number; nonce: number } | null>(null);
  const [tab, setTab] = useState<"plan" | "result">("plan");

  const setWaypoints = useCallback((f: (w: Waypoint[]) => Waypoint[]) => setWaypointsState(f), []);
  // "Re-plan with changes" (/?from=<optimization_id>): start from a stored plan's points and values.
  const replan = useReplan(setWaypointsState);

  const job = useQuery({
    ...trpc.planner.job.queryOptions(run ? { jobId: run.jobId } : skipToken),
    staleTime: 0,
    refetchInterval: (q) => (isFinal(q.state.data?.status) ? false : POLL_MS),
    refetchIntervalInBackground: true,
  });
  const jobStatus = job.data?.status;
  const final = isFinal(jobStatus);
  // A cost option of this run shown instead of the requested plan (null: the requested one).
  const [shownOption, setShownOption] = useState<number | null>(null);
  useEffect(() => setShownOption(null), [run?.optimizationId]);
  // After a submit, focus goes to the result's heading (the form's button it was on is hidden with its tab).
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const [focusResult, setFocusResult] = useState(0);
  const [view, setView] = useState<NarrowView>("panel");
  useEffect(() => {
    if (focusResult) resultHeading.current?.focus();
  }, [focusResult]);
  const result = useQuery({
    ...trpc.planner.result.queryOptions(run && final && jobStatus !== "failed" ? { optimizationId: run.optimizationId, option: shownOption } : skipToken),
    staleTime: Infinity,
    refetchInterval: (q) => (q.state.data && q.state.data.result == null && !isFinal(q.state.data.status) ? POLL_MS : false),
  });
  const plan = result.data?.result ?? null;
  // A finished plan (stored, whichever option is shown) has its own address; the user's tab choices move the address along.
  const finishedId = run && final && jobStatus !== "failed" ? run.optimizationId : null;
  const selectTab = usePlanAddress(finishedId, setTab);
  const planPoints = result.data?.points ?? null;
  // "Plan on this route": the same request with route_choice naming one of route_alternatives.
  const resubmit = useMutation(trpc.planner.submit.mutationOptions());
  const [routeError, setRouteError] = useState<string | null>(null);
  const chooseRoute = useCallback(
    (choice: number[]) => {
      const sent = run?.submission;
      if (!run || !sent) return;
      setRouteError(null);
      const submission = { query: sent.query, body: { ...sent.body, route_choice: choice } };
      resubmit.mutate(submission, {
        onSuccess: (r) => {
          if (r.job_id == null || r.optimization_id == null) return setRouteError(tr("noJob"));
          setFocus(null);
          setRun({ ...run, jobId: r.job_id, optimizationId: r.optimization_id, warnings: r.warnings ?? [], submittedAt: Date.now(), submission });
        },
        onError: (err) => setRouteError(err.message || tr("submitFailed")),
      });
    },
    [run, resubmit, tr],
  );
  const working = !!run && !final && !job.isError;
  const elapsed = useElapsed(run?.submittedAt ?? null, working);

  useEffect(() => {
    if (picking === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setPicking(null);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [picking]);

  const onPick = useCallback(
    (lat: number, lon: number) => {
      if (picking === null) return;
      const label = tr("mapPoint", { position: fmtLatLon(lat, lon) });
      setWaypointsState((ws) => ws.map((w, i) => (i === picking ? { ...w, text: label, place: { lat, lon, label, kind: "map" } } : w)));
      setPicking(null);
      setView("panel"); // a narrow screen goes back to the form the point was picked for
    },
    [picking, tr],
  );

  // A form point's marker dragged on the map: the point moves there, keeping its stop details.
  const onMoveWaypoint = useCallback((key: string, lat: number, lon: number) => {
    const label = tr("mapPoint", { position: fmtLatLon(lat, lon) });
    setWaypointsState((ws) => ws.map((w) => (w.key === key ? { ...w, text: label, place: { lat, lon, label, kind: "map" } } : w)));
  }, [tr]);

  const mapWaypoints = useMemo<MapWaypoint[]>(
    () =>
      waypoints.flatMap((w, i) =>
        w.place ? [{ key: w.key, role: i === 0 ? "start" : i === waypoints.length - 1 ? "destination" : "via", lat: w.place.lat, lon: w.place.lon, label: w.place.label }] : [],
      ),
    [waypoints],
  );

  // Which point is being picked on the map (the map only needs to know that one is); the banner says it in words.
  const pickingLabel = picking === null ? null : picking === 0 ? "start" : picking === waypoints.length - 1 ? "destination" : `stop ${picking}`;

  const statusLine = !run ? null : job.isError ? (
    <span className={styles.statusError}>{tr("lostJob", { error: job.error.message })}</span>
  ) : jobStatus === "failed" ? (
    <span className={styles.statusError}>{job.data?.error ? tr("failedWith", { error: job.data.error }) : tr("failed")}</span>
  ) : result.isError ? (
    <span className={styles.statusError}>{tr("resultFailed", { error: result.error.message })}</span>
  ) : working || (final && !plan) ? (
    <>
      <span className={styles.spinner} aria-hidden="true" />
      <span>
        {jobStatus === "running" ? tr("running") : final ? tr("loading") : tr("queued")} <span className={styles.muted}>{tr("elapsed", { seconds: elapsed })}</span>
      </span>
    </>
  ) : null;

  return (
    <>
      <div className={styles.workspace} data-view={view}>
        <ViewSwitch view={view} setView={setView} panelLabel={run ? tr("panelWithResult") : tr("panel")} />
        <aside className={styles.sidebar} aria-label={tr("sidebar")}>
          <h1 className={styles.srOnly}>{tr("heading")}</h1>
          <Tabs tab={tab} setTab={selectTab} resultEnabled={!!run} resultBusy={working} />
          <div id="panel-plan" role="tabpanel" aria-labelledby="tab-plan" hidden={tab !== "plan"} className={styles.panel}>
            {replan.notice}
            <PlanForm
              prefill={replan.form}
              waypoints={waypoints}
              setWaypoints={setWaypoints}
              picking={picking}
              setPicking={(p) => {
                setPicking(p);
                if (p !== null) setView("map"); // a narrow screen shows the map to pick on
              }}
              busy={working}
              onSubmitted={(r) => {
                setFocus(null);
                setRun(r);
                setTab("result");
                setFocusResult((n) => n + 1);
              }}
            />
          </div>
          <div id="panel-result" role="tabpanel" aria-labelledby="tab-result" hidden={tab !== "result"} className={styles.panel}>
            {run ? (
              <div className={styles.resultHeader}>
                <h2 ref={resultHeading} tabIndex={-1}>
                  {run.title}
                </h2>
                <p className={styles.muted}>
                  {tr("runLine", { vehicle: run.vehicle, id: run.optimizationId })}
                  {jobStatus ? ` · ${tr(`jobStatus.${jobStatus}`)}` : ""}
                </p>
              </div>
            ) : null}
            {run && finishedId != null ? <PlanToolbar id={run.optimizationId} title={run.title} hasResult /> : null}
            {statusLine ? (
              <div className={styles.panelStatus} role="status" aria-live="polite">
                {statusLine}
              </div>
            ) : null}
            {routeError ? (
              <div className={styles.statusError} role="alert">
                {routeError}
              </div>
            ) : null}
            {plan ? (
              <ResultPanel
                result={plan}
                points={planPoints}
                submitWarnings={run?.warnings ?? []}
                onFocusStop={(index) => {
                  setFocus({ index, nonce: Date.now() });
                  setView("map");
                }}
                option={shownOption}
                onOption={setShownOption}
                onChooseRoute={run?.submission ? chooseRoute : undefined}
                choosingRoute={resubmit.isPending || working}
              />
            ) : null}
            {run && !working ? (
              <div className={styles.panelFoot}>
                <button type="button" className={styles.secondaryWide} onClick={() => selectTab("plan")}>
                  {tr("changePlan")}
                </button>
              </div>
            ) : null}
          </div>
        </aside>

        <main className={styles.mapArea} aria-label={tr("map")}>
          <MapView waypoints={mapWaypoints} result={plan} points={planPoints} picking={pickingLabel} onPick={onPick} onMoveWaypoint={onMoveWaypoint} focus={focus} />
          {pickingLabel ? (
            <div className={styles.mapBanner} role="status">
              {tr("pickBanner", { target: picking === 0 ? "start" : picking === waypoints.length - 1 ? "destination" : "stop", n: picking ?? 0 })}
              <button type="button" className={styles.linkButton} onClick={() => setPicking(null)}>
                {tr("cancel")}
              </button>
            </div>
          ) : null}
          {statusLine && (working || tab !== "result") ? <div className={styles.mapStatus}>{statusLine}</div> : null}
        </main>
      </div>
    </>
  );
}

function Tabs({ tab, setTab, resultEnabled, resultBusy }: { tab: "plan" | "result"; setTab: (t: "plan" | "result") => void; resultEnabled: boolean; resultBusy: boolean }) {
  const tr = useTranslations("planner");
  const tabs = [
    { id: "plan" as const, label: tr("tabPlan"), disabled: false },
    { id: "result" as const, label: tr("tabResult"), disabled: !resultEnabled },
  ];
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    const next = tab === "plan" ? "result" : "plan";
    if (next === "result" && !resultEnabled) return;
    e.preventDefault();
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={tr("tabs")} className={styles.tabs} onKeyDown={onKeyDown}>
      {tabs.map((t) => (
        <button
          key={t.id}
          id={`tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={tab === t.id}
          aria-controls={`panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          disabled={t.disabled}
          className={styles.tab}
          onClick={() => setTab(t.id)}
        >
          {t.label}
          {t.id === "result" && resultBusy ? <span className={styles.tabDot} aria-label={tr("tabBusy")} /> : null}
        </button>
      ))}
    </div>
  );
}
