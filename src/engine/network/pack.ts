// Binary network pack: "RNPK", uint32 LE header length, JSON header, then the
// typed arrays, each starting on an 8-byte boundary (offsets relative to the data start).
// Written and read one array at a time: a country's pack is larger than one Buffer may be
// (2 GiB for readFileSync), and no second copy of it is ever held.
import { closeSync, fstatSync, openSync, readSync, writeSync } from "node:fs";
import type { RoadNetwork } from "./types";

const MAGIC = "RNPK";
/** Layout version of the file itself (not of the network content). */
export const PACK_LAYOUT = 2;

const ARRAYS = [
  ["nodeLat", Float64Array],
  ["nodeLon", Float64Array],
  ["firstEdge", Uint32Array],
  ["edgeTarget", Uint32Array],
  ["edgeLengthM", Float32Array],
  ["edgeTimeS", Float32Array],
  ["edgeClass", Uint8Array],
] as const;
type ArrayName = (typeof ARRAYS)[number][0];

/** Node elevations, stored when the pack was built with terrain. */
const NODE_ELEVATION = "terrain.nodeElevationM";

/** Edge shapes of a junction-only graph, stored as "shapes.<name>" when the network has them. */
const SHAPE_ARRAYS = [
  ["first", Uint32Array],
  ["lat", Float64Array],
  ["lon", Float64Array],
  ["ofEdge", Int32Array],
] as const;
const SHAPE_ELEVATION = "shapes.elevationM";

/** Edge attribute arrays, stored as "attributes.<name>" when the network has them. */
const ATTRIBUTE_ARRAYS = [
  ["flags", Uint8Array],
  ["country", Uint8Array],
  ["maxspeedKmh", Uint8Array],
  ["ascentM", Float32Array],
  ["descentM", Float32Array],
  ["ref", Int32Array],
  ["name", Int32Array],
] as const;
type AttributeArray = (typeof ATTRIBUTE_ARRAYS)[number][0];

type Typed = Float64Array | Float32Array | Uint32Array | Int32Array | Uint8Array | Uint16Array | Int16Array;
const CTORS: Record<string, new (b: ArrayBufferLike, o: number, l: number) => Typed> = {
  Float64Array, Float32Array, Uint32Array, Int32Array, Uint8Array, Uint16Array, Int16Array,
};

export interface PackHeader {
  layout: number;
  id: string;
  version: string;
  nodeCount: number;
  edgeCount: number;
  source: string;
  attribution: string;
  /** Offsets in bytes from the start of the data section. */
  arrays: Record<string, { type: string; offset: number; length: number }>;
  countries?: string[];
  strings?: string[];
  bounds?: [number, number, number, number];
  /** Free-form build facts (speeds, dropped parts, ...). */
  meta?: Record<string, unknown>;
}

/** The next multiple of 8 (arithmetic, not bitwise: a country's pack has offsets past 2^31). */
export const align8 = (n: number) => Math.ceil(n / 8) * 8;

