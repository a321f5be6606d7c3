"use client";
// The planner page's side of "re-plan with changes": /?from=<optimization_id>
// loads that plan's stored request and hands its route points and form values
// to the planner, with a note on what differs from the original.
import { skipToken, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState, type ReactNode } from "react";
import type { FormState, Waypoint } from "@/components/planner/PlanForm";
import styles from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import { replanFrom, type Replan } from "./replan";

export function useReplan(setWaypoints: (waypoints: Waypoint[]) => void): { form: Partial<FormState> | null; notice: ReactNode } {
  const trpc = useTRPC();
  const t = useTranslations("historyReplan");
  const [fromId, setFromId] = useState<number | null>(null);
  const [replan, setReplan] = useState<Replan | null>(null);
  // Read after mount: the page stays static (no useSearchParams, no Suspense boundary needed).
  useEffect(() => {
    const n = Number(new URLSearchParams(window.location.search).get("from"));
    if (Number.isInteger(n) && n > 0) setFromId(n);
  }, []);
  const source = useQuery({ ...trpc.history.request.queryOptions(fromId ? { optimizationId: fromId } : skipToken), staleTime: Infinity });
  useEffect(() => {
    if (!source.data) return;
    const r = replanFrom(source.data, t);
    setReplan(r);
    setWaypoints(r.waypoints);
  }, [source.data, setWaypoints, t]);

  let notice: ReactNode = null;
  if (fromId && source.isError) {
    notice = (
      <div className={styles.panelStatus} role="alert">
        <span className={styles.statusError}>
          {source.error.data?.code === "NOT_FOUND" ? t("notFound", { id: String(fromId) }) : t("loadFailed", { id: String(fromId), message: source.error.message })}
        </span>
      </div>
    );
  } else if (fromId && replan) {
    notice = (
      <div className={styles.panelStatus} role="status" data-testid="replan-notice">
        <span>
          {t.rich("notice", { id: String(fromId), link: (chunks) => <a href={`/plans/${fromId}`}>{chunks}</a> })}
          {replan.notes.length ? ` ${t("notes", { notes: replan.notes.join("; ") })}` : ""}
        </span>
      </div>
    );
  }
  return { form: replan?.form ?? null, notice };
}
