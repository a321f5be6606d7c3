import { describe, expect, it } from "vitest";
import { bearingDeg } from "@/engine/geo";
import { VEHICLE_MODELS, findModel, type VehicleModel } from "@/engine/vehicles/catalog";
import {
  airDensityFactor, airDensityKgM3, batteryThermalKW, cabHvacKW, coldChargeFactor, headwindComponentMs,
  heatPumpCop, isaPressurePa, plannedRollingTemperatureFactor, preconditioningKWh, recuperationColdFactor, roadSurfaceFactor, rollingTemperatureFactor,
  STILL_20C, tyreFactor, weatherTerms, type Ambient,
} from "@/engine/vehicles/ambient";
import {
  AIR_DENSITY, consumptionCalibration, edgeEnergyKWh, G, MIN_SPEED_KMH, weatherBreakdownKWh,
} from "@/engine/vehicles/physics";
import {
  chargeDurationFineMin, chargeDurationMin, chargePowerKW, coldAcceptanceFactor, socAfterCharging,
} from "@/engine/vehicles/charging";

const eActros = findModel("MB_EACTROS_600")!;

// edgeEnergyKWh as it was before weather (copied from physics.ts at e37d39e): the reference.
function edgeEnergyBeforeWeather(
  model: VehicleModel, massKg: number, lengthM: number, speedKmh: number, ascentM: number, descentM: number,
): number {
  const k = consumptionCalibration(model);
  const v = (Number.isFinite(speedKmh) && speedKmh > MIN_SPEED_KMH ? speedKmh : MIN_SPEED_KMH) / 3.6;
  const length = lengthM > 0 ? lengthM : 0;
  const up = ascentM > 0 ? ascentM : 0;
  const down = descentM > 0 ? descentM : 0;
  const forceN = k * (massKg * G * model.rollingResistance + 0.5 * AIR_DENSITY * model.dragAreaM2 * v * v);
  const battery = (wheelJ: number) =>
    wheelJ >= 0 ? wheelJ / model.drivetrainEfficiency : wheelJ * model.recuperationEfficiency;
  const upLength = up + down > 0 ? (length * up) / (up + down) : length;
  const wheelUp = forceN * upLength + massKg * G * up;
  const wheelDown = forceN * (length - upLength) - massKg * G * down;
  const auxJ = k * model.auxiliaryKW * 1000 * (length / v);
  return (battery(wheelUp) + battery(wheelDown) + auxJ) / 3.6e6;
}

