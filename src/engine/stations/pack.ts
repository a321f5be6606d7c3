// Builds the station pack from every charger file in <dataDir>/chargers/.
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { parseBnetzaCsv } from "./bnetza";
import { parseOcmPois } from "./ocm";
import { parseOcpiLocations } from "./ocpi";
import { applyOverlays, groupCoLocated, mergeSameSites, type StationOverlay } from "./merge";
import { normalizeOperators } from "./operators";
import type { Station, StationDraft } from "./types";

/** Bump when the pack layout or import rules change, so the version changes too. */
export const PACK_FORMAT = 2;
export { CO_LOCATION_M } from "./merge";

export interface StationSourceInfo {
  source: string;
  file: string;
  format: "bnetza" | "ocpi" | "ocm";
  /** Devices (BNetzA rows) or OCPI locations read. */
  records: number;
  skipped: number;
  sites: number;
  licence: string;
  attribution: string;
}

export interface StationPackHeader {
  id: "stations";
  version: string;
  count: number;
  sources: StationSourceInfo[];
}

export interface StationBuildReport {
  outFile: string;
  version: string;
  count: number;
  /** Mapping groups in total, and those holding more than one site. */
  groups: number;
  sharedGroups: number;
  /** Sites dropped because an earlier file had the same externalId. */
  duplicates: number;
  sources: StationSourceInfo[];
}

const LICENCES: { test: RegExp; licence: string; attribution: string }[] = [
  { test: /^bnetza/i, licence: "CC BY 4.0", attribution: "Bundesnetzagentur, Ladesäulenregister" },
  { test: /^ocpi_nl_ndw/i, licence: "NDW open data", attribution: "Nationaal Dataportaal Wegverkeer (NDW), national OCPI feed" },
  { test: /^ocpi_cz_mpo/i, licence: "Czech public register (open data)", attribution: "Ministerstvo průmyslu a obchodu (MPO), register of charging stations" },
  { test: /^ocpi_pl_eipa/i, licence: "public-sector information", attribution: "Ewidencja Infrastruktury Paliw Alternatywnych (EIPA), UDT" },
  { test: /^ocm/i, licence: "CC BY-SA 4.0", attribution: "Open Charge Map contributors" },
];

function licenceFor(file: string): { licence: string; attribution: string } {
  const hit = LICENCES.find((l) => l.test.test(file));
  if (!hit) return { licence: "unknown", attribution: file };
  const date = /(\d{4}-\d{2}-\d{2})/.exec(file)?.[1];
  return { licence: hit.licence, attribution: date ? `${hit.attribution} (${date})` : hit.attribution };
}

/** Charger files the data build reads, by name: bnetza*.csv, ocpi*.json, ocm*.json. */
function formatOf(file: string): StationSourceInfo["format"] | null {
  if (/^bnetza.*\.csv$/i.test(file)) return "bnetza";
  if (/^ocpi.*\.json$/i.test(file)) return "ocpi";
  if (/^ocm.*\.json$/i.test(file)) return "ocm";
  return null;
}

/**
 * `overlays`: the operator's corrections shipped with the code (src/data/station-overlay.csv),
 * applied last and part of the version.
 */
export function buildStationPack(dataDir: string, outFile: string, overlays: StationOverlay[] = []): StationBuildReport {
  const dir = join(dataDir, "chargers");
  const files = readdirSync(dir).filter((f) => formatOf(f) !== null).sort();
  const hash = createHash("sha256").update(`stations-pack:${PACK_FORMAT}\n`);
  const drafts: StationDraft[] = [];
  const sources: StationSourceInfo[] = [];
  for (const file of files) {
    const bytes = readFileSync(join(dir, file));
    hash.update(`${file}\n${bytes.length}\n`).update(bytes);
    const source = basename(file, extname(file));
    const format = formatOf(file)!;
    const text = () => bytes.toString("utf8").replace(/^\uFEFF/, "");
    const r = format === "bnetza" ? parseBnetzaCsv(bytes, { source }) : format === "ocpi" ? parseOcpiLocations(text(), { source }) : parseOcmPois(text(), { source });
    drafts.push(...r.stations);
    const records = "devices" in r ? r.devices : "locations" in r ? r.locations : r.pois;
    sources.push({ source, file, format, records, skipped: r.skipped, sites: r.stations.length, ...licenceFor(file) });
  }
  hash.update(JSON.stringify(overlays));
  const version = hash.digest("hex");

  const seen = new Set<string>();
  const unique = drafts.filter((d) => !seen.has(d.externalId) && !!seen.add(d.externalId));
  const stations = applyOverlays(groupCoLocated(mergeSameSites(assignIdsAndGroups(normalizeOperators(unique)))), overlays);
  const header: StationPackHeader = { id: "stations", version, count: stations.length, sources };
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify({ header, stations }));

  const sizes = new Map<number, number>();
  for (const s of stations) sizes.set(s.mapping, (sizes.get(s.mapping) ?? 0) + 1);
  return {
    outFile, version, count: stations.length, groups: sizes.size,
    sharedGroups: [...sizes.values()].filter((n) => n > 1).length,
    duplicates: drafts.length - unique.length, sources,
  };
}

/** poiId = 1-based rank by externalId; co-located sites grouped (merge.ts). */
export function assignIdsAndGroups(drafts: StationDraft[]): Station[] {
  const stations: Station[] = [...drafts]
    .sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0))
    .map((d, i) => ({ ...d, poiId: i + 1, mapping: 0, represents: 0 }));
  return groupCoLocated(stations);
}

export function loadStationPack(file: string): { version: string; stations: Station[]; header: StationPackHeader } {
  const json = JSON.parse(readFileSync(file, "utf8")) as { header?: StationPackHeader; stations?: Station[] };
  if (json.header?.id !== "stations" || !Array.isArray(json.stations)) throw new Error(`${file}: not a station pack`);
  return { version: json.header.version, stations: json.stations, header: json.header };
}
