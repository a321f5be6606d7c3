// One station list from many sources: the same site merged with each
// attribute's source kept, co-located sites grouped, overlays on top.
import { describe, expect, it } from "vitest";
import { applyOverlays, combineStations, groupCoLocated, mergeSameSites, STORED_ID_BASE } from "@/engine/stations/merge";
import type { Station } from "@/engine/stations/types";

let id = 1;
const site = (over: Partial<Station>): Station => ({
  poiId: id++, externalId: `x:${id}`, locationId: null, name: "", address: "", lat: 50, lon: 8, operator: "IONITY GmbH",
  powerKW: 350, dcPowerKW: 350, connectors: ["CCS"], points: 4, truckApproved: null, connectorPos: null, bookable: null,
  amenities: [], country: "DE", source: "bnetza", mapping: 0, represents: 0, ...over,
});

describe("merging the same site from two sources", () => {
  it("fills unknown attributes from the other source and records where each came from", () => {
    const register = site({ externalId: "bnetza:1", name: "IONITY Hausen", address: "A7 Rasthof", source: "bnetza" });
    const feed = site({ externalId: "ocpi:DE:ION:H1", lat: 50.0005, operator: "Ionity", source: "ocpi_de", bookable: true, locationId: "H1", dcPowerKW: 400, powerKW: 400, connectors: ["CCS", "MCS"], points: 6 });
    const out = mergeSameSites([register, feed]);
    expect(out).toHaveLength(1);
    const m = out[0];
    expect(m.externalId).toBe("ocpi:DE:ION:H1"); // the stronger record stays
    expect(m).toMatchObject({ name: "IONITY Hausen", address: "A7 Rasthof", bookable: true, locationId: "H1", connectors: ["CCS", "MCS"], points: 6, dcPowerKW: 400 });
    expect(m.provenance).toMatchObject({ name: "bnetza", address: "bnetza", bookable: "ocpi_de", locationId: "ocpi_de", dcPowerKW: "ocpi_de" });
    expect(m.mergedFrom).toEqual(["ocpi:DE:ION:H1", "bnetza:1"]);
  });

  it("keeps apart: other operators, the same source, sites over 150 m apart, private chargers", () => {
    const a = site({ source: "bnetza" });
    expect(mergeSameSites([a, site({ source: "ocpi", operator: "Tesla" })])).toHaveLength(2);
    expect(mergeSameSites([a, site({ source: "bnetza" })])).toHaveLength(2);
    expect(mergeSameSites([a, site({ source: "ocpi", lat: 50.002 })])).toHaveLength(2);
    expect(mergeSameSites([a, site({ source: "depots", privateTo: 7 })])).toHaveLength(2);
  });
});

describe("co-location groups", () => {
  it("puts sites within 60 m in the strongest one's group", () => {
    const strong = site({ powerKW: 400 }), near = site({ lat: 50.0004, operator: "Tesla", powerKW: 250 }), far = site({ lat: 50.01 });
    groupCoLocated([near, strong, far]);
    expect([strong.mapping, near.mapping, far.mapping]).toEqual([strong.poiId, strong.poiId, far.poiId]);
    expect([strong.represents, near.represents, far.represents]).toEqual([1, 0, 1]);
  });
});

describe("overlays", () => {
  it("state truck attributes over unknown ones, later overlays winning, each with its source", () => {
    const s = site({ externalId: "bnetza:9" });
    const [o] = applyOverlays([s], [
      { externalId: "bnetza:9", truckApproved: "T", bookable: false, by: "overlay:operator" },
      { externalId: "bnetza:9", truckApproved: "TT", connectorPos: "LEFT", by: "overlay:tenant:3" },
    ]);
    expect(o).toMatchObject({ truckApproved: "TT", connectorPos: "LEFT", bookable: false });
    expect(o.provenance).toMatchObject({ truckApproved: "overlay:tenant:3", connectorPos: "overlay:tenant:3", bookable: "overlay:operator" });
    expect(s.truckApproved).toBeNull(); // the input is not changed
  });

  it("add an MCS connector, or take a wrong one away with the power it claimed", () => {
    const [added] = applyOverlays([site({ externalId: "a" })], [{ externalId: "a", mcsKW: 1000, by: "op" }]);
    expect(added).toMatchObject({ connectors: ["CCS", "MCS"], dcPowerKW: 1000, connectorKW: { MCS: 1000 } });
    const bogus = site({ externalId: "b", connectors: ["MCS", "TYPE2"], dcPowerKW: 2222, powerKW: 2222, connectorKW: { MCS: 2222, TYPE2: 22 } });
    const [fixed] = applyOverlays([bogus], [{ externalId: "b", mcsKW: 0, by: "op" }]);
    expect(fixed).toMatchObject({ connectors: ["TYPE2"], dcPowerKW: 0, powerKW: 22 });
  });

  it("match a merged site by any of its sources' ids", () => {
    const merged = site({ externalId: "ocpi:1", mergedFrom: ["ocpi:1", "bnetza:1"] });
    expect(applyOverlays([merged], [{ externalId: "bnetza:1", truckApproved: "TT", by: "op" }])[0].truckApproved).toBe("TT");
  });
});

describe("combining the pack with the store", () => {
  it("stored sites get stable ids; a public re-import of a pack site replaces it in place; private ones stay apart", () => {
    const pack = [site({ externalId: "bnetza:1", poiId: 1, name: "old" }), site({ externalId: "bnetza:2", poiId: 2, lat: 51 })];
    const out = combineStations(pack, [
      { id: 5, tenantId: 0, draft: { ...pack[0], name: "new" } },
      { id: 6, tenantId: 0, draft: { ...pack[1], externalId: "ocm:77", lat: 52, source: "ocm" } },
      { id: 7, tenantId: 3, draft: { ...pack[1], externalId: "depot:3:a", lat: 53, source: "depots" } },
    ], []);
    expect(out.map((s) => [s.externalId, s.poiId])).toEqual([["bnetza:1", 1], ["bnetza:2", 2], ["ocm:77", STORED_ID_BASE + 6], ["depot:3:a", STORED_ID_BASE + 7]]);
    expect(out[0].name).toBe("new");
    expect(out[3].privateTo).toBe(3);
    expect(pack[0].name).toBe("old");
  });
});
