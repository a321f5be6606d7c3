// Turns the node and way stream of one OSM file (XML or PBF) into a WayTable.
// Single pass: nodes usually come before the ways that use them, so every node
// is kept compactly (16 bytes: id + lat/lon in 1e-7 deg, OSM's own precision)
// and resolved at the end; the kept ways' node references wait in typed columns
// too, so nothing on the JS heap grows with the file but the distinct tag sets.
// Country-size files: pre-filter with osmium first.
import { column } from "../columns";
import { WayTableBuilder, type WayTable } from "../ways";
import { wayAttrs, type DropReason, type OsmTags } from "./tags";

export interface Bounds { minLat: number; minLon: number; maxLat: number; maxLon: number }

/** What a file scanner feeds; lat/lon in 1e-7 degrees (integers). */
export interface OsmSink {
  node(id: number, latE7: number, lonE7: number): void;
  way(id: number, refs: readonly number[], tags: OsmTags): void;
  fileBounds(b: Bounds): void;
}

export type OsmReadReport = {
  format: "xml" | "pbf";
  nodesRead: number;
  waysRead: number;
  /** OSM ways kept (before splitting at missing nodes). */
  waysKept: number;
  /** RoadWays produced: a kept way with missing nodes becomes one piece per run of present nodes. */
  roadWays: number;
  /** Kept ways that lost nodes missing from the file. */
  waysClipped: number;
  nodesUsed: number;
  /** Node references of kept ways whose node is not in the file (clipped extracts). */
  missingNodes: number;
  droppedNotRoad: number;
  droppedArea: number;
  droppedAccess: number;
  droppedConstruction: number;
  droppedReversible: number;
  /** Kept by tags but fewer than two resolvable nodes. */
  droppedShort: number;
  withMaxspeed: number;
  hgvForbidden: number;
  /** hgv=destination/delivery: kept and usable (a through-traffic ban; deliveries need them). */
  hgvDestination: number;
  withMaxweight: number;
  withMaxheight: number;
  links: number;
  readMs: number;
};

const DROP_KEY: Record<DropReason, keyof OsmReadReport> = {
  notRoad: "droppedNotRoad", area: "droppedArea", access: "droppedAccess",
  construction: "droppedConstruction", reversible: "droppedReversible",
};

/** Node coordinates by id: append-only typed arrays, binary search once sorted. */
class NodeStore {
  private ids = new Float64Array(1 << 16);
  private lat = new Int32Array(1 << 16);
  private lon = new Int32Array(1 << 16);
  n = 0;
  private sorted = true;

  add(id: number, latE7: number, lonE7: number) {
    if (this.n === this.ids.length) this.grow();
    if (this.n > 0 && id <= this.ids[this.n - 1]) this.sorted = false;
    this.ids[this.n] = id; this.lat[this.n] = latE7; this.lon[this.n] = lonE7;
    this.n++;
  }

  private grow() {
    const cap = this.ids.length * 2;
    const ids = new Float64Array(cap), lat = new Int32Array(cap), lon = new Int32Array(cap);
    ids.set(this.ids); lat.set(this.lat); lon.set(this.lon);
    this.ids = ids; this.lat = lat; this.lon = lon;
  }

  /** Sorts by id if the file was not (a later duplicate id wins, as in the file's own order). */
  finish() {
    if (this.sorted) return;
    const perm = Array.from({ length: this.n }, (_, i) => i).sort((a, b) => this.ids[a] - this.ids[b] || b - a);
    const ids = new Float64Array(this.n), lat = new Int32Array(this.n), lon = new Int32Array(this.n);
    let m = 0;
    for (const i of perm) {
      if (m > 0 && ids[m - 1] === this.ids[i]) continue;
      ids[m] = this.ids[i]; lat[m] = this.lat[i]; lon[m] = this.lon[i]; m++;
    }
    this.ids = ids; this.lat = lat; this.lon = lon; this.n = m; this.sorted = true;
  }

  indexOf(id: number): number {
    let lo = 0, hi = this.n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1, v = this.ids[mid];
      if (v === id) return mid;
      if (v < id) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
  }

  coord(i: number): [number, number] { return [this.lat[i] / 1e7, this.lon[i] / 1e7]; }

  id(i: number): number { return this.ids[i]; }
}

