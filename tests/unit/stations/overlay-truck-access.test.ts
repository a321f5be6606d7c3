// An overlay's truck_approved decides truck access as OSM's hgv tag does:
// "none" closes the site (never a charging stop), T or TT opens it, the
// later overlay winning, each with the overlay as its provenance.
import { describe, expect, it } from "vitest";
import { chargeOption } from "@/engine/plan/candidates";
import { applyOverlays } from "@/engine/stations/merge";
import type { Station } from "@/engine/stations/types";
import { findModel } from "@/engine/vehicles/catalog";

const truck = findModel("MB_EACTROS_600")!;
const site = (over: Partial<Station> = {}): Station => ({
  poiId: 1, externalId: "ocpi:BE:X:1", locationId: null, name: "", address: "", lat: 50.8, lon: 4.4, operator: "X", powerKW: 400, dcPowerKW: 400,
  connectors: ["CCS"], points: 4, truckApproved: null, connectorPos: null, bookable: null, amenities: [], country: "BE", source: "ocpi_be",
  mapping: 1, represents: 1, ...over,
});

describe("an overlay's truck_approved", () => {
  it('"none" closes the site to trucks: no charge option, whatever the source said', () => {
    const open = site({ truckAccess: "yes", truckApproved: "T" });
    expect(chargeOption(truck, open)).not.toBeNull();
    const [closed] = applyOverlays([open], [{ externalId: "ocpi:BE:X:1", truckApproved: "none", by: "overlay:tenant:3" }]);
    expect(closed).toMatchObject({ truckAccess: "no", truckApproved: null });
    expect(closed.provenance).toMatchObject({ truckAccess: "overlay:tenant:3", truckApproved: "overlay:tenant:3" });
    expect(chargeOption(truck, closed)).toBeNull();
    expect(chargeOption(truck, closed, 0)).toBeNull(); // not even where the truck stops anyway (a section's end)
    expect(open).toMatchObject({ truckAccess: "yes", truckApproved: "T" }); // the input is not changed
  });

  it("T or TT opens a site the source closed (OSM hgv=no)", () => {
    const tagged = site({ truckAccess: "no" });
    expect(chargeOption(truck, tagged)).toBeNull();
    for (const value of ["T", "TT"] as const) {
      const [o] = applyOverlays([tagged], [{ externalId: "ocpi:BE:X:1", truckApproved: value, by: "overlay:operator" }]);
      expect(o).toMatchObject({ truckAccess: "yes", truckApproved: value, provenance: { truckAccess: "overlay:operator" } });
      expect(chargeOption(truck, o)).not.toBeNull();
    }
  });

  it("the later overlay wins (the tenant's over the operator's); a merged site is matched by any of its ids", () => {
    const merged = site({ externalId: "ocpi:BE:X:1", mergedFrom: ["ocpi:BE:X:1", "bnetza:7"] });
    const [closedByTenant] = applyOverlays([merged], [
      { externalId: "ocpi:BE:X:1", truckApproved: "TT", by: "overlay:operator" },
      { externalId: "bnetza:7", truckApproved: "none", by: "overlay:tenant:3" },
    ]);
    expect(closedByTenant).toMatchObject({ truckAccess: "no", provenance: { truckAccess: "overlay:tenant:3" } });
    const [openedByTenant] = applyOverlays([merged], [
      { externalId: "ocpi:BE:X:1", truckApproved: "none", by: "overlay:operator" },
      { externalId: "ocpi:BE:X:1", truckApproved: "T", by: "overlay:tenant:3" },
    ]);
    expect(openedByTenant).toMatchObject({ truckAccess: "yes", truckApproved: "T" });
  });

  it("an overlay that does not state truck_approved leaves the source's truck access", () => {
    const tagged = site({ truckAccess: "no" });
    for (const truckApproved of [undefined, null]) {
      const [o] = applyOverlays([tagged], [{ externalId: "ocpi:BE:X:1", truckApproved, bookable: true, by: "overlay:tenant:3" }]);
      expect(o.truckAccess).toBe("no");
      expect(o.provenance?.truckAccess).toBeUndefined();
    }
    const [untagged] = applyOverlays([site()], [{ externalId: "ocpi:BE:X:1", connectorPos: "LEFT", by: "overlay:tenant:3" }]);
    expect(untagged.truckAccess).toBeUndefined();
  });
});