export function writeNetworkPack(
  net: RoadNetwork,
  info: { source: string; attribution: string; meta?: Record<string, unknown> },
  outFile: string,
  /** Further named arrays (e.g. the contraction hierarchy), returned by loadPackArrays. */
  extra: Record<string, Typed> = {},
): number {
  const named: [string, Typed][] = ARRAYS.map(([name]) => [name, net[name]]);
  const attrs = net.attributes;
  if (attrs) for (const [name] of ATTRIBUTE_ARRAYS) named.push([`attributes.${name}`, attrs[name]]);
  if (net.nodeElevationM) named.push([NODE_ELEVATION, net.nodeElevationM]);
  const sh = net.shapes;
  if (sh) for (const [name] of SHAPE_ARRAYS) named.push([`shapes.${name}`, sh[name]]);
  if (sh?.elevationM) named.push([SHAPE_ELEVATION, sh.elevationM]);
  for (const [name, a] of Object.entries(extra)) named.push([name, a]);
  const arrays: PackHeader["arrays"] = {};
  let off = 0, end = 0;
  for (const [name, a] of named) {
    arrays[name] = { type: a.constructor.name, offset: off, length: a.length };
    end = off + a.byteLength;
    off = align8(end);
  }
  const header: PackHeader = {
    layout: PACK_LAYOUT, id: net.id, version: net.version,
    nodeCount: net.nodeCount, edgeCount: net.edgeCount,
    source: info.source, attribution: info.attribution, arrays, meta: info.meta,
    countries: attrs ? [...attrs.countries] : undefined,
    strings: attrs ? [...attrs.strings] : undefined,
    bounds: net.bounds ? [...net.bounds] : undefined,
  };
  const json = Buffer.from(JSON.stringify(header), "utf8");
  const dataStart = align8(8 + json.length);
  const head = Buffer.alloc(dataStart);
  head.write(MAGIC, 0, "latin1");
  head.writeUInt32LE(json.length, 4);
  json.copy(head, 8);
  const fd = openSync(outFile, "w");
  try {
    writeAll(fd, head, 0);
    for (const [name, a] of named) writeAll(fd, new Uint8Array(a.buffer, a.byteOffset, a.byteLength), dataStart + arrays[name].offset);
    // The last array's padding too: the file is as long as the offsets imply.
    writeAll(fd, new Uint8Array(off - end), dataStart + end);
  } finally {
    closeSync(fd);
  }
  return dataStart + off;
}

/** Writes every byte of `bytes` at `position` (writeSync may write fewer than asked; it writes at most 2 GiB at once). */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length; ) {
    done += writeSync(fd, bytes, done, Math.min(bytes.length - done, CHUNK), position + done);
  }
}

/** Fills `into` from `position` on, failing if the file ends first. */
function readAll(fd: number, into: Uint8Array, position: number): void {
  for (let done = 0; done < into.length; ) {
    const n = readSync(fd, into, done, Math.min(into.length - done, CHUNK), position + done);
    if (n === 0) throw new Error("pack file truncated");
    done += n;
  }
}

const CHUNK = 1 << 30;

export function readPackHeader(buf: Buffer): { header: PackHeader; dataStart: number } {
  if (buf.length < 8 || buf.toString("latin1", 0, 4) !== MAGIC) throw new Error("not a road network pack");
  const len = buf.readUInt32LE(4);
  const header = JSON.parse(buf.toString("utf8", 8, 8 + len)) as PackHeader;
  if (header.layout !== PACK_LAYOUT) throw new Error(`unsupported pack layout ${header.layout}`);
  return { header, dataStart: align8(8 + len) };
}

export interface LoadedPack {
  net: RoadNetwork;
  header: PackHeader;
  /** Every array of the file by name, including extras such as "ch.*". */
  arrays: Record<string, Typed>;
}

