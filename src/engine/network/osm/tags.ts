// OSM way tags -> RoadWay attributes for a truck network. Pure functions, no I/O.
import type { RoadClass } from "../types";
import type { WayAttrs } from "../ways";

export type OsmTags = Record<string, string>;
export type { WayAttrs };
export type DropReason = "notRoad" | "area" | "access" | "construction" | "reversible";

const BASE_CLASS: ReadonlyMap<string, RoadClass> = new Map([
  ["motorway", "motorway"], ["trunk", "primary"], ["primary", "primary"], ["secondary", "secondary"],
]);

// Values that close a road to every (motor) vehicle unless hgv says otherwise.
const CLOSED = new Set(["no", "private", "agricultural", "forestry", "emergency"]);
// hgv values that let trucks use an otherwise closed road.
const HGV_ALLOWED = new Set(["yes", "designated", "destination", "delivery", "permissive"]);

/** Attributes of a kept way, or why it is dropped. */
export function wayAttrs(tags: OsmTags): WayAttrs | DropReason {
  const hw = tags.highway ?? "";
  // Closed for works. A kept class with a construction=* tag is open road under
  // works (resurfacing, provisional ramps in use): kept.
  if (hw === "construction") return BASE_CLASS.has((tags.construction ?? "").replace(/_link$/, "")) ? "construction" : "notRoad";
  const link = hw.endsWith("_link");
  const base = link ? hw.slice(0, -5) : hw;
  let cls = BASE_CLASS.get(base);
  if (!cls) return "notRoad";
  // Kraftfahrstraße on a trunk: motorway-like (no slow traffic, grade-separated mostly).
  if (base === "trunk" && tags.motorroad === "yes") cls = "motorway";
  if (tags.area === "yes") return "area";
  // The most specific of the general access keys decides (access=no + motor_vehicle=yes is open).
  const general = tags.motor_vehicle ?? tags.vehicle ?? tags.access;
  const hgv = tags.hgv;
  if (general && CLOSED.has(general) && !(hgv && HGV_ALLOWED.has(hgv))) return "access";
  const oneway = parseOneway(tags, base);
  if (oneway === "reversible") return "reversible";

  const out: WayAttrs = { cls, oneway };
  if (link) out.link = true;
  const speed = wayMaxspeed(tags);
  if (speed !== undefined) out.maxspeedKmh = speed;
  if (tags.ref) out.ref = tags.ref;
  if (tags.name) out.name = tags.name;
  if (hgv && CLOSED.has(hgv)) out.hgvForbidden = true;
  const w = parseWeightT(tags["maxweight:hgv"]) ?? parseWeightT(tags.maxweight);
  if (w !== undefined) out.maxweightT = w;
  const h = parseHeightM(tags.maxheight) ?? parseHeightM(tags["maxheight:physical"]);
  if (h !== undefined) out.maxheightM = h;
  return out;
}

/** Direction rule; explicit `oneway` wins over the motorway and roundabout defaults. */
export function parseOneway(tags: OsmTags, base = ""): 0 | 1 | -1 | "reversible" {
  switch (tags.oneway) {
    case "yes": case "true": case "1": return 1;
    case "-1": case "reverse": return -1;
    case "no": case "false": case "0": return 0;
    // Direction changes by time of day: routing either way can be wrong (OSRM drops these too).
    case "reversible": return "reversible";
    // One lane, both directions in turn (traffic lights): two-way for routing.
    case "alternating": return 0;
  }
  if (base === "motorway" || tags.junction === "roundabout" || tags.junction === "circular") return 1;
  return 0;
}

/** Zone limits (km/h) where a country code value stands for a limit; undefined entries: no limit. */
const ZONES: Readonly<Record<string, number | undefined>> = {
  "DE:urban": 50, "DE:rural": 100, "DE:motorway": undefined, "DE:bicycle_road": 30,
  "AT:urban": 50, "AT:rural": 100, "AT:motorway": 130,
  "CH:urban": 50, "CH:rural": 80, "CH:trunk": 100, "CH:motorway": 120,
  "FR:urban": 50, "FR:rural": 80, "FR:trunk": 110, "FR:motorway": 130,
  "NL:urban": 50, "NL:rural": 80, "NL:trunk": 100, "NL:motorway": 130,
  "CZ:urban": 50, "CZ:rural": 90, "CZ:trunk": 110, "CZ:motorway": 130,
  "PL:urban": 50, "PL:rural": 90, "PL:motorway": 140,
  "IT:urban": 50, "IT:rural": 90, "IT:trunk": 110, "IT:motorway": 130,
  "DK:urban": 50, "DK:rural": 80, "DK:motorway": 130,
};

