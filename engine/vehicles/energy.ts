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

/** Battery-to-wheel efficiency when climbing, and wheel-to-battery when recuperating downhill. */
export const DRIVETRAIN_EFFICIENCY = 0.85;
export const RECUPERATION_EFFICIENCY = 0.6;
const G = 9.81;
const J_PER_KWH = 3.6e6;

/**
 * Energy at the battery for climbing `ascentM` and descending `descentM` with
 * this gross mass, on top of the flat-road consumption: potential energy
 * bought through the drivetrain uphill, partly won back downhill.
 */
export function gradeEnergyKWh(massKg: number, ascentM: number, descentM: number): number {
  return (massKg * G * (ascentM / DRIVETRAIN_EFFICIENCY - descentM * RECUPERATION_EFFICIENCY)) / J_PER_KWH;
}
