// OCPI 2.2.1 Location objects (array, or a response envelope `{ data: [...] }`).
import type { ConnectorType, OpeningTimes, StationDraft } from "./types";
import { cleanName, normalizeOperators } from "./operators";
import type { Tariff } from "../cost/ocpi-tariff-types";

/**
 * MCS ceiling (3000 A x 1250 V). Some feeds publish amperage errors (e.g. 7360 A,
 * a 7.36 kW AC point) that would otherwise show as multi-megawatt sites: such a
 * connector's power is unknown (0), never a guess at the ceiling.
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
const strings = (v: unknown): string[] => arr(v).filter((x): x is string => typeof x === "string" && x.trim() !== "").map((x) => x.trim());
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);

/** Conductors carrying power, per OCPI `PowerType` (max_voltage is line-to-neutral). */
const PHASES: Record<string, number> = { AC_1_PHASE: 1, AC_2_PHASE: 2, AC_2_PHASE_SPLIT: 2, AC_3_PHASE: 3, DC: 1 };
/** Standards that only exist as DC, for connectors that omit `power_type`. */
const DC_STANDARDS = new Set(["IEC_62196_T2_COMBO", "IEC_62196_T1_COMBO", "CHADEMO", "CHAOJI", "GBT_DC", "MCS"]);

/** Connector power as published, kW (no plausibility cap); 0 when unknown. */
function publishedKW(c: Obj): number {
  let w = num(c.max_electric_power);
  if (!(w > 0)) {
    // OCPI 2.1.1 named the fields voltage / amperage.
    const v = num(c.max_voltage ?? c.voltage), a = num(c.max_amperage ?? c.amperage);
    if (v > 0 && a > 0) w = v * a * (PHASES[str(c.power_type)] ?? 1);
  }
  return w > 0 ? w / 1000 : 0;
}

/** Connector power in kW: `max_electric_power` (W), else max_voltage x max_amperage x phases; 0 when unknown or implausible. */
export function ocpiConnectorKW(c: Obj): number {
  const kw = publishedKW(c);
  return kw > MAX_PLAUSIBLE_KW ? 0 : kw;
}

const isDcConnector = (c: Obj) => (c.power_type == null || c.power_type === "" ? DC_STANDARDS.has(str(c.standard)) : c.power_type === "DC");

const HHMM = /^\d{1,2}:\d{2}$/;
type Period = { period_begin: string; period_end: string };

function periods(v: unknown): Period[] {
  return arr(v)
    .filter((p): p is Period => isObj(p) && typeof p.period_begin === "string" && typeof p.period_end === "string")
    .filter((p) => Number.isFinite(Date.parse(p.period_begin)) && Number.isFinite(Date.parse(p.period_end)))
    .map((p) => ({ period_begin: p.period_begin, period_end: p.period_end }));
}

/** OCPI 2.2.1 `Hours`; undefined when absent or without the required `twentyfourseven`. */
export function ocpiOpeningTimes(v: unknown): OpeningTimes | undefined {
  if (!isObj(v) || typeof v.twentyfourseven !== "boolean") return undefined;
  const out: OpeningTimes = { twentyfourseven: v.twentyfourseven };
  const hours = arr(v.regular_hours)
    .filter(isObj)
    .map((h) => ({ weekday: num(h.weekday), period_begin: str(h.period_begin), period_end: str(h.period_end) }))
    .filter((h) => Number.isInteger(h.weekday) && h.weekday >= 1 && h.weekday <= 7 && HHMM.test(h.period_begin) && HHMM.test(h.period_end));
  if (hours.length) out.regular_hours = hours;
  const openings = periods(v.exceptional_openings), closings = periods(v.exceptional_closings);
  if (openings.length) out.exceptional_openings = openings;
  if (closings.length) out.exceptional_closings = closings;
  return out;
}

export interface OcpiImport {
  /** Location objects read. */
  locations: number;
  /** Unpublished, without id/coordinates or without EVSEs. */
  skipped: number;
  stations: StationDraft[];
  /** Data problems worth a look, in words (empty when none). */
  warnings: string[];
}

