// A country-size OSM input from a real regional extract: k x k copies of it, each shifted by the
// extract's extent, joined where roads cross the seams (a road that ends at an east border is
// linked to the nearest road ending at the next copy's west border, likewise north-south).
// Written as gzipped OSM XML, so an import reads it exactly as it reads an operator's file.
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { createGzip } from "node:zlib";
import { haversineM } from "../src/engine/geo";
import { scanOsmFile, type Bounds } from "../src/engine/network/osm/read";
import { wayAttrs, type OsmTags } from "../src/engine/network/osm/tags";

interface RawWay { id: number; refs: number[]; tags: OsmTags }
interface Seam { a: number; b: number; highway: string }

export interface MosaicSource {
  ids: Float64Array; latE7: Int32Array; lonE7: Int32Array;
  ways: RawWay[];
  bounds: Bounds;
  /** Links across a copy's east border to the next copy's west border, and north border to south. */
  east: Seam[]; north: Seam[];
}

/** Id offset per copy: OSM ids are below 2^35, so 25 copies stay below 2^53. */
const ID_STRIDE = 1e11;
/** A road that ends this close to the extract's outline is taken to cross it. */
const BORDER_M = 5_000;
/** Farthest a seam link may reach to a road end in the next copy (the extract is no rectangle). */
const LINK_M = 40_000;
/** Bands in which the outermost road node marks the extract's outline, degrees. */
const BAND_DEG = 0.1;

export async function readMosaicSource(file: string): Promise<MosaicSource> {
  const nodes: { id: number; lat: number; lon: number }[] = [];
  const ways: RawWay[] = [];
  let declared: Bounds | undefined;
  await scanOsmFile(file, {
    node: (id, lat, lon) => { nodes.push({ id, lat, lon }); },
    way: (id, refs, tags) => { ways.push({ id, refs: [...refs], tags: { ...tags } }); },
    fileBounds: (b) => { declared = b; },
  });
  nodes.sort((x, y) => x.id - y.id);
  const ids = Float64Array.from(nodes, (x) => x.id), latE7 = Int32Array.from(nodes, (x) => x.lat), lonE7 = Int32Array.from(nodes, (x) => x.lon);
  const at = new Map<number, number>();
  ids.forEach((id, i) => at.set(id, i));
  let bounds = declared;
  if (!bounds) {
    bounds = { minLat: Infinity, minLon: Infinity, maxLat: -Infinity, maxLon: -Infinity };
    for (let i = 0; i < ids.length; i++) {
      const y = latE7[i] / 1e7, x = lonE7[i] / 1e7;
      bounds = { minLat: Math.min(bounds.minLat, y), minLon: Math.min(bounds.minLon, x), maxLat: Math.max(bounds.maxLat, y), maxLon: Math.max(bounds.maxLon, x) };
    }
  }

  // Border crossings: road ends (a node that no other road way uses, at the end of a way or of a
  // run of its nodes the file holds: the extract cut the roads crossing its outline there) that
  // lie within BORDER_M of the outermost road node in their band of latitude (for the east and
  // west seams) or longitude (north and south).
  const lat = (i: number) => latE7[i] / 1e7, lon = (i: number) => lonE7[i] / 1e7;
  const dLat = bounds.maxLat - bounds.minLat, dLon = bounds.maxLon - bounds.minLon;
  const roads = ways.filter((w) => typeof wayAttrs(w.tags) === "object");
  const uses = new Map<number, number>();
  for (const w of roads) for (const r of new Set(w.refs)) uses.set(r, (uses.get(r) ?? 0) + 1);
  const ends = new Map<number, string>();
  for (const w of roads) {
    const present = w.refs.map((r) => at.get(r));
    present.forEach((i, j) => {
      const end = j === 0 || j === present.length - 1 || present[j - 1] === undefined || present[j + 1] === undefined;
      if (i !== undefined && end && uses.get(w.refs[j]) === 1) ends.set(i, w.tags.highway!.replace(/_link$/, ""));
    });
  }
  const band = (x: number) => Math.floor(x / BAND_DEG);
  const outer = { n: new Map<number, number>(), s: new Map<number, number>(), e: new Map<number, number>(), w: new Map<number, number>() };
  const keep = (m: Map<number, number>, k: number, v: number, more: boolean) => { const o = m.get(k); if (o === undefined || (more ? v > o : v < o)) m.set(k, v); };
  for (const w of roads) for (const r of w.refs) {
    const i = at.get(r);
    if (i === undefined) continue;
    keep(outer.e, band(lat(i)), lon(i), true); keep(outer.w, band(lat(i)), lon(i), false);
    keep(outer.n, band(lon(i)), lat(i), true); keep(outer.s, band(lon(i)), lat(i), false);
  }
  const side = (s: keyof typeof outer) => [...ends].filter(([i]) => {
    const y = lat(i), x = lon(i);
    const o = outer[s].get(band(s === "e" || s === "w" ? y : x))!;
    return (s === "e" || s === "w" ? haversineM(y, x, y, o) : haversineM(y, x, o, x)) <= BORDER_M;
  }).map(([i, highway]) => ({ i, highway }));
  /** Nearest pairs first, each end used once. */
  const pair = (from: ReturnType<typeof side>, to: ReturnType<typeof side>, shiftLat: number, shiftLon: number): Seam[] => {
    const cands: { a: number; b: number; d: number; highway: string }[] = [];
    for (const p of from) for (const q of to) {
      const d = haversineM(lat(p.i), lon(p.i), lat(q.i) + shiftLat, lon(q.i) + shiftLon);
      if (d <= LINK_M) cands.push({ a: p.i, b: q.i, d, highway: p.highway });
    }
    cands.sort((x, y) => x.d - y.d);
    const used = new Set<number>(), out: Seam[] = [];
    for (const c of cands) {
      if (used.has(c.a) || used.has(c.b)) continue;
      used.add(c.a); used.add(c.b);
      out.push({ a: c.a, b: c.b, highway: c.highway });
    }
    return out;
  };
  const east = pair(side("e"), side("w"), 0, dLon);
  const north = pair(side("n"), side("s"), dLat, 0);
  return { ids, latE7, lonE7, ways, bounds, east, north };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/>/g, "&gt;");