/** km/h from a maxspeed value; undefined for none/signals/variable/unknown. */
export function parseMaxspeed(v: string | undefined): number | undefined {
  if (!v) return undefined;
  // "50;30" (lanes or per-section): the lower one binds.
  if (v.includes(";")) {
    const all = v.split(";").map((s) => parseMaxspeed(s.trim())).filter((n): n is number => n !== undefined);
    return all.length ? Math.min(...all) : undefined;
  }
  const s = v.trim();
  const zone = /^([A-Za-z]{2}):(.+)$/.exec(s);
  if (zone) {
    const key = `${zone[1].toUpperCase()}:${zone[2].toLowerCase()}`;
    if (key in ZONES) return ZONES[key];
    const n = /^(?:zone:?)?(\d+)$/.exec(zone[2].toLowerCase()); // "DE:zone30", "DE:30"
    return n ? Number(n[1]) : undefined;
  }
  const m = /^(\d+(?:\.\d+)?)\s*(km\/h|kmh|kph|mph|knots)?$/i.exec(s);
  if (!m) return undefined;
  const unit = m[2]?.toLowerCase();
  const kmh = Number(m[1]) * (unit === "mph" ? 1.609344 : unit === "knots" ? 1.852 : 1);
  return kmh > 0 && kmh <= 300 ? Math.round(kmh) : undefined;
}

/** The limit a truck obeys: maxspeed:hgv where tagged (the lower, if maxspeed is lower still). */
export function wayMaxspeed(tags: OsmTags): number | undefined {
  const hgv = parseMaxspeed(tags["maxspeed:hgv"]);
  const general = generalMaxspeed(tags);
  return hgv === undefined ? general : general === undefined ? hgv : Math.min(hgv, general);
}

function generalMaxspeed(tags: OsmTags): number | undefined {
  if (tags.maxspeed) return parseMaxspeed(tags.maxspeed);
  const dirs = [tags["maxspeed:forward"], tags["maxspeed:backward"]].map(parseMaxspeed).filter((n): n is number => n !== undefined);
  if (dirs.length) return Math.min(...dirs);
  // Only zone values count here: source:maxspeed is also "sign", "survey", URLs.
  for (const k of ["maxspeed:type", "zone:maxspeed", "source:maxspeed"]) {
    const z = tags[k];
    if (z && /^[A-Za-z]{2}:/.test(z)) return parseMaxspeed(z);
  }
  return undefined;
}

function number(s: string): number | undefined {
  const n = Number(s.replace(",", "."));
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** Tonnes from "7.5", "7.5 t", "7500 kg", "10 st" (short tons), "20000 lbs". */
export function parseWeightT(v: string | undefined): number | undefined {
  const m = v && /^(\d+(?:[.,]\d+)?)\s*(t|kg|st|lbs?)?$/i.exec(v.trim());
  if (!m) return undefined;
  const n = number(m[1]);
  if (n === undefined) return undefined;
  const unit = m[2]?.toLowerCase();
  const t = unit === "kg" ? n / 1000 : unit === "st" ? n * 0.90718474 : unit?.startsWith("lb") ? n * 0.00045359237 : n;
  return Math.round(t * 1000) / 1000;
}

/** Metres from "4", "4.0 m", "13'6\"", "13 ft"; none/default/below_default -> undefined. */
export function parseHeightM(v: string | undefined): number | undefined {
  if (!v) return undefined;
  const s = v.trim();
  const imp = /^(\d+)\s*(?:'|ft|feet)\s*(?:(\d+(?:\.\d+)?)\s*(?:"|in)?)?$/i.exec(s);
  if (imp) return Math.round((Number(imp[1]) * 0.3048 + Number(imp[2] ?? 0) * 0.0254) * 1000) / 1000;
  const m = /^(\d+(?:[.,]\d+)?)\s*(m|cm)?$/i.exec(s);
  if (!m) return undefined;
  const n = number(m[1]);
  return n === undefined ? undefined : m[2]?.toLowerCase() === "cm" ? n / 100 : n;
}
