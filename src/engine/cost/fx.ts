// Exchange rates to EUR, dated: a tariff or toll in another currency is
// converted by this table, and the result says which rates it used.
// Source: ECB euro foreign exchange reference rates of 2025-10-09
// (eurofxref-daily.xml; read from a verbatim copy of that file, a copy of
// 2024-01-04 agrees within 3 %). DKK is pegged to the euro (ERM II, 7.46038).

export const FX_DATE = "2025-10-09";
export const FX_SOURCE = "ECB euro foreign exchange reference rates, 2025-10-09";

/** Units of the currency per EUR. */
const PER_EUR: Record<string, number> = { EUR: 1, CZK: 24.326, PLN: 4.2548, CHF: 0.9309, DKK: 7.4668 };

export function toEur(amount: number, currency: string): number {
  const rate = PER_EUR[currency.toUpperCase()];
  if (rate === undefined) throw new Error(`no exchange rate for ${currency} (table of ${FX_DATE}: ${Object.keys(PER_EUR).join(", ")})`);
  return amount / rate;
}

export const knownCurrency = (currency: string) => PER_EUR[currency.toUpperCase()] !== undefined;

/** The rates a result used, as it states them: units per EUR, the table's date and source. */
export function ratesUsed(currencies: Iterable<string>): { currency: string; per_eur: number; date: string; source: string }[] {
  const seen = [...new Set([...currencies].map((c) => c.toUpperCase()))].filter((c) => c !== "EUR" && PER_EUR[c] !== undefined).sort();
  return seen.map((currency) => ({ currency, per_eur: PER_EUR[currency], date: FX_DATE, source: FX_SOURCE }));
}
