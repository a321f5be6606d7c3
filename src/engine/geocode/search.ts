// Offline geocoder over the gazetteer pack (towns and postcodes only).
// The data has no streets: a street part of an address is ignored, and the
// result is the postcode area or town centre.

export interface GazetteerHeader {
  format: "etruck-gazetteer";
  formatVersion: number;
  /** sha256 of the inputs (cities file + postcode CSVs). */
  version: string;
  attribution: string;
  license: string;
  sources: string[];
  counts: { places: number; postcodes: number };
}

/**
 * On-disk pack, columnar. Coordinates are integers in 1e-4 degrees (~11 m).
 * Sort orders are part of the format: lookups binary-search them instead of
 * building maps at load.
 */
export interface GazetteerPack {
  header: GazetteerHeader;
  countries: string[];
  /** Sorted by population, largest first (the id order). */
  places: {
    name: string[]; cc: number[]; lat: number[]; lon: number[]; pop: number[];
    /** [district id, city id] pairs: a city's districts ("Mitte" of Berlin); absent in packs built before them. */
    districtOf?: number[];
  };
  /** Folded names (own, German transliteration, alternate) in sorted order; counts[i] ids per key. */
  placeIndex: { keys: string[]; counts: number[]; ids: number[] };
  /**
   * Rows sorted by country, then postcodeKey; cc as [country, count] runs; code ""
   * repeats the previous row's; lat/lon are deltas from the previous row.
   * placeNames sorted by foldKey.
   */
  postcodes: {
    ccRuns: number[]; code: string[]; place: number[]; dLat: number[]; dLon: number[]; placeNames: string[];
    /** Per row an index into `regions` (ISO 3166-2; "" first: none known). */
    region: number[]; regions: string[];
  };
}

export interface Gazetteer {
  header: GazetteerHeader;
  countries: string[];
  countryIdx: Map<string, number>;
  places: {
    name: string[]; pop: number[]; cc: Uint16Array; lat: Int32Array; lon: Int32Array;
    /** foldKey(name), filled on first use. */
    key: (string | undefined)[];
    /** A district's city by the district's id; null: the pack does not tell districts (built before them). */
    districtOf: Map<number, number> | null;
  };
  placeKeys: string[];
  /** Ids of placeKeys[i] are placeIds[placeStart[i] .. placeStart[i + 1]). */
  placeStart: Int32Array;
  placeIds: Int32Array;
  postcodes: {
    code: string[]; place: number[]; placeNames: string[]; cc: Uint16Array; lat: Int32Array; lon: Int32Array;
    /** Per row an index into `regions`, the ISO 3166-2 codes ("" first: none known); only where the bans need them (DE). */
    region: Uint8Array; regions: string[];
    /** [first row, end row) per country index. */
    countryRows: Map<number, [number, number]>;
    /** Rows of placeNames[i] are nameRows[nameStart[i] .. nameStart[i + 1]). */
    nameStart: Int32Array;
    nameRows: Int32Array;
  };
}

export interface GeocodeHit {
  latitude: number;
  longitude: number;
  label: string;
  kind: "postcode" | "place";
}

/** A geocode answer: the hit, and whether part of the query (a street, a house number) was not matched. */
export interface GeocodeMatch extends GeocodeHit {
  /** True when the answer is the town or postcode around something the gazetteer does not know. */
  approximate: boolean;
  /** The parts of the query the answer does not account for, as written ("Alexanderplatz"). */
  unmatched?: string;
}

export interface GeocodeOptions {
  /** Country (ISO 3166 alpha-2) preferred when a bare postcode exists in several countries. Default DE. */
  preferCountry?: string;
}

const COORD_SCALE = 1e4;
const DEFAULT_COUNTRY_ORDER = ["DE", "AT", "CH", "NL", "BE", "LU", "DK", "FR", "IT", "PL", "CZ"];
/** A primary-name match counts this many times its population against alternate-name matches. */
const PRIMARY_BOOST = 3;

const SPECIAL: Record<string, string> = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ı": "i" };

