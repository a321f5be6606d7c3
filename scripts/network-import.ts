// npm run network:import -- FILE [--id ID]
// Builds a network pack from an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz)
// into PACK_DIR; requests whose points all lie inside its area plan on it.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildPack, type PackBuildReport } from "../src/engine/network/build-pack";
import { createCountryLocator } from "../src/engine/network/countries";
import { readOsmFile } from "../src/engine/network/osm/read";
import type { Terrain } from "../src/engine/terrain/dem";
import { loadTerrain } from "../src/engine/terrain/dem";
import { config } from "../src/server/config";

export const OSM_ATTRIBUTION = "Roads: © OpenStreetMap contributors (ODbL)";

export function osmPackId(file: string): string {
  const base = path.basename(file).replace(/\.(osm\.pbf|osm\.gz|osm|pbf|xml\.gz|xml)$/i, "");
  return `osm-${base.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;
}

export async function importOsmPack(
  file: string, packDir: string,
  opts: { id?: string; countryAt?: (lat: number, lon: number) => string | null; terrain?: Terrain; onProgress?: (line: string) => void },
): Promise<PackBuildReport> {
  const id = opts.id ?? osmPackId(file);
  const read = await readOsmFile(file);
  opts.onProgress?.(`read: ${read.report.nodesRead} nodes, ${read.report.roadWays} road ways in ${read.report.readMs} ms`);
  const hash = createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer); // a country's file need not fit in memory
  const inputHash = hash.digest("hex");
  return buildPack(
    { id, attribution: OSM_ATTRIBUTION, ways: read.table, report: read.report as Record<string, number | string> },
    path.join(packDir, `network-${id}.bin`),
    { inputHash, countryAt: opts.countryAt, terrain: opts.terrain, onProgress: opts.onProgress, releaseWays: true },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--") && args[args.indexOf(a) - 1] !== "--id");
  if (!file || !fs.existsSync(file)) {
    console.error("usage: npm run network:import -- FILE.osm.pbf|FILE.osm|FILE.osm.gz [--id ID]");
    process.exit(2);
  }
  const i = args.indexOf("--id");
  const { dataDir, packDir } = config();
  fs.mkdirSync(packDir, { recursive: true });
  const t0 = performance.now();
  const r = await importOsmPack(file, packDir, {
    id: i >= 0 ? args[i + 1] : undefined,
    countryAt: createCountryLocator().countryAt,
    terrain: loadTerrain(path.join(dataDir, "dem")),
    onProgress: (line) => console.log(line),
  });
  console.log(`${r.id} ${r.version}: ${r.nodeCount} nodes, ${r.edgeCount} edges, ${r.shortcuts} shortcuts, ${(r.bytes / 1e6).toFixed(1)} MB in ${Math.round(performance.now() - t0)} ms`);
  console.log(`written to ${path.join(packDir, `network-${r.id}.bin`)}; restart the service to use it`);
}
