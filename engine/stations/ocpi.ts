// OCPI 2.2.1 Location objects (array, or a response envelope `{ data: [...] }`).
import type { ConnectorType, OpeningTimes, StationDraft } from "./types";
import { cleanName, normalizeOperators } from "./operators";

/**
 * MCS ceiling (3000 A x 1250 V). Some feeds publish amperage errors (e.g. 7360 A)
 * that would otherwise show as multi-megawatt sites.
 */
export const MAX_PLAUSIBLE_KW = 3750;

const ALPHA3: Record<string, string> = {
  AUT: "AT", BEL: "BE", BGR: "BG", CHE: "CH", CZE: "CZ", DEU: "DE", DNK: "DK", ESP: "ES", EST: "EE", FIN: "FI",
  FRA: "FR", GBR: "GB", GRC: "GR", HRV: "HR", HUN: "HU", IRL: "IE", ITA: "IT", LTU: "LT", LUX: "LU", LVA: "LV",
  NLD: "NL", NOR: "NO", POL: "PL", PRT: "PT", ROU: "RO", SVK: "SK", SVN: "SI", SWE: "SE",
};

export function ocpiConnector(standard: unknown): ConnectorType {
  switch (standard) {
    case "IEC_62196_T2_COMBO": return "CCS";
    case "CHADEMO": return "CHADEMO";
    case "IEC_62196_T2": return "TYPE2";
    case "MCS": return "MCS"; // not in OCPI 2.2.1, used by feeds for the megawatt connector
    default: return "OTHER";
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function connectorKW(c: Obj): number {
  let w = typeof c.max_electric_power === "number" ? c.max_electric_power : NaN;
  if (!(w > 0) && typeof c.max_voltage === "number" && typeof c.max_amperage === "number") {
    w = c.max_voltage * c.max_amperage * (c.power_type === "AC_3_PHASE" ? 3 : 1);
  }
  return w > 0 ? Math.min(w / 1000, MAX_PLAUSIBLE_KW) : 0;
}

function openingTimes(v: unknown): OpeningTimes | undefined {
  if (!isObj(v) || typeof v.twentyfourseven !== "boolean") return undefined;
  const out: OpeningTimes = { twentyfourseven: v.twentyfourseven };
  const hours = arr(v.regular_hours).filter(
    (h): h is { weekday: number; period_begin: string; period_end: string } =>
      isObj(h) && typeof h.weekday === "number" && typeof h.period_begin === "string" && typeof h.period_end === "string",
  );
  if (hours.length) out.regular_hours = hours.map((h) => ({ weekday: h.weekday, period_begin: h.period_begin, period_end: h.period_end }));
  return out;
}

export interface OcpiImport {
  /** Location objects read. */
  locations: number;
  /** Unpublished, without id/coordinates or without EVSEs. */
  skipped: number;
  stations: StationDraft[];
}

export function parseOcpiLocations(input: unknown, opts: { source?: string } = {}): OcpiImport {
  const json = typeof input === "string" ? (JSON.parse(input) as unknown) : input;
  const list = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.data) ? json.data : null;
  if (!list) throw new Error("OCPI: expected an array of Location objects or { data: [...] }");
  const stations: StationDraft[] = [];
  let skipped = 0;
  for (const loc of list) {
    const d = isObj(loc) ? toDraft(loc, opts.source ?? "ocpi") : null;
    if (d) stations.push(d);
    else skipped++;
  }
  normalizeOperators(stations);
  return { locations: list.length, skipped, stations };
}

function toDraft(loc: Obj, source: string): StationDraft | null {
  const id = str(loc.id);
  const coords = isObj(loc.coordinates) ? loc.coordinates : {};
  const lat = parseFloat(String(coords.latitude)), lon = parseFloat(String(coords.longitude));
  if (loc.publish === false || !id || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;

  const evses = arr(loc.evses).filter((e): e is Obj => isObj(e) && e.status !== "REMOVED");
  if (evses.length === 0) return null;
  const connectors = new Set<ConnectorType>();
  let dcKW = 0, acKW = 0;
  let bookable: boolean | null = null;
  for (const e of evses) {
    if (Array.isArray(e.capabilities)) bookable = bookable === true || e.capabilities.includes("RESERVABLE");
    for (const c of arr(e.connectors)) {
      if (!isObj(c)) continue;
      connectors.add(ocpiConnector(c.standard));
      const kw = connectorKW(c);
      if (c.power_type === "DC") dcKW = Math.max(dcKW, kw);
      else acKW = Math.max(acKW, kw);
    }
  }

  const countryCode = str(loc.country_code), partyId = str(loc.party_id);
  const operator = cleanName(str(isObj(loc.operator) ? loc.operator.name : "") || partyId);
  const city = str(loc.city);
  const draft: StationDraft = {
    externalId: `ocpi:${countryCode}:${partyId}:${id}`,
    locationId: id,
    name: cleanName(str(loc.name) || [operator, city].filter(Boolean).join(" ")),
    address: [str(loc.address), [str(loc.postal_code), city].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    lat, lon, operator,
    powerKW: dcKW > 0 ? dcKW : acKW,
    dcPowerKW: dcKW,
    connectors: [...connectors].sort(),
    points: evses.length,
    truckApproved: null,
    connectorPos: null,
    bookable,
    amenities: arr(loc.facilities).filter((f): f is string => typeof f === "string"),
    country: ALPHA3[str(loc.country)] ?? countryCode,
    source,
  };
  const ot = openingTimes(loc.opening_times);
  if (ot) draft.openingTimes = ot;
  return draft;
}