const foldedChars = new Map<string, string>();
function foldChar(c: string): string {
  let r = foldedChars.get(c);
  if (r === undefined) {
    r = SPECIAL[c] ?? c.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    foldedChars.set(c, r);
  }
  return r;
}

/** Case-, diacritics- and punctuation-insensitive key ("Köln" -> "koln"). */
export function foldKey(s: string): string {
  let t = s.toLowerCase();
  if (!/^[\x00-\x7f]*$/.test(t)) t = t.replace(/[^\x00-\x7f]/g, foldChar);
  return t.replace(/[^a-z0-9]+/g, " ").trim();
}

/** German transliteration key ("Köln" -> "koeln"); null when there is no umlaut. */
export function translitKey(s: string): string | null {
  if (!/[äöüÄÖÜ]/.test(s)) return null;
  return foldKey(s.replace(/[äÄ]/g, "ae").replace(/[öÖ]/g, "oe").replace(/[üÜ]/g, "ue"));
}

/** Postcode lookup key: digits and letters only, country prefix ("D-", "L-") removed. */
export function postcodeKey(code: string): string {
  if (/^\d+$/.test(code)) return code;
  return code.toUpperCase().replace(/^[A-Z]{1,2}-(?=\d)/, "").replace(/[^0-9A-Z]/g, "");
}

/** Decodes the pack (typed arrays, inverse name index); everything else is binary search. */
export function indexGazetteer(pack: GazetteerPack): Gazetteer {
  const pl = pack.places;
  const { keys, counts, ids } = pack.placeIndex;
  const placeStart = new Int32Array(keys.length + 1);
  for (let i = 0; i < keys.length; i++) placeStart[i + 1] = placeStart[i] + counts[i];

  const src = pack.postcodes;
  const n = src.code.length;
  const cc = new Uint16Array(n), lat = new Int32Array(n), lon = new Int32Array(n);
  const countryRows = new Map<number, [number, number]>();
  for (let r = 0, i = 0; r < src.ccRuns.length; r += 2) {
    countryRows.set(src.ccRuns[r], [i, i + src.ccRuns[r + 1]]);
    cc.fill(src.ccRuns[r], i, (i += src.ccRuns[r + 1]));
  }
  const code = src.code.slice();
  for (let i = 1; i < n; i++) if (code[i] === "") code[i] = code[i - 1];
  for (let i = 0, la = 0, lo = 0; i < n; i++) { lat[i] = la += src.dLat[i]; lon[i] = lo += src.dLon[i]; }
  // counting sort: rows grouped by place name
  const nameStart = new Int32Array(src.placeNames.length + 1);
  for (let i = 0; i < n; i++) nameStart[src.place[i] + 1]++;
  for (let i = 0; i < src.placeNames.length; i++) nameStart[i + 1] += nameStart[i];
  const fill = nameStart.slice(0, -1), nameRows = new Int32Array(n);
  for (let i = 0; i < n; i++) nameRows[fill[src.place[i]]++] = i;

  return {
    header: pack.header, countries: pack.countries,
    countryIdx: new Map(pack.countries.map((c, i) => [c, i])),
    places: {
      name: pl.name, pop: pl.pop, cc: Uint16Array.from(pl.cc), lat: Int32Array.from(pl.lat), lon: Int32Array.from(pl.lon),
      key: new Array(pl.name.length),
      districtOf: pl.districtOf ? new Map(Array.from({ length: pl.districtOf.length / 2 }, (_, k) => [pl.districtOf![2 * k], pl.districtOf![2 * k + 1]])) : null,
    },
    placeKeys: keys, placeStart, placeIds: Int32Array.from(ids),
    postcodes: { code, place: src.place, placeNames: src.placeNames, cc, lat, lon, region: Uint8Array.from(src.region), regions: src.regions, countryRows, nameStart, nameRows },
  };
}

/** Index of the first element whose key is >= s (keyOf must be ascending over [lo, hi)). */
function lowerBound(keyOf: (i: number) => string, lo: number, hi: number, s: string): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyOf(mid) < s) lo = mid + 1; else hi = mid;
  }
  return lo;
}

function placeKeyOf(gaz: Gazetteer, id: number): string {
  return (gaz.places.key[id] ??= foldKey(gaz.places.name[id]));
}