export class OsmCollector implements OsmSink {
  private nodes = new NodeStore();
  // Kept ways, waiting for their nodes: way i is refs[refStart[i] .. refStart[i + 1] - 1].
  private wayIds = column(Float64Array);
  private refStart = column(Uint32Array);
  private refs = column(Float64Array);
  private wayAttrs = column(Uint32Array);
  private out = new WayTableBuilder();
  private declared: Bounds | undefined;
  private r: OsmReadReport;

  constructor(format: "xml" | "pbf") {
    this.r = {
      format, nodesRead: 0, waysRead: 0, waysKept: 0, roadWays: 0, waysClipped: 0, nodesUsed: 0, missingNodes: 0,
      droppedNotRoad: 0, droppedArea: 0, droppedAccess: 0, droppedConstruction: 0, droppedReversible: 0, droppedShort: 0,
      withMaxspeed: 0, hgvForbidden: 0, hgvDestination: 0, withMaxweight: 0, withMaxheight: 0, links: 0, readMs: 0,
    };
    this.refStart.push(0);
  }

  node(id: number, latE7: number, lonE7: number) {
    this.r.nodesRead++;
    this.nodes.add(id, latE7, lonE7);
  }

  way(id: number, refs: readonly number[], tags: OsmTags) {
    this.r.waysRead++;
    const attrs = wayAttrs(tags);
    if (typeof attrs === "string") { (this.r[DROP_KEY[attrs]] as number)++; return; }
    // Consecutive repeats of a node add nothing but zero-length segments.
    for (let i = 0; i < refs.length; i++) if (i === 0 || refs[i] !== refs[i - 1]) this.refs.push(refs[i]);
    this.refStart.push(this.refs.length);
    this.wayIds.push(id);
    this.wayAttrs.push(this.out.attrsIndex(attrs));
    if (tags.hgv === "destination" || tags.hgv === "delivery") this.r.hgvDestination++;
  }

  fileBounds(b: Bounds) { this.declared = b; }

  finish(): { table: WayTable; bounds: Bounds | null; fileBounds?: Bounds; report: OsmReadReport } {
    this.nodes.finish();
    const r = this.r, out = this.out;
    // Vertices are numbered in order of first use by the kept ways.
    const vertexOf = new Int32Array(this.nodes.n).fill(-1);
    const piece: number[] = [];
    let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
    const refs = this.refs.data, refStart = this.refStart.data;
    for (let w = 0; w < this.wayAttrs.length; w++) {
      const ai = this.wayAttrs.data[w], a = out.attrsAt(ai);
      const missingBefore = r.missingNodes;
      // Node indices of the way, -1 where the file lacks the node: pieces are the runs between.
      let kept = 0;
      for (let k = refStart[w]; k <= refStart[w + 1]; k++) {
        const i = k < refStart[w + 1] ? this.nodes.indexOf(refs[k]) : -1;
        if (k < refStart[w + 1] && i < 0) r.missingNodes++;
        if (i >= 0) { piece.push(i); continue; }
        if (piece.length >= 2) {
          if (kept === 0) {
            r.waysKept++;
            if (a.maxspeedKmh !== undefined) r.withMaxspeed++;
            if (a.hgvForbidden) r.hgvForbidden++;
            if (a.maxweightT !== undefined) r.withMaxweight++;
            if (a.maxheightM !== undefined) r.withMaxheight++;
            if (a.link) r.links++;
          }
          kept++;
          for (let j = 0; j < piece.length; j++) {
            const n = piece[j];
            if (vertexOf[n] < 0) {
              const [y, x] = this.nodes.coord(n);
              vertexOf[n] = out.addVertex(y, x, this.nodes.id(n));
              if (y < minLat) minLat = y; if (y > maxLat) maxLat = y;
              if (x < minLon) minLon = x; if (x > maxLon) maxLon = x;
            }
            piece[j] = vertexOf[n];
          }
          out.addWay(piece, 0, piece.length, ai, this.wayIds.data[w]);
        }
        piece.length = 0;
      }
      if (kept === 0) r.droppedShort++;
      else if (r.missingNodes > missingBefore) r.waysClipped++;
    }
    const table = out.finish();
    r.roadWays = table.wayCount;
    r.nodesUsed = table.vertexCount;
    // The pending ways are read: let their columns go before the graph is built.
    this.refs = column(Float64Array);
    this.refStart = column(Uint32Array);
    this.wayIds = column(Float64Array);
    this.wayAttrs = column(Uint32Array);
    const bounds = table.wayCount ? { minLat, minLon, maxLat, maxLon } : null;
    return { table, bounds, ...(this.declared ? { fileBounds: this.declared } : {}), report: r };
  }
}
