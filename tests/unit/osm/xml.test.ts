import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOsmWays, type OsmWays } from "./read-ways";
import { CASES, caseWayId, fixtureModel, toXml } from "./fixture";

let dir: string, res: OsmWays;
const model = fixtureModel();
const byWay = (r: OsmWays, id: number) => r.ways.filter((w) => w.source === `osm:way/${id}`);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "osm-xml-"));
  writeFileSync(path.join(dir, "f.osm"), toXml(model));
  res = await readOsmWays(path.join(dir, "f.osm"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("OSM XML fixture: every tag rule", () => {
  CASES.forEach((c, i) => {
    it(`${JSON.stringify(c.tags)} -> ${typeof c.expect === "string" ? `dropped (${c.expect})` : JSON.stringify(c.expect)}`, () => {
      const got = byWay(res, caseWayId(i));
      if (typeof c.expect === "string") { expect(got).toEqual([]); return; }
      expect(got).toHaveLength(1);
      const { coords, nodeIds, source, ...attrs } = got[0];
      expect(attrs).toEqual(c.expect);
      expect(source).toBe(`osm:way/${caseWayId(i)}`);
      expect(nodeIds).toEqual(model.ways[i].refs);
      const n = model.nodes.find((x) => x.id === model.ways[i].refs[0])!;
      expect(coords[0]).toEqual([n.latE7 / 1e7, n.lonE7 / 1e7]);
    });
  });

  it("counts every drop reason in the report", () => {
    const count = (r: string) => CASES.filter((c) => c.expect === r).length;
    expect(res.report).toMatchObject({
      format: "xml",
      nodesRead: model.nodes.length,
      waysRead: model.ways.length,
      droppedNotRoad: count("notRoad"),
      droppedArea: count("area"),
      droppedAccess: count("access"),
      droppedConstruction: count("construction"),
      droppedReversible: count("reversible"),
      droppedShort: 1,
      hgvForbidden: 1,
      hgvDestination: 2,
      missingNodes: 3,
      waysClipped: 1,
    });
    expect(res.report.waysKept).toBe(CASES.filter((c) => typeof c.expect !== "string").length + 2);
    expect(res.report.roadWays).toBe(res.ways.length);
  });

  it("splits a way at a node missing from the file, drops one with no nodes, collapses repeats", () => {
    const n = CASES.length, id = (k: number) => 12_000_000_000 + k;
    expect(byWay(res, 9001).map((w) => w.nodeIds)).toEqual([[id(n), id(n + 1)], [id(n + 2), id(n + 3)]]);
    expect(byWay(res, 9002)).toEqual([]);
    expect(byWay(res, 9003).map((w) => w.nodeIds)).toEqual([[id(1), id(3)]]);
  });

  it("ways join at shared node ids", () => {
    const uses = new Map<number | string, number>();
    for (const w of res.ways) for (const x of w.nodeIds!) uses.set(x, (uses.get(x) ?? 0) + 1);
    expect(Math.max(...uses.values())).toBeGreaterThanOrEqual(3);
  });

  it("reports the extent of kept ways and the declared bounds", () => {
    const lats = res.ways.flatMap((w) => w.coords.map((c) => c[0]));
    expect(res.bounds!.minLat).toBe(Math.min(...lats));
    expect(res.bounds!.maxLat).toBe(Math.max(...lats));
    expect(res.fileBounds).toEqual({ minLat: 52.3, minLon: 9.2, maxLat: 52.5, maxLon: 9.8 });
  });
});

describe("OSM XML input forms", () => {
  it("gunzips by magic bytes (.osm.gz, and gzip under a plain .xml name) with the same result", async () => {
    const xml = toXml(model);
    writeFileSync(path.join(dir, "g.osm.gz"), gzipSync(xml));
    writeFileSync(path.join(dir, "g.xml"), gzipSync(xml));
    writeFileSync(path.join(dir, "p.xml.gz"), xml); // named .gz but plain
    for (const f of ["g.osm.gz", "g.xml", "p.xml.gz"]) {
      const r = await readOsmWays(path.join(dir, f));
      expect(r.ways).toEqual(res.ways);
    }
  });

  it("resolves nodes that come after their ways, in any id order", async () => {
    const shuffled = { nodes: [...model.nodes].reverse(), ways: model.ways };
    const xml = toXml(shuffled).replace(/(\s*<node[^\n]*\n)+/, "\n");
    const nodesXml = toXml({ nodes: shuffled.nodes, ways: [] }).match(/<node[^\n]*/g)!.join("\n");
    writeFileSync(path.join(dir, "late.osm"), xml.replace("</osm>", `${nodesXml}\n</osm>`));
    const r = await readOsmWays(path.join(dir, "late.osm"));
    expect(r.ways).toEqual(res.ways);
  });

  it("handles multi-byte UTF-8 split across stream chunks", async () => {
    const name = "Straße über die Brücke ".repeat(5000);
    const xml = `<osm><node id="1" lat="52" lon="9"/><node id="2" lat="52.1" lon="9.1"/><way id="3"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/><tag k="name" v="${name}"/></way></osm>`;
    writeFileSync(path.join(dir, "utf8.osm"), xml);
    const r = await readOsmWays(path.join(dir, "utf8.osm"));
    expect(r.ways[0].name).toBe(name);
    expect(r.fileBounds).toBeUndefined();
  });

  it("rejects unknown extensions, missing files and malformed XML", async () => {
    await expect(readOsmWays(path.join(dir, "roads.geojson"))).rejects.toThrow(/not an OSM file/);
    await expect(readOsmWays(path.join(dir, "nope.osm"))).rejects.toThrow(/ENOENT/);
    writeFileSync(path.join(dir, "bad.osm"), "<osm><way id='1'><nd ref='1'></osm>");
    await expect(readOsmWays(path.join(dir, "bad.osm"))).rejects.toThrow();
  });

  it("an empty region gives no ways and null bounds", async () => {
    writeFileSync(path.join(dir, "empty.osm"), `<osm version="0.6"></osm>`);
    const r = await readOsmWays(path.join(dir, "empty.osm"));
    expect(r.ways).toEqual([]);
    expect(r.bounds).toBeNull();
  });
});