function idsOfKeyAt(gaz: Gazetteer, i: number): Int32Array {
  return gaz.placeIds.subarray(gaz.placeStart[i], gaz.placeStart[i + 1]);
}

function placeIdsForKey(gaz: Gazetteer, key: string): Int32Array {
  const i = lowerBound((j) => gaz.placeKeys[j], 0, gaz.placeKeys.length, key);
  return gaz.placeKeys[i] === key ? idsOfKeyAt(gaz, i) : new Int32Array(0);
}

/** Postcode rows with this key (or key prefix), at most maxPerCountry per country. */
function postcodeRows(gaz: Gazetteer, key: string, prefix = false, maxPerCountry = Infinity): number[] {
  const pc = gaz.postcodes;
  const keyOf = (r: number) => postcodeKey(pc.code[r]);
  const out: number[] = [];
  for (const [lo, hi] of pc.countryRows.values()) {
    const start = lowerBound(keyOf, lo, hi, key);
    for (let r = start; r < hi && r - start < maxPerCountry; r++) {
      const k = keyOf(r);
      if (prefix ? !k.startsWith(key) : k !== key) break;
      out.push(r);
    }
  }
  return out;
}

/** Postcode rows whose place name folds to key (villages not in cities1000). */
function rowsByPlaceName(gaz: Gazetteer, key: string): Int32Array {
  const pc = gaz.postcodes;
  const i = lowerBound((j) => foldKey(pc.placeNames[j]), 0, pc.placeNames.length, key);
  const j = lowerBound((j) => foldKey(pc.placeNames[j]), i, pc.placeNames.length, key + " ");
  return pc.nameRows.subarray(pc.nameStart[i], pc.nameStart[j]);
}

// --- countries named in an address ---------------------------------------

const COUNTRY_NAMES: Record<string, string> = {
  DE: "germany|deutschland", AT: "austria|osterreich|oesterreich", CH: "switzerland|schweiz|suisse|svizzera",
  NL: "netherlands|the netherlands|nederland|niederlande|holland", BE: "belgium|belgique|belgie|belgien",
  LU: "luxembourg|luxemburg", DK: "denmark|danmark|danemark|daenemark", FR: "france|frankreich",
  IT: "italy|italia|italien", PL: "poland|polska|polen", CZ: "czechia|czech republic|cesko|ceska republika|tschechien",
  ES: "spain|espana|spanien", PT: "portugal", GB: "united kingdom|uk|great britain|england|scotland|wales|grossbritannien",
  IE: "ireland|irland|eire", NO: "norway|norge|norwegen", SE: "sweden|sverige|schweden", FI: "finland|suomi|finnland",
  EE: "estonia|eesti|estland", LV: "latvia|latvija|lettland", LT: "lithuania|lietuva|litauen",
  SK: "slovakia|slovensko|slowakei", HU: "hungary|magyarorszag|ungarn", SI: "slovenia|slovenija|slowenien",
  HR: "croatia|hrvatska|kroatien", RO: "romania|rumanien|rumaenien", BG: "bulgaria|bulgarien",
  GR: "greece|hellas|griechenland", RS: "serbia|srbija|serbien", BA: "bosnia and herzegovina|bosnien",
  ME: "montenegro", MK: "north macedonia|nordmazedonien", AL: "albania|albanien", UA: "ukraine",
  MD: "moldova|moldau", TR: "turkey|turkiye|turkei", LI: "liechtenstein", MC: "monaco", AD: "andorra",
  SM: "san marino", MT: "malta", CY: "cyprus|zypern", IS: "iceland|island",
  US: "usa|united states|united states of america", CA: "canada",
};
const COUNTRY_BY_NAME = new Map<string, string>();
for (const [cc, names] of Object.entries(COUNTRY_NAMES)) for (const n of names.split("|")) COUNTRY_BY_NAME.set(n, cc);

