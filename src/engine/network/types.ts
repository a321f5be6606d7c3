// The road network as loaded from a pack: immutable typed arrays, CSR adjacency.
export const ROAD_CLASSES = ["motorway", "primary", "secondary", "other"] as const;
export type RoadClass = (typeof ROAD_CLASSES)[number];

export interface RoadNetwork {
  /** Pack identity recorded in every result, e.g. "de-dcw". */
  readonly id: string;
  /** Content version (hash of the source file and build code version). */
  readonly version: string;
  /** Data attribution to show with maps and results, from the pack header. */
  readonly attribution?: string;
  readonly nodeCount: number;
  readonly edgeCount: number;
  readonly nodeLat: Float64Array;
  readonly nodeLon: Float64Array;
  /** CSR: edges leaving node i are firstEdge[i] .. firstEdge[i+1]-1. */
  readonly firstEdge: Uint32Array;
  readonly edgeTarget: Uint32Array;
  readonly edgeLengthM: Float32Array;
  /** Truck travel time in seconds. */
  readonly edgeTimeS: Float32Array;
  /** Index into ROAD_CLASSES. */
  readonly edgeClass: Uint8Array;
  /** Per-edge attributes of packs built from RoadWays (absent in older packs). */
  readonly attributes?: EdgeAttributes;
  /** Ground elevation at each node, metres (packs built with terrain; absent otherwise). */
  readonly nodeElevationM?: Int16Array;
  /** Area the pack covers: [minLat, minLon, maxLat, maxLon]. */
  readonly bounds?: readonly [number, number, number, number];
  /**
   * The points between an edge's ends, where the graph has junctions only (engine/network/junctions.ts);
   * absent: every edge is a straight line between its nodes.
   */
  readonly shapes?: EdgeShapes;
}

/**
 * Shape s holds the points first[s] .. first[s+1]-1, in the order of the edge it was made for, its
 * ends (nodes) excluded; shape 0 is empty. The other direction of a two-way road runs the same shape
 * backwards.
 */
export interface EdgeShapes {
  first: Uint32Array;
  lat: Float64Array;
  lon: Float64Array;
  /** Ground elevation per point, metres (packs built with terrain). */
  elevationM?: Int16Array;
  /** Per edge: its shape s, or ~s where the edge runs it backwards. */
  ofEdge: Int32Array;
}

/** Bits of EdgeAttributes.flags. */
export const EDGE_LINK = 1;

export interface EdgeAttributes {
  flags: Uint8Array;
  /** Index into `countries`; 255 = unknown. */
  country: Uint8Array;
  countries: readonly string[];
  /** Posted limit, 0 = none known. */
  maxspeedKmh: Uint8Array;
  /** Climb and descent along the edge in its direction, metres. */
  ascentM: Float32Array;
  descentM: Float32Array;
  /** Index into `strings`; -1 = none. */
  ref: Int32Array;
  name: Int32Array;
  strings: readonly string[];
}

export const NO_COUNTRY = 255;

export interface SnappedPoint {
  /** Nearer end node of the road segment the point snapped to. */
  node: number;
  /**
   * Node a route leaving the point starts from, and node a route reaching it
   * ends at: on a one-way segment a->b, b and a (the truck must drive with
   * the traffic); on a two-way segment, the nearer end.
   */
  departNode: number;
  arriveNode: number;
  /** Point on the road nearest to the query. */
  lat: number;
  lon: number;
  /** Straight-line distance from the query to the road, metres. */
  distanceM: number;
  /** The directed edge a->b the point lies on, and b->a (-1 on a one-way road). */
  edge: number;
  reverseEdge: number;
  /** Metres along `edge` from a to the point (on the edge's shape, in the units of edgeLengthM). */
  alongM: number;
  /** The straight piece of `edge` the point lies on: 0 from a to its first shape point. */
  piece: number;
}

export interface RoutePath {
  /** Node sequence from source to target. */
  nodes: number[];
  /** Edge ids between consecutive nodes (nodes.length - 1 of them). */
  edges: number[];
  /** Coordinates of the path, [lat, lon] per point. */
  coords: [number, number][];
  /** Cumulative distance (m) at each coordinate; same length as coords. */
  cumDistM: Float64Array;
  /** Cumulative truck travel time (s) at each coordinate. */
  cumTimeS: Float64Array;
  lengthM: number;
  timeS: number;
}
