// A tenant's charging prices: its contracts with operators, its depot's energy
// price and its value of time (GET|PUT /poi/prices; docs/API.md, Cost).
import { z } from "zod";
import { lengthFirst } from "./lists";

/** Currencies the rate table converts (engine/cost/fx.ts). */
export const PRICE_CURRENCIES = ["EUR", "CZK", "PLN", "CHF", "DKK"] as const;

/** Contracts per tenant (docs/API.md, Limits): a JSON list's or a CSV's data rows. */
export const MAX_CONTRACTS = 2000;

export const ContractPrice = z
  .strictObject({
    operator: z.string().trim().min(1).max(200)
      .describe("The operator as the station data names it; a site whose operator starts with this (case-insensitive) is priced by the contract"),
    country: z.string().regex(/^[A-Z]{2}$/).nullish().describe("ISO 3166-1 alpha-2; absent: in every country"),
    connector: z.enum(["CCS", "MCS"]).nullish().describe("Absent: either connector"),
    min_power_kW: z.number().min(0).max(5000).nullish().describe("Power class: sites of at least this power"),
    max_power_kW: z.number().min(0).max(5000).nullish().describe("Power class: sites below this power"),
    currency: z.enum(PRICE_CURRENCIES).nullish().describe("Of the prices below; default EUR; converted by the dated rate table"),
    energy_price_per_kWh: z.number().min(0).max(10).describe("Net of VAT"),
    session_fee: z.number().min(0).max(1000).nullish().describe("Net, per charging session; default 0"),
    price_per_min: z.number().min(0).max(100).nullish().describe("Net, per minute of charging after per_min_after_min minutes; default 0"),
    per_min_after_min: z.int().min(0).max(24 * 60).nullish().describe("Minutes of charging free of price_per_min; default 0"),
    note: z.string().max(500).nullish(),
  })
  .meta({ id: "ContractPrice" });
export type ContractPrice = z.output<typeof ContractPrice>;

export const PriceListInput = z
  .strictObject({
    contracts: lengthFirst(z.array(ContractPrice).max(MAX_CONTRACTS)).nullish().transform((v) => v ?? [])
      .describe("The most specific contract that matches a site prices it (country, connector and power class each count)"),
    depot_energy_price_per_kWh: z.number().min(0).max(10).nullish()
      .describe("EUR net per kWh at section-end chargers (depots, customers); absent: the documented assumption, marked estimated"),
    value_of_time_eur_per_h: z.number().min(0).max(1000).nullish()
      .describe("Default of the request's value_of_time_eur_per_h for this tenant; absent: 50"),
  })
  .meta({ id: "PriceListInput" });
export type PriceListInput = z.output<typeof PriceListInput>;

export const PriceList = PriceListInput.extend({
  updated_at: z.string().nullable().describe("When an admin last set it; null: never"),
}).meta({ id: "PriceList" });
export type PriceList = z.output<typeof PriceList>;
