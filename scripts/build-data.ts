// Builds the data packs (road network, stations, gazetteer) from DATA_DIR into PACK_DIR.
import fs from "node:fs";
import path from "node:path";
import { buildGazetteer } from "../engine/geocode/build";
import { buildNetworkPack } from "../engine/network/build";
import { buildStationPack } from "../engine/stations/pack";
import { PACK_FILES, config } from "../server/config";

const { dataDir, packDir } = config();
if (!fs.existsSync(dataDir)) {
  console.error(`DATA_DIR ${dataDir} does not exist: point DATA_DIR at the open data folder (see README)`);
  process.exit(1);
}
fs.mkdirSync(packDir, { recursive: true });

const timed = async <T>(label: string, build: () => T | Promise<T>, describe: (r: T) => string) => {
  const t0 = performance.now();
  const report = await build();
  console.log(`${label}: ${describe(report)} (${Math.round(performance.now() - t0)} ms)`);
};

await timed(
  "network",
  () => buildNetworkPack(path.join(dataDir, "roads", "dcw_roads_de.geojson"), path.join(packDir, PACK_FILES.network)),
  (r) => `${r.id} ${r.version}: ${r.nodeCount} nodes, ${r.edgeCount} edges, ${r.droppedParts} small parts dropped`,
);
await timed(
  "stations",
  () => buildStationPack(dataDir, path.join(packDir, PACK_FILES.stations)),
  (r) => `${r.count} sites in ${r.groups} groups from ${r.sources.map((s) => `${s.file} (${s.sites})`).join(", ")}`,
);
await timed(
  "gazetteer",
  () => buildGazetteer(dataDir, path.join(packDir, PACK_FILES.gazetteer)),
  (r) => `${r.counts.places} places, ${r.counts.postcodes} postcodes, version ${r.version}`,
);
