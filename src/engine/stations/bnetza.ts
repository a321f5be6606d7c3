// Bundesnetzagentur Ladesäulenregister CSV: one row per charging device.
import type { ConnectorType, OpeningTimes, StationDraft } from "./types";
import { addConnectorKW } from "./ocpi";
import { cleanName, operatorDisplayNames, operatorKey } from "./operators";

/**
 * UTF-8 (BOM tolerated); older register downloads are Windows-1252. A file that is not valid UTF-8
 * as a whole is decoded line by line, so a UTF-8 header above Windows-1252 rows still reads right.
 */
export function decodeText(input: string | Uint8Array): string {
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      const utf8 = new TextDecoder("utf-8", { fatal: true });
      const parts: string[] = [];
      for (let from = 0; from <= input.length; ) {
        let to = input.indexOf(10, from);
        if (to < 0) to = input.length;
        const line = input.subarray(from, to);
        try {
          parts.push(utf8.decode(line));
        } catch {
          parts.push(decodeWindows1252(line));
        }
        from = to + 1;
      }
      text = parts.join("\n");
    }
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Windows-1252 code points of bytes 0x80-0x9F (the rest equal their byte value). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * Windows-1252 by table: Node's TextDecoder("windows-1252") decodes 0x80-0x9F as C1 controls
 * (ISO-8859-1), which would turn „…“ and € of the old register into garbage.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const codes = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    codes[i] = b >= 0x80 && b < 0xa0 ? CP1252_HIGH[b - 0x80] : b;
  }
  let out = "";
  for (let i = 0; i < codes.length; i += 8192) out += String.fromCharCode(...codes.subarray(i, i + 8192));
  return out;
}

/** Delimited text with double-quote quoting ("" escapes, delimiters and newlines inside quotes). */
export function parseCsv(text: string, delimiter = ";"): string[][] {
  const D = delimiter.charCodeAt(0), Q = 34, LF = 10, CR = 13;
  const n = text.length;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (i >= n) return rows;
  for (;;) {
    let field: string;
    if (text.charCodeAt(i) === Q) {
      field = "";
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) { field += text.slice(from); i = n; break; } // unterminated: take the rest
        field += text.slice(from, q);
        if (text.charCodeAt(q + 1) === Q) { field += '"'; from = q + 2; continue; }
        i = q + 1;
        break;
      }
      // Tolerate stray text between the closing quote and the delimiter.
      const startTail = i;
      while (i < n) { const c = text.charCodeAt(i); if (c === D || c === LF || c === CR) break; i++; }
      if (i > startTail) field += text.slice(startTail, i);
    } else {
      const start = i;
      while (i < n) { const c = text.charCodeAt(i); if (c === D || c === LF || c === CR) break; i++; }
      field = text.slice(start, i);
    }
    row.push(field);
    if (i >= n) { rows.push(row); break; }
    const c = text.charCodeAt(i);
    i++;
    if (c === D) continue;
    if (c === CR && text.charCodeAt(i) === LF) i++;
    rows.push(row);
    row = [];
    if (i >= n) break;
  }
  return rows;
}

/** German or plain decimals: "22", "3.7", "22,5", "1.234,5". NaN when empty. */
export function parseDecimal(s: string | undefined): number {
  if (s == null) return NaN;
  let t = s.trim();
  if (!t) return NaN;
  if (t.includes(",")) t = t.replace(/\./g, "").replace(",", ".");
  return Number(t);
}

export function bnetzaConnector(s: string): ConnectorType {
  const t = s.toLowerCase();
  // "DC Tesla Fahrzeugkupplung (Typ 2)": Tesla's DC over a Type 2 plug, not the AC Type 2 connector.
  if (t.includes("tesla")) return "OTHER";
  if (t.includes("combo") || t.includes("ccs")) return "CCS";
  if (t.includes("chademo")) return "CHADEMO";
  if (t.includes("mcs") || t.includes("megawatt")) return "MCS";
  if (/typ[e]?\s*2/.test(t)) return "TYPE2";
  return "OTHER";
}

const isDc = (raw: string, c: ConnectorType) => raw.trim().toLowerCase().startsWith("dc") || c === "CCS" || c === "CHADEMO" || c === "MCS";

const normHeader = (h: string) =>
  h.toLowerCase().replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss").replace(/[^a-z0-9]/g, "");

interface Columns {
  id: number; operator: number; name: number; address: number; street: number; houseNo: number; addrExtra: number;
  postcodeCity: number; postcode: number; city: number; lat: number; lon: number; devicePower: number; points: number; opening: number;
  openingDays: number; openingTimes: number;
  plugs: { connectors: number; power: number }[];
}

