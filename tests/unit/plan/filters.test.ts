// Each poi_info truck filter changes the plan: two stations side by side, the
// planner prefers A; the filter excludes A, so it stops at B instead.
import { describe, expect, it } from "vitest";
import type { PoiFilter } from "@/engine/stations/filter";
import type { Station } from "@/engine/stations/types";
import { plan } from "../../support/checked-plan";
import { input, planData, station } from "./fixtures";

const stopsOf = (r: ReturnType<typeof plan>) => r.sections.filter((s) => (s.poi_summary!.energy_kWh ?? 0) > 0).map((s) => s.poi_summary!.id);

// At ~270 km of the ~573 km line; A is the faster of the two unless said otherwise.
const pair = (a: Partial<Station>, b: Partial<Station>) => [station(9.75, { powerKW: 400, dcPowerKW: 400, ...a }), station(9.76, { powerKW: 300, dcPowerKW: 300, ...b })];

const CASES: { name: string; filter: PoiFilter; a: Partial<Station>; b: Partial<Station> }[] = [
  { name: "truck_approved", filter: { truck_approved: "TT" }, a: { truckApproved: "T" }, b: { truckApproved: "TT" } },
  { name: "connector_type", filter: { connector_type: ["MCS"] }, a: { connectors: ["CCS"] }, b: { connectors: ["MCS"], powerKW: 300, dcPowerKW: 300 } },
  { name: "connector_pos", filter: { connector_pos: "LEFT" }, a: { connectorPos: "RIGHT" }, b: { connectorPos: "LEFT" } },
  { name: "bookable", filter: { bookable: true }, a: { bookable: false }, b: { bookable: true } },
  { name: "cpo", filter: { cpo: ["beta charging"] }, a: { operator: "Alpha Power" }, b: { operator: "Beta Charging" } },
  { name: "max_kW", filter: { max_kW: 350 }, a: {}, b: {} },
  { name: "min_kW", filter: { min_kW: 350 }, a: {}, b: {} },
];

describe("poi_info filters change the plan", () => {
  for (const c of CASES) {
    it(c.name, () => {
      let [a, b] = pair(c.a, c.b);
      // min_kW: A is the slower one, preferred because B lies nearly 8 km off the road.
      if (c.name === "min_kW") [a, b] = [station(9.75, { powerKW: 300, dcPowerKW: 300 }), station(9.76, { lat: 50.069, powerKW: 400, dcPowerKW: 400 })];
      const data = planData([a, b]);
      const free = plan(input(), data);
      expect(stopsOf(free), "without the filter the plan stops at A").toEqual([a.poiId]);
      const filtered = plan(input({ poiInfo: c.filter }), data);
      expect(filtered.status).toBe("succeeded");
      expect(stopsOf(filtered), "with the filter it stops at B").toEqual([b.poiId]);
      expect(filtered.totals!.duration_min).toBeGreaterThanOrEqual(free.totals!.duration_min - 1e-6);
    });
  }
});
