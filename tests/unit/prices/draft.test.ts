// The contract form's text and back, and where the server's 422 details of a saved list land:
// at the field of the contract being edited, or on the form.
import { describe, expect, it } from "vitest";
import { ContractPrice, type ContractPrice as Contract } from "@/contract/prices";
import { contractFieldOf, contractInput, draftOf, figureFieldOf, figureInput, plainNumber } from "@/components/prices/draft";

describe("draftOf and contractInput", () => {
  it("a contract through the form unchanged comes back as it was (unstated fields left out, currency EUR)", () => {
    const contracts: Contract[] = [
      { operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39, currency: "EUR" },
      { operator: "Milence", connector: "MCS", min_power_kW: 350, max_power_kW: 1000, currency: "CHF", energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 0.1, per_min_after_min: 45, note: "hub tariff" },
      { operator: "Tiny", energy_price_per_kWh: 1e-7, currency: "EUR" },
    ];
    for (const c of contracts) expect(ContractPrice.parse(contractInput(draftOf(c)))).toEqual(c);
  });

  it("a new contract's form is empty but for the currency", () => {
    const d = draftOf();
    expect(d.currency).toBe("EUR");
    expect(Object.entries(d).filter(([k, v]) => k !== "currency" && v !== "")).toEqual([]);
  });

  it("reads a decimal comma, trims, puts the country in capitals and sends text that is no number as it is", () => {
    const d = { ...draftOf(), operator: "  Aral pulse ", country: "de", energy_price_per_kWh: "0,49", session_fee: " ", price_per_min: "cheap", note: "" };
    expect(contractInput(d)).toEqual({ operator: "Aral pulse", country: "DE", currency: "EUR", energy_price_per_kWh: 0.49, price_per_min: "cheap" });
    // The server names the text at its field.
    const r = ContractPrice.safeParse(contractInput(d));
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path)).toEqual([["price_per_min"]]);
  });
});

it("contractFieldOf: the edited contract's fields; another contract, the list or an unknown key on the form", () => {
  const at = contractFieldOf(2);
  expect(at(["body", "contracts", 2, "energy_price_per_kWh"])).toBe("energy_price_per_kWh");
  expect(at(["body", "contracts", 2, "country"])).toBe("country");
  expect(at(["body", "contracts", 1, "country"])).toBe("_form");
  expect(at(["body", "contracts", 2])).toBe("_form");
  expect(at(["body", "contracts", 2, "tariff"])).toBe("_form");
  expect(at(["body", "contracts"])).toBe("_form");
});

it("figureFieldOf and figureInput: empty clears to the default, a decimal comma is read", () => {
  expect(figureFieldOf(["body", "value_of_time_eur_per_h"])).toBe("value_of_time_eur_per_h");
  expect(figureFieldOf(["body", "depot_energy_price_per_kWh"])).toBe("depot_energy_price_per_kWh");
  expect(figureFieldOf(["body", "contracts", 0, "operator"])).toBe("_form");
  expect(figureInput("  ")).toBeNull();
  expect(figureInput("0,17")).toBe(0.17);
  expect(figureInput("55")).toBe(55);
  expect(figureInput("-")).toBe("-");
});

it("plainNumber: the shortest digits, never an exponent", () => {
  for (const [n, s] of [[0.39, "0.39"], [3e-9, "0.000000003"], [1.2345e-7, "0.00000012345"], [-2.5e-8, "-0.000000025"], [5000, "5000"], [1e21, "1000000000000000000000"]] as const) {
    expect(plainNumber(n)).toBe(s);
    expect(Number(plainNumber(n))).toBe(n);
  }
});