describe("ambient terms against hand calculations", () => {
  it("air density: ideal gas at the ISA pressure of the altitude", () => {
    // ISA: p = 101325 (1 - 0.0065 h / 288.15)^5.25579; at 1000 m: 101325 x 0.977443^5.25579 = 89874.75 Pa.
    expect(isaPressurePa(0)).toBe(101_325);
    expect(isaPressurePa(1000)).toBeCloseTo(89_874.75, 1);
    // rho = p / (287.05 T): 101325 / (287.05 x 293.15) = 1.20412; ISA sea level (15 C) 1.22501.
    expect(airDensityKgM3(20, 0)).toBeCloseTo(1.20412, 5);
    expect(airDensityKgM3(15, 0)).toBeCloseTo(1.22501, 5);
    expect(Math.abs(airDensityKgM3(20, 0) - AIR_DENSITY)).toBeLessThan(0.005); // physics.ts's 1.2 within rounding
    // -2 C: 293.15 / 271.15 = 1.08114 (facts sheet: +8.1 %); -2 C at 1000 m: 89874.75 / (287.05 x 271.15) = 1.15470.
    expect(airDensityFactor(-2, 0)).toBeCloseTo(293.15 / 271.15, 12);
    expect(airDensityKgM3(-2, 1000)).toBeCloseTo(1.15470, 5);
    expect(airDensityFactor(20, 0)).toBe(1);
  });

  it("rolling resistance: UN R117 Annex 6 temperature correction (Kt 0.006, C3 LI > 121) relative to 20 C", () => {
    // Fr(t) / Fr(20) = (1 + 0.006 (20 - 25)) / (1 + 0.006 (t - 25)).
    expect(rollingTemperatureFactor(20)).toBe(1);
    expect(rollingTemperatureFactor(-2)).toBeCloseTo(0.97 / 0.838, 12); // 1.15752
    expect(rollingTemperatureFactor(-20)).toBeCloseTo(0.97 / 0.73, 12); // 1.32877
    expect(rollingTemperatureFactor(30)).toBeCloseTo(0.97 / 1.03, 12); // 0.94175
    expect(rollingTemperatureFactor(-60)).toBe(rollingTemperatureFactor(-40)); // clamped
    expect(tyreFactor({})).toBe(1);
    expect(tyreFactor({ winterTyres: true })).toBe(1.15);
    expect(tyreFactor({ snowRoad: true })).toBe(1.15); // a snow road implies winter tyres
    expect(roadSurfaceFactor({})).toBe(1);
    expect(roadSurfaceFactor({ wetRoad: true })).toBe(1.1);
    expect(roadSurfaceFactor({ snowRoad: true, wetRoad: true })).toBe(1.4);
  });

  it("cab climate: heating below 20 C, cooling above 24 C, heat pump by its COP", () => {
    expect(cabHvacKW(20, eActros)).toBe(0);
    expect(cabHvacKW(22, eActros)).toBe(0);
    expect(cabHvacKW(-2, eActros)).toBeCloseTo(0.18 * 22, 12); // 3.96 kW
    expect(cabHvacKW(35, eActros)).toBeCloseTo(0.1 * 11, 12); // 1.1 kW
    // Heat pump at -2 C: COP = 2 + 0.05 x (-2) = 1.9: 3.96 / 1.9 = 2.084 kW; at -30 C the COP floor 1.
    expect(heatPumpCop(-2)).toBeCloseTo(1.9, 12);
    expect(cabHvacKW(-2, { ...eActros, cabHeatPump: true })).toBeCloseTo(3.96 / 1.9, 12);
    expect(cabHvacKW(-30, { ...eActros, cabHeatPump: true })).toBeCloseTo(0.18 * 50, 12);
    expect(cabHvacKW(-2, { ...eActros, cabHeatingKWPerK: 0.1 })).toBeCloseTo(2.2, 12); // a fleet's own figure
  });

  it("battery: heating while driving, preconditioning energy and recuperation in the cold", () => {
    // 0.1 kW/K per 621 kWh installed below 5 C: eActros at -2 C: 0.1 x 7 = 0.7 kW.
    expect(batteryThermalKW(5, eActros)).toBe(0);
    expect(batteryThermalKW(-2, eActros)).toBeCloseTo(0.7, 12);
    expect(batteryThermalKW(-2, { installedBatteryKWh: 310.5 })).toBeCloseTo(0.35, 12);
    // Heat capacity 621 kWh / 0.14 kWh/kg x 1 kJ/(kg K) / 3600 = 1.2321 kWh/K; x (5 - (-2)) K = 8.625 kWh.
    expect(preconditioningKWh(-2, eActros)).toBeCloseTo(8.625, 9);
    expect(preconditioningKWh(-20, eActros)).toBeCloseTo((621 / 0.14 / 3600) * 25, 9);
    expect(preconditioningKWh(5, eActros)).toBe(0);
    expect(preconditioningKWh(-2, { installedBatteryKWh: 621, batteryHeatCapacityKWhPerK: 2 })).toBe(14);
    // Recuperation: 1 - 0.01 (10 - t) below 10 C, floor 0.6.
    expect(recuperationColdFactor(10)).toBe(1);
    expect(recuperationColdFactor(-2)).toBeCloseTo(0.88, 12);
    expect(recuperationColdFactor(-40)).toBe(0.6);
  });

  it("wind: component along the heading, meteorological 'from' direction", () => {
    expect(headwindComponentMs(10, 0, 0)).toBeCloseTo(10, 12); // from the north, driving north: headwind
    expect(headwindComponentMs(10, 180, 0)).toBeCloseTo(-10, 12); // from the south: tailwind
    expect(headwindComponentMs(10, 90, 0)).toBeCloseTo(0, 12); // pure crosswind
    expect(headwindComponentMs(10, 300, 0)).toBeCloseTo(5, 12); // 60 degrees off the nose: cos 60 = 0.5
    expect(headwindComponentMs(10, 45, 225)).toBeCloseTo(-10, 12);
    expect(headwindComponentMs(0, 45, 45)).toBe(0);
    expect(bearingDeg(50, 8, 51, 8)).toBeCloseTo(0, 9); // [lat, lon]: due north
    expect(bearingDeg(0, 8, 0, 9)).toBeCloseTo(90, 9); // along the equator: due east
    expect(bearingDeg(51, 8, 50, 8)).toBeCloseTo(180, 9);
    expect(bearingDeg(0, 9, 0, 8)).toBeCloseTo(270, 9);
  });

  it("cold DC charging: derate of the acceptance, small when preconditioned", () => {
    expect(coldChargeFactor(20, false)).toBe(1);
    expect(coldChargeFactor(5, false)).toBe(1);
    expect(coldChargeFactor(-11, false)).toBeCloseTo(1 - 0.025 * 16, 12); // 0.6: CAA car test (E17) 57-61 % of peak
    expect(coldChargeFactor(-40, false)).toBe(0.3);
    expect(coldChargeFactor(-2, true)).toBeCloseTo(0.99, 12);
    expect(coldChargeFactor(-20, true)).toBeCloseTo(0.9, 12);
    expect(coldChargeFactor(-40, true)).toBe(0.85);
    expect(coldChargeFactor(0, true)).toBe(1);
  });

  it("edge energy in the cold equals the written-out physics", () => {
    // eActros 600, 40 t, 1 km flat at 80 km/h, -2 C at sea level, dry, winter tyres, no wind.
    const m = eActros, mass = 40_000, v = 80 / 3.6, k = consumptionCalibration(m);
    const roll = 0.97 / 0.838 * 1.15; // R117 at -2 C x winter tyres
    const rho = 1.2 * (293.15 / 271.15);
    const forceN = k * (mass * 9.81 * m.rollingResistance * roll + 0.5 * rho * m.dragAreaM2 * v * v);
    const seconds = 1000 / v; // 45 s
    const auxJ = (k * m.auxiliaryKW + 0.18 * 22 + 0.1 * 7) * 1000 * seconds; // model aux + cab 3.96 kW + battery 0.7 kW
    const expected = (forceN * 1000 / m.drivetrainEfficiency + auxJ) / 3.6e6;
    expect(edgeEnergyKWh(m, mass, 1000, 80, 0, 0, { temperatureC: -2, winterTyres: true })).toBeCloseTo(expected, 12);

    // Downhill 1 km at -5 % (50 m), 10 C (recuperation factor 1, cab 0.18 x 10 K, no battery heat), 1000 m, 5 m/s headwind.
    const air = v + 5;
    const rho2 = 1.2 * (89_874.75 / (287.05 * 283.15)) / (101_325 / (287.05 * 293.15));
    const f2 = k * (mass * 9.81 * m.rollingResistance * (0.97 / 0.91) + 0.5 * rho2 * m.dragAreaM2 * air * air);
    const wheelJ = f2 * 1000 - mass * 9.81 * 50; // negative: recuperates
    const aux2 = (k * m.auxiliaryKW + 0.18 * 10) * 1000 * seconds;
    const expected2 = (wheelJ * m.recuperationEfficiency + aux2) / 3.6e6;
    expect(edgeEnergyKWh(m, mass, 1000, 80, 0, 50, { temperatureC: 10, altitudeM: 1000, headwindMs: 5 })).toBeCloseTo(expected2, 6);
    // The same at -2 C: recuperation efficiency x 0.88.
    const b = weatherBreakdownKWh(m, mass, 1000, 80, 0, 50, { temperatureC: -2 });
    expect(b.recuperationKWh).toBeGreaterThan(0);
  });
});

