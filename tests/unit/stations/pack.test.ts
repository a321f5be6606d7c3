import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import { assignIdsAndGroups, buildStationPack, CO_LOCATION_M, coverageOf, loadStationPack, readSourceListing, type StationBuildReport } from "@/engine/stations/pack";
import type { Station, StationDraft } from "@/engine/stations/types";

const DATA_DIR = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const M_PER_DEG_LAT = 111_195;

function draft(externalId: string, lat: number, lon: number, powerKW: number, source = "x"): StationDraft {
  return {
    externalId, locationId: null, name: externalId, address: "", lat, lon, operator: "Op", powerKW, dcPowerKW: powerKW,
    connectors: ["CCS"], points: 1, truckApproved: null, connectorPos: null, bookable: null, amenities: [], country: "DE", source,
  };
}

describe("assignIdsAndGroups", () => {
  it("numbers by externalId and groups co-located sites around the strongest", () => {
    const d = (m: number) => m / M_PER_DEG_LAT;
    const s = assignIdsAndGroups([
      draft("c", 50, 9, 50, "bnetza"),
      draft("a", 50 + d(40), 9, 300, "ocpi"),
      draft("b", 50 + d(-30), 9, 150, "bnetza"),
      draft("d", 50 + d(200), 9, 22),
    ]);
    expect(s.map((x) => [x.externalId, x.poiId])).toEqual([["a", 1], ["b", 2], ["c", 3], ["d", 4]]);
    // b is 70 m from a, so it leads a group of its own although it is 30 m from c.
    const byId = Object.fromEntries(s.map((x) => [x.externalId, x]));
    expect(byId.a).toMatchObject({ mapping: 1, represents: 1 });
    expect(byId.c).toMatchObject({ mapping: 1, represents: 0 });
    expect(byId.b).toMatchObject({ mapping: 2, represents: 1 });
    expect(byId.d).toMatchObject({ mapping: 4, represents: 1 });
  });
});

