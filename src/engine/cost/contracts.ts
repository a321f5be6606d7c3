// A tenant's own prices: its contracts with operators (by operator, optionally
// country, connector and power class) and its depot's energy price. They come
// before any published tariff or list price.
import type { ContractPrice } from "../../contract/prices";
import { toEur } from "./fx";

export interface TenantPrices {
  contracts: ContractPrice[];
  /** EUR net per kWh at section-end chargers; null: the documented assumption. */
  depotEurPerKWh: number | null;
  valueOfTimeEurPerH: number | null;
}

export interface ContractCharge {
  /** Net EUR. */
  perKWh: number;
  sessionFee: number;
  perMin: number;
  /** Charging minutes free of perMin. */
  perMinAfter: number;
  contract: ContractPrice;
}

/** The most specific matching contract (country, connector, power class each add); ties: the first listed. */
export function contractFor(contracts: readonly ContractPrice[], site: { operator: string; country: string }, connector: string, powerKW: number): ContractCharge | null {
  const op = site.operator.toLowerCase();
  let best: ContractPrice | null = null, bestScore = -1;
  for (const c of contracts) {
    if (!op.startsWith(c.operator.toLowerCase())) continue;
    if (c.country && c.country !== site.country) continue;
    if (c.connector && c.connector !== connector) continue;
    if (c.min_power_kW != null && powerKW < c.min_power_kW) continue;
    if (c.max_power_kW != null && powerKW >= c.max_power_kW) continue;
    const score = (c.country ? 4 : 0) + (c.connector ? 2 : 0) + (c.min_power_kW != null || c.max_power_kW != null ? 1 : 0);
    if (score > bestScore) { best = c; bestScore = score; }
  }
  if (!best) return null;
  const eur = (x: number | null | undefined) => toEur(x ?? 0, best.currency ?? "EUR");
  return { perKWh: eur(best.energy_price_per_kWh), sessionFee: eur(best.session_fee), perMin: eur(best.price_per_min), perMinAfter: best.per_min_after_min ?? 0, contract: best };
}

/** What a charge costs under a contract: energy, session, and the minutes beyond the free ones. */
export function contractAmount(c: ContractCharge, kWh: number, chargeMin: number): number {
  return c.perKWh * kWh + c.sessionFee + c.perMin * Math.max(0, chargeMin - c.perMinAfter);
}

export const describeContract = (c: ContractPrice) =>
  `tenant contract: ${c.operator}${c.country ? ` in ${c.country}` : ""}${c.connector ? `, ${c.connector}` : ""}` +
  `${c.min_power_kW != null || c.max_power_kW != null ? `, ${c.min_power_kW ?? 0}-${c.max_power_kW ?? "any"} kW` : ""}${c.note ? ` (${c.note})` : ""}`;
