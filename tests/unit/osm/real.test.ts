// The three real OSM files from the shared data folder.
import { createReadStream } from "node:fs";
import path from "node:path";
import { createGunzip } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import { readOsmWays, type OsmWays } from "./read-ways";
import { scanOsmXml } from "@/engine/network/osm/xml";
import type { RoadWay } from "@/engine/network/ways";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const file = (f: string) => path.join(dataDir, "osm", f);

/** "A 2;E 30" -> ["A2", "E30"] */
const refs = (w: RoadWay) => (w.ref ?? "").split(";").map((s) => s.replace(/\s+/g, ""));
const withRef = (r: OsmWays, ref: string) => r.ways.filter((w) => refs(w).includes(ref));

function nodeUse(ways: RoadWay[]) {
  const uses = new Map<number | string, number>();
  for (const w of ways) for (const id of new Set(w.nodeIds)) uses.set(id, (uses.get(id) ?? 0) + 1);
  return uses;
}

function maxSegmentM(ways: RoadWay[]) {
  let max = 0;
  for (const w of ways) for (let i = 1; i < w.coords.length; i++) {
    max = Math.max(max, haversineM(w.coords[i - 1][0], w.coords[i - 1][1], w.coords[i][0], w.coords[i][1]));
  }
  return max;
}

function log(name: string, r: OsmWays) {
  const { readMs, waysRead, waysKept, roadWays, nodesRead, nodesUsed, missingNodes, withMaxspeed } = r.report;
  console.log(`${name}: ${JSON.stringify({ readMs, nodesRead, waysRead, waysKept, roadWays, nodesUsed, missingNodes, withMaxspeed })}`);
}

describe("Hannover-Braunschweig main roads (OSM XML, gzip)", () => {
  let r: OsmWays;
  const raw = new Map<number, Record<string, string>>();
  beforeAll(async () => {
    r = await readOsmWays(file("hannover_braunschweig_main_roads.osm.gz"));
    log("hannover", r);
    // Raw tags, to check the rules against the source way by way.
    const text = createReadStream(file("hannover_braunschweig_main_roads.osm.gz")).pipe(createGunzip()).setEncoding("utf8");
    await scanOsmXml(text, { node() {}, fileBounds() {}, way: (id, _refs, tags) => void raw.set(id, tags) });
  });

  it("reads every node and way of the file and keeps nearly all (it holds main roads only)", () => {
    expect(r.report.nodesRead).toBe(97_185);
    expect(r.report.waysRead).toBe(20_077);
    expect(r.report.droppedNotRoad).toBe(0);
    expect(r.report.waysKept).toBeGreaterThan(19_950);
    expect(r.report.nodesUsed).toBeGreaterThan(95_000);
    // Ways cut at the extract's edge lose a few nodes only.
    expect(r.report.missingNodes).toBeLessThan(r.report.nodesUsed * 0.01);
    expect(maxSegmentM(r.ways)).toBeLessThan(10_000);
  });

  it("has the A 2, A 7 and A 39 as motorways", () => {
    for (const ref of ["A2", "A7", "A39"]) {
      const ws = withRef(r, ref);
      expect(ws.length, ref).toBeGreaterThan(100);
      expect(ws.every((w) => w.cls === "motorway"), ref).toBe(true);
    }
  });

  it("motorways and their links are one-way unless tagged otherwise", () => {
    let checked = 0;
    for (const w of r.ways) {
      const tags = raw.get(Number(w.source!.slice(8)))!;
      if (!tags.highway.startsWith("motorway")) continue;
      expect(w.oneway, w.source).toBe(tags.oneway === "no" ? 0 : tags.oneway === "-1" ? -1 : 1);
      checked++;
    }
    expect(checked).toBeGreaterThan(3_000);
  });

  it("has _link ways of every class, joined to the network at shared nodes", () => {
    const links = r.ways.filter((w) => w.link);
    expect(links.length).toBeGreaterThan(2_000);
    expect(new Set(links.map((w) => w.cls))).toEqual(new Set(["motorway", "primary", "secondary"]));
    const uses = nodeUse(r.ways);
    const joined = (w: RoadWay, i: number) => uses.get(w.nodeIds!.at(i)!)! >= 2;
    // Both ends: fewer, as ramps also end at tertiary roads, which this file leaves out.
    expect(links.filter((w) => joined(w, 0) || joined(w, -1)).length / links.length).toBeGreaterThan(0.99);
    expect(links.filter((w) => joined(w, 0) && joined(w, -1)).length / links.length).toBeGreaterThan(0.85);
    expect([...uses.values()].filter((n) => n >= 2).length).toBeGreaterThan(10_000);
  });

  it("parses maxspeed on most ways, with the usual German values", () => {
    expect(r.report.withMaxspeed / r.report.roadWays).toBeGreaterThan(0.7);
    const values = new Set(r.ways.map((w) => w.maxspeedKmh));
    for (const v of [30, 50, 70, 80, 100, 120]) expect(values.has(v), String(v)).toBe(true);
  });

  it("truck restrictions and drops follow the tags", () => {
    expect(r.report.hgvForbidden).toBeGreaterThan(0);
    expect(r.report.withMaxweight).toBeGreaterThan(50);
    expect(r.report.withMaxheight).toBeGreaterThan(50);
    expect(r.report.droppedAccess).toBeGreaterThan(0);
    for (const w of r.ways) {
      const t = raw.get(Number(w.source!.slice(8)))!;
      expect(t.access === "no" && !t.hgv).toBe(false);
      if (t.hgv === "no") expect(w.hgvForbidden).toBe(true);
    }
  });

  it("stays inside the declared bounds", () => {
    const fb = r.fileBounds!;
    expect(r.bounds!.minLat).toBeGreaterThanOrEqual(fb.minLat);
    expect(r.bounds!.maxLat).toBeLessThanOrEqual(fb.maxLat);
    expect(r.bounds!.minLon).toBeGreaterThanOrEqual(fb.minLon);
    expect(r.bounds!.maxLon).toBeLessThanOrEqual(fb.maxLon);
  });
});

