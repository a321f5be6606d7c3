// Weather in the energy model: how temperature, altitude, wind and the road's
// surface change what a truck draws from its battery, and how fast it charges.
//
// Every plan used to be computed at STILL_20C (20 C, sea level, still air, dry
// road, summer tyres); physics.ts keeps that as the reference and applies the
// factors and powers below only when it is given an Ambient. Pure functions;
// sources and confidence per term in docs/weather-energy-model.md, whose
// source ids (E1, E17, ...) are those of /work/shared/facts/temperature-and-energy.md.
//
// Calibration (tests/unit/ambient.test.ts): Mercedes-Benz eActros 600 winter
// test 2025 (E1/E2: 40 t, -2 C average, snow-free road, class B tyres vs class A
// in summer): about +25 % against the same section in summer, of which ~15
// points rolling + air resistance, ~5 cab heating to 21 C, < 1 battery heating,
// ~4 less recuperation; up to +50 % on snow and ice with class D tyres.
import { DEFAULT_CAB_COOLING_KW_PER_K, DEFAULT_CAB_HEATING_KW_PER_K, type VehicleModel } from "./catalog";

export interface Ambient {
  /** Air temperature, C (at the road, i.e. at altitudeM). */
  temperatureC: number;
  /** Height above sea level, m; absent = 0. Only air pressure (density) depends on it. */
  altitudeM?: number;
  /** Wind component against the direction of travel, m/s (negative: tailwind); see headwindComponentMs. */
  headwindMs?: number;
  /** Wet road (rain, standing water). */
  wetRoad?: boolean;
  /** Snow- or slush-covered road; implies winter tyres (class D "Scandinavian" in the calibration). */
  snowRoad?: boolean;
  /**
   * Winter tyres (3PMSF, higher rolling resistance than the summer/all-season class A tyres the
   * catalog figures stand for); absent = false. The published -2 C calibration ran on them.
   */
  winterTyres?: boolean;
}

/** Temperature of the reference every catalog figure and the calibration factor stand for, C. */
export const REFERENCE_TEMPERATURE_C = 20;
/** The assumption of every plan before weather: 20 C, sea level, still air, dry road, summer tyres. */
export const STILL_20C: Readonly<Ambient> = Object.freeze({ temperatureC: REFERENCE_TEMPERATURE_C });

const clamp = (x: number, lo: number, hi: number) => (x < lo ? lo : x > hi ? hi : x);
/** Temperatures outside this range are read as its ends (every formula below is an extrapolation there anyway). */
export const MIN_TEMPERATURE_C = -40;
export const MAX_TEMPERATURE_C = 50;
const tempOf = (t: number) => (Number.isFinite(t) ? clamp(t, MIN_TEMPERATURE_C, MAX_TEMPERATURE_C) : REFERENCE_TEMPERATURE_C);

// ---------------------------------------------------------------- air density

// ICAO standard atmosphere (ICAO Doc 7488, US Std Atm 1976; E23): sea-level pressure, temperature, lapse rate.
export const ISA_P0_PA = 101_325;
export const ISA_T0_K = 288.15;
export const ISA_LAPSE_K_PER_M = 0.0065;
/** g0 M / (R* L) of the ISA troposphere. */
const ISA_EXPONENT = (9.80665 * 0.0289644) / (8.3144598 * ISA_LAPSE_K_PER_M);
/** Specific gas constant of dry air, J/(kg K). */
export const R_DRY_AIR = 287.05;
const KELVIN = 273.15;

/** ISA pressure at an altitude (Pa), troposphere formula; altitude clamped to -500 .. 9000 m. */
export function isaPressurePa(altitudeM = 0): number {
  const h = Number.isFinite(altitudeM) ? clamp(altitudeM, -500, 9000) : 0;
  return ISA_P0_PA * Math.pow(1 - (ISA_LAPSE_K_PER_M * h) / ISA_T0_K, ISA_EXPONENT);
}

