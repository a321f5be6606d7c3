// The prices page's Export CSV: the format is pinned, and the server's own CSV reader (the import,
// PUT /poi/prices with text/csv) reads the export back to the same contracts, whatever they hold.
import { describe, expect, it } from "vitest";
import { ContractPrice, type ContractPrice as Contract } from "@/contract/prices";
import { contractsCsv, csvFileName } from "@/components/prices/csv-export";
import { parseContractsCsv } from "@/server/prices/csv";

const HEADER = "operator,country,connector,min_power_kW,max_power_kW,currency,energy_price_per_kWh,session_fee,price_per_min,per_min_after_min,note";

describe("contractsCsv", () => {
  it("writes a BOM, the header of every field in the contract's order, a line per contract, CRLF", () => {
    const text = contractsCsv([
      { operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39, note: "framework 2026" },
      { operator: "Milence", connector: "MCS", min_power_kW: 350, max_power_kW: 1000.5, currency: "CHF", energy_price_per_kWh: 0.42, session_fee: 1.5, price_per_min: 0.1, per_min_after_min: 45, note: null },
    ]);
    expect(text).toBe(
      `\uFEFF${HEADER}\r\n` +
        "IONITY,DE,,,,,0.39,,,,framework 2026\r\n" +
        "Milence,,MCS,350,1000.5,CHF,0.42,1.5,0.1,45,\r\n",
    );
    expect(HEADER.split(",")).toEqual(Object.keys(ContractPrice.shape));
  });

  it("quotes cells with a delimiter, a quote or a line end, and writes no exponent", () => {
    const text = contractsCsv([{ operator: 'Shell "Recharge"', energy_price_per_kWh: 0.0000001, note: "a, b; c\nnext line" }]);
    expect(text.split("\r\n")[1]).toBe('"Shell ""Recharge""",,,,,,0.0000001,,,,"a, b; c\nnext line"');
  });

  it("an empty list is the header alone, which the reader reads as no contracts", async () => {
    expect(contractsCsv([])).toBe(`\uFEFF${HEADER}\r\n`);
    expect(await parseContractsCsv(contractsCsv([]))).toEqual([]);
  });

  it("round trip: the server's reader gives back every contract, field for field", async () => {
    const contracts: Contract[] = [
      { operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39 },
      { operator: "ČEZ", country: "CZ", connector: "CCS", min_power_kW: 0, max_power_kW: 150, currency: "CZK", energy_price_per_kWh: 9.5, session_fee: 0, price_per_min: 2.25, per_min_after_min: 0, note: "Übergang; \"test\"" },
      { operator: "Aral pulse", connector: "MCS", min_power_kW: 750.25, currency: "EUR", energy_price_per_kWh: 0, session_fee: 1000, price_per_min: 100, per_min_after_min: 1440, note: "multi\r\nline, with commas" },
      { operator: "x".repeat(200), energy_price_per_kWh: 10, note: "n".repeat(500) },
      { operator: "Tiny", energy_price_per_kWh: 1e-7, price_per_min: 1.2345e-9, session_fee: 2.5e-8 },
    ];
    for (const c of contracts) ContractPrice.parse(c); // every one is a valid contract
    const back = await parseContractsCsv(contractsCsv(contracts));
    // The reader leaves out what was not stated; the export writes null and absent alike as an empty cell.
    expect(back).toEqual(contracts.map((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v != null))));
    expect(contractsCsv(back)).toBe(contractsCsv(contracts));
  });
});

it("csvFileName: the tenant and the local day, safe as a file name", () => {
  expect(csvFileName("Acme Logistics GmbH", new Date(2026, 10, 28, 23, 59))).toBe("charging-contracts-acme-logistics-gmbh-2026-11-28.csv");
  expect(csvFileName("../..", new Date(2026, 0, 5))).toBe("charging-contracts-tenant-2026-01-05.csv");
});
