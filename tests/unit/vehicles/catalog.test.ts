import { describe, expect, it } from "vitest";
import { VEHICLE_MODELS, findModel, modelsByManufacturer } from "@/engine/vehicles/catalog";

describe("vehicle catalog", () => {
  it("has every truck from the facts sheet", () => {
    for (const code of [
      "MB_EACTROS_600", "MAN_ETGX", "VOLVO_FH_ELECTRIC", "VOLVO_FH_AERO_ELECTRIC",
      "SCANIA_45R_BEV", "IVECO_S_EWAY", "TESLA_SEMI",
    ]) expect(findModel(code), code).toBeDefined();
  });

  it("has unique codes and sane, sourced figures", () => {
    expect(new Set(VEHICLE_MODELS.map((m) => m.code)).size).toBe(VEHICLE_MODELS.length);
    for (const m of VEHICLE_MODELS) {
      expect(m.code).toMatch(/^[A-Z0-9_]+$/);
      expect(m.usableBatteryKWh).toBeLessThanOrEqual(m.installedBatteryKWh);
      expect(m.tareKg).toBeGreaterThan(12_000);
      expect(m.tareKg).toBeLessThan(m.maxGrossKg);
      expect(m.referenceConsumptionKWhPerKm).toBeGreaterThan(0.8);
      expect(m.referenceConsumptionKWhPerKm).toBeLessThan(2);
      expect(m.maxCcsKW !== null || m.maxMcsKW !== null).toBe(true);
      expect(m.sources.length).toBeGreaterThan(0);
      if (m.estimated.length > 0) expect(m.notes.length).toBeGreaterThan(0);
    }
  });

  it("has physics parameters within the typical heavy-truck ranges, flagged as estimates", () => {
    for (const m of VEHICLE_MODELS) {
      expect(m.rollingResistance, m.code).toBeGreaterThanOrEqual(0.0045);
      expect(m.rollingResistance, m.code).toBeLessThanOrEqual(0.0065);
      expect(m.dragAreaM2, m.code).toBeGreaterThanOrEqual(3.5);
      expect(m.dragAreaM2, m.code).toBeLessThanOrEqual(6);
      expect(m.drivetrainEfficiency, m.code).toBeGreaterThanOrEqual(0.85);
      expect(m.drivetrainEfficiency, m.code).toBeLessThanOrEqual(0.92);
      expect(m.recuperationEfficiency, m.code).toBeGreaterThanOrEqual(0.55);
      expect(m.recuperationEfficiency, m.code).toBeLessThanOrEqual(0.7);
      expect(m.recuperationEfficiency).toBeLessThan(m.drivetrainEfficiency);
      expect(m.auxiliaryKW).toBeGreaterThan(0);
      expect(m.auxiliaryKW).toBeLessThan(10);
      for (const f of ["rollingResistance", "dragAreaM2", "drivetrainEfficiency", "recuperationEfficiency", "auxiliaryKW"] as const) {
        expect(m.estimated, m.code).toContain(f);
      }
      for (const f of m.estimated) expect(f in m, `${m.code}.${f}`).toBe(true);
    }
  });

  it("keeps published eActros 600 figures", () => {
    const m = findModel("MB_EACTROS_600")!;
    expect([m.installedBatteryKWh, m.usableBatteryKWh, m.maxCcsKW, m.maxMcsKW]).toEqual([621, 600, 400, 1000]);
  });

  it("finds codes case-insensitively and returns undefined for unknown codes", () => {
    expect(findModel("man_etgx")?.manufacturer).toBe("MAN");
    expect(findModel("NOPE")).toBeUndefined();
  });

  it("groups by manufacturer with a case-insensitive filter", () => {
    const all = modelsByManufacturer();
    expect(all["Volvo"]["FH Electric (4x2 tractor, 540 kWh)"]).toBe("VOLVO_FH_ELECTRIC");
    expect(Object.keys(all).length).toBeGreaterThanOrEqual(8);
    const some = modelsByManufacturer(["volvo", "MERCEDES-BENZ"]);
    expect(Object.keys(some).sort()).toEqual(["Mercedes-Benz", "Volvo"]);
    expect(Object.values(some["Mercedes-Benz"])).toContain("MB_EACTROS_600");
    expect(modelsByManufacturer([])).toEqual(all);
  });
});
