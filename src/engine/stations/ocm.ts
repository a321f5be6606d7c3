// Open Charge Map POIs: the API's JSON output (verbose, with nested reference objects) or its
// compact form / the per-POI export files (reference data as IDs only).
import type { ConnectorType, StationDraft } from "./types";
import { MAX_PLAUSIBLE_KW, addConnectorKW } from "./ocpi";
import { cleanName, normalizeOperators } from "./operators";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : NaN);
const obj = (v: unknown): Obj => (isObj(v) ? v : {});

/** OCM connection type IDs (stable reference data) the planner distinguishes. */
const CONNECTION_TYPES: Record<number, ConnectorType> = {
  33: "CCS", // CCS (Type 2), IEC 62196-3 Configuration FF
  2: "CHADEMO",
  25: "TYPE2", // Type 2 (Socket Only)
  1036: "TYPE2", // Type 2 (Tethered Connector)
};
/** OCM CurrentType IDs: 10 AC single-phase, 20 AC three-phase, 30 DC. */
const CURRENT_DC = 30, CURRENT_AC1 = 10, CURRENT_AC3 = 20;
/** StatusType IDs whose IsOperational is false: Not Operational, Planned, Removed (Decommissioned / Duplicate). */
const NOT_OPERATIONAL = new Set([100, 150, 200, 210]);
/** SubmissionStatusType IDs that are not live: under review, rejected, delisted. */
const NOT_LIVE = new Set([1, 50, 250, 1000, 1001, 1002, 1005, 1010, 1020]);
/** UsageType 2: "Private - Restricted Access"; 6: "Private - For Staff, Visitors or Customers". */
const USAGE_PRIVATE = 2, USAGE_CUSTOMERS = 6;
/** AC never exceeds this (Type 2 at 63 A, 400 V): a connection of unknown current above it is DC. */
const MAX_AC_KW = 43.6;

/** OCM country IDs -> ISO 3166-1 alpha-2 (Europe), for compact output without `Country` objects. */
const COUNTRY_IDS: Record<number, string> = {
  1: "GB", 3: "IE", 7: "AL", 10: "AD", 19: "AT", 25: "BY", 26: "BE", 33: "BA", 39: "BG", 60: "HR", 63: "CY", 64: "CZ",
  65: "DK", 74: "EE", 79: "FI", 80: "FR", 87: "DE", 89: "GI", 90: "GR", 104: "HU", 105: "IS", 110: "IM", 112: "IT",
  125: "LV", 130: "LI", 131: "LT", 132: "LU", 134: "MK", 140: "MT", 148: "MD", 149: "MC", 151: "ME", 159: "NL",
  168: "NO", 179: "PL", 180: "PT", 184: "RO", 195: "SM", 199: "RS", 204: "SK", 205: "SI", 210: "ES", 216: "SE",
  217: "CH", 229: "TR", 234: "UA", 250: "XK",
};

export function ocmConnector(typeId: number, title: string): ConnectorType | null {
  // MCS has no ID we can rely on across OCM reference-data versions: recognise it by title.
  if (/\bMCS\b|megawatt/i.test(title)) return "MCS";
  if (CONNECTION_TYPES[typeId]) return CONNECTION_TYPES[typeId];
  if (!Number.isFinite(typeId) && !title) return null;
  return typeId === 0 ? null : "OTHER"; // 0 = "Unknown": not a statement about the connector
}

/** OCM operator titles like "EnBW (D)", "Badenova (DE)", "Tesla Motors (Worldwide)" carry a region tag. */
export function ocmOperatorName(title: string): string {
  const t = cleanName(title);
  // Placeholders: "(Unknown Operator)", "(Business Owner at Location)", "(Private Residence/Individual)".
  if (/^\(.*\)$/.test(t)) return "";
  return t.replace(/\s*\((?:[A-Za-z]{1,3}|Worldwide)\)$/, "");
}

interface Reference {
  operators: Map<number, string>;
  countries: Map<number, string>;
  connectionTypes: Map<number, string>;
  statusOperational: Map<number, boolean | null>;
}