function mapColumns(header: string[]): Columns | null {
  const h = header.map(normHeader);
  const col = (...names: string[]) => h.findIndex((x) => names.includes(x));
  const lat = col("breitengraddg", "breitengrad");
  const lon = col("laengengraddg", "laengengrad");
  const operator = col("betreiber");
  if (lat < 0 || lon < 0 || operator < 0) return null;
  const plugs: { connectors: number; power: number }[] = [];
  h.forEach((x, i) => {
    const m = /^steckertypen(\d+)$/.exec(x);
    if (m) plugs.push({ connectors: i, power: col(`p${m[1]}kw`, `p${m[1]}`, `nennleistungstecker${m[1]}`, `nennleistungstecker${m[1]}kw`) });
  });
  return {
    id: col("ladeeinrichtungsid"), operator, name: col("anzeigenamekarte"), address: col("adresse"),
    street: col("strasse"), houseNo: col("hausnummer"), addrExtra: col("adresszusatz"),
    postcodeCity: col("postleitzahlort"), postcode: col("postleitzahl"), city: col("ort"), lat, lon,
    devicePower: col("anschlussleistungkw", "nennleistungladeeinrichtungkw", "anschlussleistung", "nennleistungladeeinrichtung"),
    points: col("anzahlladepunkte"), opening: col("oeffnungszeiten"),
    openingDays: col("oeffnungszeitenwochentage"), openingTimes: col("oeffnungszeitentageszeiten"), plugs,
  };
}

// Germany with margin: used to repair rows whose lat/lon columns are swapped.
const inGermany = (lat: number, lon: number) => lat > 47 && lat < 55.2 && lon > 5.5 && lon < 15.5;

interface Site {
  draft: StationDraft;
  minId: number;
  key: string;
  /** Town without postcode, for the fallback name. */
  town: string;
}

export interface BnetzaImport {
  /** Charging devices (data rows) read. */
  devices: number;
  /** Rows without usable coordinates or operator. */
  skipped: number;
  stations: StationDraft[];
}

