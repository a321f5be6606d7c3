// Alternatives to a stop are real: the tour with an alternative instead of the
// chosen station costs no more than the extra time the plan states for it.
import { describe, expect, it } from "vitest";
import { plan } from "../../support/checked-plan";
import { ALTERNATIVE_MAX_EXTRA_MIN, ALTERNATIVE_WINDOW_M } from "@/engine/plan/rules";
import { input, planData, station } from "./fixtures";

// Stations every ~50 km, each with neighbours a few km before and after it.
const stations = Array.from({ length: 11 }, (_, i) => 6.7 + i * 0.7).flatMap((lon) => [
  station(lon),
  station(lon - 0.05, { powerKW: 300, dcPowerKW: 300 }),
  station(lon - 0.1, { powerKW: 150, dcPowerKW: 150 }),
  station(lon + 0.03),
]);

describe("alternatives per charging stop", () => {
  const base = plan(input(), planData(stations));
  const stops = base.sections.filter((s) => (s.poi_summary!.energy_kWh ?? 0) > 0);

  it("lists nearby stations with their charge and the extra time, least extra first", () => {
    expect(stops.length).toBeGreaterThan(0);
    const all = stops.flatMap((s) => s.poi_summary!.alternatives as any[]);
    expect(all.length).toBeGreaterThan(0);
    for (const s of stops) {
      const alts = s.poi_summary!.alternatives as any[];
      const extras = alts.map((a) => a.extra_time_min);
      expect(extras).toEqual([...extras].sort((a, b) => a - b));
      for (const a of alts) {
        expect(a.id).not.toBe(s.poi_summary!.id);
        expect(Math.abs(a.distance_from_stop_m)).toBeLessThanOrEqual(ALTERNATIVE_WINDOW_M);
        expect(a.extra_time_min).toBeLessThanOrEqual(ALTERNATIVE_MAX_EXTRA_MIN);
        expect(a.start_soc).toBeGreaterThanOrEqual(0.1 - 1e-9);
        expect(a.stop_soc).toBeLessThanOrEqual(1);
        expect(a.charge_time_min).toBeGreaterThan(0);
      }
    }
  });

  it("a plan without the chosen station is at most the stated extra time longer", () => {
    for (const s of stops) {
      const alts = s.poi_summary!.alternatives as any[];
      if (!alts.length) continue;
      const without = plan(input(), planData(stations.filter((x) => x.poiId !== s.poi_summary!.id)));
      expect(without.status).toBe("succeeded");
      expect(without.totals!.duration_min).toBeGreaterThanOrEqual(base.totals!.duration_min - 0.1);
      expect(without.totals!.duration_min).toBeLessThanOrEqual(base.totals!.duration_min + alts[0].extra_time_min + 0.2);
    }
  });
});