export function loadPack(file: string): LoadedPack {
  // Typed arrays use host byte order; packs are written little-endian.
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new Error("big-endian hosts are not supported");
  const fd = openSync(file, "r");
  const arrays: Record<string, Typed> = {};
  let header: PackHeader;
  try {
    const size = fstatSync(fd).size;
    const prefix = Buffer.alloc(8);
    if (size >= 8) readAll(fd, prefix, 0);
    if (size < 8 || prefix.toString("latin1", 0, 4) !== MAGIC) throw new Error("not a road network pack");
    const len = prefix.readUInt32LE(4);
    if (8 + len > size) throw new Error("pack file truncated");
    const json = Buffer.alloc(8 + len);
    readAll(fd, json, 0);
    const read = readPackHeader(json);
    header = read.header;
    for (const [name, a] of Object.entries(header.arrays)) {
      const Ctor = CTORS[a.type];
      if (!Ctor) throw new Error(`pack array ${name} has unknown type ${a.type}`);
      const start = read.dataStart + a.offset;
      const bytes = a.length * (Ctor as unknown as { BYTES_PER_ELEMENT: number }).BYTES_PER_ELEMENT;
      if (start % 8 !== 0 || start + bytes > size) throw new Error(`pack array ${name} out of bounds`);
      const buffer = new ArrayBuffer(bytes);
      readAll(fd, new Uint8Array(buffer), start);
      arrays[name] = new Ctor(buffer, 0, a.length);
    }
  } finally {
    closeSync(fd);
  }
  for (const [name, Ctor] of ARRAYS) {
    if (!(arrays[name] instanceof Ctor)) throw new Error(`pack array ${name} missing or of wrong type`);
  }
  let attributes: RoadNetwork["attributes"];
  if (arrays["attributes.flags"]) {
    const a = Object.fromEntries(ATTRIBUTE_ARRAYS.map(([name, Ctor]) => {
      const v = arrays[`attributes.${name}`];
      if (!(v instanceof Ctor) || v.length !== header.edgeCount) throw new Error(`pack attribute ${name} missing or inconsistent`);
      return [name, v];
    })) as Pick<NonNullable<RoadNetwork["attributes"]>, AttributeArray>;
    attributes = { ...a, countries: header.countries ?? [], strings: header.strings ?? [] };
  }
  const shapes = readShapes(arrays, header.edgeCount);
  const elevation = arrays[NODE_ELEVATION];
  if (elevation && (!(elevation instanceof Int16Array) || elevation.length !== header.nodeCount)) throw new Error("pack node elevations inconsistent");
  const net: RoadNetwork = {
    id: header.id, version: header.version, attribution: header.attribution,
    nodeCount: header.nodeCount, edgeCount: header.edgeCount,
    ...(Object.fromEntries(ARRAYS.map(([name]) => [name, arrays[name]])) as Pick<RoadNetwork, ArrayName>),
    attributes,
    ...(elevation ? { nodeElevationM: elevation as Int16Array } : {}),
    bounds: header.bounds,
    ...(shapes ? { shapes } : {}),
  };
  validate(net);
  return { net, header, arrays };
}

/** The edge shapes of a junction-only pack, checked so that reading them stays in bounds; undefined without. */
function readShapes(arrays: Record<string, Typed>, edgeCount: number): RoadNetwork["shapes"] {
  if (!arrays["shapes.first"]) return undefined;
  const a = Object.fromEntries(SHAPE_ARRAYS.map(([name, Ctor]) => {
    const v = arrays[`shapes.${name}`];
    if (!(v instanceof Ctor)) throw new Error(`pack shape array ${name} missing or of wrong type`);
    return [name, v];
  })) as { first: Uint32Array; lat: Float64Array; lon: Float64Array; ofEdge: Int32Array };
  const shapeCount = a.first.length - 1, points = a.lat.length;
  let ok = shapeCount >= 1 && a.first[0] === 0 && a.first[shapeCount] === points && a.lon.length === points && a.ofEdge.length === edgeCount;
  for (let s = 0; ok && s < shapeCount; s++) ok = a.first[s] <= a.first[s + 1];
  for (let e = 0; ok && e < edgeCount; e++) ok = (a.ofEdge[e] < 0 ? ~a.ofEdge[e] : a.ofEdge[e]) < shapeCount;
  const z = arrays[SHAPE_ELEVATION];
  if (!ok || (z && (!(z instanceof Int16Array) || z.length !== points))) throw new Error("pack shapes inconsistent");
  return { ...a, ...(z ? { elevationM: z as Int16Array } : {}) };
}

export function loadNetworkPack(file: string): RoadNetwork {
  return loadPack(file).net;
}

function validate(net: RoadNetwork): void {
  const n = net.nodeCount, m = net.edgeCount;
  const ok = net.nodeLat.length === n && net.nodeLon.length === n && net.firstEdge.length === n + 1
    && net.firstEdge[0] === 0 && net.firstEdge[n] === m && net.edgeTarget.length === m
    && net.edgeLengthM.length === m && net.edgeTimeS.length === m && net.edgeClass.length === m;
  if (!ok) throw new Error("pack arrays inconsistent with counts");
  for (let i = 0; i < n; i++) if (net.firstEdge[i] > net.firstEdge[i + 1]) throw new Error("pack CSR not monotone");
  for (let e = 0; e < m; e++) if (net.edgeTarget[e] >= n) throw new Error("pack edge target out of range");
}
