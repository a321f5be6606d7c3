// How the prices page writes a contract, in English (as it always read: en-GB) and German:
// money in its own currency, power classes as the engine reads them (at least min, below max),
// and the import preview's one-line descriptions.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import type { ContractPrice } from "@/contract/prices";
import { decimalMark, describeChange, describeContract, fmtMoney, fmtPerMinute, fmtPowerRange } from "@/components/prices/format";
import { appFormatter } from "@/i18n/format";
import type { AppLocale } from "@/i18n/locales";
import { MESSAGES } from "@/i18n/messages";

/** Intl puts a no-break space between a currency code and the amount: compared as a space here. */
const sp = (s: string | null | undefined) => s?.replaceAll("\u00a0", " ");

const inLanguage = (locale: AppLocale) => ({ t: createTranslator({ locale, messages: MESSAGES[locale], namespace: "contract" }), f: appFormatter(locale) });
const en = inLanguage("en");
const de = inLanguage("de");

const milence: ContractPrice = { operator: "Milence", connector: "MCS", min_power_kW: 350, max_power_kW: 1000, currency: "CHF", energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 0.1, per_min_after_min: 45, note: "hub tariff" };

describe("in English", () => {
  const { t, f } = en;

  it("fmtMoney: the currency's sign, two to four decimals", () => {
    expect(sp(fmtMoney(f, 0.39, "EUR"))).toBe("€0.39");
    expect(sp(fmtMoney(f, 0.4123, "EUR"))).toBe("€0.4123");
    expect(sp(fmtMoney(f, 0.41234, "EUR"))).toBe("€0.4123");
    expect(sp(fmtMoney(f, 1500, "EUR"))).toBe("€1,500.00");
    expect(sp(fmtMoney(f, 9.5, "CZK"))).toBe("CZK 9.50");
    expect(sp(fmtMoney(f, 2.3, "PLN"))).toBe("PLN 2.30");
  });

  it("fmtPowerRange: any, from, below, both", () => {
    expect(fmtPowerRange(t, f, null, undefined)).toBe("any power");
    expect(fmtPowerRange(t, f, 150, null)).toBe("from 150 kW");
    expect(fmtPowerRange(t, f, 0, null)).toBe("from 0 kW");
    expect(fmtPowerRange(t, f, null, 150)).toBe("below 150 kW");
    expect(fmtPowerRange(t, f, 350, 1000.5)).toBe("350–1,000.5 kW");
  });

  it("fmtPerMinute: none without a price, free minutes only when there are some", () => {
    expect(fmtPerMinute(t, f, { operator: "A", energy_price_per_kWh: 0.3 })).toBeNull();
    expect(fmtPerMinute(t, f, { operator: "A", energy_price_per_kWh: 0.3, price_per_min: 0 })).toBeNull();
    expect(fmtPerMinute(t, f, { operator: "A", energy_price_per_kWh: 0.3, price_per_min: 0.05 })).toEqual({ price: "€0.05/min", after: null });
    expect(sp(fmtPerMinute(t, f, milence)?.price)).toBe("CHF 0.10/min");
    expect(fmtPerMinute(t, f, milence)?.after).toBe("after 45 min");
  });

  it("describeContract and describeChange", () => {
    expect(describeContract(t, f, { operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39 })).toBe("IONITY · DE · any connector · any power: €0.39/kWh");
    expect(sp(describeContract(t, f, milence))).toBe("Milence · any country · MCS · 350–1,000 kW: CHF 0.42/kWh + CHF 1.50 a session + CHF 0.10/min after 45 min (hub tariff)");
    expect(sp(describeChange(t, f, milence, { ...milence, energy_price_per_kWh: 0.4, session_fee: null }))).toBe(
      "Milence · any country · MCS · 350–1,000 kW: CHF 0.42/kWh + CHF 1.50 a session + CHF 0.10/min after 45 min → CHF 0.40/kWh + CHF 0.10/min after 45 min",
    );
    expect(sp(describeChange(t, f, milence, { ...milence, note: null }))).toBe(
      "Milence · any country · MCS · 350–1,000 kW: CHF 0.42/kWh + CHF 1.50 a session + CHF 0.10/min after 45 min (note: hub tariff → none)",
    );
  });

  it("form fields show a decimal point", () => expect(decimalMark(f)).toBe("."));
});

describe("in German", () => {
  const { t, f } = de;

  it("fmtMoney: decimal comma, the sign after the amount", () => {
    expect(sp(fmtMoney(f, 0.39, "EUR"))).toBe("0,39 €");
    expect(sp(fmtMoney(f, 0.41234, "EUR"))).toBe("0,4123 €");
    expect(sp(fmtMoney(f, 1500, "EUR"))).toBe("1.500,00 €");
    expect(sp(fmtMoney(f, 9.5, "CZK"))).toBe("9,50 CZK");
  });

  it("fmtPowerRange and fmtPerMinute in German words and numbers", () => {
    expect(fmtPowerRange(t, f, null, null)).toBe("jede Leistung");
    expect(fmtPowerRange(t, f, 150, null)).toBe("ab 150 kW");
    expect(fmtPowerRange(t, f, null, 150.5)).toBe("unter 150,5 kW");
    expect(fmtPowerRange(t, f, 350, 1000.5)).toBe("350–1.000,5 kW");
    expect(sp(fmtPerMinute(t, f, milence)?.price)).toBe("0,10 CHF/min");
    expect(fmtPerMinute(t, f, milence)?.after).toBe("nach 45 min");
  });

  it("describeContract and describeChange", () => {
    expect(sp(describeContract(t, f, { operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39 }))).toBe("IONITY · DE · jeder Anschluss · jede Leistung: 0,39 €/kWh");
    expect(sp(describeContract(t, f, milence))).toBe("Milence · jedes Land · MCS · 350–1.000 kW: 0,42 CHF/kWh + 1,50 CHF je Ladevorgang + 0,10 CHF/min nach 45 min (hub tariff)");
    expect(sp(describeChange(t, f, milence, { ...milence, note: null }))).toBe(
      "Milence · jedes Land · MCS · 350–1.000 kW: 0,42 CHF/kWh + 1,50 CHF je Ladevorgang + 0,10 CHF/min nach 45 min (Notiz: hub tariff → keine)",
    );
  });

  it("form fields show a decimal comma", () => expect(decimalMark(f)).toBe(","));
});