/**
 * Dry-air density (kg/m^3) from the ideal gas law at the ISA pressure of the altitude and the
 * given (actual, not ISA) temperature. 1.204 at 20 C and sea level: physics.ts's AIR_DENSITY 1.2
 * within rounding; physics.ts scales its 1.2 by airDensityFactor so the reference stays identical.
 * Humidity lowers density by < 1 % at European temperatures: not modelled.
 */
export function airDensityKgM3(temperatureC: number, altitudeM = 0): number {
  return isaPressurePa(altitudeM) / (R_DRY_AIR * (tempOf(temperatureC) + KELVIN));
}

/** Density relative to 20 C at sea level (exactly 1 there). */
export function airDensityFactor(temperatureC: number, altitudeM = 0): number {
  return airDensityKgM3(temperatureC, altitudeM) / airDensityKgM3(REFERENCE_TEMPERATURE_C, 0);
}

// ---------------------------------------------------------------- rolling resistance

/**
 * Temperature correction coefficient of UN R117 Annex 6 para. 6.2 / ISO 28580: 0.006 per K for
 * class C3 tyres with load index > 121, i.e. the tractor and semitrailer tyres of the catalog's
 * combinations (315/70 R22.5 154/150, 385/65 R22.5 164); 0.008 C1, 0.010 C2 and C3 with LI <= 121.
 * Official text: ETRTO's proposal for Supplement 3 to the 02 series of R117 (UNECE GRB, 19 June 2012),
 * which aligns para. 6.2 with ISO 28580 (read at studylib.net/doc/7367751).
 */
export const R117_KT_C3 = 0.006;

/**
 * Rolling resistance at an ambient temperature relative to 20 C, from R117's correction
 * Fr25 = Fr(t) (1 + Kt (t - 25)), i.e. Fr(t) / Fr(20) = (1 + Kt (20 - 25)) / (1 + Kt (t - 25)).
 * R117 allows the correction only between 20 and 30 C (tyres warmed up at the test's ambient);
 * outside it this is an extrapolation (estimate): 1.158 at -2 C, 1.329 at -20 C, 0.942 at 30 C.
 */
export function rollingTemperatureFactor(temperatureC: number, kt = R117_KT_C3): number {
  return (1 + kt * (REFERENCE_TEMPERATURE_C - 25)) / (1 + kt * (tempOf(temperatureC) - 25));
}

/**
 * The factor the planner applies: R117 below 20 C, 1 above. Warm weather earns no rolling credit
 * (conservative choice, not physics): the warm side has no calibration, and the loads of heat that
 * are not modelled (battery cooling, sun on the cab) would eat into it; crediting -6 % rolling at
 * 30 C would make summer plans optimistic. Air density is credited (thinner warm air is certain).
 */
export function plannedRollingTemperatureFactor(temperatureC: number): number {
  const t = tempOf(temperatureC);
  return t < REFERENCE_TEMPERATURE_C ? rollingTemperatureFactor(t) : 1;
}

/**
 * Winter tyres vs the summer tyres of the reference, on rolling resistance. CALIBRATED, not sourced:
 * the eActros 600 test gives ~15 points for rolling + air together at -2 C with class B winter tyres vs
 * class A in summer (E1); air density (+8.1 %) and the R117 temperature correction (+15.8 % rolling)
 * leave the rest to the tyres: 1.15 gives 15.9 points on the calibration section (tests/unit/ambient.test.ts).
 * Plausible: one EU label class step for C3 tyres (Reg. (EC) 1222/2009 Annex I: A <= 4.0, B 4.1-5.0 kg/t) is
 * ~15 % at mid-class.
 */
export const WINTER_TYRES_ROLLING_FACTOR = 1.15;
/**
 * Snow or slush on the road, on rolling resistance, on top of the winter tyres it implies. CALIBRATED:
 * eActros 600 "up to +50 %" on mostly snow-covered, partly icy roads with class D tyres vs summer (E1, E3):
 * +49.6 % at -2 C on the calibration section. With the tyre factor 1.4 x 1.15 = 1.61, about the label
 * step from class A (<= 4.0) to D (6.1-7.0 kg/t): the snow's own drag is not separable. Depth not modelled.
 */
