// The gazetteer's places worth a name on the map's own basemap, one Web Mercator tile at a time:
// the largest first, fewer as the map zooms out (a population floor per zoom), at most
// LABELS_PER_TILE. Places are stored largest first, so a tile's are found by one pass that stops
// at the floor: at most the 67,000 places (under a millisecond), never more.
import type { Gazetteer } from "@/engine/geocode/search";

/** Tiles are asked at zoom 3 to 11; each is drawn 512 px wide, at map zoom z + 1 (4, the map's least, to 12). */
export const MIN_TILE_ZOOM = 3;
export const MAX_TILE_ZOOM = 11;
/** A 512-px tile holds about this many readable names; the page drops those that would overlap. */
export const LABELS_PER_TILE = 24;
/** A place's population must reach this to be named at map zoom 4, 5, …, 12 (12 and closer: every place). */
const MIN_POPULATION = [500_000, 250_000, 100_000, 40_000, 15_000, 6_000, 2_500, 1_000, 0];
/** A city's districts ("Mitte") are named only from this map zoom on: further out their city is. */
const DISTRICTS_FROM_MAP_ZOOM = 11;

export interface PlaceLabel {
  type: "Feature";
  properties: { name: string; population: number };
  geometry: { type: "Point"; coordinates: [number, number] };
}

export interface PlaceLabels {
  type: "FeatureCollection";
  /** The tile and the map zoom its names are chosen for. */
  tile: { z: number; x: number; y: number; map_zoom: number };
  features: PlaceLabel[];
}

/** The tile's extent in degrees (XYZ scheme: y from the north). */
export function tileBounds(z: number, x: number, y: number): { west: number; east: number; north: number; south: number } {
  const n = 2 ** z;
  const lat = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / n))) * 180) / Math.PI;
  return { west: (x / n) * 360 - 180, east: ((x + 1) / n) * 360 - 180, north: lat(y), south: lat(y + 1) };
}

export const minPopulation = (mapZoom: number) => MIN_POPULATION[Math.min(MIN_POPULATION.length - 1, Math.max(0, mapZoom - 4))];

export function placeLabels(gaz: Gazetteer, z: number, x: number, y: number): PlaceLabels {
  const mapZoom = z + 1;
  const floor = minPopulation(mapZoom);
  const { west, east, north, south } = tileBounds(z, x, y);
  const p = gaz.places;
  const districts = mapZoom < DISTRICTS_FROM_MAP_ZOOM ? p.districtOf : null;
  const features: PlaceLabel[] = [];
  // West and south edges belong to the tile, east and north to its neighbours: every place in one tile.
  for (let id = 0; id < p.name.length && features.length < LABELS_PER_TILE && p.pop[id] >= floor; id++) {
    const lat = p.lat[id] / 1e4, lon = p.lon[id] / 1e4;
    if (lon < west || lon >= east || lat < south || lat >= north || districts?.has(id)) continue;
    features.push({ type: "Feature", properties: { name: p.name[id], population: p.pop[id] }, geometry: { type: "Point", coordinates: [lon, lat] } });
  }
  return { type: "FeatureCollection", tile: { z, x, y, map_zoom: mapZoom }, features };
}