export function parseOcpiLocations(input: unknown, opts: { source?: string } = {}): OcpiImport {
  const json = typeof input === "string" ? (JSON.parse(input.replace(/^\uFEFF/, "")) as unknown) : input;
  // Tariffs may come beside the locations: { locations: [...], tariffs: [...] }.
  const list = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.data) ? json.data : isObj(json) && Array.isArray(json.locations) ? json.locations : null;
  if (!list) throw new Error("OCPI: expected an array of Location objects, { data: [...] } or { locations: [...], tariffs: [...] }");
  const tariffs = new Map<string, Tariff>();
  for (const t of isObj(json) ? arr(json.tariffs) : []) {
    if (isObj(t) && str(t.id) && str(t.currency) && Array.isArray(t.elements)) tariffs.set(str(t.id), t as unknown as Tariff);
  }
  const stations: StationDraft[] = [];
  const capped: string[] = [];
  let skipped = 0;
  for (const loc of list) {
    const d = isObj(loc) ? toDraft(loc, opts.source ?? "ocpi", capped, tariffs) : null;
    if (d) stations.push(d);
    else skipped++;
  }
  normalizeOperators(stations);
  const warnings: string[] = [];
  // CHAdeMO chargers in Europe deliver up to ~100 kW (200 kW at most by the 2.0 spec): higher values
  // usually mean the feed labelled CCS points as CHAdeMO (or gave every connector the site's power).
  const bigChademo = stations.filter((s) => (s.connectorKW?.CHADEMO ?? 0) > 200).length;
  if (bigChademo) warnings.push(`${bigChademo} location(s) list CHAdeMO connectors above 200 kW: connector standards may be mislabelled`);
  if (capped.length) {
    const shown = capped.slice(0, 5).join("; ") + (capped.length > 5 ? "; ..." : "");
    warnings.push(`${capped.length} location(s) publish connector power above ${MAX_PLAUSIBLE_KW} kW, taken as unknown: ${shown}`);
  }
  return { locations: list.length, skipped, stations, warnings };
}

export interface OcpiTariffImport {
  /** Tariff objects read. */
  records: number;
  /** Without id, currency or elements. */
  skipped: number;
  tariffs: Tariff[];
}

/**
 * OCPI 2.2.1 Tariff objects on their own (`--format ocpi-tariffs`): an array, `{ data: [...] }` (a
 * GET /tariffs response) or `{ tariffs: [...] }`. Sites whose connectors name them (`tariff_ids`) are
 * priced by them wherever either file was imported first.
 */
export function parseOcpiTariffs(input: unknown): OcpiTariffImport {
  const json = typeof input === "string" ? (JSON.parse(input.replace(/^\uFEFF/, "")) as unknown) : input;
  const list = Array.isArray(json) ? json : isObj(json) && Array.isArray(json.data) ? json.data : isObj(json) && Array.isArray(json.tariffs) ? json.tariffs : null;
  if (!list) throw new Error("OCPI: expected an array of Tariff objects, { data: [...] } or { tariffs: [...] }");
  const tariffs: Tariff[] = [];
  for (const t of list) {
    const ok = isObj(t) && str(t.id) && str(t.currency) && Array.isArray(t.elements) && t.elements.every((e) => isObj(e) && Array.isArray(e.price_components));
    if (ok) tariffs.push(t as unknown as Tariff);
  }
  return { records: list.length, skipped: list.length - tariffs.length, tariffs };
}

const zoneOk = new Map<string, boolean>();
/** An IANA time zone this runtime knows (an unknown one would make Intl throw where opening hours are checked). */
export function validTimeZone(zone: string): boolean {
  let ok = zoneOk.get(zone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      ok = zone !== "";
    } catch {
      ok = false;
    }
    zoneOk.set(zone, ok);
  }
  return ok;
}

/** Keeps the highest power per connector type. */
export function addConnectorKW(into: Partial<Record<ConnectorType, number>>, type: ConnectorType, kw: number): void {
  if (kw > 0 && !(into[type]! >= kw)) into[type] = kw;
}

