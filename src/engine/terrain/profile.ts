// Cumulative ascent and descent along polylines and single edges, from a Terrain.
import { haversineM } from "../geo";
import type { Terrain } from "./dem";

/** Sample spacing where SRTM3 covers the route: about one 3" cell. */
export const SRTM_STEP_M = 90;
/** Sample spacing under ETOPO5 only: about a quarter of a 5' cell; finer only traces the bilinear surface. */
export const ETOPO5_STEP_M = 2_000;
/**
 * Reversals smaller than this are noise, not hills: SRTM3 has a few metres of random error per cell
 * plus canopy and buildings beside the road. A rise counts once it is confirmed by a drop of this
 * much (and vice versa); the open leg and sub-threshold tail are counted at the end so that
 * ascent - descent equals the end-to-end elevation change exactly.
 */
export const HYSTERESIS_M = 5;

export interface Climb { ascentM: number; descentM: number }

// Hysteresis state, module-level so edgeClimb allocates nothing (JS is single-threaded; no re-entry).
let ref = 0, ext = 0, last = 0, dir = 0, up = 0, down = 0;

function start(e: number): void { ref = ext = last = e; dir = 0; up = down = 0; }

function push(e: number): void {
  last = e;
  if (dir > 0) {
    if (e > ext) ext = e;
    else if (ext - e >= HYSTERESIS_M) { up += ext - ref; ref = ext; ext = e; dir = -1; }
  } else if (dir < 0) {
    if (e < ext) ext = e;
    else if (e - ext >= HYSTERESIS_M) { down += ref - ext; ref = ext; ext = e; dir = 1; }
  } else {
    ext = e;
    if (e - ref >= HYSTERESIS_M) dir = 1;
    else if (ref - e >= HYSTERESIS_M) dir = -1;
  }
}

function finish(out: Climb): Climb {
  if (dir > 0) { up += ext - ref; down += ext - last; }
  else if (dir < 0) { down += ref - ext; up += last - ext; }
  else if (last > ref) up += last - ref;
  else down += ref - last;
  out.ascentM = up; out.descentM = down;
  return out;
}

const stepAt = (t: Terrain, lat: number, lon: number, min: number) =>
  Math.max(min, t.hasSrtm(lat, lon) ? SRTM_STEP_M : ETOPO5_STEP_M);

/**
 * Ascent and descent (m) along a polyline of [lat, lon] points, sampled every SRTM_STEP_M where SRTM
 * covers the current sample, else every ETOPO5_STEP_M, plus the end point. `cumDistM` (same length
 * as coords) supplies road distances; otherwise great-circle distances are used.
 * `minStepM` floors the spacing: set it to the geometry's accuracy (e.g. ~1000 for DCW lines, which
 * sit up to ~2 km off the real road), else fine sampling measures hills beside the road.
 */
export function climb(terrain: Terrain, coords: [number, number][], cumDistM?: Float64Array, minStepM = 0): Climb {
  const out: Climb = { ascentM: 0, descentM: 0 };
  if (coords.length === 0) return out;
  let [aLat, aLon] = coords[0];
  start(terrain.elevationAt(aLat, aLon));
  let step = stepAt(terrain, aLat, aLon, minStepM), since = 0; // metres since the last sample
  for (let i = 1; i < coords.length; i++) {
    const [bLat, bLon] = coords[i];
    const len = cumDistM ? cumDistM[i] - cumDistM[i - 1] : haversineM(aLat, aLon, bLat, bLon);
    if (len > 0) {
      let pos = 0;
      while (since + len - pos >= step) {
        pos += step - since;
        since = 0;
        const f = pos / len, lat = aLat + (bLat - aLat) * f, lon = aLon + (bLon - aLon) * f;
        push(terrain.elevationAt(lat, lon));
        step = stepAt(terrain, lat, lon, minStepM);
      }
      since += len - pos;
    }
    aLat = bLat; aLon = bLon;
  }
  if (since > 1e-3) push(terrain.elevationAt(aLat, aLon)); // end point, unless just sampled
  return finish(out);
}

const M_PER_DEG = 111_195;
const RAD = Math.PI / 180;

/**
 * climb() for one straight segment, for pack builds over 100k+ edges: no allocation when `out` is
 * passed; `minStepM` as in climb(). Endpoint elevations are exact, so edges summed along a path give
 * its exact net change; their ascent can exceed climb() of the path by sub-threshold wiggles at joins.
 */
export function edgeClimb(
  terrain: Terrain, aLat: number, aLon: number, bLat: number, bLon: number,
  out: Climb = { ascentM: 0, descentM: 0 }, minStepM = 0,
): Climb {
  // Equirectangular length: edges are short, and this is the hot loop.
  const dx = (bLon - aLon) * Math.cos((aLat + bLat) * 0.5 * RAD), dy = bLat - aLat;
  const len = Math.sqrt(dx * dx + dy * dy) * M_PER_DEG;
  start(terrain.elevationAt(aLat, aLon));
  let n = 1;
  if (len > SRTM_STEP_M) {
    const step = terrain.hasSrtm(aLat, aLon) || terrain.hasSrtm(bLat, bLon) ? SRTM_STEP_M : ETOPO5_STEP_M;
    n = Math.ceil(len / Math.max(step, minStepM));
  }
  for (let k = 1; k < n; k++) push(terrain.elevationAt(aLat + ((bLat - aLat) * k) / n, aLon + ((bLon - aLon) * k) / n));
  push(terrain.elevationAt(bLat, bLon));
  return finish(out);
}