/** Country named by a code ("FR", "fr" if known) or a name; "US" written as a code counts even outside the data. */
function countryOf(gaz: Gazetteer, text: string): string | null {
  const t = text.trim(), k = foldKey(t);
  const named = COUNTRY_BY_NAME.get(k);
  if (named) return named;
  if (/^[A-Z]{2}$/.test(t)) return t;
  return /^[a-z]{2}$/.test(k) && gaz.countryIdx.has(k.toUpperCase()) ? k.toUpperCase() : null;
}

/** Postcode prefixes like "D-80331" or "A-1010" name the country. */
const POSTCODE_PREFIX: Record<string, string> = {
  D: "DE", A: "AT", CH: "CH", NL: "NL", B: "BE", L: "LU", DK: "DK", F: "FR", I: "IT", PL: "PL", CZ: "CZ", CS: "CZ",
};

// --- hits --------------------------------------------------------------------

/** A hit with what the matching needs: the town it names, its country and its population (0: a postcode place). */
interface Found { hit: GeocodeHit; place: string; cc: string; pop: number }

function placeFound(gaz: Gazetteer, id: number): Found {
  const p = gaz.places;
  const cc = gaz.countries[p.cc[id]];
  return {
    hit: { latitude: p.lat[id] / COORD_SCALE, longitude: p.lon[id] / COORD_SCALE, label: `${p.name[id]}, ${cc}`, kind: "place" },
    place: p.name[id], cc, pop: p.pop[id],
  };
}

function postcodeFound(gaz: Gazetteer, row: number, kind: GeocodeHit["kind"]): Found {
  const pc = gaz.postcodes;
  const place = pc.placeNames[pc.place[row]];
  const cc = gaz.countries[pc.cc[row]];
  return {
    hit: {
      latitude: pc.lat[row] / COORD_SCALE, longitude: pc.lon[row] / COORD_SCALE,
      label: kind === "postcode" ? `${pc.code[row]} ${place}, ${cc}` : `${place}, ${cc}`, kind,
    },
    place, cc, pop: 0,
  };
}

const placeHit = (gaz: Gazetteer, id: number) => placeFound(gaz, id).hit;
const postcodeHit = (gaz: Gazetteer, row: number, kind: GeocodeHit["kind"]) => postcodeFound(gaz, row, kind).hit;

function distanceKm(a: GeocodeHit, b: GeocodeHit): number {
  const x = (b.longitude - a.longitude) * Math.cos(((a.latitude + b.latitude) / 2) * (Math.PI / 180));
  return Math.hypot(x, b.latitude - a.latitude) * 111.2;
}

const startsAtWord = (key: string, prefix: string, wordOnly: boolean) =>
  key.startsWith(prefix) && (!wordOnly || key.length === prefix.length || key[prefix.length] === " ");

/**
 * Up to `limit` place ids whose names start with prefix, matches on the place's own
 * name first, then alternate names, each by population. Long key ranges (short
 * prefixes) walk places in population order instead, which stops early.
 */
function prefixMatches(gaz: Gazetteer, prefix: string, wordOnly: boolean, cc: number | null, limit: number): number[] {
  const p = gaz.places;
  const keyAt = (j: number) => gaz.placeKeys[j];
  const lo = lowerBound(keyAt, 0, gaz.placeKeys.length, prefix);
  const hi = lowerBound(keyAt, lo, gaz.placeKeys.length, prefix + "~"); // "~" sorts after [a-z0-9 ]
  if (hi - lo > 2000) {
    const out: number[] = [];
    for (let id = 0; id < p.name.length && out.length < limit; id++) {
      if ((cc === null || p.cc[id] === cc) && startsAtWord(placeKeyOf(gaz, id), prefix, wordOnly)) out.push(id);
    }
    if (out.length >= limit) return out;
  }
  const ids = new Set<number>();
  for (let i = lo; i < hi; i++) {
    if (!startsAtWord(gaz.placeKeys[i], prefix, wordOnly)) continue;
    for (const id of idsOfKeyAt(gaz, i)) if (cc === null || p.cc[id] === cc) ids.add(id);
  }
  const own: number[] = [], alt: number[] = [];
  for (const id of ids) {
    const t = translitKey(p.name[id]);
    (startsAtWord(placeKeyOf(gaz, id), prefix, wordOnly) || (t !== null && startsAtWord(t, prefix, wordOnly)) ? own : alt).push(id);
  }
  own.sort((a, b) => a - b); // ids are in population order
  alt.sort((a, b) => a - b);
  return own.concat(alt).slice(0, limit);
}

