import { describe, expect, it } from "vitest";
import { toEur } from "@/engine/cost/fx";
import { LIST_PRICES } from "@/engine/cost/price-table";
import { priceAt, type ListPrice } from "@/engine/cost/prices";
import { withoutVat } from "@/engine/cost/vat";

describe("list prices", () => {
  it("cover at least 15 operators, each line with a source and a date", () => {
    const operators = new Set(LIST_PRICES.map((p) => p.operator.source));
    expect(operators.size).toBeGreaterThanOrEqual(15);
    for (const p of LIST_PRICES) {
      expect(p.source.length, p.tariff).toBeGreaterThan(10);
      expect(p.date).toMatch(/^\d{4}-(\d{2}|H\d)/);
      expect(p.perKWh).toBeGreaterThan(0);
    }
  });

  it("prices a site by its operator and country, net of VAT, in EUR", () => {
    const de = priceAt(LIST_PRICES, "IONITY", "DE");
    expect(de.estimated).toBe(false);
    expect(de.perKWh).toBeCloseTo(0.69 / 1.19, 6);
    expect(de.source).toContain("IONITY Direct");
    // Switzerland: 0.79 CHF with 8.1 % VAT, at the table's rate.
    expect(priceAt(LIST_PRICES, "IONITY", "CH").perKWh).toBeCloseTo(0.79 / 1.081 / 0.9309, 6);
    // Poland: zloty and 23 % VAT.
    expect(priceAt(LIST_PRICES, "GreenWay Polska Sp. z o.o.", "PL").perKWh).toBeCloseTo(3.15 / 1.23 / 4.2548, 6);
    // A price published without VAT stays as it is.
    expect(priceAt(LIST_PRICES, "Milence", "NL").perKWh).toBeCloseTo(0.4, 9);
    // Shell's session fee, net.
    expect(priceAt(LIST_PRICES, "Shell Recharge", "DE").sessionFee).toBeCloseTo(0.35 / 1.19, 6);
  });

  it("falls back to the median of the country's list prices, marked estimated, never zero", () => {
    const p = priceAt(LIST_PRICES, "Stadtwerke Irgendwo", "DE");
    expect(p.estimated).toBe(true);
    expect(p.perKWh).toBeGreaterThan(0.4);
    expect(p.perKWh).toBeLessThan(0.8);
    expect(p.source).toMatch(/fallback: the median of \d+ published list prices in DE/);
    // A country without any list price: the median of all.
    const lu = priceAt(LIST_PRICES, "Unknown", "LU");
    expect(lu.estimated).toBe(true);
    expect(lu.source).toMatch(/none for LU/);
    const tiny: ListPrice[] = [
      { operator: /^A$/, country: "DE", perKWh: 0.5, currency: "EUR", vatIncluded: false, sessionFee: 0, tariff: "a", source: "s", date: "2025" },
      { operator: /^B$/, country: "DE", perKWh: 0.7, currency: "EUR", vatIncluded: false, sessionFee: 0, tariff: "b", source: "s", date: "2025" },
      { operator: /^C$/, country: "DE", perKWh: 0.9, currency: "EUR", vatIncluded: false, sessionFee: 0, tariff: "c", source: "s", date: "2025" },
    ];
    expect(priceAt(tiny, "Z", "DE").perKWh).toBe(0.7);
  });

  it("converts by the dated table and removes VAT by the country's standard rate", () => {
    expect(toEur(24.326, "CZK")).toBeCloseTo(1, 9);
    expect(toEur(10, "EUR")).toBe(10);
    expect(() => toEur(1, "USD")).toThrow(/no exchange rate for USD/);
    expect(withoutVat(1.21, "NL")).toBeCloseTo(1, 9);
    expect(withoutVat(1, "XX")).toBe(1);
  });
});
