// How the prices page writes money, power and a contract's scope (LOCALE: one
// place to change when the app gets languages).
import type { ContractPrice } from "@/contract/prices";
import { LOCALE, T } from "./text";

const money = new Map<string, Intl.NumberFormat>();

/** "€0.39", "CZK 9.50": the currency's sign, two to four decimals (per-kWh prices have more than cents). */
export function fmtMoney(amount: number, currency: string): string {
  let f = money.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat(LOCALE, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
    } catch {
      return `${amount} ${currency}`; // not a currency Intl knows: the stored text is still the truth
    }
    money.set(currency, f);
  }
  return f.format(amount);
}

export const currencyOf = (c: ContractPrice) => c.currency ?? "EUR";

/** "any power", "from 150 kW", "below 350 kW", "150–350 kW" (a site of at least min and below max). */
export function fmtPowerRange(min: number | null | undefined, max: number | null | undefined): string {
  if (min == null && max == null) return T.table.anyPower;
  if (max == null) return T.table.powerFrom(`${fmtKw(min!)} kW`);
  if (min == null) return T.table.powerBelow(`${fmtKw(max)} kW`);
  return `${fmtKw(min)}–${fmtKw(max)} kW`;
}

const fmtKw = (v: number) => v.toLocaleString(LOCALE, { maximumFractionDigits: 2 });

/** "€0.10/min" and "after 45 min" (null: from the first minute); null when the contract has no price per minute. */
export function fmtPerMinute(c: ContractPrice): { price: string; after: string | null } | null {
  if (!c.price_per_min) return null;
  return { price: `${fmtMoney(c.price_per_min, currencyOf(c))}/min`, after: c.per_min_after_min ? T.table.afterMin(c.per_min_after_min) : null };
}

/** Which sites a contract prices, in a few words: "IONITY · DE · CCS · from 150 kW". */
export function describeScope(c: ContractPrice): string {
  return [c.operator, c.country ?? T.table.anyCountry, c.connector ?? T.describe.anyConnector, fmtPowerRange(c.min_power_kW, c.max_power_kW)].join(" · ");
}

/** What it costs, in a few words: "€0.39/kWh + €1.50 a session + €0.10/min after 45 min". */
export function describePrices(c: ContractPrice): string {
  const cur = currencyOf(c), perMin = fmtPerMinute(c);
  return [
    `${fmtMoney(c.energy_price_per_kWh, cur)}/kWh`,
    c.session_fee ? T.describe.session(fmtMoney(c.session_fee, cur)) : "",
    perMin ? [perMin.price, perMin.after].filter(Boolean).join(" ") : "",
  ].filter(Boolean).join(" + ");
}

/** One line for lists (import preview, dialogs): "IONITY · DE · CCS · from 150 kW: €0.39/kWh". */
export const describeContract = (c: ContractPrice) => `${describeScope(c)}: ${describePrices(c)}${c.note ? ` (${c.note})` : ""}`;

/** A contract whose prices or note changed, its scope once: "IONITY · DE: €0.41/kWh → €0.43/kWh". */
export function describeChange(from: ContractPrice, to: ContractPrice): string {
  const [a, b] = [describePrices(from), describePrices(to)];
  const prices = a === b ? a : `${a} → ${b}`;
  const note = (from.note ?? "") === (to.note ?? "") ? "" : ` (${T.describe.note}: ${from.note || T.describe.noNote} → ${to.note || T.describe.noNote})`;
  return `${describeScope(to)}: ${prices}${note}`;
}