describe("the reference is unchanged", () => {
  const cases: [number, number, number, number, number][] = [];
  for (const mass of [15_000, 30_000, 40_000]) {
    for (const v of [0, 3, 30, 64, 80, 90]) {
      for (const [len, up, down] of [[1000, 0, 0], [2500, 60, 0], [2500, 0, 60], [1200, 5, 30], [0, 0, 0], [1e5, 0, 3]]) {
        cases.push([mass, len, v, up, down]);
      }
    }
  }

  it("no ambient === STILL_20C === { temperatureC: 20 } === the formula before weather, bit for bit", () => {
    for (const model of VEHICLE_MODELS) {
      for (const [mass, len, v, up, down] of cases) {
        const before = edgeEnergyBeforeWeather(model, mass, len, v, up, down);
        expect(edgeEnergyKWh(model, mass, len, v, up, down)).toBe(before);
        expect(edgeEnergyKWh(model, mass, len, v, up, down, STILL_20C)).toBe(before);
        expect(edgeEnergyKWh(model, mass, len, v, up, down, { temperatureC: 20, altitudeM: 0, headwindMs: 0 })).toBe(before);
        expect(edgeEnergyKWh(model, mass, len, v, up, down, { temperatureC: 20, wetRoad: false, snowRoad: false })).toBe(before);
      }
    }
  });

  it("STILL_20C's terms are neutral and its breakdown is all zero", () => {
    const w = weatherTerms(eActros, STILL_20C);
    expect(w).toEqual({
      rollingFactor: 1, rollingTemperatureFactor: 1, tyreFactor: 1, roadSurfaceFactor: 1, airDensityFactor: 1,
      headwindMs: 0, recuperationFactor: 1, hvacKW: 0, batteryKW: 0,
    });
    const b = weatherBreakdownKWh(eActros, 40_000, 2500, 80, 0, 60, STILL_20C);
    expect(b.extraKWh).toBe(0);
    for (const key of ["rollingAirKWh", "wetKWh", "windKWh", "recuperationKWh", "hvacKWh", "batteryKWh"] as const) expect(b[key]).toBe(0);
  });

  it("charging without a temperature is what it was; at 20 C, and preconditioned at 0 C, too", () => {
    for (const model of VEHICLE_MODELS) {
      for (const [kw, conn] of [[1000, "MCS"], [400, "CCS"], [150, "CCS"]] as const) {
        for (const soc of [0, 0.3, 0.85, 1]) {
          expect(chargePowerKW(model, kw, conn, soc, { temperatureC: 20 })).toBe(chargePowerKW(model, kw, conn, soc));
          expect(chargePowerKW(model, kw, conn, soc, { temperatureC: 0 })).toBe(chargePowerKW(model, kw, conn, soc));
        }
        expect(chargeDurationMin(model, kw, conn, 0.1, 0.9, { temperatureC: 20, preconditioned: false })).toBe(chargeDurationMin(model, kw, conn, 0.1, 0.9));
        expect(socAfterCharging(model, kw, conn, 0.1, 20, { temperatureC: 25 })).toBe(socAfterCharging(model, kw, conn, 0.1, 20));
      }
    }
    expect(coldAcceptanceFactor()).toBe(1);
    expect(coldAcceptanceFactor({ temperatureC: 3 })).toBe(1); // preconditioned by default: no derate at 0 C and above
  });
});

