// What a charge costs: published ad-hoc (list) prices of operators, each with
// its source and date, a tenant's own contracts on top (later), and where
// nothing is known a documented fallback that the result marks as estimated.
// All prices are kept net of VAT in EUR: fleets reclaim VAT.
import { toEur } from "./fx";
import { withoutVat } from "./vat";

/** One published price: an operator's ad-hoc DC tariff in one country. */
export interface ListPrice {
  /** Matches the site's operator name (normalized by the station pack). */
  operator: RegExp;
  /** Where it holds (alpha-2); null: wherever the operator runs sites. */
  country: string | null;
  /** As published. */
  perKWh: number;
  currency: string;
  vatIncluded: boolean;
  /** Per session, as published; 0 where none. */
  sessionFee: number;
  tariff: string;
  source: string;
  /** The date the source states or was read. */
  date: string;
}

export interface EnergyPrice {
  /** Net of VAT, EUR. */
  perKWh: number;
  sessionFee: number;
  /** Where the figure comes from: the list price's tariff and source, or the fallback. */
  source: string;
  date: string | null;
  /** No published price for this operator: the country's fallback. */
  estimated: boolean;
  /** The currency it was published in (converted to EUR); absent: EUR or a fallback. */
  currency?: string;
}

/** Net EUR of a list price at a site in `country`. */
export function netEur(p: ListPrice, country: string): { perKWh: number; sessionFee: number } {
  const net = (x: number) => (p.vatIncluded ? withoutVat(x, p.country ?? country) : x);
  return { perKWh: toEur(net(p.perKWh), p.currency), sessionFee: toEur(net(p.sessionFee), p.currency) };
}

/**
 * The price at a site: the operator's own list price for that country, else its
 * price anywhere, else the fallback (the median net list price of that
 * country's operators, else of all), marked estimated.
 */
export function priceAt(prices: readonly ListPrice[], operator: string, country: string): EnergyPrice {
  const mine = prices.filter((p) => p.operator.test(operator));
  const hit = mine.find((p) => p.country === country) ?? mine.find((p) => p.country === null) ?? null;
  if (hit) {
    const { perKWh, sessionFee } = netEur(hit, country);
    return { perKWh, sessionFee, source: `${hit.tariff}: ${hit.source}`, date: hit.date, estimated: false, currency: hit.currency };
  }
  return fallback(prices, country);
}

const fallbacks = new WeakMap<readonly ListPrice[], Map<string, EnergyPrice>>();

function fallback(prices: readonly ListPrice[], country: string): EnergyPrice {
  let byCountry = fallbacks.get(prices);
  if (!byCountry) fallbacks.set(prices, (byCountry = new Map()));
  const hit = byCountry.get(country);
  if (hit) return hit;
  const local = prices.filter((p) => p.country === country);
  const pool = local.length ? local : prices;
  const values = pool.map((p) => netEur(p, p.country ?? country).perKWh).sort((a, b) => a - b);
  const median = values.length ? values[Math.floor((values.length - 1) / 2)] : NaN;
  const out: EnergyPrice = {
    perKWh: median, sessionFee: 0, date: null, estimated: true,
    source: local.length
      ? `fallback: the median of ${local.length} published list prices in ${country}`
      : `fallback: the median of all ${pool.length} published list prices (none for ${country})`,
  };
  byCountry.set(country, out);
  return out;
}