describe("Limburg an der Lahn (OSM PBF)", () => {
  let r: OsmWays;
  beforeAll(async () => {
    r = await readOsmWays(file("limburg_an_der_lahn.osm.pbf"));
    log("limburg", r);
  });

  it("decodes the whole file: every node a kept way uses is found, coordinates sane", () => {
    expect(r.report.format).toBe("pbf");
    expect(r.report.nodesRead).toBeGreaterThan(90_000);
    expect(r.report.waysRead).toBeGreaterThan(18_000);
    // Node ids (delta-coded across blocks) resolve: a decoding slip would lose them.
    expect(r.report.missingNodes).toBe(0);
    expect(r.report.waysKept).toBeGreaterThan(400);
    // 7.86-8.25 E, 50.24-50.64 N per the data README.
    for (const w of r.ways) for (const [lat, lon] of w.coords) {
      expect(lat > 50.24 && lat < 50.64 && lon > 7.86 && lon < 8.25).toBe(true);
    }
    expect(maxSegmentM(r.ways)).toBeLessThan(5_000);
  });

  it("contains the A 3 as a one-way motorway with its links", () => {
    const a3 = withRef(r, "A3");
    expect(a3.length).toBeGreaterThan(50);
    // One town street also carries ref "A 3" in this extract (a tagging slip): the class follows highway, not ref.
    const main = a3.filter((w) => !w.link && w.cls === "motorway");
    expect(main.length / a3.filter((w) => !w.link).length).toBeGreaterThan(0.95);
    expect(main.every((w) => w.oneway === 1)).toBe(true);
    expect(a3.some((w) => w.link)).toBe(true);
    expect(r.ways.some((w) => w.cls === "primary") && r.ways.some((w) => w.cls === "secondary")).toBe(true);
  });

  it("joins ways at shared node ids", () => {
    const uses = nodeUse(r.ways);
    expect([...uses.values()].filter((n) => n >= 2).length).toBeGreaterThan(200);
    expect(Math.max(...uses.values())).toBeGreaterThanOrEqual(3);
  });
});

describe("North Bayreuth (OSM XML, gzip, Overpass)", () => {
  let r: OsmWays;
  beforeAll(async () => {
    r = await readOsmWays(file("north-bayreuth.osm.gz"));
    log("bayreuth", r);
  });

  it("reads all nodes and ways and keeps the main roads", () => {
    expect(r.report.nodesRead).toBe(58_631);
    expect(r.report.waysRead).toBe(7_801);
    expect(r.report.waysKept).toBeGreaterThan(150);
    expect(r.report.droppedNotRoad).toBeGreaterThan(7_000);
    expect(maxSegmentM(r.ways)).toBeLessThan(5_000);
  });

  it("contains the A 9 and the A 70", () => {
    for (const ref of ["A9", "A70"]) {
      const ws = withRef(r, ref).filter((w) => !w.link);
      expect(ws.length, ref).toBeGreaterThan(5);
      expect(ws.every((w) => w.cls === "motorway" && w.oneway === 1), ref).toBe(true);
    }
    const uses = nodeUse(r.ways);
    expect([...uses.values()].some((n) => n >= 2)).toBe(true);
  });
});