describe("weather changes energy in the expected direction", () => {
  it("a headwind costs, a tailwind saves, in proportion to (v + w)^2", () => {
    for (const model of VEHICLE_MODELS) {
      const calm = edgeEnergyKWh(model, 40_000, 1000, 80, 0, 0, { temperatureC: 20 });
      const head = edgeEnergyKWh(model, 40_000, 1000, 80, 0, 0, { temperatureC: 20, headwindMs: 5 });
      const tail = edgeEnergyKWh(model, 40_000, 1000, 80, 0, 0, { temperatureC: 20, headwindMs: -5 });
      expect(head).toBeGreaterThan(calm);
      expect(tail).toBeLessThan(calm);
      // Aero traction per km at 20 C: k 0.5 1.2 cdA (v + w)^2 x 1000 m / eta.
      const k = consumptionCalibration(model), v = 80 / 3.6;
      const aero = (w: number) => (k * 0.5 * 1.2 * model.dragAreaM2 * (v + w) * (v + w) * 1000) / model.drivetrainEfficiency / 3.6e6;
      expect(head - calm).toBeCloseTo(aero(5) - aero(0), 9);
      expect(calm - tail).toBeCloseTo(aero(0) - aero(-5), 9);
      const b = weatherBreakdownKWh(model, 40_000, 1000, 80, 0, 0, { temperatureC: 20, headwindMs: 5 });
      expect(b.windKWh).toBeCloseTo(head - calm, 12);
    }
  });

  it("colder, higher, wetter, hotter: colder and wetter cost more, thinner air at altitude or in heat less", () => {
    const e = (a: Ambient) => edgeEnergyKWh(eActros, 40_000, 1000, 80, 0, 0, a);
    expect(e({ temperatureC: 0 })).toBeGreaterThan(e({ temperatureC: 10 }));
    expect(e({ temperatureC: -20 })).toBeGreaterThan(e({ temperatureC: 0 }));
    expect(e({ temperatureC: 20, altitudeM: 1500 })).toBeLessThan(e(STILL_20C));
    expect(e({ temperatureC: 20, wetRoad: true })).toBeGreaterThan(e(STILL_20C));
    expect(e({ temperatureC: 0, snowRoad: true })).toBeGreaterThan(e({ temperatureC: 0, wetRoad: true }));
    // Heat: no rolling credit above 20 C (plannedRollingTemperatureFactor), thinner air (-4.9 % at 35 C) vs 1.1 kW of air
    // conditioning: within 2 % of the reference, and dearer than 24 C would be without the air conditioning.
    expect(plannedRollingTemperatureFactor(30)).toBe(1);
    expect(plannedRollingTemperatureFactor(-2)).toBe(rollingTemperatureFactor(-2));
    expect(Math.abs(e({ temperatureC: 35 }) / e(STILL_20C) - 1)).toBeLessThan(0.02);
    const acKWh = (1.1 * 1000 * (1000 / (80 / 3.6))) / 3.6e6;
    expect(e({ temperatureC: 35 }) - e({ temperatureC: 24 })).toBeLessThan(acKWh);
    expect(e({ temperatureC: 35 }) - e({ temperatureC: 24 })).toBeGreaterThan(acKWh - 0.05);
  });

  it("the breakdown's terms add up to the extra energy", () => {
    const ambients: Ambient[] = [
      { temperatureC: -2, winterTyres: true }, { temperatureC: -15, snowRoad: true, headwindMs: 6, altitudeM: 800 },
      { temperatureC: 8, wetRoad: true, headwindMs: -4 }, { temperatureC: 33 },
    ];
    for (const a of ambients) {
      for (const [len, up, down] of [[1000, 0, 0], [2000, 40, 0], [2000, 0, 40], [3000, 10, 50]]) {
        const b = weatherBreakdownKWh(eActros, 40_000, len, 80, up, down, a);
        expect(b.totalKWh).toBe(edgeEnergyKWh(eActros, 40_000, len, 80, up, down, a));
        expect(b.referenceKWh).toBe(edgeEnergyKWh(eActros, 40_000, len, 80, up, down));
        const sum = b.rollingAirKWh + b.wetKWh + b.windKWh + b.recuperationKWh + b.hvacKWh + b.batteryKWh;
        expect(sum).toBeCloseTo(b.extraKWh, 12);
      }
    }
  });
});