function bestExactPlace(gaz: Gazetteer, key: string, cc: number | null): number | null {
  const p = gaz.places;
  let best: number | null = null, bestScore = -1;
  for (const id of placeIdsForKey(gaz, key)) {
    if (cc !== null && p.cc[id] !== cc) continue;
    const primary = placeKeyOf(gaz, id) === key || translitKey(p.name[id]) === key;
    const score = (p.pop[id] + 1) * (primary ? PRIMARY_BOOST : 1);
    if (score > bestScore) { best = id; bestScore = score; }
  }
  return best;
}

/** allowPrefix: also a name begun ("Muench"); wordPrefix: also a name's first words ("Frankfurt" -> "Frankfurt am Main"). */
function resolvePlace(gaz: Gazetteer, text: string, cc: number | null, allowPrefix: boolean, wordPrefix = true): Found | null {
  const key = foldKey(text);
  if (!key) return null;
  const exact = bestExactPlace(gaz, key, cc);
  if (exact !== null) return placeFound(gaz, exact);
  const word = wordPrefix ? prefixMatches(gaz, key, true, cc, 1) : [];
  if (word.length) return placeFound(gaz, word[0]);
  for (const row of rowsByPlaceName(gaz, key)) { // villages below 1000 inhabitants
    if (cc === null || gaz.postcodes.cc[row] === cc) return postcodeFound(gaz, row, "place");
  }
  if (allowPrefix && key.length >= 3) {
    const loose = prefixMatches(gaz, key, false, cc, 1);
    if (loose.length) return placeFound(gaz, loose[0]);
  }
  return null;
}

function countryRank(gaz: Gazetteer, ccIdx: number, prefer: string): number {
  const cc = gaz.countries[ccIdx];
  if (cc === prefer) return -1;
  const i = DEFAULT_COUNTRY_ORDER.indexOf(cc);
  return i < 0 ? DEFAULT_COUNTRY_ORDER.length : i;
}

function resolvePostcode(
  gaz: Gazetteer, raw: string, placeText: string, cc: number | null, prefer: string,
): { found: Found; placeMatched: boolean } | null {
  const pc = gaz.postcodes;
  const prefixCountry = POSTCODE_PREFIX[raw.match(/^([A-Za-z]{1,2})-/)?.[1].toUpperCase() ?? ""];
  if (prefixCountry) prefer = prefixCountry;
  let rows = postcodeRows(gaz, postcodeKey(raw)).filter((r) => cc === null || pc.cc[r] === cc);
  if (!rows.length) return null;
  const want = foldKey(placeText);
  let placeMatched = false;
  if (want) {
    const name = (r: number) => foldKey(pc.placeNames[pc.place[r]]);
    const exact = rows.filter((r) => name(r) === want || translitKey(pc.placeNames[pc.place[r]]) === want);
    const loose = rows.filter((r) => name(r).startsWith(want) || want.startsWith(name(r)));
    if (exact.length) rows = exact; else if (loose.length) rows = loose;
    placeMatched = exact.length + loose.length > 0;
  }
  // "59-700" is Polish, "59700" French: the written form decides before country preference.
  const written = raw.toUpperCase();
  const rank = (r: number) => (pc.code[r].toUpperCase() === written ? 0 : 100) + countryRank(gaz, pc.cc[r], prefer);
  const best = rows.reduce((a, b) => (rank(b) < rank(a) ? b : a));
  return { found: postcodeFound(gaz, best, "postcode"), placeMatched };
}

/**
 * Finds a postcode token in one comma-separated part; returns it as written, the rest of the
 * part, and the two letters of a Dutch postcode ("1011 AB") if it had them.
 */