function byId<T>(list: unknown, value: (o: Obj) => T): Map<number, T> {
  const m = new Map<number, T>();
  for (const o of arr(list)) if (isObj(o) && Number.isFinite(num(o.ID))) m.set(num(o.ID), value(o));
  return m;
}

/** OCM CoreReferenceData (`/v3/referencedata`, or ocm-data's reference.json). */
function readReference(ref: unknown): Reference {
  const r = obj(ref);
  return {
    operators: byId(r.Operators, (o) => str(o.Title)),
    countries: byId(r.Countries, (o) => str(o.ISOCode).toUpperCase()),
    connectionTypes: byId(r.ConnectionTypes, (o) => str(o.Title)),
    statusOperational: byId(r.StatusTypes, (o) => (typeof o.IsOperational === "boolean" ? o.IsOperational : null)),
  };
}

export interface OcmImport {
  /** POI objects read. */
  pois: number;
  /** Not operational / not live, private, without ID or coordinates. */
  skipped: number;
  stations: StationDraft[];
  /** What was skipped or left unknown, in words (empty when nothing to say). */
  warnings: string[];
}

export interface OcmOptions {
  source?: string;
  /** OCM reference data, to name operators (and connection types) of compact output that only has IDs. */
  reference?: unknown;
}

/**
 * Open Charge Map POIs -> station drafts. Accepts a JSON string, an array of POIs, or one POI (the
 * per-POI export files). OCM has no truck, connector-position or booking data: those stay null.
 */
export function parseOcmPois(input: unknown, opts: OcmOptions = {}): OcmImport {
  const json = typeof input === "string" ? (JSON.parse(input.replace(/^\uFEFF/, "")) as unknown) : input;
  const list = Array.isArray(json) ? json : isObj(json) && "AddressInfo" in json ? [json] : null;
  if (!list) throw new Error("OCM: expected an array of POI objects");
  const ref = readReference(opts.reference);
  const source = opts.source ?? "ocm";
  const stations: StationDraft[] = [];
  const count = { notOperational: 0, noCoords: 0, private: 0, invalid: 0, noConnections: 0, noOperator: 0 };
  for (const poi of list) {
    const r = isObj(poi) ? toDraft(poi, ref, source) : "invalid";
    if (typeof r === "string") count[r]++;
    else {
      if (r.connectors.length === 0 && r.powerKW === 0) count.noConnections++;
      if (!r.operator) count.noOperator++;
      stations.push(r);
    }
  }
  normalizeOperators(stations);
  const warnings: string[] = [];
  const say = (n: number, what: string) => n > 0 && warnings.push(`${n} ${n === 1 ? "POI" : "POIs"} ${what}`);
  say(count.notOperational, "not operational, planned, removed or not live: skipped");
  say(count.noCoords, "without coordinates: skipped");
  say(count.private, "with private, restricted access: skipped");
  say(count.invalid, "without an ID: skipped");
  say(count.noConnections, "without connection details: kept with unknown power and connectors");
  say(count.noOperator, "without a named operator: operator left empty");
  const skipped = count.notOperational + count.noCoords + count.private + count.invalid;
  return { pois: list.length, skipped, stations, warnings };
}

type Skip = "notOperational" | "noCoords" | "private" | "invalid";

function isOperational(status: unknown, statusId: unknown, ref: Reference): boolean {
  if (isObj(status) && typeof status.IsOperational === "boolean") return status.IsOperational;
  const id = num(isObj(status) ? status.ID : statusId);
  if (!Number.isFinite(id)) return true;
  const known = ref.statusOperational.get(id);
  return typeof known === "boolean" ? known : !NOT_OPERATIONAL.has(id);
}

