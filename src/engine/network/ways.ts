// The source-neutral form every road source is read into before a pack is
// built: one record per way (polyline) with the attributes the router, the
// energy model, tolls and turn-by-turn need. Readers (DCW, Natural Earth, OSM)
// produce RoadWay[]; the pack builder turns them into a graph.
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

export interface WaySource {
  /** Pack id, e.g. "de-dcw", "europe", "osm-hannover". */
  id: string;
  attribution: string;
  ways: RoadWay[];
  /** Notes of what a reader did (e.g. ends snapped), printed by the build. */
  report?: Record<string, number | string>;
}
