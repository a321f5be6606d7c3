// A day's tours from a CSV (one tour a line): columns by header name, comma or semicolon, quoted cells.
// Each end of a tour is a place name or address (`from`, `to`), which the server's geocoder resolves
// (./tour-bodies.ts makes the request body from the answers), or coordinates (`from_lat`, `from_lon`,
// `to_lat`, `to_lon`); with both, the coordinates are where the truck goes and the name only labels them.
// This file checks the file's form; the server checks every value. Its messages come from the translator
// it is given; the column names in them stay as the file writes them.
import type { useTranslations } from "next-intl";

/** The messages about a CSV's lines, here and in ./tour-bodies.ts ("fleetDayCsv" in src/i18n/messages). */
export type CsvTranslator = ReturnType<typeof useTranslations<"fleetDayCsv">>;

const REQUIRED = ["vehicle_id", "start_time_tour", "battery_level_start", "payload_kg"];
const NUMBERS = ["battery_level_start", "payload_kg", "priority", "depot_soc"] as const;

export const CSV_EXAMPLE = [
  "name,vehicle_id,from,to,start_time_tour,battery_level_start,payload_kg,priority,from_lat,from_lon,to_lat,to_lon",
  "HH-MUC early,mb-eactros-600,Hamburg,München,2026-12-01T07:00,0.8,20000,1,,,,",
  "HH-MUC,mb-eactros-600,Hamburg,München,2026-12-01T07:00,0.8,20000,0,,,,",
  "DO-BER,mb-eactros-600,Dortmund,Berlin,2026-12-01T07:15,0.8,18000,0,51.51,7.47,52.52,13.40",
].join("\n");

/** One end of a tour as the file gives it. */
export type PlaceRef =
  | { kind: "address"; text: string }
  | { kind: "coordinates"; lat: number; lon: number; text: string | null };

export interface CsvTourLine {
  /** Line in the file, the header being line 1. */
  line: number;
  name: string | null;
  vehicle_id: string;
  from: PlaceRef;
  to: PlaceRef;
  /** As written; ./tour-bodies.ts reads a time without an offset on the start's clock. */
  start_time_tour: string;
  battery_level_start: number | undefined;
  payload_kg: number | undefined;
  priority?: number;
  depot_soc?: number;
}

export interface CsvRead {
  lines: CsvTourLine[];
  /** Problems of the file itself, each naming its line. */
  errors: string[];
}

function cells(line: string, sep: string): string[] {
  const out: string[] = [];
  let cur = "", quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') (cur += '"'), i++;
      else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) (out.push(cur), (cur = ""));
    else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim());
}

/** A number as written, a decimal comma allowed; undefined for an empty cell, NaN for text. */
const num = (v: string) => (v === "" ? undefined : Number(v.replace(",", ".")));

/** An end from `<end>` (a name) or `<end>_lat`/`<end>_lon`; a message when neither is complete. */
function placeOf(row: Record<string, string>, end: "from" | "to", line: number, t: CsvTranslator): PlaceRef | string {
  const text = row[end] ?? "";
  const lat = row[`${end}_lat`] ?? "", lon = row[`${end}_lon`] ?? "";
  if (lat === "" && lon === "") return text ? { kind: "address", text } : t("noEnd", { line, end });
  if (lat === "" || lon === "") return t("halfCoordinates", { line, column: lat === "" ? `${end}_lat` : `${end}_lon` });
  const [la, lo] = [num(lat)!, num(lon)!];
  if (!Number.isFinite(la) || !Number.isFinite(lo)) return t("notNumber", { line, column: !Number.isFinite(la) ? `${end}_lat` : `${end}_lon` });
  return { kind: "coordinates", lat: la, lon: lo, text: text || null };
}

export function readToursCsv(text: string, t: CsvTranslator): CsvRead {
  const rows = text.split(/\r?\n/).map((l, i) => ({ l, n: i + 1 })).filter((x) => x.l.trim() !== "");
  if (rows.length === 0) return { lines: [], errors: [t("empty")] };
  const first = rows[0].l;
  const sep = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ";" : ",";
  const header = cells(first, sep);
  const has = (c: string) => header.includes(c);
  const missing = REQUIRED.filter((c) => !has(c));
  for (const end of ["from", "to"]) {
    if (!has(end) && !(has(`${end}_lat`) && has(`${end}_lon`))) missing.push(t("missingEnd", { end }));
  }
  if (missing.length) return { lines: [], errors: [t("missingColumns", { line: rows[0].n, count: missing.length, columns: missing.join(", ") })] };
  const errors: string[] = [];
  const lines: CsvTourLine[] = [];
  for (const { l, n } of rows.slice(1)) {
    const values = cells(l, sep);
    const row = Object.fromEntries(header.map((h, i) => [h, values[i] ?? ""]));
    const bad = NUMBERS.filter((c) => row[c] && !Number.isFinite(num(row[c])));
    errors.push(...bad.map((c) => t("notNumber", { line: n, column: c })));
    const from = placeOf(row, "from", n, t), to = placeOf(row, "to", n, t);
    for (const p of [from, to]) if (typeof p === "string") errors.push(p);
    if (typeof from === "string" || typeof to === "string" || bad.length) continue;
    lines.push({
      line: n,
      name: row.name || null,
      vehicle_id: row.vehicle_id,
      from, to,
      start_time_tour: row.start_time_tour,
      battery_level_start: num(row.battery_level_start),
      payload_kg: num(row.payload_kg),
      ...(row.priority ? { priority: num(row.priority) } : {}),
      ...(row.depot_soc ? { depot_soc: num(row.depot_soc) } : {}),
    });
  }
  if (rows.length === 1) errors.push(t("noTours"));
  return { lines, errors };
}
