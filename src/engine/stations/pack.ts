// Builds the station pack from every charger file under <dataDir>/chargers/
// (sub-folders included); each file's licence, attribution and snapshot date
// come from chargers/SOURCES.json, the data's own listing, not from code.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, extname, join } from "node:path";
import { parseBnetzaCsv } from "./bnetza";
import { parseOcmPois } from "./ocm";
import { parseOcpiLocations } from "./ocpi";
import { applyOverlays, groupCoLocated, mergeSameSites, type StationOverlay } from "./merge";
import { normalizeOperators } from "./operators";
import type { Station, StationDraft } from "./types";

/** Bump when the pack layout or import rules change, so the version changes too. */
export const PACK_FORMAT = 3;
export { CO_LOCATION_M } from "./merge";

export interface StationSourceInfo {
  source: string;
  /** Path under chargers/, e.g. "more-countries/ocpi_fr_irve_dc.json". */
  file: string;
  format: "bnetza" | "ocpi" | "ocm";
  /** Devices (BNetzA rows) or OCPI locations read. */
  records: number;
  skipped: number;
  sites: number;
  /** Sites whose power the source does not state (an assumed figure). */
  estimatedPower: number;
  licence: string;
  attribution: string;
  /** From chargers/SOURCES.json; null where the file is not listed there. */
  country: string | null;
  snapshot: string | null;
  /** How the source's power figures were obtained. */
  power: string | null;
}

export interface StationPackHeader {
  id: "stations";
  version: string;
  count: number;
  sources: StationSourceInfo[];
}

/** One line of chargers/SOURCES.json: the data's own licence and attribution, per file. */
export interface ChargerSourceEntry {
  file: string;
  country?: string;
  format?: string;
  licence: string;
  attribution: string;
  snapshot?: string;
  power?: string;
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
  /** Charger files not listed in chargers/SOURCES.json (built with licence "unknown"). */
  unlisted: string[];
  coverage: CountryCoverage[];
}

/** Sites per country and how many are fast, MCS, or of estimated power. */
export interface CountryCoverage {
  country: string;
  sites: number;
  kw150: number;
  kw350: number;
  mcs: number;
  estimated: number;
}

export function coverageOf(stations: Station[]): CountryCoverage[] {
  const by = new Map<string, CountryCoverage>();
  for (const s of stations) {
    const c = by.get(s.country) ?? { country: s.country, sites: 0, kw150: 0, kw350: 0, mcs: 0, estimated: 0 };
    c.sites++;
    if (s.dcPowerKW >= 150) c.kw150++;
    if (s.dcPowerKW >= 350) c.kw350++;
    if (s.connectors.includes("MCS")) c.mcs++;
    if (s.powerEstimated) c.estimated++;
    by.set(s.country, c);
  }
  return [...by.values()].sort((a, b) => b.sites - a.sites);
}

/** The listing of chargers/SOURCES.json by file path; empty when there is none. */
export function readSourceListing(chargersDir: string): Map<string, ChargerSourceEntry> {
  const file = join(chargersDir, "SOURCES.json");
  if (!existsSync(file)) return new Map();
  const list = JSON.parse(readFileSync(file, "utf8")) as ChargerSourceEntry[];
  return new Map(list.filter((e) => e && typeof e.file === "string").map((e) => [e.file, e]));
}

/** Licence and attribution of a file from the listing; "unknown" when it is not listed. */
export function licenceFor(file: string, listing: Map<string, ChargerSourceEntry>) {
  const e = listing.get(file);
  if (!e) return { licence: "unknown", attribution: basename(file), country: null, snapshot: null, power: null };
  return { licence: e.licence, attribution: e.snapshot ? `${e.attribution} (${e.snapshot})` : e.attribution, country: e.country ?? null, snapshot: e.snapshot ?? null, power: e.power ?? null };
}

/** Charger files the data build reads, by name: bnetza*.csv, ocpi*.json, ocm*.json. */
function formatOf(file: string): StationSourceInfo["format"] | null {
  const name = basename(file);
  if (/^bnetza.*\.csv$/i.test(name)) return "bnetza";
  if (/^ocpi.*\.json$/i.test(name)) return "ocpi";
  if (/^ocm.*\.json$/i.test(name)) return "ocm";
  return null;
}

/** Every charger file under dir, sub-folders included, as sorted paths relative to it ("/" separated). */
function chargerFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...chargerFiles(dir, rel));
    else if (formatOf(rel)) out.push(rel);
  }
  return out.sort();
}

/**
 * `overlays`: the operator's corrections shipped with the code (src/data/station-overlay.csv),
 * applied last and part of the version.
 */
export function buildStationPack(dataDir: string, outFile: string, overlays: StationOverlay[] = []): StationBuildReport {
  const dir = join(dataDir, "chargers");
  const files = chargerFiles(dir);
  const listing = readSourceListing(dir);
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
    const estimatedPower = r.stations.filter((s) => s.powerEstimated).length;
    sources.push({ source, file, format, records, skipped: r.skipped, sites: r.stations.length, estimatedPower, ...licenceFor(file, listing) });
  }
  hash.update(JSON.stringify([...listing.values()]));
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
    duplicates: drafts.length - unique.length, sources, unlisted: files.filter((f) => !listing.has(f)), coverage: coverageOf(stations),
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