function toDraft(loc: Obj, source: string, capped: string[], tariffs: Map<string, Tariff>): StationDraft | null {
  const id = str(loc.id);
  const coords = isObj(loc.coordinates) ? loc.coordinates : {};
  const lat = parseFloat(String(coords.latitude)), lon = parseFloat(String(coords.longitude));
  if (loc.publish === false || !id || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;

  // An EVSE with status REMOVED no longer exists; a Location without EVSEs is expired (OCPI 2.2.1, 8.1).
  const evses = arr(loc.evses).filter((e): e is Obj => isObj(e) && e.status !== "REMOVED");
  if (evses.length === 0) return null;
  const connectors = new Set<ConnectorType>();
  const perType: Partial<Record<ConnectorType, number>> = {};
  let dcKW = 0, acKW = 0, maxPublished = 0;
  // Per connector type, the tariff of its most powerful connector that names a known one.
  const tariffOf: Partial<Record<ConnectorType, { t: Tariff; kw: number }>> = {};
  // Ids no tariff of this file resolves, of each type's most powerful connector that names any.
  const idsOf: Partial<Record<ConnectorType, { ids: string[]; kw: number }>> = {};
  // Booking: true when any EVSE lists RESERVABLE; false only when every EVSE lists its capabilities
  // and none is RESERVABLE; else unknown.
  let reservable = false, allListed = true;
  const restrictionsPerEvse: Set<string>[] = [];
  for (const e of evses) {
    const caps = strings(e.capabilities);
    if (caps.includes("RESERVABLE")) reservable = true;
    if (caps.length === 0) allListed = false;
    restrictionsPerEvse.push(new Set(strings(e.parking_restrictions)));
    for (const c of arr(e.connectors)) {
      if (!isObj(c)) continue;
      const type = ocpiConnector(c.standard);
      connectors.add(type);
      const published = publishedKW(c);
      const kw = published > MAX_PLAUSIBLE_KW ? 0 : published;
      if (published > MAX_PLAUSIBLE_KW) maxPublished = Math.max(maxPublished, published);
      addConnectorKW(perType, type, kw);
      const ids = strings(c.tariff_ids);
      const t = ids.map((id) => tariffs.get(id)).find((x) => x !== undefined);
      if (t && !(tariffOf[type] && tariffOf[type]!.kw >= kw)) tariffOf[type] = { t, kw };
      if (!t && ids.length && !(idsOf[type] && idsOf[type]!.kw >= kw)) idsOf[type] = { ids, kw };
      if (isDcConnector(c)) dcKW = Math.max(dcKW, kw);
      else acKW = Math.max(acKW, kw);
    }
  }

  if (maxPublished) capped.push(`${str(loc.name) || id} (${Math.round(maxPublished)} kW)`);
  const countryCode = str(loc.country_code), partyId = str(loc.party_id);
  const operator = cleanName(str(isObj(loc.operator) ? loc.operator.name : "") || partyId || countryCode);
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
    bookable: reservable ? true : allListed ? false : null,
    amenities: [...new Set(strings(loc.facilities))],
    country: ALPHA3[str(loc.country)] ?? countryCode,
    source,
  };
  // Not OCPI: sources without power (FR, CH, IT here) mark the assumed figure.
  if (loc.x_power_estimated === true) draft.powerEstimated = true;
  if (isObj(loc.x_truck)) truckTags(loc.x_truck, draft);
  const named = Object.entries(tariffOf).map(([type, v]) => [type, v!.t] as const);
  if (named.length) draft.tariffs = Object.fromEntries(named);
  const pending = Object.entries(idsOf).filter(([type]) => !tariffOf[type as ConnectorType]).map(([type, v]) => [type, v!.ids] as const);
  if (pending.length) draft.tariffIds = Object.fromEntries(pending);
  const ot = ocpiOpeningTimes(loc.opening_times);
  if (ot) draft.openingTimes = ot;
  const zone = str(loc.time_zone);
  if (validTimeZone(zone)) draft.timeZone = zone;
  // Restrictions that hold at every EVSE: a site is only restricted where no EVSE is free of them.
  const restricted = [...restrictionsPerEvse[0]].filter((r) => restrictionsPerEvse.every((set) => set.has(r)));
  if (restricted.length) draft.parkingRestrictions = restricted.sort();
  if (Object.keys(perType).length) draft.connectorKW = perType;
  return draft;
}

/**
 * OpenStreetMap's truck tags as some converted sources carry them (`x_truck`):
 * hgv=no keeps trucks out; hgv=yes|designated opens the site to them (truck_approved
 * "T": a tractor fits; nothing is said of a trailer); maxheight / maxlength in metres.
 */
function truckTags(tags: Obj, draft: StationDraft): void {
  const hgv = str(tags.hgv).toLowerCase();
  if (hgv === "no") draft.truckAccess = "no";
  else if (hgv === "yes" || hgv === "designated") {
    draft.truckAccess = "yes";
    draft.truckApproved = "T";
  }
  const metres = (v: unknown) => {
    const m = /^\s*(\d+(?:\.\d+)?)\s*m?\s*$/.exec(String(v ?? ""));
    return m ? parseFloat(m[1]) : NaN;
  };
  const h = metres(tags.maxheight), l = metres(tags.maxlength);
  if (h > 0) draft.maxHeightM = h;
  if (l > 0) draft.maxLengthM = l;
}
