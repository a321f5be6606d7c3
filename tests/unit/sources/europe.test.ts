import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readDcw } from "@/engine/network/sources/dcw";
import { gapConnectorAllowed, readEurope, type EuropeSource } from "@/engine/network/sources/europe";
import { createCountryLocator, type CountryLocator } from "@/engine/network/countries";
import type { Pt } from "@/engine/network/sources/lines";
import { nodeLines } from "@/engine/network/sources/naturalearth";
import { haversineM } from "@/engine/geo";
import { nearestNode, shortestM, wayGraph, type WayGraph } from "./graph";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const CITY: Record<string, [number, number]> = {
  Hamburg: [53.55, 9.99], Milan: [45.464, 9.19], Munich: [48.14, 11.58], Paris: [48.857, 2.352],
  Cologne: [50.94, 6.96], Vienna: [48.208, 16.374], Rotterdam: [51.924, 4.478], Berlin: [52.52, 13.405],
  Warsaw: [52.23, 21.012], Prague: [50.076, 14.438],
};

let src: EuropeSource, g: WayGraph, loc: CountryLocator, land: CountryLocator;
beforeAll(() => {
  src = readEurope(dataDir);
  g = wayGraph(src.ways);
  loc = createCountryLocator();
  land = createCountryLocator({ coastM: 0 }); // no coastal tolerance: what the gap connectors are held to
});

const km = (gr: WayGraph, a: string, b: string) => shortestM(gr, nearestNode(gr, ...CITY[a]), nearestNode(gr, ...CITY[b])) / 1000;
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

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
    // ~650 km by road; 1,442 km via Vienna before the gap connectors (Prague's D1 and D5 end 8.5 km apart in NE).
    ["Hamburg", "Prague", 550, 800],
  ])("%s -> %s is a plausible road distance", (a, b, lo, hi) => {
    expect(km(g, a, b)).toBeGreaterThan(lo);
    expect(km(g, a, b)).toBeLessThan(hi);
  });
});

describe("Europe gap connectors", () => {
  it("closes gaps between NE loose ends with short primary connectors, reported one by one", () => {
    expect(src.gaps.length).toBeGreaterThan(8);
    const r = src.report!;
    expect(r["ne.gapConnectors"]).toBe(src.gaps.length);
    expect(r["ne.gapMaxM"]).toBe(Math.max(...src.gaps.map((x) => x.distanceM)));
    expect(String(r.gapConnectorList).split("; ")).toHaveLength(src.gaps.length);
    for (const x of src.gaps) {
      const [a, b] = x.line;
      expect(x.distanceM).toBeLessThanOrEqual(10_000);
      expect(haversineM(a[1], a[0], b[1], b[0])).toBeLessThanOrEqual(10_000);
      expect(x.networkM === null || x.networkM > 4 * x.distanceM).toBe(true);
    }
    const ways = src.ways.filter((w) => w.source?.startsWith("gap:"));
    expect(new Set(ways.map((w) => w.source))).toEqual(new Set(src.gaps.map((x) => x.source)));
    expect(ways.every((w) => w.cls === "primary" && w.country !== "DE")).toBe(true);
  });

  it("builds no connector over the sea or into Germany", () => {
    for (const x of src.gaps) {
      const [a, b] = x.line;
      for (const t of [0.25, 0.5, 0.75]) {
        const p = lerp(a, b, t);
        expect(land.countryAt(p[1], p[0]), `${x.source} at ${t}`).not.toBeNull();
      }
      // Finer than the rule: no point of any connector is at sea or in Germany.
      for (let k = 0; k <= 20; k++) {
        const p = lerp(a, b, k / 20);
        expect(land.countryAt(p[1], p[0]), `${x.source} at ${k / 20}`).not.toBeNull();
        expect(loc.countryAt(p[1], p[0]), `${x.source} at ${k / 20}`).not.toBe("DE");
      }
    }
  });

  it("joins Prague's D1 and D5", () => {
    const prague = src.gaps.filter((x) => x.line.every((p) => haversineM(p[1], p[0], 50.076, 14.438) < 12_000));
    expect(prague).toHaveLength(1);
    expect(prague[0].distanceM).toBeGreaterThan(8000);
    expect(prague[0].networkM).toBeGreaterThan(1_000_000);
  });

  it("bridges no strait: nothing across Messina, Øresund or into Germany", () => {
    const ok = gapConnectorAllowed(loc.countryAt, land.countryAt);
    // The 5 km coastal tolerance of the country locator puts the middle of the strait on land: the land test must not use it.
    expect(loc.countryAt(38.25, 15.64)).toBe("IT");
    expect(land.countryAt(38.25, 15.64)).toBeNull();
    expect(ok([15.63, 38.26], [15.65, 38.24])).toBe(false); // Sicily -> Calabria, ~2.8 km
    expect(ok([12.605, 56.035], [12.7, 56.05])).toBe(false); // Helsingør -> Helsingborg
    expect(ok([13.04, 47.8], [12.98, 47.84])).toBe(false); // Salzburg -> Freilassing (DE)
    expect(ok([12.17, 47.583], [13.04, 47.8])).toBe(false); // Kufstein -> Salzburg, both AT, across Bavaria
    expect(ok([14.4414, 50.0984], [14.3352, 50.0644])).toBe(true); // Prague, D1 -> D5
    // Through the noder: two roads ending either side of the strait stay apart.
    const messina: Pt[][] = [[[15.5405, 38.2231], [15.63, 38.26]], [[15.65, 38.24], [15.75, 38.22]]];
    expect(nodeLines(messina, { gaps: { allow: ok } }).connectors).toHaveLength(0);
    expect(nodeLines(messina, { gaps: {} }).connectors).toHaveLength(1); // what the land test prevents
    // And on the real network: no connector has its ends on opposite sides of the strait
    // (axis from between Ganzirri and Cannitello, 38.26 N 15.64 E, to between Messina and Reggio, 38.12 N 15.61 E).
    const side = (p: Pt) => Math.sign((p[0] - 15.64) * (38.12 - 38.26) - (p[1] - 38.26) * (15.61 - 15.64));
    const near = src.gaps.filter((x) => x.line.some((p) => haversineM(p[1], p[0], 38.2, 15.63) < 25_000));
    expect(near.length).toBeGreaterThan(0); // one at Villa San Giovanni, on the Calabrian side
    for (const x of near) expect(side(x.line[0]), x.source).toBe(side(x.line[1]));
  });

  it("can be turned off: then Hamburg -> Prague detours via Vienna", () => {
    const off = readEurope(dataDir, { gapM: 0, countryAt: loc.countryAt });
    expect(off.gaps).toEqual([]);
    expect(off.ways.some((w) => w.source?.startsWith("gap:"))).toBe(false);
    expect(off.report?.["ne.gapConnectors"]).toBe(0);
    const before = wayGraph(off.ways);
    expect(km(before, "Hamburg", "Prague")).toBeGreaterThan(1300);
    expect(km(g, "Hamburg", "Prague")).toBeLessThan(km(before, "Hamburg", "Prague") / 1.5);
    // The connectors only ever shorten routes.
    for (const [a, b] of [["Hamburg", "Milan"], ["Munich", "Paris"], ["Cologne", "Vienna"]]) {
      expect(km(g, a, b)).toBeLessThanOrEqual(km(before, a, b) + 1e-6);
    }
  });
});
