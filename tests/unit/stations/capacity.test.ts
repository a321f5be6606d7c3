// A site's capacity (trucks charging at once): the source's points, an
// overlay's charge_points over them, 1 where nothing says, and whether assumed.
import { describe, expect, it } from "vitest";
import { siteCapacity } from "@/engine/stations/capacity";
import { applyOverlays, mergeSameSites } from "@/engine/stations/merge";
import type { Station } from "@/engine/stations/types";

let id = 1;
const site = (over: Partial<Station>): Station => ({
  poiId: id++, externalId: `x:${id}`, locationId: null, name: "", address: "", lat: 50, lon: 8, operator: "IONITY GmbH",
  powerKW: 350, dcPowerKW: 350, connectors: ["CCS"], points: 4, truckApproved: null, connectorPos: null, bookable: null,
  amenities: [], country: "DE", source: "bnetza", mapping: 0, represents: 0, ...over,
});

describe("site capacity", () => {
  it("is the stated points; 1 and assumed where no count is known; the estimate flagged", () => {
    expect(siteCapacity(site({ points: 4 }))).toEqual({ capacity: 4, assumed: false });
    expect(siteCapacity(site({ points: 0 }))).toEqual({ capacity: 1, assumed: true });
    expect(siteCapacity(site({ points: 3, pointsEstimated: true }))).toEqual({ capacity: 3, assumed: true });
  });

  it("takes a stated count over an estimated one when merging the same site", () => {
    const register = site({ externalId: "bnetza:1", points: 2, source: "bnetza" });
    const ocm = site({ externalId: "ocm:9", points: 6, pointsEstimated: true, source: "ocm" });
    const [m] = mergeSameSites([register, ocm]);
    expect(siteCapacity(m)).toEqual({ capacity: 2, assumed: false });
    const [n] = mergeSameSites([site({ externalId: "ocm:1", points: 2, pointsEstimated: true, source: "ocm" }), site({ externalId: "bnetza:2", points: 5 })]);
    expect(siteCapacity(n)).toEqual({ capacity: 5, assumed: false });
  });

  it("takes an overlay's charge_points, with its provenance", () => {
    const s = site({ externalId: "ocpi:DE:X:1", points: 0 });
    const [o] = applyOverlays([s], [{ externalId: "ocpi:DE:X:1", chargePoints: 2, by: "overlay:tenant:7" }]);
    expect(siteCapacity(o)).toEqual({ capacity: 2, assumed: false });
    expect(o.provenance?.points).toBe("overlay:tenant:7");
  });
});

describe("capacity in the result", () => {
  it("each charging stop's poi_summary states the site's capacity and whether it was assumed", async () => {
    const { plan } = await import("../../support/checked-plan");
    const { input, planData, station } = await import("../plan/fixtures");
    const stations = Array.from({ length: 12 }, (_, i) => station(6.5 + i * 0.6, i % 2 ? { points: 0 } : { points: 3 }));
    const r = plan(input(), planData(stations));
    const stops = r.sections.map((s) => s.poi_summary!).filter((p) => (p.energy_kWh ?? 0) > 0 && typeof p.id === "number");
    expect(stops.length).toBeGreaterThan(0);
    for (const p of stops) {
      const s = stations.find((x) => x.poiId === p.id)!;
      expect(p).toMatchObject(s.points > 0 ? { capacity: 3, capacity_assumed: false } : { capacity: 1, capacity_assumed: true });
    }
  }, 60_000);
});
