// Street-level geocoders with a Photon or Nominatim API: the request URL and the reading of
// their answers into the same fields as the gazetteer's (pure; the HTTP call is server/geocode).
// Photon: GET /api?q=…&limit=1 -> GeoJSON FeatureCollection, properties per the GeocodeJSON spec
// (osm_key, osm_value, type, name, street, housenumber, postcode, city, countrycode, …).
// Nominatim: GET /search?format=jsonv2&q=…&limit=1 -> array of places (lat/lon as strings,
// category, type, place_rank, addresstype, name, display_name, importance, …).

export type ExternalGeocoderKind = "photon" | "nominatim";
export type StreetGeocodeKind = "address" | "street" | "postcode" | "place";

export interface ExternalMatch {
  latitude: number;
  longitude: number;
  label: string;
  kind: StreetGeocodeKind;
  approximate: boolean;
}

/** The API a URL points at, when its host or path says so ("…/api", "photon.…", "…/search", "nominatim.…"). */
export function geocoderKindOf(url: string): ExternalGeocoderKind | null {
  let u: URL;
  try { u = new URL(url); } catch { return null; }
  const path = u.pathname.replace(/\/+$/, "");
  if (/\/api$/.test(path) || /photon/i.test(u.hostname)) return "photon";
  if (/\/search(\.php)?$/.test(path) || /nominatim/i.test(u.hostname)) return "nominatim";
  return null;
}

/** The search request for one query; GEOCODER_URL may name the service's root or its search path. */
export function searchUrl(kind: ExternalGeocoderKind, base: string, query: string): string {
  const u = new URL(base);
  const root = u.pathname.replace(/\/+$/, "").replace(kind === "photon" ? /\/api$/ : /\/search(\.php)?$/, "");
  u.pathname = `${root}/${kind === "photon" ? "api" : "search"}`;
  u.search = "";
  if (kind === "nominatim") u.searchParams.set("format", "jsonv2");
  u.searchParams.set("q", query);
  u.searchParams.set("limit", "1");
  return u.toString();
}

/** A house number: 1-3 digits, maybe with a letter ("5", "12a"), once postcodes are taken out. */
const HOUSE_NUMBER = /(^|[\s,])\d{1,3}[a-zA-Z]?(?=$|[\s,])/;
const POSTCODES = /\b\d{3} \d{2}\b|\b\d{2}-\d{3}\b|\b\d{4,}\b/g; // "100 00" (CZ), "59-700" (PL), "80331"

/** The answer is coarser than the query asked for: the query has a house number, the answer is no address. */
function coarserThan(query: string, kind: StreetGeocodeKind): boolean {
  return kind !== "address" && HOUSE_NUMBER.test(query.replace(POSTCODES, " "));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" && v.trim() ? v.trim() : undefined);

function coordinates(lat: number, lon: number): { latitude: number; longitude: number } {
  if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) throw new Error(`coordinates out of range: ${lat}, ${lon}`);
  return { latitude: lat, longitude: lon };
}

// --- Photon ----------------------------------------------------------------

/** Photon's `type` (the GeocodeJSON layer), else its OSM tag when an older server sends no type. */
function photonKind(p: Record<string, unknown>): StreetGeocodeKind {
  const key = str(p.osm_key), value = str(p.osm_value), type = str(p.type);
  if ((key === "place" && value === "postcode") || type === "postcode") return "postcode";
  if (type === "house") return "address";
  if (type === "street") return "street";
  if (type && type !== "other") return "place"; // locality, district, city, county, state, country
  if (str(p.housenumber)) return "address";
  if (key === "highway") return "street";
  if (key === "place" || key === "boundary" || type === "other") return "place";
  return "address"; // a point of interest: a building's precision
}

function photonLabel(p: Record<string, unknown>, kind: StreetGeocodeKind): string {
  const street = str(p.street) && [str(p.street), str(p.housenumber)].filter(Boolean).join(" ");
  const town = str(p.city) ?? str(p.locality) ?? str(p.district) ?? str(p.county) ?? str(p.state);
  const postcodeTown = [kind === "place" ? undefined : str(p.postcode), town].filter(Boolean).join(" ");
  const parts = [str(p.name), street, postcodeTown, str(p.countrycode)?.toUpperCase()].filter((x): x is string => !!x);
  return parts.filter((x, i) => parts.indexOf(x) === i).join(", ");
}

/** The first feature of a Photon answer; null when it has none. Throws on a body that is no FeatureCollection. */
export function parsePhoton(body: unknown, query: string): ExternalMatch | null {
  if (!isRecord(body) || !Array.isArray(body.features)) throw new Error("not a GeoJSON FeatureCollection");
  const f: unknown = body.features[0];
  if (f === undefined) return null;
  if (!isRecord(f) || !isRecord(f.geometry) || !isRecord(f.properties)) throw new Error("feature without geometry or properties");
  const c = f.geometry.coordinates;
  if (!Array.isArray(c) || typeof c[0] !== "number" || typeof c[1] !== "number") throw new Error("feature without point coordinates");
  const kind = photonKind(f.properties);
  const label = photonLabel(f.properties, kind) || `${c[1]}, ${c[0]}`;
  return { ...coordinates(c[1], c[0]), label, kind, approximate: coarserThan(query, kind) };
}

// --- Nominatim -------------------------------------------------------------

/** Nominatim's addresstype for houses and points of interest (its label tag: the OSM key at rank 28+). */
const NOMINATIM_ADDRESS = new Set(["house_number", "house_name", "building", "amenity", "shop", "office", "tourism", "craft", "industrial", "man_made", "railway", "aeroway"]);

function nominatimKind(p: Record<string, unknown>): StreetGeocodeKind {
  const category = str(p.category) ?? str(p.class), type = str(p.type), at = str(p.addresstype);
  const rank = typeof p.place_rank === "number" ? p.place_rank : Number(p.place_rank);
  if (at === "postcode" || (category === "place" && (type === "postcode" || type === "postal_code"))) return "postcode";
  if (at === "road") return "street";
  if ((at && NOMINATIM_ADDRESS.has(at)) || (category === "place" && type === "house")) return "address";
  if (Number.isFinite(rank)) return rank >= 28 ? "address" : rank >= 26 ? "street" : "place";
  return category === "highway" ? "street" : "place";
}

/** The first place of a Nominatim answer; null when there is none. Throws on a body that is no array of places. */
export function parseNominatim(body: unknown, query: string): ExternalMatch | null {
  if (!Array.isArray(body)) throw new Error("not an array of places");
  const p: unknown = body[0];
  if (p === undefined) return null;
  if (!isRecord(p)) throw new Error("place is not an object");
  const lat = Number(p.lat), lon = Number(p.lon);
  if (typeof p.lat !== "string" || typeof p.lon !== "string" || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    throw new Error("place without lat/lon");
  }
  const kind = nominatimKind(p);
  const label = str(p.display_name) ?? str(p.name) ?? `${lat}, ${lon}`;
  return { ...coordinates(lat, lon), label, kind, approximate: coarserThan(query, kind) };
}

export function parseGeocoderAnswer(kind: ExternalGeocoderKind, body: unknown, query: string): ExternalMatch | null {
  return kind === "photon" ? parsePhoton(body, query) : parseNominatim(body, query);
}
