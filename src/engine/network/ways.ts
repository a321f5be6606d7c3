// The source-neutral form every road source is read into before a pack is
// built: one record per way (polyline) with the attributes the router, the
// energy model, tolls and turn-by-turn need. The small readers (DCW, Natural
// Earth) produce RoadWay[]; the OSM reader fills a WayTable (below), which holds
// no object per node or way; the pack builder turns either into a graph.
import { column } from "./columns";
import type { RoadClass } from "./types";

export interface RoadWay {
  /** [lat, lon] per vertex, at least two. */
  coords: [number, number][];
  /**
   * Stable identity of each vertex where the source has one (OSM node ids), so
   * ways join at shared nodes and not merely at equal coordinates. When absent,
   * vertices join where coordinates coincide (to ~1e-6 deg).
   */
  nodeIds?: (number | string)[];
  cls: RoadClass;
  /** OSM `_link` ways (ramps); same class as the road they serve. */
  link?: boolean;
  /** 1 = only in vertex order, -1 = only against it, 0 = both directions. */
  oneway: 0 | 1 | -1;
  /** Posted limit in km/h where the source has one (trucks never go faster). */
  maxspeedKmh?: number;
  ref?: string;
  name?: string;
  /** ISO 3166-1 alpha-2 where the source states it; else the builder assigns it from outlines. */
  country?: string;
  /** Truck restrictions where present (OSM hgv=no, maxweight in t, maxheight in m). */
  hgvForbidden?: boolean;
  maxweightT?: number;
  maxheightM?: number;
  /** Where the way came from, e.g. "osm:way/123" or "dcw:17", for reports. */
  source?: string;
}

export interface WaySource<W extends RoadWay[] | WayTable = RoadWay[] | WayTable> {
  /** Pack id, e.g. "de-dcw", "europe", "osm-hannover". */
  id: string;
  attribution: string;
  /** RoadWays (small sources) or, from a country-size reader, a WayTable. */
  ways: W;
  /** Notes of what a reader did (e.g. ends snapped), printed by the build. */
  report?: Record<string, number | string>;
}

/** A way's attributes: everything of a RoadWay but its geometry and origin. */
export type WayAttrs = Omit<RoadWay, "coords" | "nodeIds" | "source">;

/**
 * Ways over shared vertices, in typed columns: the compact form a country-size source is read into
 * (no object per vertex or per way) and the form the graph builder reads. Ways that join share a
 * vertex index; distinct attribute sets are stored once.
 */
export interface WayTable {
  vertexCount: number;
  vertexLat: Float64Array;
  vertexLon: Float64Array;
  /** Source identity per vertex (OSM node id) where the source has one, NaN otherwise. */
  vertexId?: Float64Array;
  wayCount: number;
  /** Vertices of way w: wayVertex[wayStart[w]] .. wayVertex[wayStart[w + 1] - 1], at least two. */
  wayStart: Uint32Array;
  wayVertex: Uint32Array;
  /** Per way, index into `attrs`. */
  wayAttrs: Uint32Array;
  attrs: readonly WayAttrs[];
  /** Per way, the OSM way it was read from (a way cut by missing nodes gives several). */
  osmWayId?: Float64Array;
}

/** Fills a WayTable; the caller decides which vertices are the same (by node id or coordinates). */
export class WayTableBuilder {
  private lat = column(Float64Array);
  private lon = column(Float64Array);
  private ids = column(Float64Array);
  private start = column(Uint32Array);
  private vertices = column(Uint32Array);
  private attrIndex = column(Uint32Array);
  private osmIds = column(Float64Array);
  private attrs: WayAttrs[] = [];
  private attrKeys = new Map<string, number>();

  constructor() {
    this.start.push(0);
  }

  get vertexCount() { return this.lat.length; }

  addVertex(lat: number, lon: number, id = NaN): number {
    this.lat.push(lat);
    this.lon.push(lon);
    this.ids.push(id);
    return this.lat.length - 1;
  }

  vertexLat(v: number) { return this.lat.data[v]; }
  vertexLon(v: number) { return this.lon.data[v]; }