function splitPostcode(gaz: Gazetteer, part: string): { raw: string; rest: string; letters: string } | null {
  const tokens = part.split(/\s+/).filter(Boolean);
  for (let i = 0; i < tokens.length; i++) {
    for (const n of [2, 1]) { // "100 00" (CZ) before "100"
      if (i + n > tokens.length) continue;
      const raw = tokens.slice(i, i + n).join(" ");
      if (!/^([A-Za-z]{1,2}-)?\d[\d -]{2,6}$/.test(raw)) continue;
      const key = postcodeKey(raw);
      if (!/^\d{4,6}$/.test(key) || !postcodeRows(gaz, key, false, 1).length) continue;
      let rest = [...tokens.slice(0, i), ...tokens.slice(i + n)];
      const letters = /^[A-Z]{2}$/.test(rest[i] ?? "") ? rest[i] : ""; // NL "1011 AB"
      if (letters) rest = rest.filter((_, j) => j !== i);
      return { raw, rest: rest.join(" "), letters };
    }
  }
  return null;
}

/** A country of the data named by text ("NL", "Niederlande") that has this postcode: "NL 3011", "3011 NL". */
function postcodeCountry(gaz: Gazetteer, text: string, raw: string): number | null {
  const cc = text ? countryOf(gaz, text) : null;
  const idx = cc === null ? undefined : gaz.countryIdx.get(cc);
  if (idx === undefined) return null;
  return postcodeRows(gaz, postcodeKey(raw)).some((r) => gaz.postcodes.cc[r] === idx) ? idx : null;
}

/** Words of a part tried as place names: at most this many (runs of them grow quadratically). */
const MAX_RUN_TOKENS = 8;

/** Does text name the town the hit lies in ("Munich" for "80331 München")? */
function namesSameTown(gaz: Gazetteer, text: string, found: Found, cc: number | null, wordPrefix = true): boolean {
  const other = resolvePlace(gaz, text, cc, false, wordPrefix);
  return other !== null && other.cc === found.cc && foldKey(other.place) === foldKey(found.place);
}

/** A piece without the words that name the hit's town ("Marienplatz 1 München" -> "Marienplatz 1"). */
function withoutTown(gaz: Gazetteer, piece: string, found: Found, cc: number | null): string[] {
  if (!foldKey(piece) || namesSameTown(gaz, piece, found, cc)) return [];
  const tokens = piece.split(/\s+/).filter(Boolean);
  for (let len = Math.min(tokens.length - 1, MAX_RUN_TOKENS); len >= 1; len--) {
    for (let start = 0; start + len <= tokens.length; start++) {
      const text = tokens.slice(start, start + len).join(" ");
      if (!/[a-z]{3}/.test(foldKey(text)) || !namesSameTown(gaz, text, found, cc, false)) continue;
      return [tokens.slice(0, start).join(" "), tokens.slice(start + len).join(" ")].filter(Boolean);
    }
  }
  return [piece];
}

/** What of the query the match did not use and that does not name its town: the answer does not account for it. */
function leftovers(gaz: Gazetteer, pieces: string[], found: Found, cc: number | null): string[] {
  return pieces.flatMap((t) => withoutTown(gaz, t, found, cc));
}

interface Match { found: Found; unmatched: string[] }

/** How far from a town's centre a place named beside it counts as part of it (Berlin 25 km, Lille 9 km). */
function reachKm(pop: number): number {
  return Math.min(30, 3 + 12 * Math.sqrt(pop / 1e6));
}

/** The place or postcode village called key nearest to the anchor, if within km. */
function nearestNamed(gaz: Gazetteer, key: string, cc: number | null, anchor: GeocodeHit, km: number): Found | null {
  let best: Found | null = null, bestKm = km;
  const consider = (f: Found) => {
    const d = distanceKm(f.hit, anchor);
    if (d <= bestKm) { best = f; bestKm = d; }
  };
  for (const id of placeIdsForKey(gaz, key)) if (cc === null || gaz.places.cc[id] === cc) consider(placeFound(gaz, id));
  for (const row of rowsByPlaceName(gaz, key)) if (cc === null || gaz.postcodes.cc[row] === cc) consider(postcodeFound(gaz, row, "place"));
  return best;
}

