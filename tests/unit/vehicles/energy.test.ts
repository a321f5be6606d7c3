import { describe, expect, it } from "vitest";
import { VEHICLE_MODELS, findModel } from "@/engine/vehicles/catalog";
import { consumptionKWhPerKm, grossMassKg } from "@/engine/vehicles/energy";

describe("payload-adjusted consumption", () => {
  const m = findModel("MB_EACTROS_600")!;

  it("hits the reference at the reference gross mass", () => {
    expect(consumptionKWhPerKm(m, m.referenceGrossKg - m.tareKg)).toBeCloseTo(m.referenceConsumptionKWhPerKm, 6);
  });

  it("puts an empty combination near 0.8-0.9 kWh/km", () => {
    const empty = consumptionKWhPerKm(m, 0);
    expect(empty).toBeGreaterThan(0.75);
    expect(empty).toBeLessThan(0.9);
  });

  it("never costs less with more payload, for every model", () => {
    for (const model of VEHICLE_MODELS) {
      let prev = -Infinity;
      for (let p = 0; p <= 40_000; p += 500) {
        const c = consumptionKWhPerKm(model, p);
        expect(c).toBeGreaterThanOrEqual(prev);
        prev = c;
      }
    }
  });

  it("clamps payload to the max gross mass and ignores negative payload", () => {
    expect(grossMassKg(m, 1e6)).toBe(m.maxGrossKg);
    expect(consumptionKWhPerKm(m, 1e6)).toBe(consumptionKWhPerKm(m, m.maxGrossKg - m.tareKg));
    expect(consumptionKWhPerKm(m, -5000)).toBe(consumptionKWhPerKm(m, 0));
  });
});
