// Edits of the contract list (the table is a client view of it; every edit saves
// the whole list, which the server checks) and what an import would change.
// Order matters: of equally specific contracts the first listed prices a site.
import type { ContractPrice } from "@/contract/prices";
import { CONTRACT_FIELDS } from "./draft";

/** Every field, absent and null alike, currency EUR when unstated (its documented default). */
const keyOf = (c: ContractPrice) => JSON.stringify(CONTRACT_FIELDS.map((f) => (f === "currency" ? (c.currency ?? "EUR") : (c[f] ?? null))));

/** Which sites a contract prices: operator (case-insensitive), country, connector, power class. */
const scopeOf = (c: ContractPrice) =>
  JSON.stringify([c.operator.toLowerCase(), c.country ?? null, c.connector ?? null, c.min_power_kW ?? null, c.max_power_kW ?? null]);

export const sameContract = (a: ContractPrice, b: ContractPrice) => keyOf(a) === keyOf(b);

// Generic: a contract from the form is sent unchecked (the server checks it), not yet a ContractPrice.
export const withAdded = <C>(list: readonly C[], c: C): C[] => [...list, c];

export function withReplaced<C>(list: readonly C[], index: number, c: C): C[] {
  if (!(index in list)) throw new RangeError(`No contract at ${index}`);
  return list.map((x, i) => (i === index ? c : x));
}

export function withRemoved<C>(list: readonly C[], index: number): C[] {
  if (!(index in list)) throw new RangeError(`No contract at ${index}`);
  return list.filter((_, i) => i !== index);
}

/**
 * Where `c` is in `list` now: at `hint` (where the table showed it) if it is still there, else its
 * first equal one; -1 when it is gone. The list may have changed since the table was drawn (another
 * admin, another tab): an edit must change the contract the person saw, not whatever is at its row.
 */
export function indexOfContract(list: readonly ContractPrice[], c: ContractPrice, hint: number): number {
  if (list[hint] && sameContract(list[hint], c)) return hint;
  return list.findIndex((x) => sameContract(x, c));
}

export interface ContractChanges {
  /** In the new list only. */
  added: ContractPrice[];
  /** Only in the old list. */
  removed: ContractPrice[];
  /** Same sites (operator, country, connector, power class), other prices or note. */
  changed: { from: ContractPrice; to: ContractPrice }[];
  unchanged: number;
}

/** What replacing `before` with `after` changes: equal contracts first, then pairs of the same scope, in order. */
export function diffContracts(before: readonly ContractPrice[], after: readonly ContractPrice[]): ContractChanges {
  const equal = new Map<string, number[]>();
  before.forEach((c, i) => pushTo(equal, keyOf(c), i));
  const keptBefore = new Set<number>();
  const rest: ContractPrice[] = [];
  for (const c of after) {
    const i = equal.get(keyOf(c))?.shift();
    if (i === undefined) rest.push(c);
    else keptBefore.add(i);
  }
  const byScope = new Map<string, number[]>();
  before.forEach((c, i) => keptBefore.has(i) || pushTo(byScope, scopeOf(c), i));
  const changed: ContractChanges["changed"] = [];
  const added: ContractPrice[] = [];
  const paired = new Set<number>();
  for (const c of rest) {
    const i = byScope.get(scopeOf(c))?.shift();
    if (i === undefined) added.push(c);
    else {
      paired.add(i);
      changed.push({ from: before[i], to: c });
    }
  }
  const removed = before.filter((_, i) => !keptBefore.has(i) && !paired.has(i));
  return { added, removed, changed, unchanged: keptBefore.size };
}

function pushTo(m: Map<string, number[]>, key: string, i: number) {
  const at = m.get(key);
  if (at) at.push(i);
  else m.set(key, [i]);
}
