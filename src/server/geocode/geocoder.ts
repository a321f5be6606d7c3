// Geocoding of GET /routing/geocode and the web app's address fields: the street-level geocoder
// of GEOCODER_URL first (Photon or Nominatim API), the embedded gazetteer when that has no
// answer, answers an error or not within GEOCODER_TIMEOUT_MS. `source` says which answered.
// Autocomplete (tRPC places.suggest) stays on the gazetteer: a request per keystroke is what
// Nominatim's usage policy forbids, and suggestions must come at once.
import {
  geocoderKindOf, parseGeocoderAnswer, searchUrl,
  type ExternalGeocoderKind, type ExternalMatch, type StreetGeocodeKind,
} from "../../engine/geocode/external";
import { geocode } from "../../engine/geocode/search";
import { config } from "../config";
import { declaredOver, readCappedText } from "../http/bounded-read";
import { log } from "../log";
import { packs } from "../packs";

export interface GeocoderSettings {
  url: string;
  kind: ExternalGeocoderKind;
  timeoutMs: number;
  userAgent: string;
}

export interface GeocodeAnswer {
  latitude: number;
  longitude: number;
  label: string;
  kind: StreetGeocodeKind;
  approximate: boolean;
  unmatched?: string;
  source: "embedded" | ExternalGeocoderKind;
}

/**
 * A street-level geocoder's answer of one result (`limit=1`) is a few kB; one past this size is read
 * no further and counts as a failure (the gazetteer answers): a misconfigured or hostile
 * GEOCODER_URL cannot make the server read and parse megabytes per request.
 */
export const GEOCODER_ANSWER_MAX_BYTES = 262_144;

/** Answers of the street-level geocoder are kept this long (Nominatim's policy asks for caching). */
const CACHE_MS = 3_600_000;
const CACHE_MAX = 2_000;
const cache = new Map<string, { at: number; hit: ExternalMatch | null }>();

let chosen: GeocoderSettings | null | undefined;

/** Overrides the settings from the environment (null: no street-level geocoder); empties the cache. */
export function useGeocoder(settings: GeocoderSettings | null | undefined): void {
  chosen = settings;
  cache.clear();
}

function settings(): GeocoderSettings | null {
  if (chosen !== undefined) return chosen;
  const c = config();
  const kind = c.GEOCODER_URL ? c.GEOCODER_KIND ?? geocoderKindOf(c.GEOCODER_URL) : null; // config checked it
  return (chosen = c.GEOCODER_URL && kind
    ? { url: c.GEOCODER_URL, kind, timeoutMs: c.GEOCODER_TIMEOUT_MS, userAgent: c.GEOCODER_USER_AGENT }
    : null);
}

/** One search; throws on a network error, a timeout (reading the answer included), a status other than 2xx, an answer too large or one it cannot read. */
export async function askGeocoder(s: GeocoderSettings, address: string): Promise<ExternalMatch | null> {
  const res = await fetch(searchUrl(s.kind, s.url, address), {
    headers: { "user-agent": s.userAgent, accept: "application/json" },
    signal: AbortSignal.timeout(s.timeoutMs), // covers reading the body too
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`HTTP ${res.status}`);
  }
  const tooLarge = `answer over ${GEOCODER_ANSWER_MAX_BYTES} bytes`;
  if (declaredOver(res.headers, GEOCODER_ANSWER_MAX_BYTES)) {
    await res.body?.cancel();
    throw new Error(tooLarge);
  }
  const text = await readCappedText(res.body, GEOCODER_ANSWER_MAX_BYTES);
  if (text === null) throw new Error(tooLarge);
  return parseGeocoderAnswer(s.kind, JSON.parse(text), address);
}

async function askCached(s: GeocoderSettings, address: string): Promise<ExternalMatch | null> {
  const key = `${s.kind} ${s.url} ${address.toLowerCase()}`;
  const kept = cache.get(key);
  if (kept && Date.now() - kept.at < CACHE_MS) return kept.hit;
  const hit = await askGeocoder(s, address);
  cache.delete(key);
  cache.set(key, { at: Date.now(), hit });
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return hit;
}

/** The best answer for an address, or null when neither geocoder knows any place in it. */
export async function resolveAddress(address: string): Promise<GeocodeAnswer | null> {
  const s = settings();
  if (s) {
    try {
      const hit = await askCached(s, address);
      if (hit) return { ...hit, source: s.kind };
      log.debug({ geocoder: s.kind }, "street-level geocoder found nothing; the embedded gazetteer answers");
    } catch (err) {
      const cause = (err as { cause?: { code?: string } })?.cause?.code; // ECONNREFUSED, ENOTFOUND behind "fetch failed"
      const reason = err instanceof Error ? (err.name === "TimeoutError" ? `no answer within ${s.timeoutMs} ms` : err.message) : String(err);
      log.warn({ geocoder: s.kind, reason: cause ? `${reason} (${cause})` : reason }, "street-level geocoder failed; the embedded gazetteer answers");
    }
  }
  const hit = geocode(packs.gazetteer, address);
  return hit && { ...hit, source: "embedded" };
}
