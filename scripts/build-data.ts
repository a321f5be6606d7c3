// Builds the data packs from DATA_DIR into PACK_DIR: road networks (Europe, and
// one per OpenStreetMap extract in DATA_DIR/osm), stations, gazetteer.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { buildGazetteer } from "../src/engine/geocode/build";
import { buildPack, type PackBuildReport } from "../src/engine/network/build-pack";
import { createCountryLocator } from "../src/engine/network/countries";
import { readEurope } from "../src/engine/network/sources/europe";
import { buildStationPack, type CountryCoverage } from "../src/engine/stations/pack";
import { parseOverlayFile, toOverlays } from "../src/server/stations/overlay-file";
import { loadTerrain } from "../src/engine/terrain/dem";
import { PACK_FILES, config } from "../src/server/config";
import { importOsmPack } from "./network-import";

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
const describePack = (r: PackBuildReport) =>
  `${r.id} ${r.version}: ${r.nodeCount} nodes, ${r.edgeCount} edges, ${r.shortcuts} shortcuts, ${(r.bytes / 1e6).toFixed(1)} MB; km by country ${JSON.stringify(r.lengthKmByCountry)}`;
const hashFiles = (...files: string[]) => files.reduce((h, f) => h.update(fs.readFileSync(f)), createHash("sha256")).digest("hex");

// Packs from an earlier layout would be left behind unreadable.
for (const f of fs.readdirSync(packDir)) if (/^network-.+\.bin$/.test(f)) fs.rmSync(path.join(packDir, f));

const countries = createCountryLocator();
const terrain = loadTerrain(path.join(dataDir, "dem"));

await timed("network europe", () => {
  const source = readEurope(dataDir, { countryAt: countries.countryAt });
  const inputs = ["roads/dcw_roads_de.geojson", "roads/ne_10m_roads_europe.geojson"].map((f) => path.join(dataDir, f));
  // DCW and Natural Earth lines are generalised by up to ~1-2 km: finer terrain samples measure hills beside the road.
  return buildPack(source, path.join(packDir, PACK_FILES.network), { inputHash: hashFiles(...inputs), countryAt: countries.countryAt, terrain, terrainStepM: 1000 });
}, describePack);

const osmDir = path.join(dataDir, "osm");
for (const f of fs.existsSync(osmDir) ? fs.readdirSync(osmDir).sort() : []) {
  if (!/\.(osm|osm\.gz|osm\.pbf|pbf)$/.test(f)) continue;
  await timed(`network ${f}`, () => importOsmPack(path.join(osmDir, f), packDir, { countryAt: countries.countryAt, terrain }), describePack);
}

await timed(
  "stations",
  () => {
    const r = buildStationPack(dataDir, path.join(packDir, PACK_FILES.stations), operatorOverlay());
    for (const f of r.unlisted) console.warn(`stations: WARNING ${f} is not listed in chargers/SOURCES.json: built with licence "unknown"; add a line for it`);
    return r;
  },
  (r) => `${r.count} sites in ${r.groups} groups from ${r.sources.map((s) => `${s.file} (${s.sites})`).join(", ")}\n${coverageTable(r.coverage)}`,
);
await timed(
  "gazetteer",
  () => buildGazetteer(dataDir, path.join(packDir, PACK_FILES.gazetteer)),
  (r) => `${r.counts.places} places, ${r.counts.postcodes} postcodes, version ${r.version}`,
);

/** The operator's corrections of the bundled station data, kept with the code. */
function operatorOverlay() {
  const file = path.join(process.cwd(), "src", "data", "station-overlay.csv");
  return fs.existsSync(file) ? toOverlays(parseOverlayFile(fs.readFileSync(file, "utf8")), "overlay:operator:src/data/station-overlay.csv") : [];
}

/** Coverage per country, as the README lists it. */
function coverageTable(rows: CountryCoverage[]): string {
  const head = "country | sites | >= 150 kW | >= 350 kW | MCS | estimated power";
  return [head, ...rows.map((c) => `${c.country} | ${c.sites} | ${c.kw150} | ${c.kw350} | ${c.mcs} | ${Math.round((100 * c.estimated) / Math.max(1, c.sites))} %`)].join("\n");
}
