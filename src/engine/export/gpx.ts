// A stored plan as GPX 1.1 (https://www.topografix.com/GPX/1/1/): the route as
// one <trk> with a <trkseg> per result section (the decoded section polylines,
// point for point) and every stop as a <wpt>. Element order follows the XSD
// sequence (time, name, desc, type), since strict readers validate it.
import { decodePolyline } from "../network/polyline";
import { describeStop, exportStops, type ExportableResult, type ExportStop } from "./stops";

export interface GpxOptions {
  /** Name of the file's route, e.g. "Hamburg → München". */
  name?: string;
  /** When the file was made (ISO-8601); omitted when not given, so output is a pure function of the input. */
  time?: string;
  /** The tour's points named (start, each request section's stop): the waypoints' names. */
  pointNames?: readonly string[];
}

/** Characters XML 1.0 does not allow at all (C0 controls other than tab, LF, CR; lone surrogates; U+FFFE/F). */
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** xsd:decimal: never exponent notation (String(1e-7) is "1e-7"). */
function dec(n: number): string {
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(10).replace(/\.?0+$/, "") : s;
}

const el = (tag: string, text: string | null | undefined) => (text ? `<${tag}>${escapeXml(text)}</${tag}>` : "");

function isoTime(s: string | null): string | null {
  return s && !Number.isNaN(Date.parse(s)) ? new Date(s).toISOString() : null;
}

export function waypointName(s: ExportStop): string {
  if (s.kind === "charge") return `Charging stop ${s.chargeNo}: ${s.name}`;
  return s.name;
}

function wpt(s: ExportStop): string {
  const time = isoTime(s.kind === "start" ? s.departure : s.arrival);
  return `  <wpt lat="${dec(s.lat)}" lon="${dec(s.lon)}">${el("time", time)}${el("name", waypointName(s))}${el("desc", describeStop(s))}${el("type", s.kind)}</wpt>\n`;
}

export function planToGpx(result: ExportableResult, opts: GpxOptions = {}): string {
  const segments: string[] = [];
  for (const section of result.sections ?? []) {
    // Sections without geometry (none in the engine's output) leave no segment rather than an empty one.
    if (!section.polyline) continue;
    const pts = decodePolyline(section.polyline);
    if (!pts.length) continue;
    segments.push(`    <trkseg>\n${pts.map(([lat, lon]) => `      <trkpt lat="${dec(lat)}" lon="${dec(lon)}"/>\n`).join("")}    </trkseg>\n`);
  }
  const name = opts.name ?? "Planned tour";
  const t = result.totals;
  const summary = t
    ? `${Math.round(t.distance_m / 100) / 10} km, ${Math.round(t.duration_min)} min, ${Math.round(t.energy_kWh)} kWh, ${t.charging_stops} charging stop(s)`
    : null;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<gpx version="1.1" creator="E-truck planner" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n` +
    `  <metadata>${el("name", name)}${el("desc", summary)}${el("time", opts.time ? isoTime(opts.time) : null)}</metadata>\n` +
    exportStops(result, opts.pointNames).map(wpt).join("") +
    `  <trk>${el("name", name)}${el("type", "truck")}\n${segments.join("")}  </trk>\n` +
    `</gpx>\n`
  );
}
