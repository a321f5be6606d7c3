import { describe, expect, it } from "vitest";
import type { CorridorHit } from "@/engine/stations/corridor";
import { filterStations, operatorCounts, type PoiFilter } from "@/engine/stations/filter";
import type { Station } from "@/engine/stations/types";

function station(poiId: number, over: Partial<Station>): Station {
  return {
    poiId, externalId: `t:${poiId}`, locationId: null, name: `S${poiId}`, address: "", lat: 50, lon: 9, operator: "Op",
    powerKW: 150, dcPowerKW: 150, connectors: ["CCS"], points: 2, truckApproved: null, connectorPos: null, bookable: null,
    amenities: [], country: "DE", source: "test", mapping: poiId, represents: 1, ...over,
  };
}

const stations = [
  station(1, { operator: "EnBW Energie Baden-Württemberg AG", powerKW: 300, connectors: ["CCS", "TYPE2"], truckApproved: "TT", connectorPos: "LEFT", bookable: true }),
  station(2, { operator: "Milence", powerKW: 1000, connectors: ["MCS", "CCS"], truckApproved: "T", connectorPos: "RIGHT", bookable: false }),
  station(3, { operator: "Ionity GmbH", powerKW: 50, connectors: ["CHADEMO"], truckApproved: "T", connectorPos: "LEFT", bookable: true }),
  station(4, { operator: "EnBW Energie Baden-Württemberg  AG ", powerKW: 22, dcPowerKW: 0, connectors: ["TYPE2"] }),
  station(5, { operator: "", powerKW: 0, dcPowerKW: 0, connectors: [] }),
];
const hits: CorridorHit[] = stations.map((s, i) => ({
  station: s, distanceFromStartM: i * 1000, routeLat: 50, routeLon: 9, offRouteM: 100, detourM: 260, segmentIndex: i,
}));
const ids = (poi: PoiFilter) => filterStations(hits, poi).kept.map((h) => h.station.poiId);
const warn = (poi: PoiFilter) => filterStations(hits, poi).warnings.map((w) => w.text);

describe("filterStations", () => {
  it("keeps everything without filters (null, false and empty lists mean no filter)", () => {
    expect(ids({})).toEqual([1, 2, 3, 4, 5]);
    expect(ids({ min_kW: null, max_kW: null, cpo: [], connector_type: null, truck_approved: null, connector_pos: null, bookable: false })).toEqual([1, 2, 3, 4, 5]);
    expect(warn({ bookable: null })).toEqual([]);
  });

  it("min_kW / max_kW on powerKW; unknown power excluded", () => {
    expect(ids({ min_kW: 150 })).toEqual([1, 2]);
    expect(ids({ max_kW: 300 })).toEqual([1, 3, 4]);
    expect(ids({ min_kW: 50, max_kW: 300 })).toEqual([1, 3]);
    expect(warn({ max_kW: 300 })).toEqual(["poi_info.max_kW: 1 station in the corridor has no power data and was excluded"]);
  });

  it("cpo through the operator key", () => {
    expect(ids({ cpo: ["enbw energie baden-württemberg"] })).toEqual([1, 4]);
    expect(ids({ cpo: ["IONITY", "milence b.v."] })).toEqual([2, 3]);
    expect(warn({ cpo: ["IONITY"] })).toEqual(["poi_info.cpo: 1 station in the corridor has no operator data and was excluded"]);
  });

  it("truck_approved: T accepts T and TT, TT only TT; unknown excluded with a warning", () => {
    expect(ids({ truck_approved: "T" })).toEqual([1, 2, 3]);
    expect(ids({ truck_approved: "TT" })).toEqual([1]);
    expect(warn({ truck_approved: "T" })).toEqual([
      "poi_info.truck_approved: 2 stations in the corridor have no truck-access data and were excluded",
    ]);
  });

  it("connector_type: any listed connector", () => {
    expect(ids({ connector_type: ["MCS"] })).toEqual([2]);
    expect(ids({ connector_type: ["CCS"] })).toEqual([1, 2]);
    expect(ids({ connector_type: ["MCS", "CCS"] })).toEqual([1, 2]);
    expect(warn({ connector_type: ["MCS"] })).toEqual(["poi_info.connector_type: 1 station in the corridor has no connector data and was excluded"]);
  });

  it("connector_pos exact", () => {
    expect(ids({ connector_pos: "LEFT" })).toEqual([1, 3]);
    expect(ids({ connector_pos: "RIGHT" })).toEqual([2]);
    expect(warn({ connector_pos: "RIGHT" })).toEqual([
      "poi_info.connector_pos: 2 stations in the corridor have no connector-position data and were excluded",
    ]);
  });

  it("bookable true keeps only bookable===true", () => {
    expect(ids({ bookable: true })).toEqual([1, 3]);
    expect(warn({ bookable: true })).toEqual(["poi_info.bookable: 2 stations in the corridor have no booking data and were excluded"]);
  });

  it("combines filters and warns once per filter", () => {
    const r = filterStations(hits, { min_kW: 40, truck_approved: "T", connector_pos: "LEFT", cpo: ["ionity"] });
    expect(r.kept.map((h) => h.station.poiId)).toEqual([3]);
    expect(r.warnings).toHaveLength(4);
    expect(new Set(r.warnings.map((w) => w.text.split(":")[0]))).toEqual(
      new Set(["poi_info.min_kW", "poi_info.truck_approved", "poi_info.connector_pos", "poi_info.cpo"]),
    );
  });
});

describe("operatorCounts", () => {
  it("counts sites per normalized operator, most first, then by name", () => {
    const extra = [station(6, { operator: "Milence" }), station(7, { operator: "EnBW Energie Baden-Württemberg AG" })];
    expect(operatorCounts([...stations, ...extra])).toEqual([
      { name: "EnBW Energie Baden-Württemberg AG", count: 3 },
      { name: "Milence", count: 2 },
      { name: "Ionity GmbH", count: 1 },
    ]);
  });
});
