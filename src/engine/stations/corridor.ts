// Stations within a distance of a route polyline ([lat, lon] coordinates).
import KDBush from "kdbush";
import { EARTH_RADIUS_M, haversineM, nearestOnSegment } from "../geo";
import type { Station } from "./types";

/**
 * Road distance per metre of straight-line offset, for the detour estimate
 * (there and back); the planner measures the road detour of every station the
 * vehicle can use (engine/plan/detours.ts).
 */
export const DETOUR_ROAD_FACTOR = 1.3;
/** Route windows are at most corridorM long, clamped so tiny/huge corridors stay cheap. */
const MIN_WINDOW_M = 200;
const MAX_WINDOW_M = 5000;
const RAD = Math.PI / 180;
const M_PER_DEG = EARTH_RADIUS_M * RAD;
/** Equirectangular bounds vs haversine: keep lower bounds on the safe side. */
const BOUND_SLACK = 0.995;
/**
 * Two stretches of route near one station are two passes (two hits) when the
 * route between them runs at least this far outside the corridor (or the corridor
 * width, if wider): an out-and-back tour passes a station twice; a route that
 * wiggles at the corridor's edge does not.
 */
export const MIN_PASS_GAP_M = 2000;

export interface StationIndex {
  stations: Station[];
  tree: KDBush;
  /** cos(lat) per station, for local projections. */
  kx: Float64Array;
}

export interface CorridorRoute {
  coords: [number, number][];
  cumDistM: Float64Array;
}

export interface CorridorHit {
  station: Station;
  /** Along the route (route.cumDistM) to the nearest route point. */
  distanceFromStartM: number;
  routeLat: number;
  routeLon: number;
  /** Straight-line distance from the station to the route. */
  offRouteM: number;
  /** Estimated road detour there and back. */
  detourM: number;
  /** Route segment coords[i]..coords[i+1] holding the nearest point. */
  segmentIndex: number;
}

export function createStationIndex(stations: Station[]): StationIndex {
  const tree = new KDBush(Math.max(1, stations.length));
  for (const s of stations) tree.add(s.lon, s.lat);
  if (stations.length === 0) tree.add(0, 90); // KDBush needs an item; id 0 is never resolved
  tree.finish();
  return { stations, tree, kx: Float64Array.from(stations, (s) => Math.cos(s.lat * RAD)) };
}

const upperSeg = (g: Float64Array, d: number) => {
  // Last index j with g[j] <= d, clamped to a valid segment start.
  let lo = 0, hi = g.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (g[mid] <= d) lo = mid;
    else hi = mid - 1;
  }
  return Math.min(lo, Math.max(0, g.length - 2));
};

/**
 * Every pass of the route by a station within `corridorM`: one hit per station
 * and pass, at the pass's nearest route point, sorted along the route. The route
 * is cut into windows of <= corridorM; each window's bounding box, grown by
 * corridorM, is queried once; per candidate, only windows whose box lies within
 * the corridor are scanned.
 */
