"use client";
// Deleting one contract and removing them all: each confirmed first (Cancel has
// the focus), each saving the whole list without them.
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { ContractPrice } from "@/contract/prices";
import { ConfirmDialog } from "@/components/fleet/ConfirmDialog";
import { useAppFormatter } from "@/i18n/format";
import { describeContract } from "./format";
import { indexOfContract, withRemoved } from "./list";
import { figuresOf, type PriceListState } from "./usePriceList";

type Confirming = { prices: PriceListState; onClose: () => void; onDone: (message: string) => void };

export function DeleteContract({ target, prices, onClose, onDone }: Confirming & { target: { contract: ContractPrice; index: number } }) {
  const t = useTranslations("removeContract");
  const words = useTranslations("contract");
  const format = useAppFormatter();
  const [error, setError] = useState<string | null>(null);
  const { contract } = target;
  async function confirm() {
    setError(null);
    try {
      await prices.save((cur) => {
        const at = indexOfContract(cur.contracts, contract, target.index);
        if (at < 0) throw new Error(words("gone"));
        return { ...figuresOf(cur), contracts: withRemoved(cur.contracts, at) };
      });
      onDone(t("deleted", { operator: contract.operator }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }
  return (
    <ConfirmDialog title={t("title", { operator: contract.operator })} confirm={t("confirm")} confirming={t("confirming")} pending={prices.saving} error={error} onConfirm={confirm} onClose={onClose}>
      <p>
        <strong>{describeContract(words, format, contract)}</strong>
      </p>
      <p>{t("text")}</p>
    </ConfirmDialog>
  );
}

export function RemoveAllContracts({ count, prices, onClose, onDone }: Confirming & { count: number }) {
  const t = useTranslations("removeContract");
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await prices.save((cur) => ({ ...figuresOf(cur), contracts: [] }));
      onDone(t("removedAll"));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }
  return (
    <ConfirmDialog title={t("allTitle")} confirm={t("allConfirm")} confirming={t("allConfirming")} pending={prices.saving} error={error} onConfirm={confirm} onClose={onClose}>
      <p>{t("allText", { count })}</p>
    </ConfirmDialog>
  );
}