export const SNOW_ROLLING_FACTOR = 1.4;
/** Wet road on rolling resistance: ESTIMATE (water displacement; no truck figure found, see the doc). */
export const WET_ROLLING_FACTOR = 1.1;

/** Tyre factor on rolling resistance: winter tyres (or a snow road, which implies them) vs the reference's summer tyres. */
export function tyreFactor(a: Pick<Ambient, "snowRoad" | "winterTyres">): number {
  return a.winterTyres || a.snowRoad ? WINTER_TYRES_ROLLING_FACTOR : 1;
}

/** Road surface factor on rolling resistance: snow, else wet, else 1 (dry). */
export function roadSurfaceFactor(a: Pick<Ambient, "wetRoad" | "snowRoad">): number {
  return a.snowRoad ? SNOW_ROLLING_FACTOR : a.wetRoad ? WET_ROLLING_FACTOR : 1;
}

// ---------------------------------------------------------------- cab heating and cooling

/** Cab temperature while driving (E1: "heating the cab to 21 degrees"). */
export const CAB_SETPOINT_C = 21;
/**
 * Below this the cab is heated: the setpoint less ~1 K that the driver and the electronics supply
 * (~0.2 kW at the default coefficient; estimate). Equal to the reference, so 20 C needs no heat.
 */
export const CAB_HEATING_BELOW_C = 20;
/** Above this the cab is cooled (sun on the cab; estimate). */
export const CAB_COOLING_ABOVE_C = 24;
// The cab's defaults (kW/K) are the catalog's, where every model carries them (a fleet may override them).
export { DEFAULT_CAB_COOLING_KW_PER_K, DEFAULT_CAB_HEATING_KW_PER_K };

/** Coefficient of performance of a cab heat pump: ESTIMATE, 2 at 0 C, 1 (resistive backup) at -20 C and below, at most 3. */
export function heatPumpCop(temperatureC: number): number {
  return clamp(2 + 0.05 * tempOf(temperatureC), 1, 3);
}

export type CabFigures = Partial<Pick<VehicleModel, "cabHeatingKWPerK" | "cabCoolingKWPerK" | "cabHeatPump">>;

/** Electric power for the cab's climate beyond the reference's (kW, >= 0): heating below 20 C, cooling above 24 C. */
export function cabHvacKW(temperatureC: number, model: CabFigures = {}): number {
  const t = tempOf(temperatureC);
  if (t < CAB_HEATING_BELOW_C) {
    const heatKW = (model.cabHeatingKWPerK ?? DEFAULT_CAB_HEATING_KW_PER_K) * (CAB_HEATING_BELOW_C - t);
    return model.cabHeatPump ? heatKW / heatPumpCop(t) : heatKW;
  }
  if (t > CAB_COOLING_ABOVE_C) return (model.cabCoolingKWPerK ?? DEFAULT_CAB_COOLING_KW_PER_K) * (t - CAB_COOLING_ABOVE_C);
  return 0;
}

// ---------------------------------------------------------------- battery thermal management

/**
 * Below this ambient temperature the pack is taken to run below the 20 C at which it accepts full
 * power (it runs ~15 K above ambient while driving, from its own losses): the thermal management
 * heats it while driving, a planned stop needs preconditioning, and an unconditioned pack charges
 * slower. ESTIMATE (Volvo: optimum "around +25 C", E10).
 */
export const BATTERY_COLD_BELOW_C = 5;
/** Pack temperature the preconditioning before a planned charge aims at, C (estimate, E10's ~25 C less margin). */
export const PRECONDITION_TARGET_C = 20;
/** Pack temperature above ambient while driving, K: ESTIMATE (self-heating by its losses). */
export const PACK_ABOVE_AMBIENT_K = PRECONDITION_TARGET_C - BATTERY_COLD_BELOW_C;
/**
 * Battery heating while driving per K below BATTERY_COLD_BELOW_C, per kWh installed, kW/(K kWh).
 * CALIBRATED: 0.1 kW/K for the eActros 600's 621 kWh, 0.7 kW at -2 C = 0.9 % of its flat-road
 * consumption at 72 km/h (E1: "less than one per cent"). Scales with the pack's size (its surface).
 */
