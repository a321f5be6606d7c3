import { describe, expect, it } from "vitest";
import { VEHICLE_MODELS, findModel, type VehicleModel } from "@/engine/vehicles/catalog";
import {
  chargeDurationFineMin, chargeDurationMin, chargePowerKW, connectorLimitKW, curveShare, socAfterCharging,
  type ChargeConnector,
} from "@/engine/vehicles/charging";
import { GENERIC_CURVE } from "@/engine/vehicles/curves";

describe("charging curve", () => {
  const m = findModel("MB_EACTROS_600")!;

  it("charges an eActros 600 from 20 to 80 % at 1 MW MCS in about half an hour", () => {
    const min = chargeDurationMin(m, 1000, "MCS", 0.2, 0.8);
    expect(min).toBeGreaterThan(27);
    expect(min).toBeLessThan(33);
  });

  it("keeps the generic curve flat to 80 % and tapering to a quarter at 100 %", () => {
    expect(curveShare(0.5)).toBe(1);
    expect(curveShare(0.8)).toBe(1);
    expect(curveShare(0.9)).toBeCloseTo(0.625, 9);
    expect(curveShare(1)).toBeCloseTo(0.25, 9);
    const generic: VehicleModel = { ...m, chargingCurve: undefined };
    expect(chargePowerKW(generic, 1000, "MCS", 0.9)).toBeCloseTo(625, 6);
  });

  it("follows the model's curve on MCS and caps CCS at the inlet while the battery accepts more", () => {
    expect(chargePowerKW(m, 1000, "MCS", 0.3)).toBe(1000);
    expect(chargePowerKW(m, 1000, "MCS", 0.7)).toBeCloseTo(550, 6);
    expect(chargePowerKW(m, 1000, "MCS", 0.7)).toBeLessThan(chargePowerKW(m, 1000, "MCS", 0.5));
    for (const soc of [0.2, 0.5, 0.8, 0.9]) expect(chargePowerKW(m, 1000, "CCS", soc)).toBe(400);
    expect(chargePowerKW(m, 1000, "CCS", 1)).toBeLessThan(400);
  });

  it("keeps the battery's acceptance when a fleet removes or raises an inlet", () => {
    const noMcs: VehicleModel = { ...m, maxMcsKW: null };
    expect(chargePowerKW(noMcs, 1000, "CCS", 0.8)).toBe(400);
    const etgx = findModel("MAN_ETGX")!;
    const mw: VehicleModel = { ...etgx, maxMcsKW: 1000 };
    expect(chargePowerKW(mw, 1000, "MCS", 0.5)).toBe(1000);
  });

  it("caps power at a 150 kW station", () => {
    for (const soc of [0, 0.3, 0.8, 0.9, 1]) expect(chargePowerKW(m, 150, "CCS", soc)).toBe(150);
    const slow = chargeDurationMin(m, 150, "CCS", 0.2, 0.8);
    expect(slow).toBeCloseTo((0.6 * m.usableBatteryKWh) / 150 * 60, 3);
    expect(slow).toBeGreaterThan(chargeDurationMin(m, 400, "CCS", 0.2, 0.8));
  });

  it("gets monotonically longer with a higher target SoC", () => {
    for (const model of VEHICLE_MODELS) {
      for (const c of ["CCS", "MCS"] as const) {
        const limit = connectorLimitKW(model, c);
        if (!limit) continue;
        let prev = 0;
        for (let to = 0.205; to <= 1.0001; to += 0.005) {
          const t = chargeDurationMin(model, limit, c, 0.2, to);
          expect(t).toBeGreaterThan(prev);
          prev = t;
        }
      }
    }
    expect(chargeDurationMin(m, 400, "CCS", 0.6, 0.5)).toBe(0);
  });

  it("cannot charge over MCS without an MCS inlet", () => {
    const fh = findModel("VOLVO_FH_ELECTRIC")!;
    expect(chargePowerKW(fh, 1000, "MCS", 0.5)).toBe(0);
    expect(chargeDurationMin(fh, 1000, "MCS", 0.2, 0.8)).toBe(Infinity);
    expect(socAfterCharging(fh, 1000, "MCS", 0.2, 30)).toBe(0.2);
    expect(chargeDurationMin(fh, 0, "CCS", 0.2, 0.8)).toBe(Infinity);
  });

  it("inverts chargeDurationMin with socAfterCharging", () => {
    for (const model of VEHICLE_MODELS) {
      for (const c of ["CCS", "MCS"] as const) {
        const limit = connectorLimitKW(model, c);
        if (!limit) continue;
        for (const [from, to] of [[0.1, 0.5], [0.2, 0.8], [0.3, 0.95], [0.7, 1], [0.123, 0.987]]) {
          const min = chargeDurationMin(model, limit, c, from, to);
          expect(socAfterCharging(model, limit, c, from, min)).toBeCloseTo(to, 6);
        }
      }
    }
    expect(socAfterCharging(m, 400, "CCS", 0.3, 0)).toBe(0.3);
    expect(socAfterCharging(m, 400, "CCS", 0.3, 10_000)).toBe(1);
  });

  it("tabulated durations stay within 0.1 % of a fine integration (measured: < 0.001 %)", () => {
    const stations = [150, 250, 350, 400, 720, 1000, 1200];
    let worstRel = 0, worstAbsS = 0;
    for (const model of [...VEHICLE_MODELS, { ...m, chargingCurve: GENERIC_CURVE }]) {
      for (const c of ["CCS", "MCS"] as ChargeConnector[]) {
        if (!connectorLimitKW(model, c)) continue;
        for (const kw of stations) {
          for (let from = 0; from < 0.95; from += 0.0737) {
            for (let to = from + 0.0113; to <= 1; to += 0.0891) {
              const fast = chargeDurationMin(model, kw, c, from, to);
              const fine = chargeDurationFineMin(model, kw, c, from, to, 2e-5);
              worstRel = Math.max(worstRel, Math.abs(fast - fine) / fine);
              worstAbsS = Math.max(worstAbsS, Math.abs(fast - fine) * 60);
            }
          }
        }
      }
    }
    expect(worstRel).toBeLessThan(1e-3);
    expect(worstAbsS).toBeLessThan(1);
  });

  it("answers 100k duration queries quickly", () => {
    const t0 = performance.now();
    let sum = 0;
    for (let i = 0; i < 100_000; i++) sum += chargeDurationMin(m, i & 1 ? 1000 : 400, i & 2 ? "MCS" : "CCS", (i % 90) / 100, 0.95);
    expect(sum).toBeGreaterThan(0);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
