// Europe by default: the charger files of BE, LU, FR, CH and IT are in the
// bundled packs, and every power the data only assumes is said so.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const planned = (vehicle: string, start: number[], stop: number[], battery = 0.8) => plannedV2(t.a.key, hamburgMunich({
  vehicle_id: vehicle, battery_level_start: battery, start_time_tour: "2026-11-25T06:00:00Z", section_list: [{ start_pos: start, stop_pos: stop, payload_kg: 20000 }],
}));

/** Charging stops with the poi_list entry of their station (source, country file). */
const stopsOf = (r: any) =>
  r.sections.filter((s: any) => s.poi_summary.id != null && s.poi_summary.charger_source == null)
    .map((s: any) => ({ ...s.poi_summary, source: r.poi_list.find((p: any) => p.poi_id === s.poi_summary.id)?.source as string }));
const NEW_COUNTRY = /^ocpi_(be|lu|fr|ch|it)_/;

const BRUSSELS = [50.85, 4.35], STUTTGART = [48.78, 9.18], HAMBURG = [53.55, 9.99], MILAN = [45.46, 9.19], PARIS = [48.86, 2.35], LYON = [45.76, 4.84];
const TURIN = [45.07, 7.69], ANTWERP = [51.22, 4.4], LUXEMBOURG = [49.61, 6.13], MUNICH = [48.14, 11.58], VIENNA = [48.21, 16.37];

describe("trips through the countries of the new charger files", () => {
  it.each([
    ["Brussels -> Stuttgart", "mb-eactros-600", BRUSSELS, STUTTGART],
    ["Hamburg -> Milan", "mb-eactros-600", HAMBURG, MILAN],
    ["Paris -> Lyon", "daf-xf-electric", PARIS, LYON],
    ["Lyon -> Turin", "daf-xf-electric", LYON, TURIN],
    ["Antwerp -> Luxembourg", "daf-xf-electric", ANTWERP, LUXEMBOURG],
  ])("%s plans, with a stop in one of them", async (_name, vehicle, from, to) => {
    const r = await planned(vehicle, from, to);
    expect(r.status, JSON.stringify(r.not_drivable_reason)).toBe("succeeded");
    const stops = stopsOf(r);
    expect(stops.some((s: any) => NEW_COUNTRY.test(s.source)), JSON.stringify(stops.map((s: any) => s.source))).toBe(true);
    // Every station entry says whether its power is stated and how many points it has.
    for (const p of r.poi_list) {
      expect(typeof p.power_estimated).toBe("boolean");
      expect(p.charge_points === null || Number.isInteger(p.charge_points)).toBe(true);
    }
    for (const s of r.available_charging_stations) expect(typeof s.power_estimated).toBe("boolean");
  });
});

describe("estimated figures are said", () => {
  it("Paris -> Lyon charges at France's assumed 50 kW and says so in each stop and in warnings", async () => {
    const r = await planned("daf-xf-electric", PARIS, LYON);
    const stops = stopsOf(r);
    expect(stops.length).toBeGreaterThan(0);
    for (const s of stops) {
      expect(s.power_estimated).toBe(true);
      expect(s.power_available_kW).toBe(50);
      expect(Number.isInteger(s.charge_points)).toBe(true);
    }
    expect(r.warnings.find((w: string) => /charge at an estimated power \(FR\)/.test(w))).toMatch(new RegExp(`^${stops.length} of ${stops.length} charging stops`));
  });

  it("Hamburg -> Munich has no estimated stop and no such warning", async () => {
    const r = await planned("mb-eactros-600", HAMBURG, MUNICH);
    expect(stopsOf(r).length).toBeGreaterThan(0);
    for (const s of stopsOf(r)) expect(s.power_estimated).toBe(false);
    expect(r.warnings.some((w: string) => w.includes("estimated power"))).toBe(false);
  });

  it("a tour that runs out in a country with no charger source says the data has none, not that none exist", async () => {
    const r = await planned("mb-eactros-300", MUNICH, VIENNA);
    expect(r.status).toBe("not_drivable");
    expect(r.not_drivable_reason.message).toMatch(/charger data has no stations at all in AT/);
  });
});
