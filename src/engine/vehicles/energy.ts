import type { VehicleModel } from "./catalog";
import { flatConsumptionKWhPerKm, REFERENCE_SPEED_KMH } from "./physics";

/**
 * @deprecated Share of the reference consumption that did not depend on mass in
 * the former linear model; consumptionKWhPerKm now uses the physics in
 * physics.ts (whose mass-independent share at 80 km/h is ~0.35-0.5).
 */
export const MASS_INDEPENDENT_SHARE = 0.4;

/** Gross combination mass for a payload, clamped to [tare, maxGross]. */
export function grossMassKg(model: VehicleModel, payloadKg: number): number {
  const payload = Number.isFinite(payloadKg) ? Math.max(0, payloadKg) : 0;
  return Math.min(model.tareKg + payload, model.maxGrossKg);
}

/** Flat-road energy at the battery per km for the given payload at 80 km/h (kWh/km). */
export function consumptionKWhPerKm(model: VehicleModel, payloadKg: number): number {
  return flatConsumptionKWhPerKm(model, grossMassKg(model, payloadKg), REFERENCE_SPEED_KMH);
}

// gradeEnergyKWh is the former add-on for terrain (fixed efficiencies, every
// descent recuperated); edgeEnergyKWh in physics.ts replaces flat + grade per edge.
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