describe("buildStationPack on the real data", () => {
  let dir: string;
  let report: StationBuildReport;
  let stations: Station[];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "stations-pack-"));
    report = buildStationPack(DATA_DIR, path.join(dir, "stations.json"));
    stations = loadStationPack(report.outFile).stations;
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports counts per source", () => {
    const by = Object.fromEntries(report.sources.map((s) => [s.format === "bnetza" ? "bnetza" : s.source, s]));
    expect(by.bnetza).toMatchObject({ records: 9690, skipped: 0, licence: "CC BY 4.0" });
    expect(by.bnetza.sites).toBeGreaterThan(8000);
    expect(by.ocpi_nl_ndw_hpc).toMatchObject({ records: 1203, sites: 1203 });
    expect(by.ocpi_cz_mpo_dc).toMatchObject({ records: 934, sites: 934 });
    expect(by.ocpi_pl_eipa_dc).toMatchObject({ records: 2163, sites: 2163 });
    expect(report.sources.every((s) => s.attribution.length > 0 && s.licence !== "unknown")).toBe(true);
    expect(report.count).toBe(report.sources.reduce((n, s) => n + s.sites, 0));
    expect(report.version).toMatch(/^[0-9a-f]{64}$/);
    console.log(JSON.stringify({ ...report, sources: report.sources.map((s) => [s.source, s.records, s.sites]) }));
  });

  it("writes a loadable pack with stable ids and header", () => {
    const pack = loadStationPack(report.outFile);
    expect(pack.version).toBe(report.version);
    expect(pack.header).toMatchObject({ id: "stations", count: report.count });
    expect(stations).toHaveLength(report.count);
    stations.forEach((s, i) => expect(s.poiId).toBe(i + 1));
    for (let i = 1; i < stations.length; i++) expect(stations[i - 1].externalId < stations[i].externalId).toBe(true);
  });

  it("has one representative per mapping group, the strongest, with members within 60 m", () => {
    const byPoi = new Map(stations.map((s) => [s.poiId, s]));
    const groups = new Map<number, Station[]>();
    for (const s of stations) groups.set(s.mapping, [...(groups.get(s.mapping) ?? []), s]);
    expect(groups.size).toBe(report.groups);
    expect([...groups.values()].filter((g) => g.length > 1).length).toBe(report.sharedGroups);
    for (const [mapping, members] of groups) {
      const rep = byPoi.get(mapping)!;
      expect(members.filter((m) => m.represents === 1)).toEqual([rep]);
      for (const m of members) {
        expect(m.powerKW).toBeLessThanOrEqual(rep.powerKW);
        expect(haversineM(m.lat, m.lon, rep.lat, rep.lon)).toBeLessThanOrEqual(CO_LOCATION_M);
      }
    }
    expect(report.sharedGroups).toBeGreaterThan(100);
  });

  it("is reproducible", () => {
    const again = buildStationPack(DATA_DIR, path.join(dir, "again.json"));
    expect(again.version).toBe(report.version);
    expect(loadStationPack(again.outFile).stations).toEqual(stations);
  }, 60_000);

  it("reads the sub-folders too, with licence, attribution and date from chargers/SOURCES.json", () => {
    const listing = readSourceListing(path.join(DATA_DIR, "chargers"));
    expect(listing.size).toBeGreaterThanOrEqual(9);
    // Every listed file is built, every built file is listed, and every licence is known.
    expect(report.sources.map((s) => s.file).sort()).toEqual([...listing.keys()].sort());
    expect(report.unlisted).toEqual([]);
    for (const s of report.sources) {
      expect(s.licence, s.file).not.toBe("unknown");
      expect(s.snapshot, s.file).toMatch(/^\d{4}-\d{2}/);
      expect(s.attribution).toContain(s.snapshot!);
    }
    const by = Object.fromEntries(report.sources.map((s) => [s.country, s]));
    expect(by.FR).toMatchObject({ file: "more-countries/ocpi_fr_irve_dc.json", sites: 1310, estimatedPower: 1310, licence: expect.stringContaining("Licence Ouverte") });
    expect(by.BE.sites).toBe(231);
    expect(by.IT.estimatedPower).toBe(by.IT.sites);
    expect(by.NL.estimatedPower).toBe(0);
  });

  it("keeps the estimate mark and the number of charge points on the sites", () => {
    const fr = stations.filter((s) => s.country === "FR");
    expect(fr.length).toBeGreaterThan(1000);
    expect(fr.every((s) => s.powerEstimated === true)).toBe(true);
    expect(stations.filter((s) => s.country === "NL").some((s) => s.powerEstimated)).toBe(false);
    expect(stations.every((s) => Number.isInteger(s.points) && s.points >= 1)).toBe(true);
    const coverage = coverageOf(stations);
    expect(coverage.find((c) => c.country === "FR")).toMatchObject({ estimated: fr.length, sites: fr.length });
  });

  it("builds a file SOURCES.json does not list, with licence unknown, and reports it", () => {
    const data = mkdtempSync(path.join(tmpdir(), "stations-data-"));
    try {
      mkdirSync(path.join(data, "chargers", "extra"), { recursive: true });
      copyFileSync(path.join(DATA_DIR, "chargers/more-countries/ocpi_lu_osm_dc.json"), path.join(data, "chargers/extra/ocpi_lu_copy.json"));
      const r = buildStationPack(data, path.join(data, "out.json"));
      expect(r.unlisted).toEqual(["extra/ocpi_lu_copy.json"]);
      expect(r.sources).toEqual([expect.objectContaining({ file: "extra/ocpi_lu_copy.json", licence: "unknown", sites: 21 })]);
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });

  it("rejects files that are not station packs", () => {
    expect(() => loadStationPack(path.join(DATA_DIR, "chargers/ocpi_cz_mpo_dc.json"))).toThrow(/not a station pack/);
  });
});
