// Battery energy of a truck on one road edge, from driving resistances.
//
// Wheel work = rolling (m g c_rr L) + aero (0.5 rho c_dA v^2 L) + grade (m g dh);
// positive work is drawn through the drivetrain (/ drivetrainEfficiency),
// negative work is recuperated (* recuperationEfficiency); auxiliaries draw
// auxiliaryKW for the time on the edge. cos(grade) is taken as 1 (< 0.2 % off
// at 6 %). Not modelled: regen power limits, a full battery refusing regen,
// acceleration, wind, temperature.
//
// Consistency with referenceConsumptionKWhPerKm: the catalog parameters are
// chosen so the raw physics gives the reference at referenceGrossKg, 80 km/h,
// flat (tested within 1 %). The remaining factor (consumptionCalibration)
// scales rolling, aero and auxiliaries, so the flat consumption at the
// reference point equals the reference exactly, and a fleet override of the
// reference consumption scales the whole model instead of being ignored.
import type { VehicleModel } from "./catalog";

export const G = 9.81; // m/s^2
export const AIR_DENSITY = 1.2; // kg/m^3, ~20 C at sea level
export const REFERENCE_SPEED_KMH = 80;
/** Speeds below this are raised to it, so that auxiliary time stays finite. */
export const MIN_SPEED_KMH = 5;
const J_PER_KWH = 3.6e6;

type Physics = Pick<
  VehicleModel,
  "rollingResistance" | "dragAreaM2" | "drivetrainEfficiency" | "recuperationEfficiency" | "auxiliaryKW"
>;

const ms = (kmh: number) => (Number.isFinite(kmh) && kmh > MIN_SPEED_KMH ? kmh : MIN_SPEED_KMH) / 3.6;

/** Uncalibrated flat-road energy at the battery per km (kWh/km). */
export function rawFlatKWhPerKm(model: Physics, massKg: number, speedKmh: number): number {
  const v = ms(speedKmh);
  const forceN = massKg * G * model.rollingResistance + 0.5 * AIR_DENSITY * model.dragAreaM2 * v * v;
  return (forceN * 1000) / model.drivetrainEfficiency / J_PER_KWH + (model.auxiliaryKW * 1000) / v / 3600;
}

/** reference / raw physics at the reference point: ~1 for catalog models. */
export function consumptionCalibration(model: VehicleModel): number {
  return model.referenceConsumptionKWhPerKm / rawFlatKWhPerKm(model, model.referenceGrossKg, REFERENCE_SPEED_KMH);
}

/**
 * Battery energy (kWh) to drive one edge; negative when recuperation wins.
 * An edge with both ascent and descent is split into a rising and a falling
 * part of equal |grade| (lengths in proportion to the heights); each part is
 * evaluated on its own, so a descent gentler than rolling + aero only reduces
 * traction, and only a steeper one recuperates.
 */
export function edgeEnergyKWh(
  model: VehicleModel, massKg: number, lengthM: number, speedKmh: number, ascentM: number, descentM: number,
): number {
  const k = consumptionCalibration(model);
  const v = ms(speedKmh);
  const length = lengthM > 0 ? lengthM : 0;
  const up = ascentM > 0 ? ascentM : 0;
  const down = descentM > 0 ? descentM : 0;
  const forceN = k * (massKg * G * model.rollingResistance + 0.5 * AIR_DENSITY * model.dragAreaM2 * v * v);
  const battery = (wheelJ: number) =>
    wheelJ >= 0 ? wheelJ / model.drivetrainEfficiency : wheelJ * model.recuperationEfficiency;
  const upLength = up + down > 0 ? (length * up) / (up + down) : length;
  const wheelUp = forceN * upLength + massKg * G * up;
  const wheelDown = forceN * (length - upLength) - massKg * G * down;
  const auxJ = k * model.auxiliaryKW * 1000 * (length / v);
  return (battery(wheelUp) + battery(wheelDown) + auxJ) / J_PER_KWH;
}

/** Flat-road energy at the battery per km (kWh/km) for a gross mass and speed. */
export function flatConsumptionKWhPerKm(model: VehicleModel, massKg: number, speedKmh: number): number {
  return edgeEnergyKWh(model, massKg, 1000, speedKmh, 0, 0);
}
