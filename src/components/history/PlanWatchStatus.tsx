"use client";
// What the plan watch says of a committed plan (docs/API.md, Plan watch), on its page: watched and when last
// checked, or re-planned, when and why, with a link to the plan that replaces it. Nothing for a plan never
// committed. Polled while watched (the watch checks every 30 s). Words from the catalogs ("planWatch").
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { fmtTime } from "@/components/planner/format";
import { browserZone } from "@/components/planner/form/time";
import ps from "@/components/planner/planner.module.css";
import { useTRPC } from "@/components/trpc";
import styles from "./history.module.css";

export function PlanWatchStatus({ id }: { id: number }) {
  const t = useTranslations("planWatch");
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.replan.watch.queryOptions({ optimizationId: id }),
    refetchInterval: (query) => (query.state.data?.watched ? 30_000 : false),
  });
  const w = q.data;
  if (!w || w.status === "none") return null;
  const zone = browserZone();
  const at = (iso: string | null) => (iso ? fmtTime(iso, zone, true) : "–");
  let text: ReactNode;
  if (w.status === "watching") text = w.last_checked_at ? t("watching", { checked: at(w.last_checked_at), until: at(w.until) }) : t("watchingSoon", { until: at(w.until) });
  else if (w.status === "committing") text = t("committing");
  else if (w.end_reason === "replanned" && w.replanned_to) {
    text = t.rich("replanned", {
      at: at(w.ended_at), trigger: w.trigger ?? "other", id: String(w.replanned_to),
      link: (chunks) => <a href={`/plans/${w.replanned_to}`}>{chunks}</a>,
    });
  } else text = t("ended", { at: at(w.ended_at), reason: w.end_reason ?? "other" });
  return (
    <p className={`${ps.panelStatus} ${styles.planState}`} role="status" data-testid="plan-watch" data-watch-status={w.status}>
      {text}
    </p>
  );
}
