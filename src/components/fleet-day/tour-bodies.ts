// A CSV's tours (./csv.ts) as POST /planner/fleet's tours, once their places are resolved (tRPC
// fleetDay.resolvePlaces: an address by the service's geocoder, coordinates named by the nearest town).
// A departure written without an offset is read on the clock of the tour's start, as the planner's form
// sends its departure with the offset of the zone it shows (the API would read it as UTC). Its messages
// come from the translator it is given; the server's own 422 messages are the API's, in English.
import { zoned } from "@/components/planner/form/time";
import { localDay } from "@/engine/time/display";
import type { PlaceQuery, ResolvedPlace } from "./types";
import type { CsvTourLine, CsvTranslator, PlaceRef } from "./csv";

/** A CSV line as it will be planned: each end as written and what it resolved to, and the departure. */
export interface LinePreview {
  line: number;
  name: string | null;
  from: { written: string; place: ResolvedPlace };
  to: { written: string; place: ResolvedPlace };
  /** ISO-8601 with the offset of `zone` (or as written, with its own offset). */
  departure: string;
  zone: string;
}

export interface TourBodies {
  tours: Record<string, unknown>[];
  /** The CSV line of each tour: the server's 422 names tours by index. */
  lines: number[];
  preview: LinePreview[];
  errors: string[];
}

const placeKey = (p: PlaceRef) => (p.kind === "address" ? `a:${p.text.toLowerCase()}` : `c:${p.lat},${p.lon}`);

/** Each distinct place of the lines once, in order of first use: what to send to be resolved. */
export function placeQueries(lines: CsvTourLine[]): { keys: string[]; queries: PlaceQuery[] } {
  const keys: string[] = [], queries: PlaceQuery[] = [];
  for (const l of lines) {
    for (const p of [l.from, l.to]) {
      const k = placeKey(p);
      if (keys.includes(k)) continue;
      keys.push(k);
      queries.push(p.kind === "address" ? { address: p.text } : { lat: p.lat, lon: p.lon });
    }
  }
  return { keys, queries };
}

const WITH_OFFSET = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?$/;
const TIME_ONLY = /^(\d{2}:\d{2})(?::(\d{2}))?$/;

/**
 * The departure as the API takes it: with an offset as written; "2026-12-01T07:00" (or a space for the T)
 * on the clock of `zone`; "07:00" today on that clock. null: not a time this reads.
 */
export function departureIso(text: string, zone: string, nowMs: number): string | null {
  if (WITH_OFFSET.test(text) && /^\d{4}-\d{2}-\d{2}T/.test(text)) return text;
  const dt = DATE_TIME.exec(text), t = TIME_ONLY.exec(text);
  const [date, hm, ss] = dt ? [dt[1], dt[2], dt[3]] : t ? [localDay(nowMs, zone), t[1], t[2]] : [];
  if (!date || !hm) return null;
  const z = zoned(`${date}T${hm}`, zone);
  if (!z) return null;
  // zoned() gives "YYYY-MM-DDTHH:mm:00+hh:mm": the seconds as written.
  return ss ? `${z.iso.slice(0, 17)}${ss}${z.iso.slice(19)}` : z.iso;
}

function written(p: PlaceRef): string {
  return p.kind === "address" ? p.text : p.text ?? `${p.lat}, ${p.lon}`;
}

/** The tours once every place is resolved (`answers` in the order of placeQueries' keys; null: no such place). */
export function tourBodies(lines: CsvTourLine[], keys: string[], answers: (ResolvedPlace | null)[], nowMs: number, t: CsvTranslator): TourBodies {
  const found = new Map(keys.map((k, i) => [k, answers[i] ?? null]));
  const out: TourBodies = { tours: [], lines: [], preview: [], errors: [] };
  for (const l of lines) {
    const ends = (["from", "to"] as const).map((end) => {
      const place = found.get(placeKey(l[end])) ?? null;
      if (!place) out.errors.push(t("noPlace", { line: l.line, end, text: written(l[end]) }));
      return place;
    });
    const [from, to] = ends;
    if (!from || !to) continue;
    const departure = departureIso(l.start_time_tour, from.time_zone, nowMs);
    if (departure === null) {
      out.errors.push(t("badTime", { line: l.line, text: l.start_time_tour }));
      continue;
    }
    out.tours.push({
      vehicle_id: l.vehicle_id,
      start_time_tour: departure,
      battery_level_start: l.battery_level_start,
      section_list: [{ start_pos: [from.lat, from.lon], stop_pos: [to.lat, to.lon], payload_kg: l.payload_kg, ...(l.name ? { section_id: l.name } : {}) }],
      poi_info: {},
      ...(l.priority !== undefined ? { priority: l.priority } : {}),
      ...(l.depot_soc !== undefined ? { depot_soc: l.depot_soc } : {}),
    });
    out.lines.push(l.line);
    out.preview.push({ line: l.line, name: l.name, from: { written: written(l.from), place: from }, to: { written: written(l.to), place: to }, departure, zone: from.time_zone });
  }
  return out;
}

/** The server's names of a one-section tour's fields as the CSV calls them. */
const CSV_NAMES: Record<string, string> = { start_pos: "from", stop_pos: "to", section_id: "name" };

/** A 422 detail of POST /planner/fleet's checks at the CSV line of its tour: "Line 4, vehicle_id: Unknown vehicle …". */
export function detailAtLine(d: { loc: (string | number)[]; msg: string }, lines: number[], t: CsvTranslator): string {
  const [where, list, i, ...rest] = d.loc;
  if (where !== "body" || list !== "tours" || typeof i !== "number") return `${d.loc.slice(1).join(" › ") || t("request")}: ${d.msg}`;
  const field = (rest[0] === "section_list" ? rest.slice(2) : rest).filter((x) => typeof x === "string").map((x) => CSV_NAMES[x] ?? x);
  const line = lines[i] !== undefined ? t("atLine", { line: lines[i] }) : t("ofTour", { n: i + 1 });
  return `${line}${field.length ? `, ${field.join(" › ")}` : ""}: ${d.msg}`;
}
