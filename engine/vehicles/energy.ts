import type { VehicleModel } from "./catalog";

/**
 * Share of the reference consumption that does not depend on mass (aerodynamic
 * drag at ~80 km/h plus auxiliaries). The rest (rolling resistance, and on
 * average climbing) scales with gross mass. 0.4 puts an empty 40 t-class
 * combination at ~0.8-0.85 kWh/km for a 1.2 kWh/km reference, matching the
 * published "nearly empty ~0.8-0.9 kWh/km" figures.
 */
export const MASS_INDEPENDENT_SHARE = 0.4;

/** Gross combination mass for a payload, clamped to [tare, maxGross]. */
export function grossMassKg(model: VehicleModel, payloadKg: number): number {
  const payload = Number.isFinite(payloadKg) ? Math.max(0, payloadKg) : 0;
  return Math.min(model.tareKg + payload, model.maxGrossKg);
}

/** Flat-road energy at the battery per km for the given payload (kWh/km). */
export function consumptionKWhPerKm(model: VehicleModel, payloadKg: number): number {
  const massFactor = grossMassKg(model, payloadKg) / model.referenceGrossKg;
  const f = MASS_INDEPENDENT_SHARE;
  return model.referenceConsumptionKWhPerKm * (f + (1 - f) * massFactor);
}