/**
 * Within one part that names no place as a whole, the words that do. Two places named side by
 * side where the second lies within the first's reach ("Hamburg Altona", "Kraków Nowa Huta")
 * give the smaller, more precise one; otherwise the likeliest single run ("Berlin" in "Berlin
 * Alexanderplatz"). The words not used are returned as pieces.
 */
function matchWords(gaz: Gazetteer, part: string, cc: number | null): { found: Found; rest: string[] } | null {
  const tokens = part.split(/\s+/).filter(Boolean);
  const n = Math.min(tokens.length, MAX_RUN_TOKENS);
  type Span = { start: number; end: number; key: string };
  const spans: Span[] = [];
  for (let len = n - (n === tokens.length ? 1 : 0); len >= 1; len--) {
    for (let start = 0; start + len <= n; start++) {
      const key = foldKey(tokens.slice(start, start + len).join(" "));
      if (/[a-z]{3}/.test(key)) spans.push({ start, end: start + len, key }); // not house numbers, "am", "d'Or"
    }
  }
  const size = (s: Span) => s.end - s.start;
  const apart = (a: Span, b: Span) => a.end <= b.start || b.end <= a.start;
  const runs = spans.flatMap((s) => {
    const found = resolvePlace(gaz, s.key, cc, false, false);
    return found ? [{ ...s, found }] : [];
  });
  if (!runs.length) return null;

  let pick: { used: Span[]; found: Found; cover: number; pop: number } | null = null;
  for (const a of runs) {
    const km = reachKm(a.found.pop);
    for (const s of spans) {
      if (!apart(a, s)) continue;
      const near = nearestNamed(gaz, s.key, cc, a.found.hit, km);
      const cover = size(a) + size(s);
      if (!near || (pick && (cover < pick.cover || (cover === pick.cover && a.found.pop <= pick.pop)))) continue;
      pick = { used: [a, s], found: near.pop <= a.found.pop ? near : a.found, cover, pop: a.found.pop };
    }
  }
  if (!pick) {
    // Each further word matched counts as a hundredfold population: "Frankfurt Oder" over Frankfurt
    // am Main, but Kraków over a village Nowa Huta elsewhere.
    const score = (r: (typeof runs)[number]) => (r.found.pop + 1) * 100 ** (size(r) - 1);
    const best = runs.reduce((a, b) => (score(b) > score(a) ? b : a));
    pick = { used: [best], found: best.found, cover: size(best), pop: best.found.pop };
  }
  // The words left over, as consecutive pieces in their order.
  const used = (i: number) => pick.used.some((s) => i >= s.start && i < s.end);
  const rest: string[] = [];
  let piece: string[] = [];
  tokens.forEach((t, i) => {
    if (!used(i)) piece.push(t);
    else if (piece.length) { rest.push(piece.join(" ")); piece = []; }
  });
  if (piece.length) rest.push(piece.join(" "));
  return { found: pick.found, rest };
}

