// The IANA time zone of a place. tz-lookup answers from coordinates alone, offline
// (73 kB, timezone-boundary-builder's outlines, compressed with loss): within a few km
// of a border it can name the neighbour's zone (Tornio, FI, comes back Europe/Stockholm;
// Valença, PT, Europe/Madrid), an hour off where the two differ. Where the plan knows the
// place's country (a station's, or the road's from the network pack, Natural Earth 10m
// outlines to ~200 m), a zone not of that country gives way to the country's own.
import tzlookup from "@photostructure/tz-lookup";
import { NO_COUNTRY, type RoadNetwork } from "../network/types";
import type { Station } from "../stations/types";

/**
 * Zones per country (ISO 3166-1 alpha-2), the mainland's first; only countries of
 * Europe and its neighbours whose mainland has one zone. A country left out
 * (RU, UA, KZ, GL, …) keeps tz-lookup's answer.
 */
const COUNTRY_ZONES: Record<string, readonly string[]> = {
  AD: ["Europe/Andorra"], AL: ["Europe/Tirane"], AT: ["Europe/Vienna"], AX: ["Europe/Mariehamn", "Europe/Helsinki"],
  BA: ["Europe/Sarajevo"], BE: ["Europe/Brussels"], BG: ["Europe/Sofia"], BY: ["Europe/Minsk"],
  CH: ["Europe/Zurich"], CY: ["Asia/Nicosia", "Asia/Famagusta"], CZ: ["Europe/Prague"],
  DE: ["Europe/Berlin", "Europe/Busingen"], DK: ["Europe/Copenhagen"], EE: ["Europe/Tallinn"],
  ES: ["Europe/Madrid", "Africa/Ceuta", "Atlantic/Canary"], FI: ["Europe/Helsinki", "Europe/Mariehamn"], FO: ["Atlantic/Faroe"],
  FR: ["Europe/Paris"], GB: ["Europe/London"], GG: ["Europe/Guernsey"], GI: ["Europe/Gibraltar"], GR: ["Europe/Athens"],
  HR: ["Europe/Zagreb"], HU: ["Europe/Budapest"], IE: ["Europe/Dublin"], IM: ["Europe/Isle_of_Man"], IS: ["Atlantic/Reykjavik"],
  IT: ["Europe/Rome", "Europe/Vatican", "Europe/San_Marino"], JE: ["Europe/Jersey"], LI: ["Europe/Vaduz"], LT: ["Europe/Vilnius"],
  LU: ["Europe/Luxembourg"], LV: ["Europe/Riga"], MC: ["Europe/Monaco"], MD: ["Europe/Chisinau"], ME: ["Europe/Podgorica"],
  MK: ["Europe/Skopje"], MT: ["Europe/Malta"], NL: ["Europe/Amsterdam"], NO: ["Europe/Oslo"], PL: ["Europe/Warsaw"],
  PT: ["Europe/Lisbon", "Atlantic/Madeira", "Atlantic/Azores"], RO: ["Europe/Bucharest"], RS: ["Europe/Belgrade"],
  SE: ["Europe/Stockholm"], SI: ["Europe/Ljubljana"], SK: ["Europe/Bratislava"], SM: ["Europe/San_Marino"],
  TR: ["Europe/Istanbul"], VA: ["Europe/Vatican", "Europe/Rome"], XK: ["Europe/Belgrade"],
};

/** The IANA zone at a point; `country` (alpha-2), where known, overrules a neighbour's zone near its border. */
export function zoneAt(lat: number, lon: number, country?: string | null): string {
  const zone = tzlookup(lat, lon);
  const own = country ? COUNTRY_ZONES[country.toUpperCase()] : undefined;
  return own && !own.includes(zone) ? own[0] : zone;
}

/** A station's zone: its own (OCPI `time_zone`) where the source gives one, else from its place and country. */
export function stationZone(s: Pick<Station, "lat" | "lon" | "country" | "timeZone">): string {
  return s.timeZone ?? zoneAt(s.lat, s.lon, s.country);
}

/** The country of a network edge (alpha-2); null on packs without attributes, for -1 and unknown countries. */
export function edgeCountry(net: RoadNetwork, edge: number | undefined): string | null {
  const a = net.attributes;
  if (!a || edge === undefined || edge < 0 || a.country[edge] === NO_COUNTRY) return null;
  return a.countries[a.country[edge]] ?? null;
}

/** The zone of a place on the road: its point, and the country of the edge it lies on. */
export function zoneOnRoad(net: RoadNetwork, edge: number | undefined, lat: number, lon: number): string {
  return zoneAt(lat, lon, edgeCountry(net, edge));
}
