// Charging power and time from the model's charging curve.
//
// Power = min(station, vehicle inlet limit, battery acceptance), acceptance =
// curve share x max(curve refKW, highest inlet of the model).
// chargeDurationMin / socAfterCharging read a cumulative time table on a 0.5 %
// SoC grid, built once per (curve, acceptance reference, power cap), i.e. per
// (model, station power, connector) but shared by models with the same curve;
// inside the first and last cell the time is integrated on the curve (8 steps)
// instead of interpolated linearly, which near a steep taper was off by 0.2 %.
// Against a 1e-5 step integration the error is ~2e-6 relative, < 0.01 s
// (bound of 0.1 % checked in tests/unit/vehicles/charging.test.ts).
//
// Cold (optional last argument, ambient.ts coldChargeFactor): the battery's
// acceptance (curve x refKW) is scaled down, not the station's or the inlet's
// limit, so a pack that accepts far more than its inlet may not slow down. A
// planned stop is taken as preconditioned unless the argument says otherwise
// (the preconditioning energy is ambient.ts preconditioningKWh, for the caller
// to count). Without the argument every result is what it was before.
import { coldChargeFactor, type ChargeAmbient } from "./ambient";
import type { VehicleModel } from "./catalog";
import {
  curveShareAt, GENERIC_CURVE, GENERIC_TAPER_END_SHARE, GENERIC_TAPER_START_SOC, type ChargingCurve,
} from "./curves";

export type ChargeConnector = "CCS" | "MCS";

/** Shape of the generic fallback curve: flat to TAPER_START_SOC, then linear to TAPER_END_SHARE at 100 %. */
export const TAPER_START_SOC = GENERIC_TAPER_START_SOC;
export const TAPER_END_SHARE = GENERIC_TAPER_END_SHARE;
export const SOC_GRID_STEP = 0.005;
const CELLS = Math.round(1 / SOC_GRID_STEP);
const SUBSTEPS = 40;

const clampSoc = (s: number) => (s < 0 ? 0 : s > 1 ? 1 : Number.isFinite(s) ? s : 0);

/** Vehicle limit on a connector; 0 when the model lacks that inlet. */
export function connectorLimitKW(model: VehicleModel, connector: ChargeConnector): number {
  return (connector === "MCS" ? model.maxMcsKW : model.maxCcsKW) ?? 0;
}

export const curveOf = (model: VehicleModel): ChargingCurve => model.chargingCurve ?? GENERIC_CURVE;

/** Power (kW) that share 1 of the model's curve stands for. */
export function acceptanceRefKW(model: VehicleModel): number {
  return Math.max(curveOf(model).refKW ?? 0, model.maxCcsKW ?? 0, model.maxMcsKW ?? 0);
}

/** Battery acceptance at a state of charge (0..1) as a share of refKW; generic curve unless one is given. */
export function curveShare(soc: number, curve: ChargingCurve = GENERIC_CURVE): number {
  return curveShareAt(curve, soc);
}

const powerAt = (curve: ChargingCurve, refKW: number, capKW: number, soc: number) =>
  Math.min(capKW, refKW * curveShareAt(curve, soc));

/** Station and inlet limit together; 0 when nothing can flow. */
function capKW(model: VehicleModel, stationKW: number, connector: ChargeConnector): number {
  const cap = Math.min(stationKW, connectorLimitKW(model, connector));
  return cap > 0 ? cap : 0;
}

/** Factor on the battery's acceptance at a stop; 1 without `cold`. Rounded to 0.001 so that time tables are shared. */
export function coldAcceptanceFactor(cold?: ChargeAmbient): number {
  if (cold === undefined) return 1;
  return Math.round(coldChargeFactor(cold.temperatureC, cold.preconditioned ?? true) * 1000) / 1000;
}

const refOf = (model: VehicleModel, cold?: ChargeAmbient) => acceptanceRefKW(model) * coldAcceptanceFactor(cold);

export function chargePowerKW(
  model: VehicleModel, stationKW: number, connector: ChargeConnector, soc: number, cold?: ChargeAmbient,
): number {
  const cap = capKW(model, stationKW, connector);
  return cap > 0 ? powerAt(curveOf(model), refOf(model, cold), cap, soc) : 0;
}

// Per curve object (shared by overridden copies of a model): tables by "refKW|capKW".
const TABLES = new WeakMap<ChargingCurve, Map<string, Table>>();
const MAX_TABLES_PER_CURVE = 256;

/** Cumulative hours per kWh of usable capacity from SoC 0 to each grid point. */
function timeTable(model: VehicleModel, cap: number, ref: number): Table {
  const curve = curveOf(model);
  const key = `${ref}|${cap}`;
  let byKey = TABLES.get(curve);
  if (!byKey) TABLES.set(curve, (byKey = new Map()));
  let table = byKey.get(key);
  if (!table) {
    const t = new Float64Array(CELLS + 1);
    const ds = SOC_GRID_STEP / SUBSTEPS;
    for (let i = 0; i < CELLS; i++) {
      let h = 0;
      for (let j = 0; j < SUBSTEPS; j++) h += ds / powerAt(curve, ref, cap, (i + (j + 0.5) / SUBSTEPS) * SOC_GRID_STEP);
      t[i + 1] = t[i] + h;
    }
    if (byKey.size >= MAX_TABLES_PER_CURVE) byKey.clear();
    byKey.set(key, (table = { curve, ref, cap, t }));
  }
  return table;
}

const PARTIAL_STEPS = 8;