// Calibration: Mercedes-Benz eActros 600 winter test (Daimler Truck press release 2025-02-25, via electrive.com and
// automotiveworld.com; facts sheet E1-E3): 40 t, daily average speeds 64-77 km/h, a representative section after a
// cold start at -2 C average on a snow-free road with class B (winter) tyres: ~+25 % vs the same section in summer on
// class A tyres; of it ~15 points rolling + air resistance, ~5 cab at 21 C, < 1 battery heating, ~4 less
// recuperation. Snow- and ice-covered roads with class D tyres: up to +50 %.
//
// The section's profile is not published; recuperation needs descents, so the section here is a rolling road:
// per 10 km, 6 km flat, 2 km up and 2 km down at 2 % (40 m of climb per 10 km). Accepted band: 20-30 % (the
// published "around 25 %" rounds four rounded terms, 15 + 5 + <1 + 4, from one section of unknown profile and
// speed; +-5 points is +-20 % of the effect, about the spread our model shows over 64-80 km/h and 0-3 % grades).
describe("calibration: eActros 600 winter test", () => {
  const section: [number, number, number][] = [[6000, 0, 0], [2000, 40, 0], [2000, 0, 40]];
  const flat: [number, number, number][] = [[10_000, 0, 0]];
  const winter: Ambient = { temperatureC: -2, winterTyres: true };
  const snow: Ambient = { temperatureC: -2, snowRoad: true };

  function percent(profile: [number, number, number][], speedKmh: number, a: Ambient) {
    let ref = 0, extra = 0;
    const terms = { rollingAir: 0, wet: 0, wind: 0, recuperation: 0, hvac: 0, battery: 0 };
    for (const [len, up, down] of profile) {
      const b = weatherBreakdownKWh(eActros, 40_000, len, speedKmh, up, down, a);
      ref += b.referenceKWh;
      extra += b.extraKWh;
      terms.rollingAir += b.rollingAirKWh; terms.wet += b.wetKWh; terms.wind += b.windKWh;
      terms.recuperation += b.recuperationKWh; terms.hvac += b.hvacKWh; terms.battery += b.batteryKWh;
    }
    const pct = (x: number) => (100 * x) / ref;
    return {
      total: pct(extra), rollingAir: pct(terms.rollingAir), wet: pct(terms.wet), wind: pct(terms.wind),
      recuperation: pct(terms.recuperation), hvac: pct(terms.hvac), battery: pct(terms.battery),
    };
  }

  it("-2 C, dry, winter tyres, cab at 21 C: about +25 % on the section at 72 km/h, each term near the published split", () => {
    const p = percent(section, 72, winter);
    expect(p.total).toBeGreaterThan(23); // model: 24.8
    expect(p.total).toBeLessThan(27);
    expect(p.rollingAir).toBeGreaterThan(13); // published ~15; model 15.9
    expect(p.rollingAir).toBeLessThan(17.5);
    expect(p.hvac).toBeGreaterThan(4); // published ~5; model 4.5
    expect(p.hvac).toBeLessThan(6);
    expect(p.battery).toBeGreaterThan(0); // published < 1; model 0.8
    expect(p.battery).toBeLessThan(1);
    expect(p.recuperation).toBeGreaterThan(2.5); // published ~4; model 3.6
    expect(p.recuperation).toBeLessThan(5);
    expect(p.wet).toBe(0);
    expect(p.wind).toBe(0);
  });

  it("stays within 20-30 % over the published speeds and on a flat road at 80 km/h", () => {
    for (const v of [64, 72, 77, 80]) {
      const p = percent(section, v, winter).total; // 26.7 at 64 .. 23.2 at 80
      expect(p).toBeGreaterThan(20);
      expect(p).toBeLessThan(30);
    }
    for (const v of [72, 80]) {
      const p = percent(flat, v, winter); // 27.8 at 72, 25.7 at 80; no descents, so no recuperation term
      expect(p.total).toBeGreaterThan(20);
      expect(p.total).toBeLessThan(30);
      expect(p.recuperation).toBe(0);
    }
  });

  it("snow and ice with winter tyres: about +50 %", () => {
    const p = percent(section, 72, snow).total; // model: 49.6
    expect(p).toBeGreaterThan(45);
    expect(p).toBeLessThan(55);
    expect(percent(section, 72, snow).wet).toBeGreaterThan(10); // the snow's own term
  });

  it("summer tyres at -2 C cost less than the winter tyres of the test", () => {
    expect(percent(section, 72, { temperatureC: -2 }).total).toBeLessThan(percent(section, 72, winter).total);
  });
});

