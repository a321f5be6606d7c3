"use client";
// The tenant's price list and its one way to change: the whole list saved with
// tRPC stations.prices.set (the server checks it all, as PUT /poi/prices does).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { PriceList } from "@/contract/prices";
import { useTRPC } from "@/components/trpc";

/** The whole list to save; what the form typed goes unchecked, for the server to check. */
export interface ListInput {
  contracts: readonly unknown[];
  depot_energy_price_per_kWh: unknown;
  value_of_time_eur_per_h: unknown;
}

/** An edit of the list as it is when saved (not as it was when a dialog opened). */
export type ListEdit = (current: PriceList) => ListInput;

export function usePriceList() {
  const t = useTranslations("prices");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.stations.prices.get.queryOptions());
  const set = useMutation(
    trpc.stations.prices.set.mutationOptions({
      // The answer is the list as stored: shown at once, then read again like any other change.
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.stations.prices.get.queryKey(), saved);
        void queryClient.invalidateQueries({ queryKey: trpc.stations.prices.get.queryKey() });
      },
    }),
  );

  /** Saves `edit` of the current list; rejects with the server's error (422 details at data.details). */
  async function save(edit: ListEdit): Promise<PriceList> {
    const current = list.data;
    if (!current) throw new Error(t("notLoaded"));
    return set.mutateAsync(edit(current));
  }

  return { list, save, saving: set.isPending };
}

export type PriceListState = ReturnType<typeof usePriceList>;

/** The list's figures as they are, for an edit that changes only its contracts. */
export const figuresOf = (l: PriceList) => ({
  depot_energy_price_per_kWh: l.depot_energy_price_per_kWh ?? null,
  value_of_time_eur_per_h: l.value_of_time_eur_per_h ?? null,
});
