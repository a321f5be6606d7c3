// The overlay file format (docs/API.md, "Stations"): truck attributes per
// station external id, as a JSON array or CSV, checked against the contract.
import { StationOverlayEntry } from "../../contract/stations";
import { parseCsv } from "../../engine/stations/bnetza";
import type { StationOverlay } from "../../engine/stations/merge";
import { ValidationFailed, type ValidationDetail } from "../http/errors";
import { issuesToDetails } from "../http/validation";

/**
 * An overlay file: a JSON array of entries, or CSV (comma or semicolon) with a
 * header of the entries' field names; an empty cell is "not stated".
 * Every invalid line is reported (loc: [line, field]) and nothing is stored.
 */
export function parseOverlayFile(text: string): StationOverlayEntry[] {
  const trimmed = text.replace(/^\uFEFF/, "").trim();
  const raw: unknown[] = trimmed.startsWith("[") ? (JSON.parse(trimmed) as unknown[]) : csvEntries(trimmed);
  const details: ValidationDetail[] = [];
  const entries: StationOverlayEntry[] = [];
  raw.forEach((r, i) => {
    const parsed = StationOverlayEntry.safeParse(r);
    if (parsed.success) entries.push(parsed.data);
    else details.push(...issuesToDetails(parsed.error.issues, "body").map((d) => ({ ...d, loc: [i + 1, ...d.loc.slice(1)] })));
  });
  if (details.length) throw new ValidationFailed(details);
  return entries;
}

function csvEntries(text: string): Record<string, unknown>[] {
  const first = text.split(/\r?\n/, 1)[0];
  const sep = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ";" : ",";
  const [header, ...rows] = parseCsv(text, sep).filter((r) => r.some((c) => c.trim()));
  return rows.map((cells) => {
    const entry: Record<string, unknown> = {};
    header.forEach((h, i) => {
      const key = h.trim(), v = (cells[i] ?? "").trim();
      if (v === "") return;
      const lower = v.toLowerCase();
      entry[key] = key === "bookable" ? (lower === "true" ? true : lower === "false" ? false : v) : key === "mcs_kW" || key === "charge_points" ? Number(v) : v;
    });
    return entry;
  });
}

/** File entries as the engine's overlays, attributed to `by`. */
export function toOverlays(entries: StationOverlayEntry[], by: string): StationOverlay[] {
  return entries.map((e) => ({
    externalId: e.external_id, truckApproved: e.truck_approved ?? null, connectorPos: e.connector_pos ?? null,
    bookable: e.bookable ?? null, mcsKW: e.mcs_kW ?? null, chargePoints: e.charge_points ?? null, by,
  }));
}
