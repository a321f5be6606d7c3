// The money side of a plan: energy bought at each stop, tolls, and the value of
// the time spent, in EUR net of VAT. Every figure says where it comes from; an
// assumed one is marked estimated, never passed off as a price.
import type { ResultSection } from "../../contract/result";
import type { Station } from "../stations/types";
import { CHARGE_STOP_OVERHEAD_MIN } from "../plan/rules";
import { zoneOf } from "../stations/opening";
import type { ConnectorType } from "../stations/types";
import { knownCurrency, ratesUsed, toEur } from "./fx";
import { sessionCost } from "./ocpi-tariffs";
import { DEPOT_PRICE, LIST_PRICES, VALUE_OF_TIME_EUR_PER_H } from "./price-table";
import { priceAt, type EnergyPrice } from "./prices";
import { contractAmount, contractFor, describeContract, type TenantPrices } from "./contracts";

export interface EnergyCost {
  amount: number;
  currency: "EUR";
  /** Net EUR per kWh; under an OCPI tariff, the amount over the energy (every component included). */
  price_per_kWh: number;
  session_fee: number;
  source: string;
  date: string | null;
  estimated: boolean;
  /** Under an OCPI tariff: what each dimension cost, EUR net (kWh, hours or sessions billed). */
  components?: { type: string; quantity: number; amount: number }[];
}

