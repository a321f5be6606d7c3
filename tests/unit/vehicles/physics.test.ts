import { describe, expect, it } from "vitest";
import { VEHICLE_MODELS, findModel, type VehicleModel } from "@/engine/vehicles/catalog";
import { consumptionKWhPerKm, grossMassKg } from "@/engine/vehicles/energy";
import {
  AIR_DENSITY, consumptionCalibration, edgeEnergyKWh, flatConsumptionKWhPerKm, G, MIN_SPEED_KMH, rawFlatKWhPerKm,
} from "@/engine/vehicles/physics";

const m = findModel("MB_EACTROS_600")!;

describe("edge energy physics", () => {
  it("agrees with the flat-consumption function and with consumptionKWhPerKm", () => {
    for (const model of VEHICLE_MODELS) {
      for (const mass of [model.tareKg, 30_000, 40_000]) {
        for (const v of [30, 60, 80, 90]) {
          const perKm = flatConsumptionKWhPerKm(model, mass, v);
          expect(edgeEnergyKWh(model, mass, 2500, v, 0, 0)).toBeCloseTo(2.5 * perKm, 9);
        }
      }
      const payload = 15_000;
      expect(consumptionKWhPerKm(model, payload)).toBeCloseTo(flatConsumptionKWhPerKm(model, grossMassKg(model, payload), 80), 12);
    }
  });

  it("sums rolling, aero, drivetrain loss and auxiliaries as documented", () => {
    const v = 80 / 3.6;
    const wheelJ = (40_000 * G * m.rollingResistance + 0.5 * AIR_DENSITY * m.dragAreaM2 * v * v) * 1000;
    const expected = (wheelJ / m.drivetrainEfficiency + m.auxiliaryKW * 1000 * (1000 / v)) / 3.6e6;
    expect(rawFlatKWhPerKm(m, 40_000, 80)).toBeCloseTo(expected, 9);
  });

  it("never costs less with more payload (flat and over a hill), for every model", () => {
    for (const model of VEHICLE_MODELS) {
      let prevFlat = -Infinity, prevHill = -Infinity;
      for (let p = 0; p <= 30_000; p += 1000) {
        const mass = grossMassKg(model, p);
        const flat = edgeEnergyKWh(model, mass, 1000, 80, 0, 0);
        const hill = edgeEnergyKWh(model, mass, 2000, 80, 60, 0) + edgeEnergyKWh(model, mass, 2000, 80, 0, 60);
        expect(flat).toBeGreaterThanOrEqual(prevFlat);
        expect(hill).toBeGreaterThanOrEqual(prevHill);
        prevFlat = flat;
        prevHill = hill;
      }
    }
  });

  it("costs more per km at higher speed above ~30 km/h (below, auxiliaries over time dominate)", () => {
    for (const model of VEHICLE_MODELS) {
      let prev = -Infinity;
      for (let v = 40; v <= 100; v += 5) {
        const c = flatConsumptionKWhPerKm(model, 40_000, v);
        expect(c).toBeGreaterThan(prev);
        prev = c;
      }
      expect(flatConsumptionKWhPerKm(model, 40_000, 10)).toBeGreaterThan(flatConsumptionKWhPerKm(model, 40_000, 40));
    }
  });

  it("climbing 100 m then descending 100 m costs more than the same distance flat", () => {
    for (const model of VEHICLE_MODELS) {
      const flat = (lengthM: number) => edgeEnergyKWh(model, 40_000, lengthM, 80, 0, 0);
      for (const lengthM of [2000, 5000]) {
        const up = edgeEnergyKWh(model, 40_000, lengthM, 80, 100, 0);
        const down = edgeEnergyKWh(model, 40_000, lengthM, 80, 0, 100);
        expect(up + down).toBeGreaterThan(2 * flat(lengthM));
        expect(up - flat(lengthM)).toBeGreaterThan(flat(lengthM) - down); // climbing costs more than descending returns
      }
      // 0.5 % down never needs the brakes: the height is returned as saved traction, no round-trip loss.
      const up = edgeEnergyKWh(model, 40_000, 20_000, 80, 100, 0);
      const down = edgeEnergyKWh(model, 40_000, 20_000, 80, 0, 100);
      expect(up + down).toBeCloseTo(2 * flat(20_000), 9);
    }
  });

  it("recuperates only on descents steeper than rolling + aero; a gentle one just saves traction", () => {
    const mass = 40_000;
    const flat = edgeEnergyKWh(m, mass, 1000, 80, 0, 0);
    // 0.5 % down: less than the ~0.9 % that balances rolling + aero at 80 km/h.
    const gentle = edgeEnergyKWh(m, mass, 1000, 80, 0, 5);
    const potentialKWh = (mass * G * 5) / 3.6e6;
    expect(gentle).toBeCloseTo(flat - potentialKWh / m.drivetrainEfficiency, 9);
    expect(gentle).toBeGreaterThan(0);
    // 4 % down: net recuperation, at recuperationEfficiency.
    const steep = edgeEnergyKWh(m, mass, 1000, 80, 0, 40);
    const aux = (consumptionCalibration(m) * m.auxiliaryKW * (1000 / (80 / 3.6))) / 3600;
    const wheelKWh = (flat - aux) * m.drivetrainEfficiency - (mass * G * 40) / 3.6e6;
    expect(wheelKWh).toBeLessThan(0);
    expect(steep).toBeCloseTo(wheelKWh * m.recuperationEfficiency + aux, 9);
    expect(steep).toBeLessThan(0);
  });

  it("splits an edge with both ascent and descent into equal-grade rising and falling parts", () => {
    const both = edgeEnergyKWh(m, 40_000, 3000, 80, 30, 60);
    const parts = edgeEnergyKWh(m, 40_000, 1000, 80, 30, 0) + edgeEnergyKWh(m, 40_000, 2000, 80, 0, 60);
    expect(both).toBeCloseTo(parts, 9);
  });

  it("handles degenerate input: zero length, negative heights, zero speed", () => {
    expect(edgeEnergyKWh(m, 40_000, 0, 80, 0, 0)).toBe(0);
    expect(edgeEnergyKWh(m, 40_000, 1000, 80, -5, -5)).toBe(edgeEnergyKWh(m, 40_000, 1000, 80, 0, 0));
    const crawl = edgeEnergyKWh(m, 40_000, 1000, 0, 0, 0);
    expect(Number.isFinite(crawl)).toBe(true);
    expect(crawl).toBe(edgeEnergyKWh(m, 40_000, 1000, MIN_SPEED_KMH, 0, 0));
  });

  it("scales with a fleet override of the reference consumption", () => {
    const measured: VehicleModel = { ...m, referenceConsumptionKWhPerKm: 1.35 };
    expect(flatConsumptionKWhPerKm(measured, measured.referenceGrossKg, 80)).toBeCloseTo(1.35, 9);
    expect(consumptionKWhPerKm(measured, 0)).toBeGreaterThan(consumptionKWhPerKm(m, 0));
  });
});
