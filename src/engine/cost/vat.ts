// Standard VAT rates, to turn a price published with VAT into the net price a
// fleet pays (businesses reclaim VAT, so plans compare prices without it).
// Source: European Commission, "VAT rates applied in the Member States of the
// European Union" (situation at 1 January 2025); Switzerland: Federal Tax
// Administration (ESTV), standard rate from 1 January 2024.

export const VAT_SOURCE = "European Commission, VAT rates in the EU Member States (1 January 2025); ESTV (Switzerland, 2024)";

const STANDARD_VAT: Record<string, number> = {
  AT: 0.2, BE: 0.21, CH: 0.081, CZ: 0.21, DE: 0.19, DK: 0.25, FR: 0.2, IT: 0.22, LU: 0.17, NL: 0.21, PL: 0.23,
};

/** The standard rate of a country (alpha-2); null where the table has none. */
export function standardVat(country: string): number | null {
  return STANDARD_VAT[country] ?? null;
}

/** A price with VAT as the net price, by the country's standard rate (unchanged where unknown). */
export function withoutVat(amount: number, country: string): number {
  const rate = standardVat(country);
  return rate === null ? amount : amount / (1 + rate);
}
