// A tiny OSM region written both as OSM XML and as OSM PBF (own minimal encoder,
// independent of the reader) so the two readers can be compared on equal input.
import { deflateSync } from "node:zlib";
import { PbfWriter } from "pbf";
import type { RoadWay } from "@/engine/network/ways";

export interface OsmNode { id: number; latE7: number; lonE7: number }
export interface OsmWay { id: number; refs: number[]; tags: Record<string, string> }
export interface OsmModel { nodes: OsmNode[]; ways: OsmWay[] }

type Expect = Omit<RoadWay, "coords" | "nodeIds" | "source"> | "notRoad" | "area" | "access" | "construction" | "reversible";

/** One two-node way per case; expected attributes or drop reason. */
export const CASES: { tags: Record<string, string>; expect: Expect }[] = [
  // classes, links, one-way defaults
  { tags: { highway: "motorway", ref: "A 2" }, expect: { cls: "motorway", oneway: 1, ref: "A 2" } },
  { tags: { highway: "motorway", oneway: "no" }, expect: { cls: "motorway", oneway: 0 } },
  { tags: { highway: "motorway_link" }, expect: { cls: "motorway", link: true, oneway: 1 } },
  { tags: { highway: "motorway_link", oneway: "-1" }, expect: { cls: "motorway", link: true, oneway: -1 } },
  { tags: { highway: "trunk", ref: "B 6" }, expect: { cls: "primary", oneway: 0, ref: "B 6" } },
  { tags: { highway: "trunk", motorroad: "yes" }, expect: { cls: "motorway", oneway: 0 } },
  { tags: { highway: "trunk_link", motorroad: "yes" }, expect: { cls: "motorway", link: true, oneway: 0 } },
  { tags: { highway: "trunk_link" }, expect: { cls: "primary", link: true, oneway: 0 } },
  { tags: { highway: "primary" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary_link", oneway: "yes" }, expect: { cls: "primary", link: true, oneway: 1 } },
  { tags: { highway: "secondary" }, expect: { cls: "secondary", oneway: 0 } },
  { tags: { highway: "secondary_link" }, expect: { cls: "secondary", link: true, oneway: 0 } },
  { tags: { highway: "tertiary" }, expect: "notRoad" },
  { tags: { highway: "residential", name: "x" }, expect: "notRoad" },
  { tags: { building: "yes" }, expect: "notRoad" },
  // oneway variants
  { tags: { highway: "primary", oneway: "true" }, expect: { cls: "primary", oneway: 1 } },
  { tags: { highway: "primary", oneway: "1" }, expect: { cls: "primary", oneway: 1 } },
  { tags: { highway: "primary", oneway: "reverse" }, expect: { cls: "primary", oneway: -1 } },
  { tags: { highway: "primary", oneway: "false" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary", oneway: "alternating" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary", oneway: "reversible" }, expect: "reversible" },
  { tags: { highway: "primary", oneway: "yes;no" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "secondary", junction: "roundabout" }, expect: { cls: "secondary", oneway: 1 } },
  { tags: { highway: "primary", junction: "circular" }, expect: { cls: "primary", oneway: 1 } },
  // maxspeed variants
  { tags: { highway: "primary", maxspeed: "80" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 80 } },
  { tags: { highway: "primary", maxspeed: "50 mph" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 80 } },
  { tags: { highway: "primary", maxspeed: "70 km/h" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 70 } },
  { tags: { highway: "primary", maxspeed: "DE:urban" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 50 } },
  { tags: { highway: "primary", maxspeed: "DE:rural" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 100 } },
  { tags: { highway: "motorway", maxspeed: "DE:motorway" }, expect: { cls: "motorway", oneway: 1 } },
  { tags: { highway: "motorway", maxspeed: "none" }, expect: { cls: "motorway", oneway: 1 } },
  { tags: { highway: "motorway", maxspeed: "signals" }, expect: { cls: "motorway", oneway: 1 } },
  { tags: { highway: "motorway", maxspeed: "variable" }, expect: { cls: "motorway", oneway: 1 } },
  { tags: { highway: "motorway", maxspeed: "none", "maxspeed:hgv": "80" }, expect: { cls: "motorway", oneway: 1, maxspeedKmh: 80 } },
  { tags: { highway: "primary", maxspeed: "100", "maxspeed:hgv": "60" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 60 } },
  { tags: { highway: "primary", "maxspeed:forward": "100", "maxspeed:backward": "70" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 70 } },
  { tags: { highway: "primary", "source:maxspeed": "DE:urban" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 50 } },
  { tags: { highway: "primary", "source:maxspeed": "sign" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary", "zone:maxspeed": "DE:30" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 30 } },
  { tags: { highway: "primary", maxspeed: "50;30" }, expect: { cls: "primary", oneway: 0, maxspeedKmh: 30 } },
  // trucks
  { tags: { highway: "primary", hgv: "no" }, expect: { cls: "primary", oneway: 0, hgvForbidden: true } },
  { tags: { highway: "primary", hgv: "destination" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary", maxweight: "7.5" }, expect: { cls: "primary", oneway: 0, maxweightT: 7.5 } },
  { tags: { highway: "primary", maxweight: "7.5 t" }, expect: { cls: "primary", oneway: 0, maxweightT: 7.5 } },
  { tags: { highway: "primary", maxweight: "7500 kg" }, expect: { cls: "primary", oneway: 0, maxweightT: 7.5 } },
  { tags: { highway: "primary", maxweight: "none" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary", maxheight: "4" }, expect: { cls: "primary", oneway: 0, maxheightM: 4 } },
  { tags: { highway: "primary", maxheight: "4.0 m" }, expect: { cls: "primary", oneway: 0, maxheightM: 4 } },
  { tags: { highway: "primary", maxheight: "13'6\"" }, expect: { cls: "primary", oneway: 0, maxheightM: 4.115 } },
  { tags: { highway: "primary", maxheight: "default" }, expect: { cls: "primary", oneway: 0 } },
  // dropped, and their overrides
  { tags: { highway: "primary", area: "yes" }, expect: "area" },
  { tags: { highway: "primary", access: "no" }, expect: "access" },
  { tags: { highway: "primary", access: "private" }, expect: "access" },
  { tags: { highway: "primary", access: "no", hgv: "no" }, expect: "access" },
  { tags: { highway: "primary", motor_vehicle: "no" }, expect: "access" },
  { tags: { highway: "primary", access: "no", hgv: "yes" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary", access: "private", hgv: "destination" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "primary", access: "no", motor_vehicle: "yes" }, expect: { cls: "primary", oneway: 0 } },
  { tags: { highway: "construction", construction: "primary" }, expect: "construction" },
  { tags: { highway: "construction", construction: "motorway_link" }, expect: "construction" },
  { tags: { highway: "primary", construction: "minor" }, expect: { cls: "primary", oneway: 0 } },
  // names with XML entities; ref lists as tagged
  { tags: { highway: "secondary", name: "Hildesheimer Straße & \"Co\" <1>", ref: "L 410;K 12" }, expect: { cls: "secondary", oneway: 0, name: "Hildesheimer Straße & \"Co\" <1>", ref: "L 410;K 12" } },
];

const BASE_ID = 12_000_000_000; // above 2^32: node ids are 64-bit in current OSM
export const caseWayId = (i: number) => 1000 + i;

/** Case i is the way nodes i -> i+1 (so consecutive cases share a node), plus extra ways for missing-node handling. */
export function fixtureModel(): OsmModel {
  const nodes: OsmNode[] = [];
  for (let i = 0; i <= CASES.length + 4; i++) {
    // Multiples of 10 in 1e-7 deg: representable at granularity 1000 too.
    nodes.push({ id: BASE_ID + i, latE7: 523_750_000 + i * 12_340 + (i % 3) * 10, lonE7: 97_380_000 - i * 8_760 });
  }
  const ways: OsmWay[] = CASES.map((c, i) => ({ id: caseWayId(i), refs: [BASE_ID + i, BASE_ID + i + 1], tags: c.tags }));
  const n = CASES.length;
  // Missing node in the middle: two pieces. All nodes missing: dropped. Repeated node: collapsed.
  ways.push({ id: 9001, refs: [BASE_ID + n, BASE_ID + n + 1, 77, BASE_ID + n + 2, BASE_ID + n + 3], tags: { highway: "primary" } });
  ways.push({ id: 9002, refs: [77, 78], tags: { highway: "primary" } });
  ways.push({ id: 9003, refs: [BASE_ID + 1, BASE_ID + 1, BASE_ID + 3], tags: { highway: "secondary" } });
  return { nodes, ways };
}

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const deg = (e7: number) => (e7 / 1e7).toFixed(7);

export function toXml(m: OsmModel, bounds = true): string {
  const out = [`<?xml version="1.0" encoding="UTF-8"?>`, `<osm version="0.6" generator="test">`];
  if (bounds) out.push(`  <bounds minlat="52.3" minlon="9.2" maxlat="52.5" maxlon="9.8"/>`);
  for (const n of m.nodes) out.push(`  <node id="${n.id}" lat="${deg(n.latE7)}" lon="${deg(n.lonE7)}" version="1"><tag k="highway" v="traffic_signals"/></node>`);
  for (const w of m.ways) {
    out.push(`  <way id="${w.id}" version="2">`);
    for (const r of w.refs) out.push(`    <nd ref="${r}"/>`);
    for (const [k, v] of Object.entries(w.tags)) out.push(`    <tag k="${esc(k)}" v="${esc(v)}"/>`);
    out.push(`  </way>`);
  }
  out.push(`  <relation id="5"><member type="way" ref="1000" role=""/><tag k="highway" v="motorway"/></relation>`, `</osm>`, "");
  return out.join("\n");
}

export interface PbfOptions {
  granularity?: number;
  latOffset?: number;
  lonOffset?: number;
  /** Dense nodes (the usual) or plain Node messages. */
  dense?: boolean;
  compression?: "zlib" | "raw" | "zstd";
  /** Entities per block, to exercise several blocks. */
  blockSize?: number;
  requiredFeatures?: string[];
  /** Node locations on the ways and no node blocks (osmium add-locations-to-ways, untagged nodes dropped). */
  locationsOnWays?: boolean;
}

function blob(type: string, payload: Uint8Array, compression: PbfOptions["compression"]): Buffer {
  const b = new PbfWriter();
  if (compression === "raw") b.writeBytesField(1, payload);
  else {
    b.writeVarintField(2, payload.length);
    b.writeBytesField(compression === "zstd" ? 7 : 3, deflateSync(payload));
  }
  const body = b.finish();
  const h = new PbfWriter();
  h.writeStringField(1, type);
  h.writeVarintField(3, body.length);
  const head = h.finish();
  const len = Buffer.alloc(4);
  len.writeUInt32BE(head.length);
  return Buffer.concat([len, head, body]);
}

function chunks<T>(a: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < a.length; i += n) out.push(a.slice(i, i + n));
  return out;
}

export function toPbf(m: OsmModel, o: PbfOptions = {}): Buffer {
  const gran = o.granularity ?? 100, latOff = o.latOffset ?? 0, lonOff = o.lonOffset ?? 0;
  const compression = o.compression ?? "zlib";
  const head = new PbfWriter();
  head.writeMessage(1, (_: null, p) => {
    p.writeSVarintField(1, 9.2e9); p.writeSVarintField(2, 9.8e9); p.writeSVarintField(3, 52.5e9); p.writeSVarintField(4, 52.3e9);
  }, null);
  for (const f of o.requiredFeatures ?? ["OsmSchema-V0.6", "DenseNodes"]) head.writeStringField(4, f);
  head.writeStringField(16, "etruck-test");
  const parts = [blob("OSMHeader", head.finish(), compression)];
  const enc = (e7: number, off: number) => {
    const v = (e7 * 100 - off) / gran;
    if (!Number.isInteger(v)) throw new Error("coordinate not representable at this granularity");
    return v;
  };
  const block = (write: (p: PbfWriter, s: (x: string) => number) => void) => {
    const strings = [""], index = new Map<string, number>();
    const s = (x: string) => {
      let i = index.get(x);
      if (i === undefined) { i = strings.length; strings.push(x); index.set(x, i); }
      return i;
    };
    const groups = new PbfWriter();
    write(groups, s);
    const table = new PbfWriter();
    table.writeMessage(1, (_: null, t) => { for (const x of strings) t.writeStringField(1, x); }, null);
    // Real writers put these after the groups; the reader must not assume otherwise.
    const tail = new PbfWriter();
    if (gran !== 100) tail.writeVarintField(17, gran);
    if (latOff) tail.writeVarintField(19, latOff);
    if (lonOff) tail.writeVarintField(20, lonOff);
    // A message is the concatenation of its fields.
    return Buffer.concat([table.finish(), groups.finish(), tail.finish()]);
  };
  const size = o.blockSize ?? 1e9;
  const at = new Map(m.nodes.map((n) => [n.id, n]));
  for (const ns of o.locationsOnWays ? [] : chunks(m.nodes, size)) {
    parts.push(blob("OSMData", block((g) => {
      if (o.dense === false) {
        g.writeMessage(2, (_: null, q) => {
          for (const n of ns) q.writeMessage(1, (_: null, r) => {
            r.writeSVarintField(1, n.id); r.writeSVarintField(8, enc(n.latE7, latOff)); r.writeSVarintField(9, enc(n.lonE7, lonOff));
          }, null);
        }, null);
        return;
      }
      g.writeMessage(2, (_: null, q) => q.writeMessage(2, (_: null, d) => {
        const delta = (xs: number[]) => xs.map((x, i) => x - (i ? xs[i - 1] : 0));
        d.writePackedSVarint(1, delta(ns.map((n) => n.id)));
        d.writePackedSVarint(8, delta(ns.map((n) => enc(n.latE7, latOff))));
        d.writePackedSVarint(9, delta(ns.map((n) => enc(n.lonE7, lonOff))));
      }, null), null);
    }), compression));
  }
  for (const ws of chunks(m.ways, size)) {
    parts.push(blob("OSMData", block((g, s) => {
      g.writeMessage(2, (_: null, q) => {
        for (const w of ws) q.writeMessage(3, (_: null, r) => {
          r.writeVarintField(1, w.id);
          const kv = Object.entries(w.tags);
          r.writePackedVarint(2, kv.map(([k]) => s(k)));
          r.writePackedVarint(3, kv.map(([, v]) => s(v)));
          r.writePackedSVarint(8, w.refs.map((x, i) => x - (i ? w.refs[i - 1] : 0)));
          if (o.locationsOnWays && w.refs.every((x) => at.has(x))) {
            const la = w.refs.map((x) => enc(at.get(x)!.latE7, latOff)), lo = w.refs.map((x) => enc(at.get(x)!.lonE7, lonOff));
            r.writePackedSVarint(9, la.map((x, i) => x - (i ? la[i - 1] : 0)));
            r.writePackedSVarint(10, lo.map((x, i) => x - (i ? lo[i - 1] : 0)));
          }
        }, null);
      }, null);
    }), compression));
  }
  return Buffer.concat(parts);
}
