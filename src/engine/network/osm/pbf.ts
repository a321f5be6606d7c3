// OSM PBF (https://wiki.openstreetmap.org/wiki/PBF_Format) -> OsmSink. Reads one
// blob at a time from the file; protobuf wire decoding by `pbf`, only the fields
// a road network needs (no metadata, no relations, no node tags).
import { open, type FileHandle } from "node:fs/promises";
import { promisify } from "node:util";
import { inflate } from "node:zlib";
import { PbfReader } from "pbf";
import type { OsmSink } from "./collect";
import type { OsmTags } from "./tags";

const inflateAsync = promisify(inflate);
// Spec limits; larger values mean a corrupt file, not a big one.
const MAX_HEADER = 64 * 1024;
const MAX_BLOB = 32 * 1024 * 1024;
const SUPPORTED = new Set(["OsmSchema-V0.6", "DenseNodes"]);

async function readExact(fh: FileHandle, length: number, position: number): Promise<Buffer | null> {
  const buf = Buffer.allocUnsafe(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead === 0 && length > 0) return null;
  if (bytesRead < length) throw new Error(`OSM PBF truncated at byte ${position + bytesRead}`);
  return buf;
}

export async function scanOsmPbf(file: string, sink: OsmSink): Promise<void> {
  const fh = await open(file, "r");
  try {
    let pos = 0;
    for (;;) {
      const len = await readExact(fh, 4, pos);
      if (!len) break;
      const headerSize = len.readUInt32BE(0);
      if (headerSize > MAX_HEADER) throw new Error(`OSM PBF: bad blob header size ${headerSize} at byte ${pos}`);
      const header = new PbfReader((await readExact(fh, headerSize, pos + 4))!);
      const h = header.readFields((tag, o, p) => {
        if (tag === 1) o.type = p.readString();
        else if (tag === 3) o.size = p.readVarint();
      }, { type: "", size: 0 });
      if (h.size > MAX_BLOB) throw new Error(`OSM PBF: bad blob size ${h.size} at byte ${pos}`);
      const blob = (await readExact(fh, h.size, pos + 4 + headerSize))!;
      pos += 4 + headerSize + h.size;
      if (h.type === "OSMHeader") readHeader(await blobData(blob), sink);
      else if (h.type === "OSMData") readBlock(await blobData(blob), sink);
      // Other blob types are allowed by the spec and skipped.
    }
  } finally {
    await fh.close();
  }
}

async function blobData(buf: Buffer): Promise<Uint8Array> {
  const b = new PbfReader(buf).readFields((tag, o, p) => {
    if (tag === 1) o.raw = p.readBytes();
    else if (tag === 3) o.zlib = p.readBytes();
    else if (tag === 4 || tag === 6 || tag === 7) o.other = ["lzma", "", "lz4", "zstd"][tag - 4];
  }, {} as { raw?: Uint8Array; zlib?: Uint8Array; other?: string });
  if (b.raw) return b.raw;
  if (b.zlib) return inflateAsync(b.zlib);
  throw new Error(`OSM PBF: ${b.other ?? "unknown"} compression is not supported (re-encode with zlib, e.g. osmium cat)`);
}

function readHeader(buf: Uint8Array, sink: OsmSink) {
  const p = new PbfReader(buf);
  p.readFields((tag) => {
    if (tag === 1) {
      // HeaderBBox in nanodegrees.
      const b = p.readMessage((t, o) => { o[t] = p.readSVarint() / 1e9; }, {} as Record<number, number>);
      sink.fileBounds({ minLon: b[1], maxLon: b[2], maxLat: b[3], minLat: b[4] });
    } else if (tag === 4) {
      const feature = p.readString();
      if (!SUPPORTED.has(feature)) throw new Error(`OSM PBF: required feature ${feature} is not supported`);
    }
  }, null);
}

interface Block { strings: string[]; groups: [number, number][]; gran: number; latOff: number; lonOff: number }

function readBlock(buf: Uint8Array, sink: OsmSink) {
  const p = new PbfReader(buf);
  // Granularity and offsets follow the groups on the wire: find groups first, decode after.
  const b = p.readFields((tag, o) => {
    if (tag === 1) p.readMessage((t, s) => { if (t === 1) s.push(p.readString()); }, o.strings);
    else if (tag === 2) { const end = p.readVarint() + p.pos; o.groups.push([p.pos, end]); p.pos = end; }
    else if (tag === 17) o.gran = p.readVarint();
    else if (tag === 19) o.latOff = p.readVarint(true);
    else if (tag === 20) o.lonOff = p.readVarint(true);
  }, { strings: [], groups: [], gran: 100, latOff: 0, lonOff: 0 } as Block);
  // Stored in 1e-7 deg, OSM's precision, so PBF and XML give identical doubles.
  const plain = b.gran === 100 && b.latOff === 0 && b.lonOff === 0;
  const lat = (v: number) => (plain ? v : Math.round((b.latOff + b.gran * v) / 100));
  const lon = (v: number) => (plain ? v : Math.round((b.lonOff + b.gran * v) / 100));
  const tags = (keys: number[], vals: number[]) => {
    const t: OsmTags = {};
    for (let i = 0; i < keys.length; i++) t[b.strings[keys[i]]] = b.strings[vals[i]];
    return t;
  };
  for (const [start, end] of b.groups) {
    p.pos = start;
    p.readFields((tag) => {
      if (tag === 1) {
        const n = p.readMessage((t, o) => {
          if (t === 1) o.id = p.readSVarint();
          else if (t === 8) o.lat = p.readSVarint();
          else if (t === 9) o.lon = p.readSVarint();
        }, { id: 0, lat: 0, lon: 0 });
        sink.node(n.id, lat(n.lat), lon(n.lon));
      } else if (tag === 2) {
        const d = p.readMessage((t, o) => {
          if (t === 1) p.readPackedSVarint(o.ids);
          else if (t === 8) p.readPackedSVarint(o.lats);
          else if (t === 9) p.readPackedSVarint(o.lons);
        }, { ids: [] as number[], lats: [] as number[], lons: [] as number[] });
        let id = 0, la = 0, lo = 0;
        for (let i = 0; i < d.ids.length; i++) {
          id += d.ids[i]; la += d.lats[i]; lo += d.lons[i];
          sink.node(id, lat(la), lon(lo));
        }
      } else if (tag === 3) {
        const w = p.readMessage((t, o) => {
          if (t === 1) o.id = p.readVarint(true);
          else if (t === 2) p.readPackedVarint(o.keys);
          else if (t === 3) p.readPackedVarint(o.vals);
          else if (t === 8) p.readPackedSVarint(o.refs);
          else if (t === 9) p.readPackedSVarint(o.lats);
          else if (t === 10) p.readPackedSVarint(o.lons);
        }, { id: 0, keys: [] as number[], vals: [] as number[], refs: [] as number[], lats: [] as number[], lons: [] as number[] });
        let ref = 0;
        for (let i = 0; i < w.refs.length; i++) w.refs[i] = ref += w.refs[i];
        // LocationsOnWays (osmium add-locations-to-ways): such files may omit untagged nodes.
        if (w.lats.length === w.refs.length && w.lons.length === w.refs.length) {
          let la = 0, lo = 0;
          for (let i = 0; i < w.refs.length; i++) sink.node(w.refs[i], lat(la += w.lats[i]), lon(lo += w.lons[i]));
        }
        sink.way(w.id, w.refs, tags(w.keys, w.vals));
      }
    }, null, end);
  }
}
