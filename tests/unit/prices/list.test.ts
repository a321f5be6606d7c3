// The prices page's row edits (the whole list is saved after each) and the import's preview of
// what replacing the list changes.
import { describe, expect, it } from "vitest";
import type { ContractPrice } from "@/contract/prices";
import { diffContracts, indexOfContract, sameContract, withAdded, withRemoved, withReplaced } from "@/components/prices/list";

const ionityDe: ContractPrice = { operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39 };
const ionityAt: ContractPrice = { operator: "IONITY", country: "AT", energy_price_per_kWh: 0.45 };
const milence: ContractPrice = { operator: "Milence", connector: "MCS", energy_price_per_kWh: 0.42, session_fee: 1 };

describe("row edits", () => {
  const list = [ionityDe, ionityAt, milence];

  it("add appends (the first listed wins ties, so a new contract never jumps ahead), replace and remove keep the others' order", () => {
    expect(withAdded(list, { operator: "Aral", energy_price_per_kWh: 0.5 }).map((c) => c.operator)).toEqual(["IONITY", "IONITY", "Milence", "Aral"]);
    expect(withReplaced(list, 1, { ...ionityAt, energy_price_per_kWh: 0.4 })).toEqual([ionityDe, { ...ionityAt, energy_price_per_kWh: 0.4 }, milence]);
    expect(withRemoved(list, 0)).toEqual([ionityAt, milence]);
    expect(list).toEqual([ionityDe, ionityAt, milence]); // never changed in place
  });

  it("refuses a row that is not there", () => {
    expect(() => withReplaced(list, 3, milence)).toThrow(RangeError);
    expect(() => withRemoved(list, -1)).toThrow(RangeError);
    expect(() => withRemoved([], 0)).toThrow(RangeError);
  });

  it("finds the contract a row showed even when the list moved meanwhile, and -1 when it is gone", () => {
    expect(indexOfContract(list, ionityAt, 1)).toBe(1);
    expect(indexOfContract([milence, ionityDe, ionityAt], ionityAt, 1)).toBe(2);
    expect(indexOfContract([ionityDe, milence], ionityAt, 1)).toBe(-1);
    // Two equal contracts: the one at the row shown, not the first.
    expect(indexOfContract([ionityDe, milence, ionityDe], ionityDe, 2)).toBe(2);
  });

  it("absent, null and a stated default currency are the same contract; another price is not", () => {
    expect(sameContract(ionityDe, { ...ionityDe, connector: null, note: undefined, currency: "EUR" })).toBe(true);
    expect(sameContract(ionityDe, { ...ionityDe, currency: "CHF" })).toBe(false);
    expect(sameContract(ionityDe, { ...ionityDe, energy_price_per_kWh: 0.391 })).toBe(false);
  });
});

describe("diffContracts", () => {
  it("replacing: equal ones unchanged, same sites with other prices changed, the rest added or removed", () => {
    const d = diffContracts([ionityDe, ionityAt, milence], [{ ...milence, session_fee: 2 }, ionityDe, { operator: "Aral", energy_price_per_kWh: 0.5 }]);
    expect(d.unchanged).toBe(1);
    expect(d.changed).toEqual([{ from: milence, to: { ...milence, session_fee: 2 } }]);
    expect(d.added).toEqual([{ operator: "Aral", energy_price_per_kWh: 0.5 }]);
    expect(d.removed).toEqual([ionityAt]);
  });

  it("the operator's case does not make another scope; a duplicate counts once per copy", () => {
    const d = diffContracts([ionityDe, ionityDe], [{ ...ionityDe, operator: "ionity", energy_price_per_kWh: 0.3 }, ionityDe, ionityDe]);
    expect(d.unchanged).toBe(2);
    expect(d.changed).toEqual([]);
    expect(d.added).toHaveLength(1);
    expect(d.removed).toEqual([]);
    const e = diffContracts([ionityDe, ionityAt], [{ ...ionityDe, operator: "ionity", energy_price_per_kWh: 0.3 }]);
    expect(e.changed).toEqual([{ from: ionityDe, to: { ...ionityDe, operator: "ionity", energy_price_per_kWh: 0.3 } }]);
    expect(e.removed).toEqual([ionityAt]);
  });

  it("appending and removing all", () => {
    const before = [ionityDe, milence];
    expect(diffContracts(before, [...before, ionityAt])).toEqual({ added: [ionityAt], removed: [], changed: [], unchanged: 2 });
    expect(diffContracts(before, [])).toEqual({ added: [], removed: before, changed: [], unchanged: 0 });
    expect(diffContracts(before, before)).toEqual({ added: [], removed: [], changed: [], unchanged: 2 });
  });
});
