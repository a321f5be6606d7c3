// A plan made without stops in a stretch (what a stop gains, stop-gains.ts) can be the request's result:
// its poi_list still lists every station of the corridor, not only those its search could use.
import { expect, it } from "vitest";
import { plan } from "../../support/checked-plan";
import { input, planData, station } from "./fixtures";

it("lists every corridor station in poi_list, also where a stretch was planned without stops", () => {
  const stations = Array.from({ length: 16 }, (_, i) => station(6.3 + i * 0.5));
  const data = planData(stations);
  const all = plan(input(), data);
  expect(all.status).toBe("succeeded");
  const n = all.poi_list!.length;
  expect(n).toBeGreaterThan(10);
  // A stretch of 200 km with no stop: some stations there, none of them in the plan's stops.
  const fromM = 150_000, toM = 350_000;
  const within = all.poi_list!.filter((p) => (p.distance_from_start ?? 0) > fromM && (p.distance_from_start ?? 0) < toM);
  expect(within.length).toBeGreaterThan(2);
  const without = plan(input({ withoutStops: [{ fromM, toM }] }), data);
  expect(without.status).toBe("succeeded");
  expect(without.poi_list!.map((p) => p.poi_id)).toEqual(all.poi_list!.map((p) => p.poi_id));
  const stopIds = new Set(without.sections.filter((s) => (Number(s.poi_summary?.energy_kWh) || 0) > 0).map((s) => s.poi_summary!.id));
  expect(within.some((p) => stopIds.has(p.poi_id))).toBe(false);
});