/** Devices at the same coordinates and operator become one site. */
export function parseBnetzaCsv(input: string | Uint8Array, opts: { source?: string } = {}): BnetzaImport {
  const rows = parseCsv(decodeText(input));
  let headerAt = -1;
  let cols: Columns | null = null;
  for (let i = 0; i < Math.min(rows.length, 50) && !cols; i++) if ((cols = mapColumns(rows[i]))) headerAt = i;
  if (!cols) throw new Error("BNetzA CSV: no header row with Betreiber / Breitengrad / Längengrad found");
  const c = cols;
  const get = (r: string[], i: number) => (i >= 0 && i < r.length ? r[i].trim() : "");
  const sites = new Map<string, Site>();
  const operatorNames: string[] = [];
  let devices = 0, skipped = 0;

  for (let ri = headerAt + 1; ri < rows.length; ri++) {
    const r = rows[ri];
    if (r.every((f) => f.trim() === "")) continue;
    devices++;
    let lat = parseDecimal(get(r, c.lat)), lon = parseDecimal(get(r, c.lon));
    if (!inGermany(lat, lon) && inGermany(lon, lat)) [lat, lon] = [lon, lat];
    const operator = cleanName(get(r, c.operator));
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0) || !operator) {
      skipped++;
      continue;
    }
    operatorNames.push(operator);

    const connectors = new Set<ConnectorType>();
    const perType: Partial<Record<ConnectorType, number>> = {};
    let dcKW = 0, acKW = 0, groups = 0;
    for (const p of c.plugs) {
      // Newer registers list several plugs of one point as "A; B" with powers "22; 3,7" in the same order.
      const raws = get(r, p.connectors).split(/[,;]/).map((s) => s.trim()).filter((s) => s && s !== "0");
      if (raws.length === 0) continue;
      groups++;
      const kws = get(r, p.power).split(";").map(parseDecimal);
      const pointKW = Math.max(0, ...kws.filter(Number.isFinite));
      raws.forEach((raw, k) => {
        const t = bnetzaConnector(raw);
        const kw = kws.length === raws.length && kws[k] >= 0 ? kws[k] : pointKW;
        connectors.add(t);
        addConnectorKW(perType, t, kw);
        if (isDc(raw, t)) dcKW = Math.max(dcKW, kw);
        else acKW = Math.max(acKW, kw);
      });
    }
    if (dcKW === 0 && acKW === 0) {
      // No per-point power: fall back to the device rating.
      const dev = parseDecimal(get(r, c.devicePower));
      if (dev > 0) [...connectors].some((t) => t === "CCS" || t === "CHADEMO" || t === "MCS") ? (dcKW = dev) : (acKW = dev);
    }
    const declared = parseInt(get(r, c.points), 10);
    const points = declared > 0 ? declared : Math.max(1, groups);

    const key = `${operatorKey(operator)}|${lat.toFixed(6)}|${lon.toFixed(6)}`;
    const id = parseInt(get(r, c.id), 10);
    let site = sites.get(key);
    if (!site) {
      const city = c.postcodeCity >= 0 ? get(r, c.postcodeCity) : [get(r, c.postcode), get(r, c.city)].filter(Boolean).join(" ");
      // House number "0" is the register's placeholder for none.
      const houseNo = get(r, c.houseNo).replace(/^0$/, "");
      const street = c.address >= 0 ? get(r, c.address) : [[get(r, c.street), houseNo].filter(Boolean).join(" "), get(r, c.addrExtra)].filter(Boolean).join(", ");
      site = {
        key,
        town: c.postcodeCity >= 0 ? city.replace(/^\d{5}\s*/, "") : get(r, c.city),
        minId: Number.POSITIVE_INFINITY,
        draft: {
          externalId: "", locationId: null, name: get(r, c.name), address: [street, city].filter(Boolean).join(", "),
          lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)), operator, powerKW: 0, dcPowerKW: 0, connectors: [], points: 0,
          truckApproved: null, connectorPos: null, bookable: null, amenities: [], country: "DE", source: opts.source ?? "bnetza",
        },
      };
      sites.set(key, site);
    }
    const d = site.draft;
    if (Number.isFinite(id)) site.minId = Math.min(site.minId, id);
    d.points += points;
    if (!(declared > 0)) d.pointsEstimated = true;
    d.dcPowerKW = Math.max(d.dcPowerKW, dcKW);
    d.powerKW = d.dcPowerKW > 0 ? d.dcPowerKW : Math.max(d.powerKW, acKW);
    for (const t of connectors) if (!d.connectors.includes(t)) d.connectors.push(t);
    for (const [t, kw] of Object.entries(perType) as [ConnectorType, number][]) addConnectorKW((d.connectorKW ??= {}), t, kw);
    if (!d.openingTimes) {
      const o = parseOpening(get(r, c.opening), get(r, c.openingDays), get(r, c.openingTimes));
      if (o) d.openingTimes = o;
    }
  }

  const display = operatorDisplayNames(operatorNames);
  const stations = [...sites.values()].map((s) => {
    const d = s.draft;
    d.operator = display.get(operatorKey(d.operator)) ?? d.operator;
    if (!d.name) d.name = [d.operator, s.town].filter(Boolean).join(" ");
    d.connectors.sort();
    d.externalId = Number.isFinite(s.minId) ? `bnetza:${s.minId}` : `bnetza:${d.lat.toFixed(6)},${d.lon.toFixed(6)}:${s.key.split("|")[0]}`;
    return d;
  });
  return { devices, skipped, stations };
}

const WEEKDAYS: Record<string, number> = { montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6, sonntag: 7 };
const PERIOD = /^(\d{1,2}):(\d{2})\s*-\s*(\d{1,2}):(\d{2})$/;
const hhmm = (h: string, m: string) => `${h.padStart(2, "0")}:${m}`;

/**
 * "Öffnungszeiten": "247" (24/7), "Keine Angabe" (unknown) or "Eingeschränkt" (restricted, with
 * "Öffnungszeiten: Wochentage" such as "Montag; Dienstag" and "Öffnungszeiten: Tageszeiten" such as
 * "08:00-18:00; 08:00-18:00", or one period for all days). Anything else stays unknown.
 */
export function parseOpening(s: string, days = "", times = ""): OpeningTimes | null {
  if (/^24\s*\/?\s*7$/.test(s)) return { twentyfourseven: true };
  if (!/^eingeschr/i.test(s)) return null;
  const dayList = days.split(/[;,]/).map((d) => WEEKDAYS[d.trim().toLowerCase()]);
  const periods = times.split(/[;,]/).map((t) => PERIOD.exec(t.trim()));
  if (!days.trim() || dayList.some((d) => !d) || periods.some((p) => !p)) return null;
  if (periods.length !== dayList.length && periods.length !== 1) return null;
  return {
    twentyfourseven: false,
    regular_hours: dayList.map((weekday, i) => {
      const p = periods[periods.length === 1 ? 0 : i]!;
      return { weekday, period_begin: hhmm(p[1], p[2]), period_end: hhmm(p[3], p[4]) };
    }),
  };
}
