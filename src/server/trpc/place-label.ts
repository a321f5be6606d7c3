// The nearest gazetteer town of a plan's point, for the history list ("Hamburg, DE", "near Lüneburg,
// DE"): a page of 100 plans of 26 points asks 2,600 times, so towns are looked up in a grid of
// 0.1-degree cells (built once per gazetteer in one pass) within a radius that grows only as far as
// a better town could lie, instead of scoring all 67,000 each time (2.4 s a page).
import { EARTH_RADIUS_M, haversineM } from "../../engine/geo";
import type { Gazetteer } from "../../engine/geocode/search";

/** A town further than this is no label: the coordinates are. */
const LABEL_M = 30_000;
/** Towns considered lie within this many degrees of latitude (~33 km). */
const BAND_DEG = 0.3;
/** The first radius searched: most points have a village closer. */
const FIRST_RADIUS_M = 4_000;
const CELL_DEG = 0.1;
const DEG = 180 / Math.PI;

interface Towns {
  /** Town ids by cell: row * COLS + col. */
  cells: Map<number, number[]>;
  lat: Float64Array;
  lon: Float64Array;
  /** log10(10 + population): a town's distance is divided by it (a district's centre should not beat its city's). */
  weight: Float64Array;
  maxWeight: number;
}

const COLS = 360 / CELL_DEG + 1;
const rowOf = (lat: number) => Math.floor((lat + 90) / CELL_DEG);
const colOf = (lon: number) => Math.floor((lon + 180) / CELL_DEG);

const built = new WeakMap<Gazetteer, Towns>();

function towns(gaz: Gazetteer): Towns {
  let t = built.get(gaz);
  if (t) return t;
  const p = gaz.places;
  const n = p.name.length;
  const cells = new Map<number, number[]>();
  const lat = new Float64Array(n), lon = new Float64Array(n), weight = new Float64Array(n);
  let maxWeight = 1;
  for (let i = 0; i < n; i++) {
    lat[i] = p.lat[i] / 1e4;
    lon[i] = p.lon[i] / 1e4;
    weight[i] = Math.log10(10 + p.pop[i]);
    if (weight[i] > maxWeight) maxWeight = weight[i];
    const key = rowOf(lat[i]) * COLS + colOf(lon[i]);
    const cell = cells.get(key);
    if (cell) cell.push(i);
    else cells.set(key, [i]);
  }
  built.set(gaz, (t = { cells, lat, lon, weight, maxWeight }));
  return t;
}

/** The town of least distance / weight within `radiusM` and the latitude band (ties: the lower id, as a scan by id finds it). */
function bestWithin(t: Towns, lat: number, lon: number, radiusM: number): { id: number; score: number; m: number } | null {
  const dLat = Math.min(BAND_DEG, (radiusM / EARTH_RADIUS_M) * DEG);
  // At any latitude of the box a longitude difference of dLon is at least radiusM away (haversine's bound).
  const s = Math.sin(radiusM / (2 * EARTH_RADIUS_M)) / Math.cos(Math.min(90, Math.abs(lat) + dLat) / DEG);
  const dLon = s >= 1 ? 180 : 2 * Math.asin(s) * DEG;
  let out: { id: number; score: number; m: number } | null = null;
  for (let row = rowOf(lat - dLat); row <= rowOf(lat + dLat); row++) {
    for (let col = colOf(lon - dLon); col <= colOf(lon + dLon); col++) {
      for (const id of t.cells.get(row * COLS + col) ?? []) {
        if (Math.abs(t.lat[id] - lat) > BAND_DEG) continue;
        const m = haversineM(lat, lon, t.lat[id], t.lon[id]);
        if (m > radiusM) continue;
        const score = m / t.weight[id];
        if (!out || score < out.score || (score === out.score && id < out.id)) out = { id, score, m };
      }
    }
  }
  return out;
}

/**
 * The town of least distance / weight within 0.3° of latitude, as its label when it is within 30 km.
 * Searched within a radius r: the best there, of score s, is the best of all once s x the largest
 * weight <= r (no town further can score less); else r grows to that. Nothing within 30 km: no label.
 */
export function placeLabel(gaz: Gazetteer, lat: number, lon: number): string {
  const t = towns(gaz);
  let best = null;
  for (let r = FIRST_RADIUS_M; ; ) {
    best = bestWithin(t, lat, lon, r);
    if (best && best.score * t.maxWeight <= r) break;
    if (!best && r >= LABEL_M) break;
    r = best ? best.score * t.maxWeight : Math.min(2 * r, LABEL_M);
  }
  if (!best || best.m > LABEL_M) return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
  const name = `${gaz.places.name[best.id]}, ${gaz.countries[gaz.places.cc[best.id]]}`;
  return best.m < 2_000 ? name : `near ${name}`;
}
