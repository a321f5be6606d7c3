// Texts for a stored plan's summary (as server/trpc/history.ts returns it),
// shared by the history list, the plan page, the comparison and print view.
import type { JobStatus } from "@/contract/result";
import { fmtMoment } from "@/components/planner/format";

export interface SummaryLike {
  optimization_id: number;
  status: JobStatus;
  points: { label: string }[];
}

export const STATUS_TEXT: Record<JobStatus, string> = {
  queued: "Queued",
  running: "Planning…",
  succeeded: "Planned",
  not_drivable: "Not drivable",
  failed: "Failed",
};

export const isFinal = (s: JobStatus) => s === "succeeded" || s === "not_drivable" || s === "failed";

/** "Hamburg, DE → München, DE", with the number of stops between. */
export function routeTitle(s: SummaryLike): string {
  const p = s.points;
  if (p.length < 2) return `Plan #${s.optimization_id}`;
  const via = p.length - 2;
  return via ? `${p[0].label} → ${via} stop${via > 1 ? "s" : ""} → ${p[p.length - 1].label}` : `${p[0].label} → ${p[p.length - 1].label}`;
}

/** When a plan was made or printed, on the browser's clock with its zone. */
export const fmtDate = fmtMoment;
