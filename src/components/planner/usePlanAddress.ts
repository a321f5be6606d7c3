"use client";
// The planner's address follows what it shows: a finished plan on the Result
// tab is at its own address (/plans/{id}: a reload opens the plan page, the
// address can be shared), the form at the address the planner was opened at.
// history.pushState keeps the planner mounted (Next.js keeps its page for
// entries it did not make), so Back returns to the form with its inputs, and
// Forward to the result. An entry of another plan (an earlier run) is loaded
// as that plan's page.
import { useCallback, useEffect, useRef } from "react";
import { planIdOfPath, planPath } from "@/components/plan-share/plan-links";

type Tab = "plan" | "result";

const here = () => `${window.location.pathname}${window.location.search}`;

/**
 * `finishedId`: the optimization whose result the Result tab shows (null while none).
 * Returns the tab switch to use for the user's choices (it moves the address along).
 */
export function usePlanAddress(finishedId: number | null, setTab: (tab: Tab) => void): (tab: Tab) => void {
  const formAddress = useRef<string | null>(null);
  const shown = useRef(finishedId);
  shown.current = finishedId;

  useEffect(() => {
    // The address the planner was opened at ("/", "/?from=12"), for the form's entries.
    if (formAddress.current == null) formAddress.current = planIdOfPath(window.location.pathname) == null ? here() : "/";
    const onPop = () => {
      const id = planIdOfPath(window.location.pathname);
      if (id == null) setTab("plan");
      else if (id === shown.current) setTab("result");
      else window.location.reload();
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [setTab]);

  useEffect(() => {
    if (finishedId != null && window.location.pathname !== planPath(finishedId)) window.history.pushState(null, "", planPath(finishedId));
  }, [finishedId]);

  return useCallback(
    (tab: Tab) => {
      setTab(tab);
      const atPlan = planIdOfPath(window.location.pathname) != null;
      if (tab === "plan" && atPlan) window.history.pushState(null, "", formAddress.current ?? "/");
      else if (tab === "result" && shown.current != null && !atPlan) window.history.pushState(null, "", planPath(shown.current));
    },
    [setTab],
  );
}
