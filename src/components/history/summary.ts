// Texts for a stored plan's summary (as server/trpc/history.ts returns it),
// shared by the history list, the plan page, the comparison and print view.
// Words from the catalogs ("historySummary"); the translator is an argument so tests run both languages.
import type { useTranslations } from "next-intl";
import type { JobStatus } from "@/contract/result";
import { fmtMoment } from "@/components/planner/format";

/** The summary's words ("historySummary" in src/i18n/messages). */
export type SummaryTranslator = ReturnType<typeof useTranslations<"historySummary">>;

export interface SummaryLike {
  optimization_id: number;
  status: JobStatus;
  points: { label: string }[];
}

/** "Planned", "Geplant": a job's status in words. */
export const statusText = (status: JobStatus, t: SummaryTranslator): string => t(`status.${status}`);

export const isFinal = (s: JobStatus) => s === "succeeded" || s === "not_drivable" || s === "failed";

/** "Hamburg, DE → München, DE", with the number of stops between ("→ 2 stops →"). */
export function routeTitle(s: SummaryLike, t: SummaryTranslator): string {
  const p = s.points;
  if (p.length < 2) return t("untitled", { id: String(s.optimization_id) });
  const from = p[0].label, to = p[p.length - 1].label;
  const via = p.length - 2;
  return via ? t("routeVia", { from, via, to }) : t("route", { from, to });
}

/** When a plan was made or printed, on the browser's clock with its zone. */
export const fmtDate = fmtMoment;
