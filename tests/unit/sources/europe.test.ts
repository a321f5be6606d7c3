import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readDcw } from "@/engine/network/sources/dcw";
import { readEurope, type EuropeSource } from "@/engine/network/sources/europe";
import { haversineM } from "@/engine/geo";
import { nearestNode, shortestM, wayGraph, type WayGraph } from "./graph";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const CITY: Record<string, [number, number]> = {
  Hamburg: [53.55, 9.99], Milan: [45.464, 9.19], Munich: [48.14, 11.58], Paris: [48.857, 2.352],
  Cologne: [50.94, 6.96], Vienna: [48.208, 16.374], Rotterdam: [51.924, 4.478], Berlin: [52.52, 13.405],
  Warsaw: [52.23, 21.012], Prague: [50.076, 14.438],
};

let src: EuropeSource, g: WayGraph;
beforeAll(() => {
  src = readEurope(dataDir);
  g = wayGraph(src.ways);
});

describe("DCW reader", () => {
  it("reads Germany's roads as ways in DE", () => {
    const dcw = readDcw(path.join(dataDir, "roads/dcw_roads_de.geojson"));
    expect(dcw.id).toBe("de-dcw");
    expect(dcw.report?.skippedTrails).toBe(4);
    expect(dcw.ways.length).toBeGreaterThan(4700);
    expect(dcw.ways.every((w) => w.country === "DE" && w.oneway === 0)).toBe(true);
    expect(dcw.ways.filter((w) => w.cls === "motorway").length).toBeGreaterThan(1500);
  });
});

describe("Europe source", () => {
  it("keeps NE out of Germany and gives every way a country", () => {
    expect(src.id).toBe("europe");
    expect(src.ways.every((w) => typeof w.country === "string" && w.country.length === 2)).toBe(true);
    const neInDe = src.ways.filter((w) => w.source?.startsWith("ne:") && w.country === "DE");
    expect(neInDe.length).toBeLessThan(5); // only slivers where an NE line hugs the border
    expect(Number(src.report?.neDroppedInGermanyKm)).toBeGreaterThan(8000);
    const countries = new Set(src.ways.map((w) => w.country));
    for (const c of ["DE", "FR", "NL", "BE", "AT", "CH", "IT", "PL", "CZ", "DK"]) expect(countries).toContain(c);
  });

  it("joins NE to DCW at the German border, each join within the tolerance", () => {
    expect(src.joins.length).toBeGreaterThan(25);
    for (const j of src.joins) expect(j.distanceM).toBeLessThanOrEqual(15_000);
    expect(src.report?.borderJoins).toBe(src.joins.length);
    expect(src.report?.unjoinedBorderCuts).toBe(0);
  });

  it.each([
    ["Hamburg", "Milan"], ["Munich", "Paris"], ["Cologne", "Vienna"],
    ["Rotterdam", "Munich"], ["Berlin", "Warsaw"], ["Hamburg", "Prague"],
  ])("%s and %s are connected", (a, b) => {
    const u = nearestNode(g, ...CITY[a]), v = nearestNode(g, ...CITY[b]);
    expect(g.comp[u]).toBe(g.comp[v]);
  });

  it("every city but Warsaw has a road within 10 km", () => {
    for (const [name, [lat, lon]] of Object.entries(CITY)) {
      const v = nearestNode(g, lat, lon), km = haversineM(lat, lon, g.lat[v], g.lon[v]) / 1000;
      // NE 10m has no Polish road north of Silesia: Warsaw's nearest vertex is near Krakow,
      // so "Berlin -> Warsaw connected" only means Berlin -> southern Poland.
      if (name === "Warsaw") expect(km).toBeGreaterThan(200);
      else expect(km).toBeLessThan(10);
    }
  });

  it.each([
    ["Hamburg", "Milan", 900, 1400], ["Munich", "Paris", 750, 1100], ["Cologne", "Vienna", 850, 1200],
  ])("%s -> %s is a plausible road distance", (a, b, lo, hi) => {
    const km = shortestM(g, nearestNode(g, ...CITY[a]), nearestNode(g, ...CITY[b])) / 1000;
    expect(km).toBeGreaterThan(lo);
    expect(km).toBeLessThan(hi);
  });
});
