import { describe, expect, it } from "vitest";
import { findModel } from "@/engine/vehicles/catalog";
import { chargeDurationMin, chargePowerKW, socAfterCharging } from "@/engine/vehicles/charging";

describe("charging curve", () => {
  const m = findModel("MB_EACTROS_600")!;

  it("charges an eActros 600 from 20 to 80 % at 1 MW MCS in about half an hour", () => {
    const min = chargeDurationMin(m, 1000, "MCS", 0.2, 0.8);
    expect(min).toBeGreaterThan(15);
    expect(min).toBeLessThan(40);
  });

  it("is flat to 80 % and tapers to a quarter at 100 %", () => {
    expect(chargePowerKW(m, 1000, "MCS", 0.5)).toBe(1000);
    expect(chargePowerKW(m, 1000, "MCS", 0.8)).toBe(1000);
    expect(chargePowerKW(m, 1000, "MCS", 0.9)).toBeCloseTo(625, 6);
    expect(chargePowerKW(m, 1000, "MCS", 1)).toBeCloseTo(250, 6);
    expect(chargePowerKW(m, 1000, "CCS", 0.5)).toBe(400);
  });

  it("caps power at a 150 kW station", () => {
    for (const soc of [0, 0.3, 0.8, 0.9]) expect(chargePowerKW(m, 150, "CCS", soc)).toBe(150);
    expect(chargePowerKW(m, 150, "CCS", 1)).toBe(100);
    const slow = chargeDurationMin(m, 150, "CCS", 0.2, 0.8);
    expect(slow).toBeCloseTo((0.6 * m.usableBatteryKWh) / 150 * 60, 3);
    expect(slow).toBeGreaterThan(chargeDurationMin(m, 400, "CCS", 0.2, 0.8));
  });

  it("gets monotonically longer with a higher target SoC", () => {
    let prev = 0;
    for (let to = 0.25; to <= 1.0001; to += 0.05) {
      const t = chargeDurationMin(m, 400, "CCS", 0.2, to);
      expect(t).toBeGreaterThan(prev);
      prev = t;
    }
    expect(chargeDurationMin(m, 400, "CCS", 0.6, 0.5)).toBe(0);
  });

  it("cannot charge over MCS without an MCS inlet", () => {
    const fh = findModel("VOLVO_FH_ELECTRIC")!;
    expect(chargePowerKW(fh, 1000, "MCS", 0.5)).toBe(0);
    expect(chargeDurationMin(fh, 1000, "MCS", 0.2, 0.8)).toBe(Infinity);
    expect(socAfterCharging(fh, 1000, "MCS", 0.2, 30)).toBe(0.2);
  });

  it("inverts chargeDurationMin with socAfterCharging", () => {
    for (const [from, to] of [[0.1, 0.5], [0.2, 0.8], [0.3, 0.95], [0.7, 1]]) {
      const min = chargeDurationMin(m, 400, "CCS", from, to);
      expect(socAfterCharging(m, 400, "CCS", from, min)).toBeCloseTo(to, 4);
    }
    expect(socAfterCharging(m, 400, "CCS", 0.3, 0)).toBe(0.3);
    expect(socAfterCharging(m, 400, "CCS", 0.3, 10_000)).toBe(1);
  });
});