export function findInCorridor(index: StationIndex, route: CorridorRoute, corridorM: number): CorridorHit[] {
  const { coords, cumDistM } = route;
  const n = coords.length;
  if (n === 0 || index.stations.length === 0 || !(corridorM >= 0)) return [];
  const last = n - 1;

  // Own geometric lengths: windows must follow the drawn line whatever cumDistM measures.
  const g = new Float64Array(n);
  for (let i = 1; i < n; i++) g[i] = g[i - 1] + haversineM(coords[i - 1][0], coords[i - 1][1], coords[i][0], coords[i][1]);
  const total = g[last];
  const step = Math.min(Math.max(corridorM, MIN_WINDOW_M), MAX_WINDOW_M);
  const windows = Math.max(1, Math.ceil(total / step));
  const segLo = new Int32Array(windows), segHi = new Int32Array(windows);
  const pointAt = (d: number, j: number): [number, number] => {
    const len = g[Math.min(j + 1, last)] - g[j];
    const t = len > 0 ? Math.min(1, Math.max(0, (d - g[j]) / len)) : 0;
    const a = coords[j], b = coords[Math.min(j + 1, last)];
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  };

  const candidates = new Map<number, number[]>(); // station -> [window, bound, window, bound, ...]
  const dLat = (corridorM / M_PER_DEG) * 1.01;
  for (let k = 0; k < windows; k++) {
    const d0 = k * step, d1 = Math.min((k + 1) * step, total);
    const lo = upperSeg(g, d0), hi = upperSeg(g, d1);
    segLo[k] = lo;
    segHi[k] = hi;
    const p0 = pointAt(d0, lo), p1 = pointAt(d1, hi);
    let minLat = Math.min(p0[0], p1[0]), maxLat = Math.max(p0[0], p1[0]);
    let minLon = Math.min(p0[1], p1[1]), maxLon = Math.max(p0[1], p1[1]);
    for (let j = lo + 1; j <= hi; j++) {
      const c = coords[j];
      if (c[0] < minLat) minLat = c[0];
      if (c[0] > maxLat) maxLat = c[0];
      if (c[1] < minLon) minLon = c[1];
      if (c[1] > maxLon) maxLon = c[1];
    }
    const dLon = dLat / Math.cos(Math.min(89, Math.max(Math.abs(minLat), Math.abs(maxLat)) + dLat) * RAD);
    for (const id of index.tree.range(minLon - dLon, minLat - dLat, maxLon + dLon, maxLat + dLat)) {
      const s = index.stations[id];
      if (!s) continue;
      const dy = Math.max(0, minLat - s.lat, s.lat - maxLat);
      const dx = Math.max(0, minLon - s.lon, s.lon - maxLon) * index.kx[id];
      const bound = Math.sqrt(dx * dx + dy * dy) * M_PER_DEG * BOUND_SLACK - 1;
      if (bound > corridorM) continue;
      const list = candidates.get(id);
      if (list) list.push(k, bound);
      else candidates.set(id, [k, bound]);
    }
  }

  const hits: CorridorHit[] = [];
  const order: number[] = [];
  const near: number[] = []; // segment, squared projected distance, segment, ...
  const seen = new Set<number>();
  const gapM = Math.max(corridorM, MIN_PASS_GAP_M);
  for (const [id, list] of candidates) {
    const s = index.stations[id];
    const kx = index.kx[id];
    order.length = 0;
    for (let i = 0; i < list.length; i += 2) order.push(i);
    order.sort((x, y) => list[x + 1] - list[y + 1]);
    // Every segment within the corridor (a route may pass the station more than once).
    near.length = 0;
    seen.clear();
    const limit2 = (corridorM / M_PER_DEG / BOUND_SLACK + 1e-6) ** 2;
    for (const i of order) {
      if (list[i + 1] > corridorM) break;
      const k = list[i];
      for (let j = segLo[k]; j <= segHi[k]; j++) {
        if (seen.has(j)) continue;
        seen.add(j);
        const a = coords[j], b = coords[Math.min(j + 1, last)];
        const ax = (a[1] - s.lon) * kx, ay = a[0] - s.lat;
        const dx = (b[1] - s.lon) * kx - ax, dy = b[0] - s.lat - ay;
        const len2 = dx * dx + dy * dy;
        let t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = ax + dx * t, ey = ay + dy * t;
        const d2 = ex * ex + ey * ey;
        if (d2 <= limit2) near.push(j, d2);
      }
    }
    if (near.length === 0) continue;
    // Passes: runs of nearby segments, a new one where the route has been out of the corridor for gapM.
    const segs = [];
    for (let i = 0; i < near.length; i += 2) segs.push(i);
    segs.sort((x, y) => near[x] - near[y]);
    let runBest = -1, runBest2 = Infinity, runEnd = -1;
    const close = () => {
      if (runBest < 0) return;
      const hit = passHit(s, runBest, coords, cumDistM, corridorM);
      if (hit) hits.push(hit);
    };
    for (const i of segs) {
      const j = near[i], d2 = near[i + 1];
      if (runEnd >= 0 && j > runEnd + 1 && g[j] - g[Math.min(runEnd + 1, last)] >= gapM) {
        close();
        runBest = -1;
        runBest2 = Infinity;
      }
      if (d2 < runBest2) (runBest2 = d2), (runBest = j);
      runEnd = j;
    }
    close();
  }
  return hits.sort((x, y) => x.distanceFromStartM - y.distanceFromStartM || x.offRouteM - y.offRouteM || x.station.poiId - y.station.poiId);
}

/** The hit of one pass: the nearest point of its best segment, settled among neighbours exactly. */
function passHit(s: Station, best: number, coords: [number, number][], cumDistM: Float64Array, corridorM: number): CorridorHit | null {
  const last = coords.length - 1;
  // The projection can misrank near-ties by millimetres: settle among neighbours exactly.
  let seg = best;
  let p = nearestOnSegment(s.lat, s.lon, coords[seg][0], coords[seg][1], coords[Math.min(seg + 1, last)][0], coords[Math.min(seg + 1, last)][1]);
  for (const j of [best - 1, best + 1]) {
    if (j < 0 || j >= last) continue;
    const q = nearestOnSegment(s.lat, s.lon, coords[j][0], coords[j][1], coords[j + 1][0], coords[j + 1][1]);
    if (q.distanceM < p.distanceM) (p = q), (seg = j);
  }
  if (p.distanceM > corridorM) return null;
  const c0 = cumDistM[seg], c1 = cumDistM[Math.min(seg + 1, last)];
  return {
    station: s,
    distanceFromStartM: c0 + (c1 - c0) * p.t,
    routeLat: p.lat,
    routeLon: p.lon,
    offRouteM: p.distanceM,
    detourM: 2 * p.distanceM * DETOUR_ROAD_FACTOR,
    segmentIndex: seg,
  };
}
