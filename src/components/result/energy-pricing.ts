// Where the price of each kWh came from, in the words of a dispatcher: the
// charging at the tour's own (depot) chargers and the price the tenant set for
// them, and the public charging by price basis. Read from the stops' own
// energy_cost (src/engine/cost/plan-cost.ts sets it): a section end's charger
// (`charger_source`) is priced at the tenant's depot price, or at an assumed
// one marked `estimated` where the tenant set none; a public site under the
// tenant's contract (`source` "tenant contract: …", as describeContract writes
// it), an OCPI tariff, a published list price, or the country's fallback
// (`estimated`). totals.cost.energy_priced_share counts all but the estimates.
import type { useTranslations } from "next-intl";
import { displayLocale } from "@/components/planner/format";
import type { OptimizationResultResponse } from "@/contract/result";

export type EnergyPricingTranslator = ReturnType<typeof useTranslations<"energyPricing">>;

export type PublicBasis = "contract" | "tariff" | "list" | "estimate";

export interface DepotCharging {
  kWh: number;
  amount: number;
  /** EUR/kWh net; null where the stops differ (they do not: one tenant price). */
  perKWh: number | null;
  /** tenant: the tenant's depot price; unset: none set, an assumed price counted; zero: set to 0, nothing counted. */
  price: "tenant" | "unset" | "zero";
}

export interface EnergyPricing {
  depot: DepotCharging | null;
  /** kWh bought at public sites, by price basis (only those with any). */
  public: { basis: PublicBasis; kWh: number; amount: number }[];
}

const CONTRACT_SOURCE = "tenant contract:";
const TARIFF_SOURCE = "OCPI tariff";

function basisOf(cost: { source: string; estimated: boolean }): PublicBasis {
  if (cost.source.startsWith(CONTRACT_SOURCE)) return "contract";
  if (cost.source.startsWith(TARIFF_SOURCE)) return "tariff";
  return cost.estimated ? "estimate" : "list";
}

export function energyPricing(result: OptimizationResultResponse): EnergyPricing {
  let depot: DepotCharging | null = null;
  const byBasis = new Map<PublicBasis, { kWh: number; amount: number }>();
  for (const s of result.sections ?? []) {
    const p = s.poi_summary, cost = p?.energy_cost;
    const kWh = Number(p?.energy_kWh ?? 0);
    if (!p || !cost || !(kWh > 0)) continue;
    if (p.charger_source != null) {
      const price = cost.estimated ? "unset" : cost.price_per_kWh > 0 ? "tenant" : "zero";
      depot = depot
        ? { kWh: depot.kWh + kWh, amount: depot.amount + cost.amount, perKWh: depot.perKWh === cost.price_per_kWh ? depot.perKWh : null, price: depot.price === "tenant" ? price : depot.price }
        : { kWh, amount: cost.amount, perKWh: cost.price_per_kWh, price };
      continue;
    }
    const basis = basisOf(cost);
    const sum = byBasis.get(basis) ?? { kWh: 0, amount: 0 };
    byBasis.set(basis, { kWh: sum.kWh + kWh, amount: sum.amount + cost.amount });
  }
  const order: PublicBasis[] = ["contract", "tariff", "list", "estimate"];
  return { depot, public: order.flatMap((basis) => (byBasis.has(basis) ? [{ basis, ...byBasis.get(basis)! }] : [])) };
}

export const kWhText = (kWh: number) => `${Math.round(kWh).toLocaleString(displayLocale())} kWh`;

/** The public charging's price basis in one sentence: "Contract prices for all public charging." or a split by kWh. */
export function publicPricingText(pub: EnergyPricing["public"], t: EnergyPricingTranslator): string | null {
  if (!pub.length) return null;
  if (pub.length === 1) {
    const b = pub[0].basis;
    return b === "contract" ? t("allContract") : t("allPublic", { basis: t("basis", { basis: b }) });
  }
  return t("split", { parts: pub.map((p) => `${kWhText(p.kWh)} ${t("basis", { basis: p.basis })}`).join("; ") });
}