function matchAddress(gaz: Gazetteer, address: string, opts: GeocodeOptions): Match | null {
  const prefer = (opts.preferCountry ?? "DE").toUpperCase();
  const parts = address.split(/[,;\n]+/).map((s) => s.trim()).filter(Boolean);
  if (!parts.length) return null;
  let country: string | null = null;
  if (parts.length > 1 && (country = countryOf(gaz, parts[parts.length - 1]))) parts.pop();
  if (country === null && parts.length === 1) {
    // "Paris France": trailing country words without a comma
    const words = parts[0].split(/\s+/);
    for (const n of [2, 1]) {
      if (words.length <= n) continue;
      const cc = countryOf(gaz, words.slice(-n).join(" "));
      if (!cc) continue;
      const m = matchAddress(gaz, `${words.slice(0, -n).join(" ")}, ${cc}`, opts);
      if (m) return m;
    }
  }
  const ccIdx = country === null ? null : gaz.countryIdx.get(country) ?? -1;
  const others = (...used: number[]) => parts.filter((_, j) => !used.includes(j));

  for (let i = parts.length - 1; i >= 0; i--) {
    const pc = splitPostcode(gaz, parts[i]);
    if (!pc) continue;
    // A country written beside the postcode ("NL 3011") filters instead of naming a town.
    const restCountry = ccIdx === null ? postcodeCountry(gaz, pc.rest, pc.raw) : null;
    const named = restCountry ?? (ccIdx === null ? postcodeCountry(gaz, pc.letters, pc.raw) : null);
    const rest = restCountry === null ? pc.rest : "";
    const placeText = rest || (parts[i + 1] ?? "");
    const r = resolvePostcode(gaz, pc.raw, placeText, named ?? ccIdx, prefer);
    if (!r) continue;
    const nextUsed = !rest && r.placeMatched && i + 1 < parts.length;
    const pieces = [...(rest && !r.placeMatched ? [rest] : []), ...others(i, ...(nextUsed ? [i + 1] : []))];
    return { found: r.found, unmatched: leftovers(gaz, pieces, r.found, ccIdx) };
  }
  // Street parts rarely match a place name; the last parts are the likeliest town.
  for (let i = parts.length - 1; i >= 0; i--) {
    const found = resolvePlace(gaz, parts[i], ccIdx, false);
    if (found) return { found, unmatched: leftovers(gaz, others(i), found, ccIdx) };
  }
  // No part is a place as a whole: the words of one that are ("Berlin" in "Berlin Alexanderplatz").
  for (let i = parts.length - 1; i >= 0; i--) {
    const words = matchWords(gaz, parts[i], ccIdx);
    if (words) return { found: words.found, unmatched: leftovers(gaz, [...words.rest, ...others(i)], words.found, ccIdx) };
  }
  for (let i = parts.length - 1; i >= 0; i--) {
    const found = resolvePlace(gaz, parts[i], ccIdx, true);
    if (found) return { found, unmatched: leftovers(gaz, others(i), found, ccIdx) };
  }
  return null;
}

/**
 * "Hamburg", "München"/"Munich", "80331 München", "80331", "NL 3011", "Musterstraße 5, 10115 Berlin",
 * "Berlin Alexanderplatz", "Paris, FR". Ambiguous names go to the most populous place. Whatever the
 * answer does not account for (a street, a house number) is returned as `unmatched`, and the answer
 * is then `approximate`: the postcode area or town around it.
 */
export function geocode(gaz: Gazetteer, address: string, opts: GeocodeOptions = {}): GeocodeMatch | null {
  const m = matchAddress(gaz, address, opts);
  if (!m) return null;
  const unmatched = m.unmatched.join(", ");
  return unmatched ? { ...m.found.hit, approximate: true, unmatched } : { ...m.found.hit, approximate: false };
}

/**
 * Autocomplete: places whose name starts with the prefix (own names before
 * alternate names, by population), or postcodes when it starts with a digit.
 */
export function suggest(gaz: Gazetteer, prefix: string, limit = 10, opts: GeocodeOptions = {}): GeocodeHit[] {
  const text = prefix.split(",")[0].trim();
  if (!text || limit <= 0) return [];
  const out: GeocodeHit[] = [];
  const seen = new Set<string>();
  const add = (h: GeocodeHit) => { if (out.length < limit && !seen.has(h.label)) { seen.add(h.label); out.push(h); } };
  if (/^\d/.test(text)) {
    const prefer = (opts.preferCountry ?? "DE").toUpperCase();
    const pc = gaz.postcodes;
    const rows = postcodeRows(gaz, postcodeKey(text), true, limit * 20);
    // Preferred country first, real towns before large-customer codes ("80300 Bayerischer Rundfunk").
    const town = (r: number) => (placeIdsForKey(gaz, foldKey(pc.placeNames[pc.place[r]])).length ? 0 : 1);
    const rank = rows.map((r) => countryRank(gaz, pc.cc[r], prefer) * 2 + town(r));
    const order = rows.map((_, i) => i).sort((a, b) => rank[a] - rank[b] || rows[a] - rows[b]);
    for (const i of order) add(postcodeHit(gaz, rows[i], "postcode"));
    return out;
  }
  const key = foldKey(text);
  if (key) for (const id of prefixMatches(gaz, key, false, null, limit * 2)) add(placeHit(gaz, id));
  return out;
}
