// Where the energy's price came from, read off stops priced by the engine itself
// (costPlan): depot charging at the tenant's price, at an assumed one, or at 0,
// and public charging by contract, list price or estimate.
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { energyPricing, publicPricingText } from "@/components/result/energy-pricing";
import type { OptimizationResultResponse, ResultSection } from "@/contract/result";
import { costPlan } from "@/engine/cost/plan-cost";
import type { TenantPrices } from "@/engine/cost/contracts";
import type { Station } from "@/engine/stations/types";
import { MESSAGES } from "@/i18n/messages";
const en = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "energyPricing" });

const site = (poiId: number, operator: string, country: string) => ({ poiId, operator, country, source: "bnetza" }) as unknown as Station;
const sites = new Map([[1, site(1, "IONITY GmbH", "DE")], [2, site(2, "Nobody's Charging Ltd", "DE")], [3, site(3, "Aral pulse", "DE")]]);
const publicStop = (id: number, kWh: number): ResultSection =>
  ({ poi_summary: { id, energy_kWh: kWh, connector: "CCS", power_available_kW: 400, charge_time_min: 30, sec_duration_min: 60, service_time_min: 35 } }) as unknown as ResultSection;
/** A section end charging at its own charger (the request's power_available_kW). */
const depotStop = (kWh: number): ResultSection =>
  ({ poi_summary: { name: "Stop 1", energy_kWh: kWh, charge_time_min: 90, power_available_kW: 150, charger_source: "request", sec_duration_min: 60, service_time_min: 90 } }) as unknown as ResultSection;

function priced(sections: ResultSection[], tenant?: TenantPrices): OptimizationResultResponse {
  costPlan(sections, (id) => sites.get(id), null, 600, 50, tenant);
  return { sections } as unknown as OptimizationResultResponse;
}
const tenant = (over: Partial<TenantPrices>): TenantPrices => ({ contracts: [], depotEurPerKWh: null, valueOfTimeEurPerH: null, ...over });

describe("energy pricing", () => {
  it("shows the tenant's depot price and what the depot's energy cost", () => {
    const p = energyPricing(priced([depotStop(150), publicStop(1, 100)], tenant({ depotEurPerKWh: 0.17 })));
    expect(p.depot).toEqual({ kWh: 150, amount: 25.5, perKWh: 0.17, price: "tenant" });
  });

  it("says when no depot price is set: the assumed price, or 0 (nothing counted)", () => {
    const unset = energyPricing(priced([depotStop(150)], tenant({})));
    expect(unset.depot).toMatchObject({ price: "unset", perKWh: 0.2001, kWh: 150 });
    expect(unset.public).toEqual([]);
    expect(energyPricing(priced([depotStop(150)])).depot?.price).toBe("unset");
    const zero = energyPricing(priced([depotStop(150)], tenant({ depotEurPerKWh: 0 })));
    expect(zero.depot).toMatchObject({ price: "zero", amount: 0 });
  });

  it("splits public charging into contract, list price and estimate by kWh", () => {
    const withContract = tenant({ contracts: [{ operator: "IONITY", energy_price_per_kWh: 0.3 }] });
    const p = energyPricing(priced([publicStop(1, 100), publicStop(2, 50), publicStop(3, 40)], withContract));
    expect(p.depot).toBeNull();
    expect(p.public.map((x) => [x.basis, x.kWh])).toEqual([["contract", 100], ["list", 40], ["estimate", 50]]);
    expect(publicPricingText(p.public, en)).toBe(
      "Public charging: 100 kWh at your contract prices; 40 kWh at published list prices (no contract); 50 kWh estimated: no price known for the operator, the country's typical list price counted.",
    );
  });

  it("says in words that all public charging was at contract prices", () => {
    const p = energyPricing(priced([publicStop(1, 100)], tenant({ contracts: [{ operator: "IONITY", energy_price_per_kWh: 0.3 }] })));
    expect(publicPricingText(p.public, en)).toBe("Your contract prices for all public charging (no list prices).");
    expect(publicPricingText(energyPricing(priced([publicStop(3, 10)])).public, en)).toBe("All public charging at published list prices (no contract).");
    expect(publicPricingText([], en)).toBeNull();
  });
});