interface Table { curve: ChargingCurve; ref: number; cap: number; t: Float64Array }

/** Hours per kWh from SoC 0 to `soc`: table up to the cell, integrated inside it. */
function timeAt(tb: Table, soc: number): number {
  const i = Math.min(CELLS - 1, Math.floor(soc / SOC_GRID_STEP));
  return tb.t[i] + partial(tb, i * SOC_GRID_STEP, soc);
}

function partial(tb: Table, a: number, b: number): number {
  const ds = (b - a) / PARTIAL_STEPS;
  if (ds <= 0) return 0;
  let h = 0;
  for (let j = 0; j < PARTIAL_STEPS; j++) h += ds / powerAt(tb.curve, tb.ref, tb.cap, a + (j + 0.5) * ds);
  return h;
}

/** Minutes to charge from socFrom to socTo; Infinity when no power flows. */
export function chargeDurationMin(
  model: VehicleModel, stationKW: number, connector: ChargeConnector, socFrom: number, socTo: number,
  cold?: ChargeAmbient,
): number {
  const from = clampSoc(socFrom), to = clampSoc(socTo);
  if (to <= from) return 0;
  const cap = capKW(model, stationKW, connector);
  if (cap <= 0) return Infinity;
  const tb = timeTable(model, cap, refOf(model, cold));
  return (timeAt(tb, to) - timeAt(tb, from)) * model.usableBatteryKWh * 60;
}

/**
 * chargeDurationMin of one model in one ambient as a function of (station power, connector, from, to): the
 * same function object for every model that charges alike (the same curve, acceptance, inlets, battery
 * and cold factor: all it reads), so that a caller may tabulate it once per function (charging/grid.ts).
 */
export function chargeTimeFunction(
  model: VehicleModel, cold?: ChargeAmbient,
): (stationKW: number, connector: ChargeConnector, socFrom: number, socTo: number) => number {
  const curve = curveOf(model);
  // What chargeDurationMin reads besides the curve: the acceptance (cold included), the battery, the inlets.
  const key = `${refOf(model, cold)}|${model.usableBatteryKWh}|${model.maxCcsKW ?? 0}|${model.maxMcsKW ?? 0}`;
  let byKey = FUNCTIONS.get(curve);
  if (!byKey) FUNCTIONS.set(curve, (byKey = new Map()));
  let fn = byKey.get(key);
  if (!fn) {
    if (byKey.size >= MAX_FUNCTIONS_PER_CURVE) byKey.clear();
    const ambient = cold === undefined ? undefined : { ...cold };
    const alike = { ...model };
    byKey.set(key, (fn = (stationKW, connector, socFrom, socTo) => chargeDurationMin(alike, stationKW, connector, socFrom, socTo, ambient)));
  }
  return fn;
}

/**
 * Each function keeps the optimizer's tables (8 kB per station power and connector; about 20 in a plan, an estimate): 16 per
 * curve are some 2.6 MB. More ways of charging one curve (the cold factor, a fleet's own batteries) start again.
 */
const MAX_FUNCTIONS_PER_CURVE = 16;
const FUNCTIONS = new WeakMap<ChargingCurve, Map<string, (stationKW: number, connector: ChargeConnector, socFrom: number, socTo: number) => number>>();

/** State of charge reached after charging for `minutes` from socFrom (inverse of chargeDurationMin). */
export function socAfterCharging(
  model: VehicleModel, stationKW: number, connector: ChargeConnector, socFrom: number, minutes: number,
  cold?: ChargeAmbient,
): number {
  const from = clampSoc(socFrom);
  const cap = capKW(model, stationKW, connector);
  if (!(minutes > 0) || cap <= 0 || !(model.usableBatteryKWh > 0)) return from;
  const tb = timeTable(model, cap, refOf(model, cold)), t = tb.t;
  const target = timeAt(tb, from) + minutes / 60 / model.usableBatteryKWh;
  if (target >= t[CELLS]) return 1;
  let lo = 0, hi = CELLS; // t[lo] <= target < t[hi]
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (t[mid] <= target) lo = mid;
    else hi = mid;
  }
  // Newton inside the cell on the same integral that chargeDurationMin uses (d time / d soc = 1 / power).
  const a = lo * SOC_GRID_STEP, b = a + SOC_GRID_STEP;
  let s = a + (SOC_GRID_STEP * (target - t[lo])) / (t[lo + 1] - t[lo]);
  for (let k = 0; k < 3; k++) {
    s -= (t[lo] + partial(tb, a, s) - target) * powerAt(tb.curve, tb.ref, tb.cap, s);
    s = s < a ? a : s > b ? b : s;
  }
  return clampSoc(s);
}

/** Reference integration (midpoint, fine step) that the table is checked against; slow. */
export function chargeDurationFineMin(
  model: VehicleModel, stationKW: number, connector: ChargeConnector, socFrom: number, socTo: number, step = 1e-5,
  cold?: ChargeAmbient,
): number {
  const from = clampSoc(socFrom), to = clampSoc(socTo);
  if (to <= from) return 0;
  const cap = capKW(model, stationKW, connector);
  if (cap <= 0) return Infinity;
  const n = Math.max(1, Math.ceil((to - from) / step));
  const ds = (to - from) / n;
  const curve = curveOf(model), ref = refOf(model, cold);
  let h = 0;
  for (let i = 0; i < n; i++) h += ds / powerAt(curve, ref, cap, from + (i + 0.5) * ds);
  return h * model.usableBatteryKWh * 60;
}
