// A plan's cost states the exchange rates it used; contracts come before list prices.
import { describe, expect, it } from "vitest";
import type { ResultSection } from "@/contract/result";
import { costPlan } from "@/engine/cost/plan-cost";
import type { Station } from "@/engine/stations/types";

const site = (poiId: number, operator: string, country: string) => ({ poiId, operator, country, source: "bnetza" }) as unknown as Station;
const stop = (id: number, kWh: number): ResultSection =>
  ({ poi_summary: { id, energy_kWh: kWh, connector: "CCS", power_available_kW: 400, charge_time_min: 30, sec_duration_min: 60, service_time_min: 35 } }) as unknown as ResultSection;

describe("plan cost", () => {
  it("states the rates of every currency it converted (a Polish list price, Czech tolls), none for EUR only", () => {
    const sites = new Map([[1, site(1, "GreenWay Polska", "PL")], [2, site(2, "IONITY", "DE")]]);
    const c = costPlan([stop(1, 100), stop(2, 50)], (id) => sites.get(id), [{ currency: "CZK", total: 500 }, { currency: "EUR", total: 20 }], 120);
    expect(c.exchange_rates.map((r) => r.currency)).toEqual(["CZK", "PLN"]);
    expect(c.exchange_rates[1]).toMatchObject({ per_eur: 4.2548, date: "2025-10-09", source: expect.stringMatching(/^ECB/) });
    expect(c.tolls).toBeCloseTo(500 / 24.326 + 20, 2);
    expect(costPlan([stop(2, 50)], (id) => sites.get(id), null, 60).exchange_rates).toEqual([]);
  });

  it("prices a stop by the tenant's most specific contract, its minutes after the free ones", () => {
    const sites = new Map([[2, site(2, "IONITY GmbH", "DE")]]);
    const tenant = {
      contracts: [
        { operator: "ionity", energy_price_per_kWh: 0.5 },
        { operator: "IONITY", country: "DE", connector: "CCS" as const, energy_price_per_kWh: 0.3, session_fee: 1, price_per_min: 0.1, per_min_after_min: 20 },
      ],
      depotEurPerKWh: null, valueOfTimeEurPerH: null,
    };
    const sections = [stop(2, 100)];
    costPlan(sections, (id) => sites.get(id), null, 60, 50, tenant);
    const e = sections[0].poi_summary!.energy_cost!;
    expect(e.amount).toBeCloseTo(0.3 * 100 + 1 + 0.1 * 10, 2);
    expect(e).toMatchObject({ estimated: false, source: "tenant contract: IONITY in DE, CCS" });
  });
});