function toDraft(poi: Obj, ref: Reference, source: string): StationDraft | Skip {
  const id = num(poi.ID);
  if (!Number.isInteger(id)) return "invalid";
  if (!isOperational(poi.StatusType, poi.StatusTypeID, ref)) return "notOperational";
  const submission = obj(poi.SubmissionStatus);
  if (submission.IsLive === false || NOT_LIVE.has(num(submission.ID ?? poi.SubmissionStatusTypeID))) return "notOperational";
  const usage = num(obj(poi.UsageType).ID ?? poi.UsageTypeID);
  if (usage === USAGE_PRIVATE) return "private";

  const a = obj(poi.AddressInfo);
  const lat = num(a.Latitude), lon = num(a.Longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) {
    return "noCoords";
  }

  const connectors = new Set<ConnectorType>();
  const perType: Partial<Record<ConnectorType, number>> = {};
  let dcKW = 0, acKW = 0, quantity = 0, listed = 0, operational = 0;
  for (const c of arr(poi.Connections)) {
    if (!isObj(c)) continue;
    listed++;
    if (!isOperational(c.StatusType, c.StatusTypeID, ref)) continue;
    operational++;
    const typeObj = obj(c.ConnectionType);
    const typeId = num(typeObj.ID ?? c.ConnectionTypeID);
    const title = [str(typeObj.Title) || ref.connectionTypes.get(typeId) || "", str(typeObj.FormalName)].join(" ").trim();
    const type = ocmConnector(typeId, title);
    const current = num(obj(c.CurrentType).ID ?? c.CurrentTypeID);
    let kw = num(c.PowerKW);
    if (!(kw > 0)) {
      const v = num(c.Voltage), amps = num(c.Amps);
      // OCM gives line-to-line voltage (400 V) for three-phase AC.
      if (v > 0 && amps > 0) kw = Math.round((v * amps * (current === CURRENT_AC3 ? Math.sqrt(3) : 1)) / 100) / 10;
    }
    kw = kw > 0 ? Math.min(kw, MAX_PLAUSIBLE_KW) : 0;
    const dc =
      current === CURRENT_DC ||
      (current !== CURRENT_AC1 && current !== CURRENT_AC3 &&
        (type === "CCS" || type === "CHADEMO" || type === "MCS" || (type !== "TYPE2" && kw > MAX_AC_KW)));
    if (type) {
      connectors.add(type);
      addConnectorKW(perType, type, kw);
    }
    if (dc) dcKW = Math.max(dcKW, kw);
    else acKW = Math.max(acKW, kw);
    const q = num(c.Quantity);
    quantity += Number.isInteger(q) && q > 0 ? q : 1;
  }
  // Every listed connection out of order: the site is not usable.
  if (listed > 0 && operational === 0) return "notOperational";

  const operatorInfo = obj(poi.OperatorInfo);
  const operator = ocmOperatorName(str(operatorInfo.Title) || ref.operators.get(num(operatorInfo.ID ?? poi.OperatorID)) || "");
  const town = cleanName(str(a.Town));
  const street = [str(a.AddressLine1), str(a.AddressLine2)].map(cleanName).filter(Boolean).join(", ");
  const countryId = num(obj(a.Country).ID ?? a.CountryID);
  const points = num(poi.NumberOfPoints);
  const draft: StationDraft = {
    externalId: `ocm:${id}`,
    locationId: null,
    name: cleanName(str(a.Title)) || [operator, town].filter(Boolean).join(" "),
    address: [street, [cleanName(str(a.Postcode)), town].filter(Boolean).join(" ")].filter(Boolean).join(", "),
    lat, lon, operator,
    powerKW: dcKW > 0 ? dcKW : acKW,
    dcPowerKW: dcKW,
    connectors: [...connectors].sort(),
    points: Number.isInteger(points) && points > 0 ? points : Math.max(1, quantity),
    // OCM states nothing about truck access, connector position or booking: never guess.
    truckApproved: null,
    connectorPos: null,
    bookable: null,
    amenities: [],
    country: str(obj(a.Country).ISOCode).toUpperCase() || ref.countries.get(countryId) || COUNTRY_IDS[countryId] || "",
    source,
    // OCM's connection quantities count connectors, not points: an estimate where NumberOfPoints is missing.
    ...(Number.isInteger(points) && points > 0 ? {} : { pointsEstimated: true as const }),
  };
  if (usage === USAGE_CUSTOMERS) draft.parkingRestrictions = ["CUSTOMERS"];
  if (Object.keys(perType).length) draft.connectorKW = perType;
  return draft;
}
