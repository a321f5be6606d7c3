// Plans in weather, each re-simulated independently (tests/support/resimulate.ts re-derives the weather
// model from docs/weather-energy-model.md): the energy moves the way the weather pushes it, and a result
// whose weather does not match its energy, preconditioning or charging is caught.
import { describe, expect, it } from "vitest";
import type { PlanInput, SectionWeather } from "@/engine/plan/types";
import { findModel } from "@/engine/vehicles/catalog";
import { buildGraph } from "@/engine/network/graph";
import { createRouter } from "@/engine/network/router";
import { createSnapper } from "@/engine/network/snap";
import { createStationIndex } from "@/engine/stations/corridor";
import { expectConsistent, plan } from "../../support/checked-plan";
import { input, LAT, planData, station } from "./fixtures";

const data = planData(Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7)));
const EAST: Pick<PlanInput["sections"][number], "start" | "stop"> = { start: [LAT, 6.01], stop: [LAT, 13.99] };
const WEST: Pick<PlanInput["sections"][number], "start" | "stop"> = { start: [LAT, 13.99], stop: [LAT, 6.01] };

/** A plan of the whole line in one weather, checked against its re-simulation (checked-plan.ts). */
function planIn(weather: Omit<SectionWeather, "source">, way = EAST, over: Partial<PlanInput> = {}): any {
  return plan(input({ sections: [{ ...way, payloadKg: 20_000, weather: { ...weather, source: "request" } }], ...over }), data);
}
const opts = { endSoc: 0.2, minChargeMin: 0 };
const consistent = (r: unknown) => () => expectConsistent(r, data.network, opts);
const stopOf = (r: any) => r.sections.findIndex((s: any) => s.poi_summary.energy_kWh > 0 && s.poi_summary.charger_source == null);
const perKm = (r: any) => r.totals.energy_kWh / (r.totals.distance_m / 1000);

