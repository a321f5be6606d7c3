// The town of a plan's point, for the history list ("Hamburg, DE", "near Lüneburg, DE") and the
// stops' names: a page of 100 plans of 26 points asks 2,600 times, so towns are looked up in a grid
// of 0.1-degree cells (built once per gazetteer in one pass) within a radius that grows only as far
// as a better town could lie, instead of scoring all 67,000 each time (2.4 s a page).
// A city's district names its city: "Berlin", not "Mitte" (see cityOf).
import { EARTH_RADIUS_M, haversineM } from "../../engine/geo";
import type { Gazetteer } from "../../engine/geocode/search";

/** A town further than this is no label: the coordinates are. */
const LABEL_M = 30_000;
/** Closer than this a point is at the town, not "near" it. */
const AT_TOWN_M = 2_000;
/** Towns considered lie within this many degrees of latitude (~33 km). */
const BAND_DEG = 0.3;
/** The first radius searched: most points have a village closer. */
const FIRST_RADIUS_M = 4_000;
const CELL_DEG = 0.1;
const DEG = 180 / Math.PI;
/**
 * Packs built before districts were marked: a place is taken for a district of a city of at least 10
 * times its population whose disc holds its own disc, a town's disc being the area its people fill at
 * 3,000 per km² (Berlin: 19 km; its "Mitte" of 81,000 0.6 km from its centre: 2.9 km).
 */
const CITY_POP_RATIO = 10;
const PEOPLE_PER_KM2 = 3_000;
const discM = (pop: number) => Math.sqrt(pop / (Math.PI * PEOPLE_PER_KM2)) * 1000;

interface Towns {
  /** Town ids by cell: row * COLS + col. */
  cells: Map<number, number[]>;
  lat: Float64Array;
  lon: Float64Array;
  /** log10(10 + population): a town's distance is divided by it (a district's centre should not beat its city's). */
  weight: Float64Array;
  maxWeight: number;
  /** The city a town is named by (itself unless a district), found on first use; -1: not yet. */
  city: Int32Array;
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
  built.set(gaz, (t = { cells, lat, lon, weight, maxWeight, city: new Int32Array(n).fill(-1) }));
  return t;
}

/** Calls `visit` with every town within `radiusM` (and the latitude band) and its distance. */
function forEachWithin(t: Towns, lat: number, lon: number, radiusM: number, visit: (id: number, m: number) => void): void {
  const dLat = Math.min(BAND_DEG, (radiusM / EARTH_RADIUS_M) * DEG);
  // At any latitude of the box a longitude difference of dLon is at least radiusM away (haversine's bound).
  const s = Math.sin(radiusM / (2 * EARTH_RADIUS_M)) / Math.cos(Math.min(90, Math.abs(lat) + dLat) / DEG);
  const dLon = s >= 1 ? 180 : 2 * Math.asin(s) * DEG;
  for (let row = rowOf(lat - dLat); row <= rowOf(lat + dLat); row++) {
    for (let col = colOf(lon - dLon); col <= colOf(lon + dLon); col++) {
      for (const id of t.cells.get(row * COLS + col) ?? []) {
        if (Math.abs(t.lat[id] - lat) > BAND_DEG) continue;
        const m = haversineM(lat, lon, t.lat[id], t.lon[id]);
        if (m <= radiusM) visit(id, m);
      }
    }
  }
}

/** The town of least distance / weight within `radiusM` and the latitude band (ties: the lower id, as a scan by id finds it). */
function bestWithin(t: Towns, lat: number, lon: number, radiusM: number): { id: number; score: number; m: number } | null {
  let out: { id: number; score: number; m: number } | null = null;
  forEachWithin(t, lat, lon, radiusM, (id, m) => {
    const score = m / t.weight[id];
    if (!out || score < out.score || (score === out.score && id < out.id)) out = { id, score, m };
  });
  return out;
}

/**
 * The place a town is named by: a district's city (the pack's districtOf, from GeoNames' sections of
 * populated places and their municipality), else the town itself; for packs built before districts,
 * the largest city whose disc holds the town's (see CITY_POP_RATIO).
 */
export function cityOf(gaz: Gazetteer, id: number): number {
  const t = towns(gaz);
  if (t.city[id] >= 0) return t.city[id];
  const pop = gaz.places.pop;
  let city = id;
  if (gaz.places.districtOf) city = gaz.places.districtOf.get(id) ?? id;
  else {
    const own = discM(pop[id]);
    // Places are sorted by population: the largest disc anywhere is the first place's.
    forEachWithin(t, t.lat[id], t.lon[id], Math.max(0, discM(pop[0]) - own), (other, m) => {
      if (pop[other] >= CITY_POP_RATIO * Math.max(1, pop[id]) && m + own <= discM(pop[other]) && (city === id || pop[other] > pop[city])) city = other;
    });
  }
  t.city[id] = city;
  return city;
}

export interface Town {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** The point lies 2 km or more from the place it was found at (a district's centre, where it names its city). */
  near: boolean;
}

/**
 * The town of least distance / weight within 0.3° of latitude, when it is within 30 km, named by its
 * city (cityOf). Searched within a radius r: the best there, of score s, is the best of all once
 * s x the largest weight <= r (no town further can score less); else r grows to that.
 */
export function townAt(gaz: Gazetteer, lat: number, lon: number): Town | null {
  const t = towns(gaz);
  let best = null;
  for (let r = FIRST_RADIUS_M; ; ) {
    best = bestWithin(t, lat, lon, r);
    if (best && best.score * t.maxWeight <= r) break;
    if (!best && r >= LABEL_M) break;
    r = best ? best.score * t.maxWeight : Math.min(2 * r, LABEL_M);
  }
  if (!best || best.m > LABEL_M) return null;
  const city = cityOf(gaz, best.id);
  return { name: gaz.places.name[city], country: gaz.countries[gaz.places.cc[city]], near: best.m >= AT_TOWN_M };
}

export const coordinatesText = (lat: number, lon: number) => `${lat.toFixed(4)}, ${lon.toFixed(4)}`;

/** "Hamburg, DE", "near Lüneburg, DE". */
export const townLabel = (town: Town) => `${town.near ? "near " : ""}${town.name}, ${town.country}`;

/** The history list's label: the town's (townLabel), or the coordinates with no town within 30 km. */
export function placeLabel(gaz: Gazetteer, lat: number, lon: number): string {
  const town = townAt(gaz, lat, lon);
  return town ? townLabel(town) : coordinatesText(lat, lon);
}
