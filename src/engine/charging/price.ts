// Prices at chargers as the search sees them: a fixed price, or one by arrival time.
import type { ChargePrice, ChargeTariff, OptimizeInput, Price } from "./types";

export const FREE: ChargePrice = { perKWh: 0, sessionFee: 0, perMin: 0 };

export const isTariff = (p: Price): p is ChargeTariff => typeof (p as ChargeTariff).at === "function";

/** The price of a charge that starts at `arrivalMs`. */
export function priceAt(p: Price | undefined, arrivalMs: number): ChargePrice {
  if (!p) return FREE;
  return isTariff(p) ? p.at(arrivalMs) : p;
}

export function leastPerKWh(p: Price | undefined): number {
  if (!p) return 0;
  return isTariff(p) ? p.leastPerKWh : p.perKWh;
}

/** A charge of `kWh` over `minutes`; nothing when nothing is charged. */
export function moneyOf(p: ChargePrice, kWh: number, minutes: number): number {
  return kWh > 1e-9 ? p.perKWh * kWh + p.sessionFee + p.perMin * minutes : 0;
}

/** Whether the time of day matters to some charger of the tour: opening hours (a fleet's busy sites, live closures), or a tariff. */
export function chargersByTimeOfDay<C extends string>(input: OptimizeInput<C>): boolean {
  return input.stations.some((s) => s.openDuring || (s.price && isTariff(s.price))) || input.waypoints.some((w) => w.charger?.price && isTariff(w.charger.price));
}
