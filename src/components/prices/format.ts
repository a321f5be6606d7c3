// How the prices page writes money, power and a contract's scope, in the page's
// language: the words from the "contract" messages, numbers and money through the
// language's formatter ("€0.39", "0,39 €"). Pure: the components pass `t` and `format`.
import type { useTranslations } from "next-intl";
import type { ContractPrice } from "@/contract/prices";
import type { AppFormatter } from "@/i18n/format";
import type { DecimalMark } from "./draft";

export type ContractT = ReturnType<typeof useTranslations<"contract">>;

/** "€0.39", "CZK 9.50"; "0,39 €", "9,50 CZK": the currency's sign, two to four decimals (per-kWh prices have more than cents). */
export function fmtMoney(format: AppFormatter, amount: number, currency: string): string {
  return format.number(amount, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 4 });
}

export const currencyOf = (c: ContractPrice) => c.currency ?? "EUR";

/** The language's decimal mark, for numbers in form fields. */
export const decimalMark = (format: AppFormatter): DecimalMark => (format.number(1.5).includes(",") ? "," : ".");

const fmtKw = (format: AppFormatter, v: number) => `${format.number(v, { maximumFractionDigits: 2 })} kW`;

/** "any power", "from 150 kW", "below 350 kW", "150–350 kW" (a site of at least min and below max). */
export function fmtPowerRange(t: ContractT, format: AppFormatter, min: number | null | undefined, max: number | null | undefined): string {
  if (min == null && max == null) return t("anyPower");
  if (max == null) return t("powerFrom", { power: fmtKw(format, min!) });
  if (min == null) return t("powerBelow", { power: fmtKw(format, max) });
  return `${format.number(min, { maximumFractionDigits: 2 })}–${fmtKw(format, max)}`;
}

/** "€0.10/min" and "after 45 min" (null: from the first minute); null when the contract has no price per minute. */
export function fmtPerMinute(t: ContractT, format: AppFormatter, c: ContractPrice): { price: string; after: string | null } | null {
  if (!c.price_per_min) return null;
  return {
    price: `${fmtMoney(format, c.price_per_min, currencyOf(c))}/min`,
    after: c.per_min_after_min ? t("afterMin", { minutes: c.per_min_after_min }) : null,
  };
}

/** Which sites a contract prices, in a few words: "IONITY · DE · CCS · from 150 kW". */
export function describeScope(t: ContractT, format: AppFormatter, c: ContractPrice): string {
  return [c.operator, c.country ?? t("anyCountry"), c.connector ?? t("anyConnector"), fmtPowerRange(t, format, c.min_power_kW, c.max_power_kW)].join(" · ");
}

/** What it costs, in a few words: "€0.39/kWh + €1.50 a session + €0.10/min after 45 min". */
export function describePrices(t: ContractT, format: AppFormatter, c: ContractPrice): string {
  const cur = currencyOf(c), perMin = fmtPerMinute(t, format, c);
  return [
    `${fmtMoney(format, c.energy_price_per_kWh, cur)}/kWh`,
    c.session_fee ? t("session", { fee: fmtMoney(format, c.session_fee, cur) }) : "",
    perMin ? [perMin.price, perMin.after].filter(Boolean).join(" ") : "",
  ].filter(Boolean).join(" + ");
}

/** One line for lists (import preview, dialogs): "IONITY · DE · CCS · from 150 kW: €0.39/kWh". */
export function describeContract(t: ContractT, format: AppFormatter, c: ContractPrice): string {
  return `${describeScope(t, format, c)}: ${describePrices(t, format, c)}${c.note ? ` (${c.note})` : ""}`;
}

/** A contract whose prices or note changed, its scope once: "IONITY · DE: €0.41/kWh → €0.43/kWh". */
export function describeChange(t: ContractT, format: AppFormatter, from: ContractPrice, to: ContractPrice): string {
  const [a, b] = [describePrices(t, format, from), describePrices(t, format, to)];
  const prices = a === b ? a : `${a} → ${b}`;
  const note = (from.note ?? "") === (to.note ?? "") ? "" : ` (${t("note")}: ${from.note || t("noNote")} → ${to.note || t("noNote")})`;
  return `${describeScope(t, format, to)}: ${prices}${note}`;
}
