"use client";
// One stored plan of the tenant (summary and result), polled while its job is
// still queued or running, e.g. when a shared link is opened early.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc";
import { isFinal } from "./summary";

export function usePlan(id: number) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.history.get.queryOptions({ optimizationId: id }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && !isFinal(query.state.data.summary.status) ? 1500 : false),
  });
  return { ...q, notFound: q.error?.data?.code === "NOT_FOUND" };
}
