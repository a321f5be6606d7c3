// Entry point: one OSM file (XML, gzipped XML or PBF) -> RoadWays for the graph builder.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createGunzip } from "node:zlib";
import type { WayTable } from "../ways";
import { OsmCollector, type Bounds, type OsmReadReport, type OsmSink } from "./collect";
import { scanOsmPbf } from "./pbf";
import { scanOsmXml } from "./xml";

export type { Bounds, OsmReadReport, OsmSink } from "./collect";
export { parseHeightM, parseMaxspeed, parseOneway, parseWeightT, wayAttrs, wayMaxspeed } from "./tags";

export interface OsmReadResult {
  /** The kept ways (roadWaysOf lists them as RoadWays). */
  table: WayTable;
  /** Extent of the kept ways; null when none was kept. */
  bounds: Bounds | null;
  /** The extent the file declares (`<bounds>`, PBF HeaderBBox), if any. */
  fileBounds?: Bounds;
  report: OsmReadReport;
}

export function osmFormat(file: string): "xml" | "pbf" {
  const f = file.toLowerCase();
  if (f.endsWith(".pbf")) return "pbf";
  if (/\.(osm|xml)(\.gz)?$/.test(f)) return "xml";
  throw new Error(`${file}: not an OSM file (expected .osm.pbf, .pbf, .osm, .osm.gz, .xml or .xml.gz)`);
}

async function isGzip(file: string): Promise<boolean> {
  const fh = await open(file, "r");
  try {
    const b = Buffer.alloc(2);
    const { bytesRead } = await fh.read(b, 0, 2, 0);
    return bytesRead === 2 && b[0] === 0x1f && b[1] === 0x8b;
  } finally {
    await fh.close();
  }
}

/** Text chunks of an XML file, gunzipped when its first bytes say gzip (whatever the name). */
async function xmlChunks(file: string): Promise<AsyncIterable<string>> {
  const gz = await isGzip(file); // first: a missing file fails here, before any stream exists
  const raw = createReadStream(file);
  if (!gz) return raw.setEncoding("utf8");
  const gunzip = createGunzip();
  raw.on("error", (e) => gunzip.destroy(e));
  return raw.pipe(gunzip).setEncoding("utf8");
}

/** Streams every node and way of an OSM file into a sink, by the file's format. */
export async function scanOsmFile(file: string, sink: OsmSink): Promise<void> {
  if (osmFormat(file) === "pbf") await scanOsmPbf(file, sink);
  else await scanOsmXml(await xmlChunks(file), sink);
}

export async function readOsmFile(file: string): Promise<OsmReadResult> {
  const t0 = performance.now();
  const sink = new OsmCollector(osmFormat(file));
  await scanOsmFile(file, sink);
  const result = sink.finish();
  result.report.readMs = Math.round(performance.now() - t0);
  return result;
}
