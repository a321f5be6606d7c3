// Which subdivisions (ISO 3166-2: German Länder) a point on the road may lie in, for the bans of
// regional holidays (§ 30(4) StVO: Corpus Christi, Reformation Day, All Saints' Day). The data has
// no boundaries of subdivisions; it has GeoNames postcode places with their Land. A point is taken
// to be in the Land of its nearest place and, within BORDER_BAND_KM of what that distance would
// allow, in every other Land with a place that close: near a border both Länder's bans are kept.

/** How much farther than the nearest place another Land's place may be and still count. */
export const BORDER_BAND_KM = 5;
const CELL_DEG = 0.1;
const KM_PER_DEG = 111.2;
/** Beyond this no place is looked for: the point is not in a known subdivision. */
const MAX_NEAREST_KM = 40;

export interface RegionPlaces {
  lat: ArrayLike<number>;
  lon: ArrayLike<number>;
  /** Index into `codes` per place; codes[0] is "" (none known). */
  region: ArrayLike<number>;
  codes: readonly string[];
}

export interface RegionLocator {
  /** The subdivisions the point may lie in, sorted; empty where no place with one is near. */
  regionsAt(lat: number, lon: number): string[];
}

export function createRegionLocator(places: RegionPlaces): RegionLocator {
  const cells = new Map<number, number[]>();
  const key = (i: number, j: number) => i * 4096 + j;
  for (let p = 0; p < places.region.length; p++) {
    if (!places.region[p]) continue;
    const k = key(Math.floor(places.lat[p] / CELL_DEG), Math.floor(places.lon[p] / CELL_DEG));
    const list = cells.get(k);
    if (list) list.push(p);
    else cells.set(k, [p]);
  }
  return {
    regionsAt(lat, lon) {
      const kx = Math.cos((lat * Math.PI) / 180);
      const km = (p: number) => Math.hypot(places.lat[p] - lat, (places.lon[p] - lon) * kx) * KM_PER_DEG;
      const ci = Math.floor(lat / CELL_DEG), cj = Math.floor(lon / CELL_DEG);
      const near: { p: number; d: number }[] = [];
      let nearest = Infinity;
      // Rings of cells outwards until the nearest place and its band are covered.
      for (let ring = 0; ring * CELL_DEG * KM_PER_DEG * kx <= Math.min(nearest + BORDER_BAND_KM, MAX_NEAREST_KM) + CELL_DEG * KM_PER_DEG; ring++) {
        for (let i = ci - ring; i <= ci + ring; i++) {
          for (let j = cj - ring; j <= cj + ring; j++) {
            if (Math.max(Math.abs(i - ci), Math.abs(j - cj)) !== ring) continue;
            for (const p of cells.get(key(i, j)) ?? []) {
              const d = km(p);
              near.push({ p, d });
              nearest = Math.min(nearest, d);
            }
          }
        }
      }
      if (nearest > MAX_NEAREST_KM) return [];
      return [...new Set(near.filter((x) => x.d <= nearest + BORDER_BAND_KM).map((x) => places.codes[places.region[x.p]]))].sort();
    },
  };
}
