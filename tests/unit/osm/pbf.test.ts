import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readOsmWays, type OsmWays } from "./read-ways";
import { fixtureModel, toPbf, toXml, type PbfOptions } from "./fixture";

let dir: string, fromXml: OsmWays;
const model = fixtureModel();

async function readPbf(name: string, o: PbfOptions = {}, m = model) {
  const f = path.join(dir, name);
  writeFileSync(f, toPbf(m, o));
  return readOsmWays(f);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "osm-pbf-"));
  writeFileSync(path.join(dir, "f.osm"), toXml(model));
  fromXml = await readOsmWays(path.join(dir, "f.osm"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("OSM PBF reader against the same region as XML", () => {
  it("dense nodes, zlib: identical RoadWays (coordinates bit for bit) and report", async () => {
    const r = await readPbf("dense.osm.pbf");
    expect(r.ways).toEqual(fromXml.ways);
    expect(r.bounds).toEqual(fromXml.bounds);
    expect(r.fileBounds).toEqual(fromXml.fileBounds);
    const { format, readMs, ...rest } = r.report;
    const { format: f2, readMs: m2, ...restXml } = fromXml.report;
    expect(format).toBe("pbf");
    expect(rest).toEqual(restXml);
  });

  it.each<[string, PbfOptions]>([
    ["plain Node messages", { dense: false }],
    ["uncompressed blobs", { compression: "raw" }],
    ["many small blocks", { blockSize: 7 }],
    ["granularity 1000 with lat/lon offsets (negative too)", { granularity: 1000, latOffset: 50_000_000_000, lonOffset: -3_000_000_000 }],
  ])("%s: identical RoadWays", async (_, o) => {
    const r = await readPbf("v.pbf", o);
    expect(r.ways).toEqual(fromXml.ways);
  });

  it("locations on ways, without node blocks: same RoadWays where the way carries all its locations", async () => {
    const r = await readPbf("low.osm.pbf", { locationsOnWays: true });
    // Way 9001 references a node absent from the file, so it carries no locations and is lost here.
    expect(r.ways).toEqual(fromXml.ways.filter((w) => w.source !== "osm:way/9001"));
  });

  it("rejects unsupported compression and required features with a clear message", async () => {
    await expect(readPbf("z.osm.pbf", { compression: "zstd" })).rejects.toThrow(/zstd compression is not supported/);
    await expect(readPbf("h.osm.pbf", { requiredFeatures: ["OsmSchema-V0.6", "HistoricalInformation"] })).rejects.toThrow(/HistoricalInformation/);
  });

  it("rejects a truncated file", async () => {
    const buf = toPbf(model);
    writeFileSync(path.join(dir, "t.osm.pbf"), buf.subarray(0, buf.length - 10));
    await expect(readOsmWays(path.join(dir, "t.osm.pbf"))).rejects.toThrow(/truncated/);
  });
});
