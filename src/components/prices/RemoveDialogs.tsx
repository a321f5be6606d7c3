"use client";
// Deleting one contract and removing them all: each confirmed first (Cancel has
// the focus), each saving the whole list without them.
import { useState } from "react";
import type { ContractPrice } from "@/contract/prices";
import { ConfirmDialog } from "@/components/fleet/ConfirmDialog";
import { describeContract } from "./format";
import { indexOfContract, withRemoved } from "./list";
import { T } from "./text";
import { figuresOf, type PriceListState } from "./usePriceList";

type Confirming = { prices: PriceListState; onClose: () => void; onDone: (message: string) => void };

export function DeleteContract({ target, prices, onClose, onDone }: Confirming & { target: { contract: ContractPrice; index: number } }) {
  const [error, setError] = useState<string | null>(null);
  const { contract } = target;
  async function confirm() {
    setError(null);
    try {
      await prices.save((cur) => {
        const at = indexOfContract(cur.contracts, contract, target.index);
        if (at < 0) throw new Error(T.form.gone);
        return { ...figuresOf(cur), contracts: withRemoved(cur.contracts, at) };
      });
      onDone(T.status.deleted(contract.operator));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }
  return (
    <ConfirmDialog title={T.remove.title(contract.operator)} confirm={T.remove.confirm} confirming={T.remove.confirming} pending={prices.saving} error={error} onConfirm={confirm} onClose={onClose}>
      <p>
        <strong>{describeContract(contract)}</strong>
      </p>
      <p>{T.remove.text}</p>
    </ConfirmDialog>
  );
}

export function RemoveAllContracts({ count, prices, onClose, onDone }: Confirming & { count: number }) {
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setError(null);
    try {
      await prices.save((cur) => ({ ...figuresOf(cur), contracts: [] }));
      onDone(T.status.removedAll);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }
  return (
    <ConfirmDialog title={T.remove.allTitle} confirm={T.remove.allConfirm} confirming={T.remove.allConfirming} pending={prices.saving} error={error} onConfirm={confirm} onClose={onClose}>
      <p>{T.remove.allText(count)}</p>
    </ConfirmDialog>
  );
}
