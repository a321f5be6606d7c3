// What the data says of a site's truck access, and the planner's preference for known truck sites.
import { describe, expect, it } from "vitest";
import type { Candidate } from "@/engine/plan/candidates";
import { chargeOption } from "@/engine/plan/candidates";
import { optimizeCharging } from "@/engine/charging/optimize";
import { banWaitWhereParkingIsForCharging, parkingOnlyWhileCharging, preferKnownTruckSites, TRUCK_SITE_MARGIN_MIN, truckAccessOf } from "@/engine/plan/truck-access";
import type { Station } from "@/engine/stations/types";
import { findModel } from "@/engine/vehicles/catalog";
import { line } from "../charging/fixtures";
import { replay } from "../charging/simulate";

const site = (extra: Partial<Station> = {}): Station => ({
  poiId: 1, externalId: "x:1", locationId: null, name: "Site", address: "", lat: 50, lon: 8, operator: "Op", powerKW: 300, dcPowerKW: 300,
  connectors: ["CCS"], points: 2, truckApproved: null, connectorPos: null, bookable: null, amenities: [], country: "DE", source: "test",
  mapping: 1, represents: 1, ...extra,
});
const cand = (id: number, distKm: number, detourMin: number, s: Partial<Station> = {}, powerKW = 300, leg = 0): Candidate => ({
  hit: { station: site({ poiId: id, ...s }), distanceFromStartM: distKm * 1000, routeLat: 50, routeLon: 8, offRouteM: 100, detourM: 1000, segmentIndex: 0 },
  leg, distM: distKm * 1000, connector: "CCS", powerKW, side: null, detourKWh: 1, detourMin,
});

describe("truck access", () => {
  it("is known from truck_approved, OSM hgv=yes, an overlay or an MCS connector, and unknown otherwise", () => {
    expect(truckAccessOf(site())).toEqual({ known: false, evidence: null });
    expect(truckAccessOf(site({ truckApproved: "TT" })).known).toBe(true);
    expect(truckAccessOf(site({ truckAccess: "yes" })).evidence).toBe("OpenStreetMap hgv=yes");
    expect(truckAccessOf(site({ truckAccess: "yes", provenance: { truckAccess: "overlay:tenant" } })).evidence).toMatch(/overlay/);
    expect(truckAccessOf(site({ connectors: ["CCS", "MCS"] })).evidence).toMatch(/MCS/);
  });

  it("a site whose parking is for motorcycles or the disabled only is no stop", () => {
    const truck = findModel("MB_EACTROS_600")!;
    expect(chargeOption(truck, site())).not.toBeNull();
    expect(chargeOption(truck, site({ parkingRestrictions: ["DISABLED"] }))).toBeNull();
    expect(chargeOption(truck, site({ parkingRestrictions: ["MOTORCYCLES"] }))).toBeNull();
    expect(chargeOption(truck, site({ parkingRestrictions: ["CUSTOMERS"] }))).not.toBeNull();
  });

  it("a site of unknown access gives way to a known truck site nearly as good on the same section", () => {
    const unknown = cand(1, 100, 4);
    const known = (distKm: number, detourMin: number, powerKW = 300, leg = 0) => cand(2, distKm, detourMin, { truckApproved: "T" }, powerKW, leg);
    const ids = (cs: Candidate[]) => cs.map((c) => c.hit.station.poiId);
    expect(ids(preferKnownTruckSites([unknown, known(90, 4 + TRUCK_SITE_MARGIN_MIN)]))).toEqual([2]);
    expect(ids(preferKnownTruckSites([unknown, known(101, 4)]))).toEqual([2]);
    // Too long a detour, too far after it, too far before it, less power, another section: both stay.
    expect(ids(preferKnownTruckSites([unknown, known(90, 4 + TRUCK_SITE_MARGIN_MIN + 1)]))).toEqual([1, 2]);
    expect(ids(preferKnownTruckSites([unknown, known(103, 4)]))).toEqual([1, 2]);
    expect(ids(preferKnownTruckSites([unknown, known(74, 4)]))).toEqual([1, 2]);
    expect(ids(preferKnownTruckSites([unknown, known(95, 4, 150)]))).toEqual([1, 2]);
    expect(ids(preferKnownTruckSites([unknown, known(95, 4, 300, 1)]))).toEqual([1, 2]);
  });

  it("no daily rest by choice where parking is only while charging (OCPI PLUGGED); a ban's wait there is said", () => {
    expect(parkingOnlyWhileCharging(site({ parkingRestrictions: ["EV_ONLY", "PLUGGED"] }))).toBe(true);
    expect(parkingOnlyWhileCharging(site({ parkingRestrictions: ["EV_ONLY"] }))).toBe(false);
    // A driver with an hour of the day's driving left must charge after 52 min: resting there charges for free.
    const tour = line({ km: 700, startSoc: 0.3, stations: [{ km: 70 }, { km: 400 }] });
    const inp = { ...tour, driver: { sinceBreakMin: 0, todayMin: 480 } };
    const free = optimizeCharging(inp);
    const plugged = { ...inp, stations: inp.stations.map((st, i) => (i === 0 ? { ...st, noRest: true } : st)) };
    const kept = optimizeCharging(plugged);
    if (!free.ok || !kept.ok) throw new Error("not planned");
    const restAt = (r: typeof free) => r.breaks.filter((b) => b.kind === "rest").map((b) => `${b.at}:${b.index ?? ""}`);
    expect(restAt(free)).toEqual(["charger:0"]);
    expect(restAt(kept)).not.toContain("charger:0");
    expect(replay(plugged, kept).violations).toEqual([]);
    expect(kept.totals.totalMin).toBeGreaterThan(free.totals.totalMin);

    const sites = [{ hit: { station: site({ name: "Plugged only", parkingRestrictions: ["PLUGGED"] }) } }, { hit: { station: site({ name: "Open" }) } }];
    const wait = (index: number, minutes: number) => ({ at: "charger" as const, index, distM: 0, routeDriveMin: 0, startMs: 0, minutes, counts_as: "rest" as const, refs: [0] });
    expect(banWaitWhereParkingIsForCharging({ banWaits: [wait(1, 600)] }, sites)).toBeNull();
    const said = banWaitWhereParkingIsForCharging({ banWaits: [wait(0, 600.4), wait(1, 60)] }, sites)!;
    expect(said.code).toBe("stations.parking_while_charging");
    expect(said.text).toMatch(/\(Plugged only\) is only for vehicles while they charge .* waits there 600 min/);
  });
});
