"use client";
// One fleet day of the tenant, polled until every tour is final.
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/components/trpc";

const FINAL = new Set(["succeeded", "failed"]);
/** Never asked: the query is disabled without a day. */
const NONE = "00000000-0000-4000-8000-000000000000";

export function useFleetDay(fleetId: string | null) {
  const trpc = useTRPC();
  const q = useQuery({
    ...trpc.fleetDay.get.queryOptions({ fleetId: fleetId ?? NONE }),
    enabled: fleetId !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && FINAL.has(query.state.data.status) ? false : 2000),
  });
  return { ...q, notFound: q.error?.data?.code === "NOT_FOUND" };
}