describe("re-simulation in weather", () => {
  // Planned on first use, so that a plan its re-simulation rejects fails the tests that use it.
  const once = <T>(f: () => T) => { let x: T | undefined; return () => (x ??= f()); };
  const referencePlan = once(() => planIn({ temperatureC: 20 })), coldPlan = once(() => planIn({ temperatureC: -5 }));

  it("plans at -5 C with winter tyres on a dry road, and the energy rises against 20 C", () => {
    for (const s of coldPlan().sections) {
      expect(s.weather).toMatchObject({ ambient_temperature_c: -5, road: "dry", winter_tyres: true });
    }
    expect(coldPlan().totals.weather.charging_temperature_c).toBe(-5);
    expect(referencePlan().totals.weather.extra_kWh).toBe(0);
    // About a quarter on a flat road in the doc's calibration (+25.7 % at -2 C, 80 km/h); more at -5 C.
    expect(perKm(coldPlan()) / perKm(referencePlan())).toBeGreaterThan(1.2);
    expect(coldPlan().totals.weather.extra_kWh).toBeGreaterThan(0.15 * referencePlan().totals.energy_kWh);
  });

  it("counts a charging stop's preconditioning with its detour (the doc's 1.23 kWh/K for 621 kWh)", () => {
    const i = stopOf(coldPlan());
    expect(i).toBeGreaterThanOrEqual(0);
    expect(coldPlan().sections[i].weather.preconditioning_kWh).toBeCloseTo(1.232 * 10, 1);
    // Only the section that ends at the stop names it; the destination has none.
    expect(coldPlan().sections.at(-1).weather.preconditioning_kWh).toBeUndefined();
  });

  it("a head wind raises the energy and a tail wind lowers it (8 m/s from the east on the east-west line)", () => {
    const wind = { temperatureC: -5, windSpeedMs: 8, windFromDeg: 90 };
    const east = planIn(wind), west = planIn(wind, WEST), stillWest = planIn({ temperatureC: -5 }, WEST);
    expect(east.sections[0].weather).toMatchObject({ wind_speed_ms: 8, wind_from_deg: 90 });
    expect(perKm(east)).toBeGreaterThan(perKm(coldPlan()) * 1.15);
    expect(perKm(west)).toBeLessThan(perKm(stillWest) * 0.9);
  });

  it("reproduces the doc's calibration table on a flat road at 80 km/h, 40 t, no stop (docs/weather-energy-model.md)", () => {
    const short = (w: Omit<SectionWeather, "source">, way: typeof EAST) => {
      const r = plan(input({ sections: [{ ...way, payloadKg: 40_000 - 19_500, weather: { ...w, source: "request" } }] }), data);
      expect(r.sections).toHaveLength(1);
      return r.totals!.energy_kWh;
    };
    const east = { start: [LAT, 6.01], stop: [LAT, 7.51] } as typeof EAST, west = { start: east.stop, stop: east.start } as typeof EAST;
    const still = short({ temperatureC: 20 }, east);
    // "Flat, -2 C dry, winter tyres | 80 | 1.200 | +25.7 %"; "Flat, 20 C, 5 m/s headwind / tailwind | 80 | +21.7 % / -17.3 %".
    // Within the table's 0.1 % and the energy's rounding to 0.1 kWh (of ~130 kWh).
    const near = (x: number, doc: number) => expect(Math.abs(x - doc)).toBeLessThan(0.0015);
    near(short({ temperatureC: -2 }, east) / still - 1, 0.257);
    near(short({ temperatureC: 20, windSpeedMs: 5, windFromDeg: 90 }, east) / still - 1, 0.217);
    near(short({ temperatureC: 20, windSpeedMs: 5, windFromDeg: 90 }, west) / short({ temperatureC: 20 }, west) - 1, -0.173);
  });

  it("on a hill run north-east in a wind from the north: recuperation in the cold and an oblique head wind", () => {
    // 100 pieces of 0.01 deg east and 0.005 deg north (a heading of ~52 deg); 3 % up to the middle, 3 % down after it.
    const ways = Array.from({ length: 100 }, (_, i) => ({
      coords: [[LAT + i * 0.005, 8 + i * 0.01], [LAT + (i + 1) * 0.005, 8 + (i + 1) * 0.01]] as [number, number][],
      cls: "motorway" as const, oneway: 0 as const, country: "DE",
    }));
    const climb = (aLat: number, aLon: number, bLat: number, bLon: number) => {
      const metres = Math.hypot((bLat - aLat) * 111_200, (bLon - aLon) * 71_500);
      const dh = 0.03 * metres * Math.sign(bLon - aLon) * ((aLon + bLon) / 2 < 8.5 ? 1 : -1);
      return { ascentM: Math.max(0, dh), descentM: Math.max(0, -dh) };
    };
    const { net } = buildGraph(ways, { id: "ne-hill", version: "1", attribution: "", climb });
    const hill = { network: net, snapper: createSnapper(net), router: createRouter(net), stations: createStationIndex([]), versions: {} };
    const go = (weather: Omit<SectionWeather, "source">) =>
      plan(input({ batteryLevelStart: 1, sections: [{ start: [LAT, 8], stop: [LAT + 0.5, 9], payloadKg: 20_000, weather: { ...weather, source: "request" } }] }), hill);
    const still = go({ temperatureC: -8 }), windy = go({ temperatureC: -8, windSpeedMs: 10, windFromDeg: 10 });
    expect(still.sections[0].descent_m).toBeGreaterThan(1000);
    expect(windy.totals!.energy_kWh).toBeGreaterThan(still.totals!.energy_kWh * 1.1);
    // The wind from 40 deg further round is less of a head wind: caught.
    const r: any = structuredClone(windy);
    r.sections[0].weather.wind_from_deg = 50;
    expect(() => expectConsistent(r, net, opts)).toThrow(/energy \(kWh\)/);
  });

  it("keeps the cab's and the battery's power outside the calibration factor (a fleet's reference consumption 25 % up)", () => {
    const vehicle = { ...input().vehicle, referenceConsumptionKWhPerKm: 1.5 };
    const r = planIn({ temperatureC: -10 }, EAST, { vehicle });
    expect(r.vehicle.figures.referenceConsumptionKWhPerKm).toBe(1.5);
    expect(stopOf(r)).toBeGreaterThanOrEqual(0);
  });

  it("a wet road (1 mm at 10 C) costs more than a dry one; 1 mm at -5 C is snow", () => {
    const dry = planIn({ temperatureC: 10 }), wet = planIn({ temperatureC: 10, precipitationMm: 1 });
    expect(wet.sections[0].weather).toMatchObject({ road: "wet", winter_tyres: false, precipitation_mm: 1 });
    expect(perKm(wet)).toBeGreaterThan(perKm(dry) * 1.02);
    const snow = planIn({ temperatureC: -5, precipitationMm: 1 });
    expect(snow.sections[0].weather).toMatchObject({ road: "snow", winter_tyres: true });
    expect(perKm(snow)).toBeGreaterThan(perKm(coldPlan()) * 1.1);
  });

  it("at 30 C: no rolling credit, thinner air and the cab's cooling nearly cancel", () => {
    const hot = planIn({ temperatureC: 30 });
    expect(hot.sections[0].weather).toMatchObject({ road: "dry", winter_tyres: false });
    expect(hot.sections.every((s: any) => s.weather.preconditioning_kWh === undefined)).toBe(true);
    expect(Math.abs(perKm(hot) / perKm(referencePlan()) - 1)).toBeLessThan(0.03);
  });

  it("charges a preconditioned pack slower in deep cold where the pack's acceptance limits (IVECO S-eWay on 350 kW)", () => {
    const iveco = findModel("IVECO_S_EWAY")!;
    const frozen = planIn({ temperatureC: -20 }, EAST, { vehicle: iveco });
    const mild = planIn({ temperatureC: 20 }, EAST, { vehicle: iveco });
    const minPerKWh = (r: any) => {
      const stops = r.sections.filter((s: any) => s.poi_summary.energy_kWh > 0);
      return stops.reduce((a: number, s: any) => a + s.poi_summary.charge_time_min, 0) / stops.reduce((a: number, s: any) => a + s.poi_summary.energy_kWh, 0);
    };
    // The doc's factor 0.9 at -20 C on a pack that accepts exactly its inlet's power: ~11 % longer per kWh.
    expect(minPerKWh(frozen) / minPerKWh(mild)).toBeGreaterThan(1.08);
    // Charged as if at 20 C: caught.
    const r = structuredClone(frozen);
    r.totals.weather.charging_temperature_c = 20;
    expect(consistent(r)).toThrow(/charge time/);
  });

  it("a section without weather (an older result) is re-simulated at the reference, as before", () => {
    const r = structuredClone(referencePlan());
    for (const s of r.sections) delete s.weather;
    delete r.totals.weather;
    expect(consistent(r)).not.toThrow();
    // A cold plan read as the reference is not.
    const c = structuredClone(coldPlan());
    for (const s of c.sections) delete s.weather;
    delete c.totals.weather;
    expect(consistent(c)).toThrow(/energy \(kWh\)/);
  });

  describe("catches a result whose weather does not match its energy", () => {
    it("a section's temperature changed after planning", () => {
      const r = structuredClone(coldPlan());
      r.sections[0].weather.ambient_temperature_c = 0;
      expect(consistent(r)).toThrow(/section 0 .*energy \(kWh\)/);
    });

    it("the wind turned round after planning", () => {
      const r = structuredClone(planIn({ temperatureC: -5, windSpeedMs: 8, windFromDeg: 90 }));
      for (const s of r.sections) s.weather.wind_from_deg = 270;
      expect(consistent(r)).toThrow(/energy \(kWh\)/);
    });

    it("a road that is not the one its precipitation makes", () => {
      const r = structuredClone(planIn({ temperatureC: 10, precipitationMm: 1 }));
      r.sections[0].weather.road = "dry";
      expect(consistent(r)).toThrow(/weather\.road dry/);
    });

    it("an extra_kWh off by 1 kWh, and a total that is not the sections' sum", () => {
      const r = structuredClone(coldPlan());
      r.sections[0].weather.extra_kWh += 1;
      expect(consistent(r)).toThrow(/section 0 .*weather\.extra_kWh/);
      const t = structuredClone(coldPlan());
      t.totals.weather.extra_kWh += 1;
      expect(consistent(t)).toThrow(/totals\.weather\.extra_kWh/);
    });

    it("a stop's preconditioning left out, or moved whole into the way in", () => {
      const i = stopOf(coldPlan());
      const r = structuredClone(coldPlan());
      delete r.sections[i].weather.preconditioning_kWh;
      expect(consistent(r)).toThrow(/preconditioning_kWh/);
      // The half counted on the way out moved into the way in: the energies and SoCs no longer split as re-simulated.
      const m = structuredClone(coldPlan());
      const half = m.sections[i].weather.preconditioning_kWh / 2;
      for (const [k, sign] of [[i, 1], [i + 1, -1]] as const) {
        const ps = m.sections[k].poi_summary;
        ps.sec_energy_consumption_kWhkm = (ps.sec_energy_consumption_kWhkm * ps.sec_length_km + sign * half) / ps.sec_length_km;
      }
      expect(consistent(m)).toThrow(/energy \(kWh\)/);
    });
  });
});

describe("the fleet's cab figures", () => {
  it("a cab that needs no heating (cabHeatingKWPerK 0) takes less energy at -10 C, and the re-simulation reads the figure from the result", () => {
    const model = findModel("MB_EACTROS_600")!;
    expect(model.cabHeatingKWPerK).toBe(0.18);
    const heated = planIn({ temperatureC: -10 });
    const unheated = planIn({ temperatureC: -10 }, EAST, { vehicle: { ...model, cabHeatingKWPerK: 0 } });
    expect(unheated.vehicle.figures.cabHeatingKWPerK).toBe(0);
    // 0.18 kW/K x 30 K = 5.4 kW over the tour's driving hours.
    const hours = heated.totals.driving_time_min / 60;
    expect(heated.totals.energy_kWh - unheated.totals.energy_kWh).toBeGreaterThan(0.8 * 5.4 * hours);
  });
});
