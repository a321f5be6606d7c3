// A day's tours from a CSV (one tour a line) as POST /planner/fleet's body.
// Columns by header name; comma or semicolon; the server checks every value.

export const CSV_COLUMNS = ["vehicle_id", "from_lat", "from_lon", "to_lat", "to_lon", "start_time_tour", "battery_level_start", "payload_kg", "priority", "depot_soc"] as const;
const REQUIRED = ["vehicle_id", "from_lat", "from_lon", "to_lat", "to_lon", "start_time_tour", "battery_level_start", "payload_kg"];

export const CSV_EXAMPLE = [
  CSV_COLUMNS.join(","),
  "mb-eactros-600,53.55,9.99,48.14,11.58,2026-12-01T06:00:00,0.8,20000,1,",
  "mb-eactros-600,53.55,9.99,48.14,11.58,2026-12-01T06:00:00,0.8,20000,0,",
  "mb-eactros-600,51.51,7.47,52.52,13.40,2026-12-01T06:15:00,0.8,18000,0,",
].join("\n");

export interface CsvTours {
  tours: Record<string, unknown>[];
  /** Problems the file itself has (line numbers from 1, the header being line 1). */
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

const num = (v: string) => (v === "" ? undefined : Number(v.replace(",", ".")));

export function toursFromCsv(text: string): CsvTours {
  const lines = text.split(/\r?\n/).map((l, i) => ({ l, n: i + 1 })).filter((x) => x.l.trim() !== "");
  if (lines.length === 0) return { tours: [], errors: ["The file is empty"] };
  const first = lines[0].l;
  const sep = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ";" : ",";
  const header = cells(first, sep);
  const missing = REQUIRED.filter((c) => !header.includes(c));
  if (missing.length) return { tours: [], errors: [`Line 1: missing column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`] };
  const errors: string[] = [];
  const tours = lines.slice(1).map(({ l, n }) => {
    const row = Object.fromEntries(header.map((h, i) => [h, cells(l, sep)[i] ?? ""]));
    for (const c of ["from_lat", "from_lon", "to_lat", "to_lon", "battery_level_start", "payload_kg", "priority", "depot_soc"]) {
      if (row[c] && !Number.isFinite(num(row[c]))) errors.push(`Line ${n}: ${c} is not a number`);
    }
    return {
      vehicle_id: row.vehicle_id,
      start_time_tour: row.start_time_tour,
      battery_level_start: num(row.battery_level_start),
      section_list: [{ start_pos: [num(row.from_lat), num(row.from_lon)], stop_pos: [num(row.to_lat), num(row.to_lon)], payload_kg: num(row.payload_kg) }],
      poi_info: {},
      ...(row.priority ? { priority: num(row.priority) } : {}),
      ...(row.depot_soc ? { depot_soc: num(row.depot_soc) } : {}),
    };
  });
  if (tours.length === 0) errors.push("No tours below the header");
  return { tours, errors };
}
