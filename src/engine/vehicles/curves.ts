// Charging curves: battery acceptance by state of charge, piecewise linear.

export interface ChargingCurve {
  /** Breakpoints in state of charge, ascending, from 0 to 1. */
  soc: readonly number[];
  /** Acceptance at each breakpoint as a share (0..1] of refKW. */
  share: readonly number[];
  /**
   * Power that share 1 stands for (kW); the model's highest DC inlet when that
   * is higher or this is absent. Pinned where the shape was calibrated on one
   * inlet, so that a fleet removing that inlet does not shrink the battery's
   * acceptance on the other.
   */
  refKW?: number;
}

/** Floor on any share so that charge time stays finite at 100 %. */
export const MIN_CURVE_SHARE = 0.02;

// Fallback shape when nothing model-specific is known: flat to 80 %, then a
// linear taper to a quarter at 100 % (typical of both LFP and NMC truck packs).
export const GENERIC_TAPER_START_SOC = 0.8;
export const GENERIC_TAPER_END_SHARE = 0.25;
export const GENERIC_CURVE: ChargingCurve = {
  soc: [0, GENERIC_TAPER_START_SOC, 1],
  share: [1, 1, GENERIC_TAPER_END_SHARE],
};

/** Share at a state of charge (clamped to 0..1), linear between breakpoints. */
export function curveShareAt(curve: ChargingCurve, soc: number): number {
  const { soc: xs, share: ys } = curve;
  const s = soc < 0 ? 0 : soc > 1 ? 1 : soc;
  let y = ys[ys.length - 1];
  if (s <= xs[0]) y = ys[0];
  else {
    for (let i = 1; i < xs.length; i++) {
      if (s <= xs[i]) {
        y = ys[i - 1] + ((ys[i] - ys[i - 1]) * (s - xs[i - 1])) / (xs[i] - xs[i - 1]);
        break;
      }
    }
  }
  return y > MIN_CURVE_SHARE ? y : MIN_CURVE_SHARE;
}