export const DEFAULT_BATTERY_HEATING_KW_PER_K_PER_KWH = 0.1 / 621;
/**
 * Heat capacity of a pack per kWh installed, kWh/(K kWh): ESTIMATE, ~140 Wh/kg at pack level (LFP
 * truck packs) and ~1 kJ/(kg K) for cells and housing: 1.23 kWh/K for 621 kWh.
 */
export const DEFAULT_BATTERY_HEAT_CAPACITY_KWH_PER_K_PER_KWH = 1 / 0.14 / 3600;

export type BatteryFigures = Pick<VehicleModel, "installedBatteryKWh"> &
  Partial<Pick<VehicleModel, "batteryHeatingKWPerK" | "batteryHeatCapacityKWhPerK">>;

/** Battery heating while driving (kW, >= 0), extra to the reference. Battery cooling in heat is not modelled. */
export function batteryThermalKW(temperatureC: number, model: BatteryFigures): number {
  const t = tempOf(temperatureC);
  if (t >= BATTERY_COLD_BELOW_C) return 0;
  const perK = model.batteryHeatingKWPerK ?? DEFAULT_BATTERY_HEATING_KW_PER_K_PER_KWH * model.installedBatteryKWh;
  return perK * (BATTERY_COLD_BELOW_C - t);
}

/**
 * Energy (kWh, from the battery, while driving to the stop) to lift the pack from its driving
 * temperature (ambient + PACK_ABOVE_AMBIENT_K) to PRECONDITION_TARGET_C before a planned DC charge:
 * heat capacity x (BATTERY_COLD_BELOW_C - t); 0 at and above 5 C. Heater efficiency taken as 1;
 * losses during the warm-up not counted. ESTIMATE: 8.6 kWh at -2 C, 31 kWh at -20 C for 621 kWh.
 */
export function preconditioningKWh(temperatureC: number, model: BatteryFigures): number {
  const t = tempOf(temperatureC);
  if (t >= BATTERY_COLD_BELOW_C) return 0;
  const perK = model.batteryHeatCapacityKWhPerK ?? DEFAULT_BATTERY_HEAT_CAPACITY_KWH_PER_K_PER_KWH * model.installedBatteryKWh;
  return perK * (BATTERY_COLD_BELOW_C - t);
}

// ---------------------------------------------------------------- recuperation

/** Above this the battery takes recuperated power as at the reference (estimate). */
export const RECUPERATION_COLD_BELOW_C = 10;
/** Loss of recuperation efficiency per K below RECUPERATION_COLD_BELOW_C, and the floor (estimate, see below). */
export const RECUPERATION_COLD_PER_K = 0.01;
export const RECUPERATION_COLD_FLOOR = 0.6;

/**
 * Factor on the recuperation efficiency in the cold (a cold pack limits charge current, the friction
 * brakes take the rest): 1 at 10 C and above, -1 %/K below, at least 0.6; 0.88 at -2 C. ESTIMATE,
 * CALIBRATED with the physics: E1's "~4 % from reduced recuperation" is largely the higher rolling
 * and air resistance eating into descents (which physics.ts computes), this factor adds the rest.
 */
export function recuperationColdFactor(temperatureC: number): number {
  const t = tempOf(temperatureC);
  if (t >= RECUPERATION_COLD_BELOW_C) return 1;
  return Math.max(RECUPERATION_COLD_FLOOR, 1 - RECUPERATION_COLD_PER_K * (RECUPERATION_COLD_BELOW_C - t));
}

// ---------------------------------------------------------------- wind

const RAD = Math.PI / 180;

/**
 * Wind component against a direction of travel (m/s; negative = tailwind). windFromDeg is the
 * meteorological direction the wind comes FROM (0 = from the north, 90 = from the east), headingDeg
 * the direction the truck drives TO (clockwise from north): wind from straight ahead is a full
 * headwind. Crosswind (yaw) raising the drag coefficient is not modelled.
 */
