"use client";
// The planner page's side of "re-plan with changes": /?from=<optimization_id>
// loads that plan's stored request and hands its route points and form values
// to the planner, with a note on what differs from the original.
import { skipToken, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import type { FormState, Waypoint } from "@/components/planner/PlanForm";
import styles from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import { replanFrom, type Replan } from "./replan";

export function useReplan(setWaypoints: (waypoints: Waypoint[]) => void): { form: Partial<FormState> | null; notice: ReactNode } {
  const trpc = useTRPC();
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
    const r = replanFrom(source.data);
    setReplan(r);
    setWaypoints(r.waypoints);
  }, [source.data, setWaypoints]);

  let notice: ReactNode = null;
  if (fromId && source.isError) {
    notice = (
      <div className={styles.panelStatus} role="alert">
        <span className={styles.statusError}>
          Plan #{fromId} could not be loaded to plan again{source.error.data?.code === "NOT_FOUND" ? ": it does not exist or belongs to another organisation." : `: ${source.error.message}`}
        </span>
      </div>
    );
  } else if (fromId && replan) {
    notice = (
      <div className={styles.panelStatus} role="status" data-testid="replan-notice">
        <span>
          Planning again from <a href={`/plans/${fromId}`}>plan #{fromId}</a>: change what you need and plan the route.
          {replan.notes.length ? ` Note: ${replan.notes.join("; ")}.` : ""}
        </span>
      </div>
    );
  }
  return { form: replan?.form ?? null, notice };
}
