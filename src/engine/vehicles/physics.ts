// Battery energy of a truck on one road edge, from driving resistances.
//
// Wheel work = rolling (m g c_rr L) + aero (0.5 rho c_dA v^2 L) + grade (m g dh);
// positive work is drawn through the drivetrain (/ drivetrainEfficiency),
// negative work is recuperated (* recuperationEfficiency); auxiliaries draw
// auxiliaryKW for the time on the edge. cos(grade) is taken as 1 (< 0.2 % off
// at 6 %). Not modelled: regen power limits, a full battery refusing regen,
// acceleration, crosswind (yaw) drag, snow depth, battery cooling in heat.
//
// Weather (ambient.ts): with an Ambient, rolling resistance is scaled by the R117
// temperature correction, tyres and the road's surface; air density by temperature
// and altitude; the drag term uses the air speed (vehicle + headwind); recuperation
// efficiency drops in the cold; cab climate and battery heating add power for the
// time on the edge. Without one (or with STILL_20C) the result is bit-for-bit the
// 20 C, still-air, dry-road result. weatherBreakdownKWh splits what the weather adds.
//
// Consistency with referenceConsumptionKWhPerKm: the catalog parameters are
// chosen so the raw physics gives the reference at referenceGrossKg, 80 km/h,
// flat (tested within 1 %). The remaining factor (consumptionCalibration)
// scales rolling, aero and auxiliaries, so the flat consumption at the
// reference point equals the reference exactly, and a fleet override of the
// reference consumption scales the whole model instead of being ignored. The
// factor is always the one at the 20 C reference: the weather's factors on rolling
// and aero act inside it; its added cab and battery powers (absolute kW) do not.
import { STILL_20C, weatherTerms, type Ambient, type WeatherTerms } from "./ambient";
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
 * traction, and only a steeper one recuperates. `ambient` absent: 20 C, still
 * air, dry road (the reference; identical to passing STILL_20C).
 */
export function edgeEnergyKWh(
  model: VehicleModel, massKg: number, lengthM: number, speedKmh: number, ascentM: number, descentM: number,
  ambient?: Ambient,
): number {
  if (ambient !== undefined) {
    const f = edgeFlows(model, massKg, lengthM, speedKmh, ascentM, descentM, weatherTerms(model, ambient));
    return (f.up + f.down + (f.auxJ + f.weatherAuxJ)) / J_PER_KWH;
  }
  const k = consumptionCalibration(model);
  const v = ms(speedKmh);
  const length = lengthM > 0 ? lengthM : 0;
  const up = ascentM > 0 ? ascentM : 0;
  const down = descentM > 0 ? descentM : 0;
  const forceN = k * (massKg * G * model.rollingResistance + 0.5 * AIR_DENSITY * model.dragAreaM2 * v * v);
  const upLength = up + down > 0 ? (length * up) / (up + down) : length;
  const wheelUp = forceN * upLength + massKg * G * up;
  const wheelDown = forceN * (length - upLength) - massKg * G * down;
  const auxJ = k * model.auxiliaryKW * 1000 * (length / v);
  return (batteryJ(model, wheelUp) + batteryJ(model, wheelDown) + auxJ) / J_PER_KWH;
}

/** The battery's side of work at the wheel (J): through the drivetrain, or recuperated. (Not a closure per edge: run under tsx, each closure made is also named.) */
const batteryJ = (model: VehicleModel, wheelJ: number) => (wheelJ >= 0 ? wheelJ / model.drivetrainEfficiency : wheelJ * model.recuperationEfficiency);

/** Battery flows (J) of an edge's rising and falling parts, the model's auxiliaries and the weather's added power. */
interface EdgeFlows { up: number; down: number; auxJ: number; weatherAuxJ: number }

