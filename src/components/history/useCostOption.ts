"use client";
// The plan page's time-cost option shown instead of the stored plan (as the
// planner does: tRPC planner.result with `option`, GET .../result?option=K).
// The stored plan stays shown while the option loads.
import { skipToken, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useTRPC } from "@/components/trpc";
import type { OptimizationResultResponse } from "@/contract/result";

export function useCostOption(id: number, stored: OptimizationResultResponse | null) {
  const trpc = useTRPC();
  const t = useTranslations("historyPlan");
  // null: the stored (requested) plan.
  const [shown, setShown] = useState<number | null>(null);
  const q = useQuery({
    ...trpc.planner.result.queryOptions(shown != null && stored ? { optimizationId: id, option: shown } : skipToken),
    staleTime: Infinity,
  });
  const loaded = shown != null ? (q.data?.result ?? null) : null;
  const failed = shown != null && q.isError;
  return {
    shown,
    show: setShown,
    result: loaded ?? stored,
    failed,
    status: failed ? t("optionFailed", { message: q.error?.message ?? t("unknownError") }) : shown != null && !loaded ? t("optionLoading") : null,
  };
}