describe("cold charging in charging.ts", () => {
  it("derates the battery's acceptance, not the inlet's limit", () => {
    const cold = { temperatureC: -11, preconditioned: false }; // factor 0.6
    // MCS at 1 MW, SoC 30 % (curve share 1, refKW 1000): min(1000, 1000 x 0.6) = 600 kW.
    expect(chargePowerKW(eActros, 1000, "MCS", 0.3, cold)).toBeCloseTo(600, 9);
    // CCS 400 kW: the pack still accepts 600 > 400 kW, so the inlet limits as before.
    expect(chargePowerKW(eActros, 1000, "CCS", 0.3, cold)).toBe(400);
    const warm = chargeDurationMin(eActros, 1000, "MCS", 0.2, 0.8);
    const unconditioned = chargeDurationMin(eActros, 1000, "MCS", 0.2, 0.8, cold);
    const preconditioned = chargeDurationMin(eActros, 1000, "MCS", 0.2, 0.8, { temperatureC: -11 });
    expect(unconditioned).toBeGreaterThan(warm * 1.3);
    expect(preconditioned).toBeGreaterThan(warm);
    expect(preconditioned).toBeLessThan(warm * 1.07); // factor 0.945
    // A pack whose acceptance is the inlet's (generic curve, 250 kW): time scales with 1 / factor while flat.
    const volvo = findModel("VOLVO_FH_ELECTRIC")!;
    const generic: VehicleModel = { ...volvo, chargingCurve: undefined };
    expect(chargeDurationMin(generic, 350, "CCS", 0.1, 0.7, cold)).toBeCloseTo(chargeDurationMin(generic, 350, "CCS", 0.1, 0.7) / 0.6, 6);
  });

  it("keeps the table, its inverse and the fine integration consistent in the cold", () => {
    const cold = { temperatureC: -15, preconditioned: false };
    for (const model of VEHICLE_MODELS) {
      const conn = model.maxMcsKW ? "MCS" : "CCS";
      const kw = model.maxMcsKW ?? model.maxCcsKW ?? 0;
      const min = chargeDurationMin(model, kw, conn, 0.15, 0.95, cold);
      const fine = chargeDurationFineMin(model, kw, conn, 0.15, 0.95, 1e-4, cold);
      expect(Math.abs(min - fine) / fine).toBeLessThan(1e-3);
      expect(socAfterCharging(model, kw, conn, 0.15, min, cold)).toBeCloseTo(0.95, 6);
      expect(min).toBeGreaterThanOrEqual(chargeDurationMin(model, kw, conn, 0.15, 0.95));
    }
  });
});