export function headwindComponentMs(windSpeedMs: number, windFromDeg: number, headingDeg: number): number {
  if (!(windSpeedMs > 0) || !Number.isFinite(windFromDeg) || !Number.isFinite(headingDeg)) return 0;
  return windSpeedMs * Math.cos((windFromDeg - headingDeg) * RAD);
}

// ---------------------------------------------------------------- cold DC charging

/** Below this ambient an unconditioned pack charges slower (= BATTERY_COLD_BELOW_C). */
export const COLD_CHARGE_BELOW_C = BATTERY_COLD_BELOW_C;
/**
 * Derate of an unconditioned pack per K below COLD_CHARGE_BELOW_C, and its floor. CALIBRATED on cars
 * (no truck figure found): CAA winter test (Feb 2025, about -7 to -15 C, E17) averaged 57 % (Mach-E) and
 * 61 % (ID.4) of peak; 1 - 0.025 x 16 K = 0.6 at -11 C. Floor: cold Bolt / Niro packs drew 20-30 %
 * of their peak at first (E18).
 */
export const COLD_CHARGE_PER_K = 0.025;
export const COLD_CHARGE_FLOOR = 0.3;
/**
 * With preconditioning (the documented assumption for planned stops): no derate at 0 C and above,
 * 0.5 %/K below (heating cannot keep up in deep cold, cell gradients), at least 0.85. ESTIMATE;
 * its energy is preconditioningKWh.
 */
export const PRECONDITIONED_CHARGE_BELOW_C = 0;
export const PRECONDITIONED_CHARGE_PER_K = 0.005;
export const PRECONDITIONED_CHARGE_FLOOR = 0.85;

/** Factor on the battery's charge acceptance (the curve, not the station's or the inlet's limit); 1 at 20 C. */
export function coldChargeFactor(temperatureC: number, preconditioned: boolean): number {
  const t = tempOf(temperatureC);
  if (preconditioned) {
    if (t >= PRECONDITIONED_CHARGE_BELOW_C) return 1;
    return Math.max(PRECONDITIONED_CHARGE_FLOOR, 1 - PRECONDITIONED_CHARGE_PER_K * (PRECONDITIONED_CHARGE_BELOW_C - t));
  }
  if (t >= COLD_CHARGE_BELOW_C) return 1;
  return Math.max(COLD_CHARGE_FLOOR, 1 - COLD_CHARGE_PER_K * (COLD_CHARGE_BELOW_C - t));
}

/** Temperature at a charging stop; preconditioned absent = true (planned stops are preconditioned). */
export interface ChargeAmbient {
  temperatureC: number;
  preconditioned?: boolean;
}

// ---------------------------------------------------------------- all terms of one ambient

/** What physics.ts applies for one ambient; neutral (1, 0) at STILL_20C. */
export interface WeatherTerms {
  /** Factor on rolling resistance: temperature (R117) x tyres x the road's surface. */
  rollingFactor: number;
  /** Its parts (temperature: plannedRollingTemperatureFactor). */
  rollingTemperatureFactor: number;
  tyreFactor: number;
  roadSurfaceFactor: number;
  /** Factor on air density (temperature, altitude). */
  airDensityFactor: number;
  headwindMs: number;
  /** Factor on recuperation efficiency. */
  recuperationFactor: number;
  /** Cab climate and battery heating while driving, kW, on top of the model's auxiliaryKW. */
  hvacKW: number;
  batteryKW: number;
}

export function weatherTerms(model: VehicleModel, a: Ambient): WeatherTerms {
  const t = a.temperatureC;
  const rt = plannedRollingTemperatureFactor(t);
  const ty = tyreFactor(a);
  const rs = roadSurfaceFactor(a);
  const w = a.headwindMs;
  return {
    rollingFactor: rt * ty * rs,
    rollingTemperatureFactor: rt,
    tyreFactor: ty,
    roadSurfaceFactor: rs,
    airDensityFactor: airDensityFactor(t, a.altitudeM ?? 0),
    headwindMs: w !== undefined && Number.isFinite(w) ? w : 0,
    recuperationFactor: recuperationColdFactor(t),
    hvacKW: cabHvacKW(t, model),
    batteryKW: batteryThermalKW(t, model),
  };
}
