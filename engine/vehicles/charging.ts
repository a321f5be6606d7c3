import type { VehicleModel } from "./catalog";

export type ChargeConnector = "CCS" | "MCS";

// Generic curve until per-model curves exist: flat at the connector limit up to
// TAPER_START_SOC, then linear down to TAPER_END_SHARE of it at 100 %.
export const TAPER_START_SOC = 0.8;
export const TAPER_END_SHARE = 0.25;
const SOC_STEP = 0.001;

const clampSoc = (s: number) => (s < 0 ? 0 : s > 1 ? 1 : s);

/** Vehicle limit on a connector; 0 when the model lacks that inlet. */
export function connectorLimitKW(model: VehicleModel, connector: ChargeConnector): number {
  return (connector === "MCS" ? model.maxMcsKW : model.maxCcsKW) ?? 0;
}

/** Battery acceptance at a state of charge (0..1) as a share of the connector limit. */
export function curveShare(soc: number): number {
  const s = clampSoc(soc);
  if (s <= TAPER_START_SOC) return 1;
  return 1 - ((1 - TAPER_END_SHARE) * (s - TAPER_START_SOC)) / (1 - TAPER_START_SOC);
}

export function chargePowerKW(model: VehicleModel, stationKW: number, connector: ChargeConnector, soc: number): number {
  const limit = connectorLimitKW(model, connector);
  return Math.max(0, Math.min(stationKW, limit, limit * curveShare(soc)));
}

/** Minutes to charge from socFrom to socTo; Infinity when no power flows. */
export function chargeDurationMin(
  model: VehicleModel, stationKW: number, connector: ChargeConnector, socFrom: number, socTo: number,
): number {
  let s = clampSoc(socFrom);
  const end = clampSoc(socTo);
  let hours = 0;
  while (s < end - 1e-12) {
    const ds = Math.min(SOC_STEP, end - s);
    const p = chargePowerKW(model, stationKW, connector, s + ds / 2);
    if (p <= 0) return Infinity;
    hours += (model.usableBatteryKWh * ds) / p;
    s += ds;
  }
  return hours * 60;
}

/** State of charge reached after charging for `minutes` from socFrom (inverse of chargeDurationMin). */
export function socAfterCharging(
  model: VehicleModel, stationKW: number, connector: ChargeConnector, socFrom: number, minutes: number,
): number {
  let s = clampSoc(socFrom);
  let left = Math.max(0, minutes) / 60;
  while (left > 0 && s < 1 - 1e-12) {
    const ds = Math.min(SOC_STEP, 1 - s);
    const p = chargePowerKW(model, stationKW, connector, s + ds / 2);
    if (p <= 0) break;
    const h = (model.usableBatteryKWh * ds) / p;
    if (h >= left) return clampSoc(s + ds * (left / h));
    left -= h;
    s += ds;
  }
  return clampSoc(s);
}