// The reference computation with the weather's terms; with neutral terms (STILL_20C) every
// operation is the reference's times 1 or plus 0, so the result is bit-for-bit the same.
function edgeFlows(
  model: VehicleModel, massKg: number, lengthM: number, speedKmh: number, ascentM: number, descentM: number,
  w: WeatherTerms,
): EdgeFlows {
  const k = consumptionCalibration(model);
  const v = ms(speedKmh);
  const length = lengthM > 0 ? lengthM : 0;
  const up = ascentM > 0 ? ascentM : 0;
  const down = descentM > 0 ? descentM : 0;
  const air = v + w.headwindMs; // air speed; negative when a tailwind outruns the truck (the wind pushes)
  const forceN = k * (
    massKg * G * model.rollingResistance * w.rollingFactor
    + 0.5 * (AIR_DENSITY * w.airDensityFactor) * model.dragAreaM2 * air * Math.abs(air)
  );
  const recuperation = model.recuperationEfficiency * w.recuperationFactor;
  const battery = (wheelJ: number) => (wheelJ >= 0 ? wheelJ / model.drivetrainEfficiency : wheelJ * recuperation);
  const upLength = up + down > 0 ? (length * up) / (up + down) : length;
  const wheelUp = forceN * upLength + massKg * G * up;
  const wheelDown = forceN * (length - upLength) - massKg * G * down;
  const seconds = length / v;
  return {
    up: battery(wheelUp),
    down: battery(wheelDown),
    auxJ: k * model.auxiliaryKW * 1000 * seconds,
    weatherAuxJ: (w.hvacKW + w.batteryKW) * 1000 * seconds,
  };
}

/** What the weather adds to an edge against 20 C still air on a dry road, kWh per term; the terms sum to extraKWh. */
export interface WeatherBreakdown {
  /** Energy at 20 C, still air, dry road (= edgeEnergyKWh without ambient). */
  referenceKWh: number;
  /** Energy in this weather (= edgeEnergyKWh with it). */
  totalKWh: number;
  extraKWh: number;
  /** More traction for rolling and air resistance: temperature (R117, air density), altitude, winter tyres. */
  rollingAirKWh: number;
  /** More traction on a wet or snow-covered road. */
  wetKWh: number;
  /** Traction for the headwind (negative: a tailwind saves). */
  windKWh: number;
  /**
   * Less energy recuperated: the cold's lower recuperation efficiency and the descents' energy that the
   * higher resistances now take (as E1 counts it: "largely explained by increased rolling and air resistance").
   */
  recuperationKWh: number;
  /** Cab heating or cooling. */
  hvacKWh: number;
  /** Battery heating while driving. */
  batteryKWh: number;
}

const traction = (f: EdgeFlows) => (f.up > 0 ? f.up : 0) + (f.down > 0 ? f.down : 0);
const recuperated = (f: EdgeFlows) => (f.up < 0 ? f.up : 0) + (f.down < 0 ? f.down : 0);

/**
 * Splits the weather's extra energy on one edge into terms. Traction is attributed in steps (road
 * surface, then temperature and altitude, then wind), recuperation and the added powers as a whole;
 * the terms add up to totalKWh - referenceKWh (to rounding).
 */
export function weatherBreakdownKWh(
  model: VehicleModel, massKg: number, lengthM: number, speedKmh: number, ascentM: number, descentM: number,
  ambient: Ambient,
): WeatherBreakdown {
  const all = weatherTerms(model, ambient);
  const neutral = weatherTerms(model, STILL_20C);
  const flows = (w: WeatherTerms) => edgeFlows(model, massKg, lengthM, speedKmh, ascentM, descentM, w);
  const ref = flows(neutral);
  const surface = flows({ ...neutral, rollingFactor: all.roadSurfaceFactor });
  const cold = flows({ ...neutral, rollingFactor: all.rollingFactor, airDensityFactor: all.airDensityFactor });
  const windy = flows({ ...all, recuperationFactor: 1, hvacKW: 0, batteryKW: 0 });
  const full = flows(all);
  const kWh = (j: number) => j / J_PER_KWH;
  const seconds = (lengthM > 0 ? lengthM : 0) / ms(speedKmh);
  const referenceKWh = edgeEnergyKWh(model, massKg, lengthM, speedKmh, ascentM, descentM);
  const totalKWh = (full.up + full.down + (full.auxJ + full.weatherAuxJ)) / J_PER_KWH;
  return {
    referenceKWh,
    totalKWh,
    extraKWh: totalKWh - referenceKWh,
    wetKWh: kWh(traction(surface) - traction(ref)),
    rollingAirKWh: kWh(traction(cold) - traction(surface)),
    windKWh: kWh(traction(windy) - traction(cold)),
    recuperationKWh: kWh(recuperated(full) - recuperated(ref)),
    hvacKWh: kWh(all.hvacKW * 1000 * seconds),
    batteryKWh: kWh(all.batteryKW * 1000 * seconds),
  };
}

/** Flat-road energy at the battery per km (kWh/km) for a gross mass and speed. */
export function flatConsumptionKWhPerKm(model: VehicleModel, massKg: number, speedKmh: number, ambient?: Ambient): number {
  return edgeEnergyKWh(model, massKg, 1000, speedKmh, 0, 0, ambient);
}