  /** Index of a way's attributes, each distinct set stored once. */
  attrsIndex(attrs: WayAttrs): number {
    // Keys in a fixed order, so equal attributes give one key whatever order the reader set them in.
    const key = JSON.stringify([attrs.cls, attrs.oneway, attrs.link, attrs.maxspeedKmh, attrs.ref, attrs.name, attrs.country, attrs.hgvForbidden, attrs.maxweightT, attrs.maxheightM]);
    let a = this.attrKeys.get(key);
    if (a === undefined) { a = this.attrs.length; this.attrs.push(attrs); this.attrKeys.set(key, a); }
    return a;
  }

  attrsAt(index: number): WayAttrs { return this.attrs[index]; }

  /** A way through vertices[from .. to - 1] (at least two), with attributes from attrsIndex. */
  addWay(vertices: ArrayLike<number>, from: number, to: number, attrsIndex: number, osmWayId = NaN): void {
    for (let i = from; i < to; i++) this.vertices.push(vertices[i]);
    this.start.push(this.vertices.length);
    this.attrIndex.push(attrsIndex);
    this.osmIds.push(osmWayId);
  }

  finish(): WayTable {
    const osmWayId = this.osmIds.done();
    const vertexId = this.ids.done();
    return {
      vertexCount: this.lat.length, vertexLat: this.lat.done(), vertexLon: this.lon.done(),
      ...(vertexId.some((x) => !Number.isNaN(x)) ? { vertexId } : {}),
      wayCount: this.attrIndex.length, wayStart: this.start.done(), wayVertex: this.vertices.done(),
      wayAttrs: this.attrIndex.done(), attrs: this.attrs,
      ...(osmWayId.some((x) => !Number.isNaN(x)) ? { osmWayId } : {}),
    };
  }
}

const COORD_SCALE = 1e6;

/**
 * RoadWays as a table: vertices joined by source node id where a way has them, else where
 * coordinates coincide (to ~1e-6 deg). Numbered in order of first appearance.
 */
export function wayTable(ways: readonly RoadWay[]): WayTable {
  const b = new WayTableBuilder();
  const byId = new Map<number | string, number>(), byCoord = new Map<string, number>();
  const path: number[] = [];
  for (const w of ways) {
    path.length = 0;
    for (let i = 0; i < w.coords.length; i++) {
      const [y, x] = w.coords[i];
      const id = w.nodeIds?.[i];
      // String keys: packing both scaled coordinates into one double would exceed 2^53.
      const index = (id !== undefined ? byId : byCoord) as Map<number | string, number>;
      const key = id !== undefined ? id : `${Math.round(y * COORD_SCALE)},${Math.round(x * COORD_SCALE)}`;
      let v = index.get(key);
      if (v === undefined) { v = b.addVertex(y, x, typeof id === "number" ? id : NaN); index.set(key, v); }
      path.push(v);
    }
    const { coords: _c, nodeIds: _n, source: _s, ...attrs } = w;
    b.addWay(path, 0, path.length, b.attrsIndex(attrs));
  }
  return b.finish();
}

/** The table's ways as RoadWays (for reports and tests of a reader; a country's would not fit the heap). */
export function roadWaysOf(t: WayTable): RoadWay[] {
  const out: RoadWay[] = [];
  for (let w = 0; w < t.wayCount; w++) {
    const coords: [number, number][] = [], ids: number[] = [];
    for (let i = t.wayStart[w]; i < t.wayStart[w + 1]; i++) {
      const v = t.wayVertex[i];
      coords.push([t.vertexLat[v], t.vertexLon[v]]);
      if (t.vertexId) ids.push(t.vertexId[v]);
    }
    const osm = t.osmWayId?.[w];
    out.push({ coords, ...(t.vertexId ? { nodeIds: ids } : {}), ...t.attrs[t.wayAttrs[w]], ...(osm !== undefined && !Number.isNaN(osm) ? { source: `osm:way/${osm}` } : {}) });
  }
  return out;
}