/** Writes the k x k mosaic; returns how many nodes, ways and seam links it holds. */
export async function writeMosaic(src: MosaicSource, k: number, file: string): Promise<{ nodes: number; ways: number; links: number }> {
  const gz = createGzip({ level: 1 });
  const done = once(gz.pipe(createWriteStream(file)), "finish");
  let buf = "";
  const put = async (s: string) => {
    buf += s;
    if (buf.length > 1 << 20) { if (!gz.write(buf)) await once(gz, "drain"); buf = ""; }
  };
  const { bounds: b, ids, latE7, lonE7 } = src;
  const dLatE7 = Math.round((b.maxLat - b.minLat) * 1e7), dLonE7 = Math.round((b.maxLon - b.minLon) * 1e7);
  await put(`<?xml version='1.0' encoding='UTF-8'?>\n<osm version="0.6" generator="etruck-planner bench mosaic">\n`);
  await put(`\t<bounds minlat="${b.minLat}" minlon="${b.minLon}" maxlat="${b.minLat + k * (b.maxLat - b.minLat)}" maxlon="${b.minLon + k * (b.maxLon - b.minLon)}"/>\n`);
  const copy = (row: number, col: number) => row * k + col;
  for (let row = 0; row < k; row++) for (let col = 0; col < k; col++) {
    const off = copy(row, col) * ID_STRIDE;
    for (let i = 0; i < ids.length; i++) {
      await put(`\t<node id="${ids[i] + off}" lat="${((latE7[i] + row * dLatE7) / 1e7).toFixed(7)}" lon="${((lonE7[i] + col * dLonE7) / 1e7).toFixed(7)}"/>\n`);
    }
  }
  let ways = 0, links = 0;
  for (let c = 0; c < k * k; c++) {
    const off = c * ID_STRIDE;
    for (const w of src.ways) {
      let s = `\t<way id="${w.id + off}">\n`;
      for (const r of w.refs) s += `\t\t<nd ref="${r + off}"/>\n`;
      for (const [key, v] of Object.entries(w.tags)) s += `\t\t<tag k="${esc(key)}" v="${esc(v)}"/>\n`;
      await put(`${s}\t</way>\n`);
      ways++;
    }
  }
  // Seam links: two-way, of the class of the road they continue; ids above every copy's.
  let linkId = k * k * ID_STRIDE;
  const link = async (a: number, ca: number, bNode: number, cb: number, highway: string) => {
    await put(`\t<way id="${++linkId}">\n\t\t<nd ref="${ids[a] + ca * ID_STRIDE}"/>\n\t\t<nd ref="${ids[bNode] + cb * ID_STRIDE}"/>\n`
      + `\t\t<tag k="highway" v="${highway}"/>\n\t\t<tag k="oneway" v="no"/>\n\t</way>\n`);
    links++; ways++;
  };
  for (let row = 0; row < k; row++) for (let col = 0; col < k; col++) {
    if (col + 1 < k) for (const s of src.east) await link(s.a, copy(row, col), s.b, copy(row, col + 1), s.highway);
    if (row + 1 < k) for (const s of src.north) await link(s.a, copy(row, col), s.b, copy(row + 1, col), s.highway);
  }
  await put("</osm>\n");
  gz.end(buf);
  await done;
  return { nodes: ids.length * k * k, ways, links };
}

/**
 * The worst case for a contraction hierarchy: an n x n grid of equal two-way secondary roads
 * (about 1 km apart, every node a junction), as OSM XML.
 */
export async function writeGridOsm(n: number, file: string): Promise<{ nodes: number; ways: number }> {
  const gz = createGzip({ level: 1 });
  const done = once(gz.pipe(createWriteStream(file)), "finish");
  const lines: string[] = [`<?xml version='1.0' encoding='UTF-8'?>\n<osm version="0.6" generator="etruck-planner bench grid">\n`];
  const id = (row: number, col: number) => 1 + row * n + col;
  for (let row = 0; row < n; row++) for (let col = 0; col < n; col++) {
    lines.push(`\t<node id="${id(row, col)}" lat="${(50 + row * 0.009).toFixed(7)}" lon="${(8 + col * 0.014).toFixed(7)}"/>\n`);
  }
  let ways = 0;
  for (const byRow of [true, false]) {
    for (let i = 0; i < n; i++) {
      let s = `\t<way id="${++ways}">\n`;
      for (let j = 0; j < n; j++) s += `\t\t<nd ref="${byRow ? id(i, j) : id(j, i)}"/>\n`;
      lines.push(`${s}\t\t<tag k="highway" v="secondary"/>\n\t</way>\n`);
    }
  }
  lines.push("</osm>\n");
  for (let i = 0; i < lines.length; i += 10_000) if (!gz.write(lines.slice(i, i + 10_000).join(""))) await once(gz, "drain");
  gz.end();
  await done;
  return { nodes: n * n, ways };
}
