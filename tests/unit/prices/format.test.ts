// How the prices page writes a contract: money in its own currency (en-GB), power classes as the
// engine reads them (at least min, below max), and the import preview's one-line descriptions.
import { expect, it } from "vitest";
import type { ContractPrice } from "@/contract/prices";
import { describeChange, describeContract, fmtMoney, fmtPerMinute, fmtPowerRange } from "@/components/prices/format";

/** Intl puts a no-break space between a currency code and the amount: compared as a space here. */
const sp = (s: string | null | undefined) => s?.replaceAll("\u00a0", " ");

const milence: ContractPrice = { operator: "Milence", connector: "MCS", min_power_kW: 350, max_power_kW: 1000, currency: "CHF", energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 0.1, per_min_after_min: 45, note: "hub tariff" };

it("fmtMoney: the currency's sign, two to four decimals", () => {
  expect(sp(fmtMoney(0.39, "EUR"))).toBe("€0.39");
  expect(sp(fmtMoney(0.4123, "EUR"))).toBe("€0.4123");
  expect(sp(fmtMoney(0.41234, "EUR"))).toBe("€0.4123");
  expect(sp(fmtMoney(1500, "EUR"))).toBe("€1,500.00");
  expect(sp(fmtMoney(9.5, "CZK"))).toBe("CZK 9.50");
  expect(sp(fmtMoney(2.3, "PLN"))).toBe("PLN 2.30");
});

it("fmtPowerRange: any, from, below, both", () => {
  expect(fmtPowerRange(null, undefined)).toBe("any power");
  expect(fmtPowerRange(150, null)).toBe("from 150 kW");
  expect(fmtPowerRange(0, null)).toBe("from 0 kW");
  expect(fmtPowerRange(null, 150)).toBe("below 150 kW");
  expect(fmtPowerRange(350, 1000.5)).toBe("350–1,000.5 kW");
});

it("fmtPerMinute: none without a price, free minutes only when there are some", () => {
  expect(fmtPerMinute({ operator: "A", energy_price_per_kWh: 0.3 })).toBeNull();
  expect(fmtPerMinute({ operator: "A", energy_price_per_kWh: 0.3, price_per_min: 0 })).toBeNull();
  expect(fmtPerMinute({ operator: "A", energy_price_per_kWh: 0.3, price_per_min: 0.05 })).toEqual({ price: "€0.05/min", after: null });
  expect(sp(fmtPerMinute(milence)?.price)).toBe("CHF 0.10/min");
  expect(fmtPerMinute(milence)?.after).toBe("after 45 min");
});

it("describeContract and describeChange", () => {
  expect(describeContract({ operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39 })).toBe("IONITY · DE · any connector · any power: €0.39/kWh");
  expect(sp(describeContract(milence))).toBe("Milence · any country · MCS · 350–1,000 kW: CHF 0.42/kWh + CHF 1.50 a session + CHF 0.10/min after 45 min (hub tariff)");
  expect(sp(describeChange(milence, { ...milence, energy_price_per_kWh: 0.4, session_fee: null }))).toBe(
    "Milence · any country · MCS · 350–1,000 kW: CHF 0.42/kWh + CHF 1.50 a session + CHF 0.10/min after 45 min → CHF 0.40/kWh + CHF 0.10/min after 45 min",
  );
  expect(sp(describeChange(milence, { ...milence, note: null }))).toBe(
    "Milence · any country · MCS · 350–1,000 kW: CHF 0.42/kWh + CHF 1.50 a session + CHF 0.10/min after 45 min (note: hub tariff → none)",
  );
});