export interface PlanCost {
  currency: "EUR";
  vat: "excluded";
  energy: number;
  /** Priced tolls; systems without a known rate are left out and counted in tolls_unpriced. */
  tolls: number;
  tolls_unpriced: number;
  time_value: number;
  value_of_time_eur_per_h: number;
  /** Kilometres driven (detours included) at cost_per_km_eur. */
  distance: number;
  cost_per_km_eur: number;
  total: number;
  /** Share of the energy bought that is priced from published prices (not a fallback or assumption). */
  energy_priced_share: number | null;
  /** The exchange rates used for prices and tolls in other currencies; empty when all were EUR. */
  exchange_rates: ReturnType<typeof ratesUsed>;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function costOf(price: EnergyPrice, kWh: number): EnergyCost {
  return {
    amount: round2(price.perKWh * kWh + price.sessionFee), currency: "EUR", price_per_kWh: Math.round(price.perKWh * 10_000) / 10_000,
    session_fee: round2(price.sessionFee), source: price.source, date: price.date, estimated: price.estimated,
  };
}

/**
 * Adds `energy_cost` to every stop that charges and returns the plan's cost.
 * `stationOf`: a station stop's site by its poi id.
 */
export function costPlan(
  sections: ResultSection[], stationOf: (poiId: number) => Station | undefined,
  tolls: { currency: string | null; total: number | null }[] | null, durationMin: number,
  valueOfTimeEurPerH = VALUE_OF_TIME_EUR_PER_H.value, tenant?: TenantPrices, costPerKmEur = 0,
): PlanCost {
  let energy = 0, pricedKWh = 0, boughtKWh = 0;
  const currencies: string[] = [];
  for (const s of sections) sectionCost(s, valueOfTimeEurPerH, costPerKmEur);
  const km = sections.reduce((a, s) => a + Number(s.poi_summary?.sec_length_km ?? 0), 0);
  const distance = km * costPerKmEur;
  for (const s of sections) {
    const p = s.poi_summary;
    const kWh = p?.energy_kWh ?? 0;
    if (!p || !(kWh > 0)) continue;
    const station = typeof p.id === "number" && p.charger_source == null ? stationOf(p.id) : undefined;
    const contract = station && tenant ? contractFor(tenant.contracts, station, String(p.connector ?? ""), Number(p.power_available_kW ?? 0)) : null;
    const tariffCost = contract
      ? {
        amount: round2(contractAmount(contract, kWh, p.charge_time_min ?? 0)), currency: "EUR" as const,
        price_per_kWh: Math.round(contract.perKWh * 10_000) / 10_000, session_fee: round2(contract.sessionFee),
        source: describeContract(contract.contract), date: null, estimated: false,
      }
      : station ? underTariff(station, p) : null;
    if (contract?.contract.currency) currencies.push(contract.contract.currency);
    else if (tariffCost && station) currencies.push(station.tariffs?.[p.connector as ConnectorType]?.currency ?? "EUR");
    if (tariffCost) {
      p.energy_cost = tariffCost;
      addEnergy(s, tariffCost.amount);
      energy += tariffCost.amount;
      boughtKWh += kWh;
      pricedKWh += kWh;
      continue;
    }
    const price: EnergyPrice = station
      ? priceAt(LIST_PRICES, station.operator, station.country)
      : tenant?.depotEurPerKWh != null
        ? { perKWh: tenant.depotEurPerKWh, sessionFee: 0, source: "tenant's depot energy price", date: null, estimated: false }
        : { perKWh: DEPOT_PRICE.value, sessionFee: 0, source: `assumed depot energy price: ${DEPOT_PRICE.source}`, date: DEPOT_PRICE.date, estimated: true };
    if (price.currency) currencies.push(price.currency);
    const cost = costOf(price, kWh);
    p.energy_cost = cost;
    addEnergy(s, cost.amount);
    energy += cost.amount;
    boughtKWh += kWh;
    if (!price.estimated) pricedKWh += kWh;
  }
  let priced = 0, unpriced = 0;
  for (const t of tolls ?? []) {
    if (t.total == null || !t.currency) unpriced++;
    else { priced += toEur(t.total, t.currency); currencies.push(t.currency); }
  }
  const timeValue = (durationMin / 60) * valueOfTimeEurPerH;
  return {
    currency: "EUR", vat: "excluded", energy: round2(energy), tolls: round2(priced), tolls_unpriced: unpriced,
    time_value: round2(timeValue), value_of_time_eur_per_h: valueOfTimeEurPerH,
    distance: round2(distance), cost_per_km_eur: costPerKmEur,
    total: round2(energy + priced + timeValue + distance), energy_priced_share: boughtKWh > 0 ? Math.round((pricedKWh / boughtKWh) * 1000) / 1000 : null,
    exchange_rates: ratesUsed(currencies),
  };
}

/**
 * A stop at a site whose connector names an OCPI tariff: that tariff, for the
 * planned arrival, charge time and energy, and the standing after charging
 * (a break or rest longer than the charge) as parking time.
 */
function underTariff(station: Station, p: NonNullable<ResultSection["poi_summary"]>): EnergyCost | null {
  const tariff = station.tariffs?.[p.connector as ConnectorType];
  const arrival = typeof p.arrival_time === "string" ? Date.parse(p.arrival_time) : NaN;
  if (!tariff || !knownCurrency(tariff.currency) || !Number.isFinite(arrival)) return null;
  const kWh = p.energy_kWh ?? 0, charge = p.charge_time_min ?? 0;
  // A wait for a free point (live status) is before the session: not parking at the charger.
  const queue = p.charge_point_wait_min ?? 0;
  const parking = Math.max(0, (p.service_time_min ?? 0) - queue - CHARGE_STOP_OVERHEAD_MIN - charge);
  const session = sessionCost(tariff, arrival + (queue + CHARGE_STOP_OVERHEAD_MIN) * 60_000, zoneOf(station),
    [{ minutes: charge, kWh }, ...(parking > 0 ? [{ minutes: parking, kWh: 0 }] : [])]);
  const amount = toEur(session.exclVat, tariff.currency);
  return {
    amount: round2(amount), currency: "EUR", price_per_kWh: kWh > 0 ? Math.round((amount / kWh) * 10_000) / 10_000 : 0, session_fee: 0,
    source: `OCPI tariff ${tariff.id} of ${station.source}`, date: null, estimated: false,
    components: session.components.map((c) => ({ type: c.type, quantity: Math.round(c.quantity * 1000) / 1000, amount: round2(toEur(c.exclVat, tariff.currency)) })),
  };
}

/** A section's own cost: its tolls and the value of its driving and of the stop it ends at (energy added by the caller). */
function sectionCost(s: ResultSection, valueOfTimeEurPerH: number, costPerKmEur: number): void {
  const p = s.poi_summary;
  let tolls = 0;
  for (const t of s.tolls ?? []) {
    const total = t.total, currency = t.currency;
    if (typeof total === "number" && typeof currency === "string" && knownCurrency(currency)) tolls += toEur(total, currency);
  }
  const minutes = (p?.sec_duration_min ?? 0) + (p?.service_time_min ?? 0);
  const time = (minutes / 60) * valueOfTimeEurPerH;
  const distance = Number(p?.sec_length_km ?? 0) * costPerKmEur;
  s.cost = { energy: 0, tolls: round2(tolls), time_value: round2(time), ...(costPerKmEur > 0 ? { distance: round2(distance) } : {}), total: round2(tolls + time + distance) };
}

function addEnergy(s: ResultSection, amount: number): void {
  const c = s.cost as { energy: number; total: number };
  c.energy = round2(c.energy + amount);
  c.total = round2(c.total + amount);
}
