// Prices as the charging search sees them (engine/charging/price.ts): per kWh,
// per session and per minute, net EUR, for a charge that starts at a given
// time. From a site's OCPI tariff for the connector where it has one, else the
// operator's list price (or the country's fallback); section-end chargers at
// the assumed depot price. The result's cost is computed afterwards from the
// same sources (plan-cost.ts), restrictions on energy and duration included.
import type { ChargePrice, ChargeTariff, Price } from "../charging/types";
import { contractFor, type TenantPrices } from "./contracts";
import { zoneOf } from "../stations/opening";
import type { ConnectorType, Station } from "../stations/types";
import { knownCurrency, toEur } from "./fx";
import { dependsOnTime, openingPrices, type Tariff } from "./ocpi-tariffs";
import { DEPOT_PRICE, LIST_PRICES } from "./price-table";
import { priceAt } from "./prices";

/** Price buckets of a time-dependent tariff: a quarter of an hour (no tariff restricts finer in practice). */
const BUCKET_MS = 15 * 60_000;

/**
 * The tenant's contract first (its fee per minute only where no minutes are free of it: the search's
 * model is linear; the result counts the free minutes), then the site's OCPI tariff, then list prices.
 */
export function stationPrice(station: Station, connector: ConnectorType, powerKW: number, tenant?: TenantPrices): Price {
  const contract = tenant ? contractFor(tenant.contracts, station, connector, powerKW) : null;
  if (contract) return { perKWh: contract.perKWh, sessionFee: contract.sessionFee, perMin: contract.perMinAfter === 0 ? contract.perMin : 0 };
  const tariff = station.tariffs?.[connector];
  if (tariff && knownCurrency(tariff.currency)) return tariffPrice(tariff, zoneOf(station), powerKW);
  const list = priceAt(LIST_PRICES, station.operator, station.country);
  return { perKWh: list.perKWh, sessionFee: list.sessionFee, perMin: 0 };
}

/** At a section end's charger: the tenant's depot price, else the assumed one. */
export const depotPrice = (tenant?: TenantPrices): ChargePrice => ({ perKWh: tenant?.depotEurPerKWh ?? DEPOT_PRICE.value, sessionFee: 0, perMin: 0 });

function tariffPrice(t: Tariff, zone: string, powerKW: number): Price {
  const eur = (ms: number): ChargePrice => {
    const p = openingPrices(t, ms, zone, powerKW);
    return { perKWh: toEur(p.perKWh, t.currency), sessionFee: toEur(p.flat, t.currency), perMin: toEur(p.perMin, t.currency) };
  };
  if (!dependsOnTime(t)) return eur(Date.UTC(2026, 0, 5, 12));
  const seen = new Map<number, ChargePrice>();
  // The least it asks: 0 unless an unrestricted element always prices energy.
  const energy = t.elements.flatMap((e) => (e.restrictions?.reservation ? [] : e.price_components.filter((c) => c.type === "ENERGY").map((c) => c.price)));
  const always = t.elements.some((e) => !e.restrictions && e.price_components.some((c) => c.type === "ENERGY"));
  if (!always) energy.push(0);
  const out: ChargeTariff = {
    at(ms) {
      const k = Math.floor(ms / BUCKET_MS);
      let p = seen.get(k);
      if (!p) seen.set(k, (p = eur(k * BUCKET_MS)));
      return p;
    },
    leastPerKWh: toEur(energy.length ? Math.min(...energy) : 0, t.currency),
  };
  return out;
}
