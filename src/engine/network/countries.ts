// Point -> country (ISO 3166-1 alpha-2) from Natural Earth admin-0 outlines
// (npm world-atlas, TopoJSON). A grid over the boundary segments answers most
// points from a per-cell cache; only cells a border passes through need a ray cast.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { feature } from "topojson-client";
import type { FeatureCollection, Geometry } from "geojson";
import { nearestOnSegment } from "../geo";

/**
 * ISO 3166-1 numeric -> alpha-2 (codes from ISO 3166-1 / UN M49, as world-atlas
 * ids), for Europe and its neighbours; outlines with other ids are left out.
 */
const ISO_NUMERIC_TO_ALPHA2 =
  "008AL 020AD 040AT 056BE 070BA 100BG 112BY 191HR 196CY 203CZ 208DK 233EE 234FO 246FI 248AX " +
  "250FR 276DE 292GI 300GR 304GL 336VA 348HU 352IS 372IE 380IT 428LV 438LI 440LT 442LU 470MT " +
  "492MC 498MD 499ME 528NL 578NO 616PL 620PT 642RO 643RU 674SM 688RS 703SK 705SI 724ES 752SE " +
  "756CH 804UA 807MK 826GB 831GG 832JE 833IM " +
  // neighbours: Caucasus, Turkey, Middle East, North Africa, Central Asia
  "012DZ 031AZ 051AM 268GE 275PS 364IR 368IQ 376IL 398KZ 400JO 422LB 434LY 478MR 504MA 682SA " +
  "732EH 760SY 788TN 792TR 818EG";
/** Outlines world-atlas gives no numeric id. XK is the code the EU and IMF use for Kosovo. */
const NAME_TO_ALPHA2: Record<string, string> = { Kosovo: "XK", "N. Cyprus": "CY" };

export const COUNTRY_CODES: ReadonlyMap<string, string> = new Map(
  ISO_NUMERIC_TO_ALPHA2.split(" ").map((s) => [s.slice(0, 3), s.slice(3)]),
);

export interface CountryLocator {
  countryAt(lat: number, lon: number): string | null;
  /** Countries loaded, alpha-2. */
  readonly codes: readonly string[];
}

export interface CountryLocatorOptions {
  /** Natural Earth scale of the outlines. 10m: borders to ~200 m. */
  scale?: "10m" | "50m";
  /** Points outside every outline take the nearest country within this distance (coasts, lakes). */
  coastM?: number;
  /** Grid cell size, degrees. */
  cellDeg?: number;
}

const M_PER_DEG = 111_195;

export function createCountryLocator(opts: CountryLocatorOptions = {}): CountryLocator {
  const scale = opts.scale ?? "10m", coastM = opts.coastM ?? 5000, cell = opts.cellDeg ?? 0.1;
  const file = createRequire(import.meta.url).resolve(`world-atlas/countries-${scale}.json`);
  type Topology = Parameters<typeof feature>[0];
  type TopoObject = Parameters<typeof feature>[1];
  const topo = JSON.parse(readFileSync(file, "utf8")) as Topology & { objects: { countries: TopoObject } };
  const fc = feature(topo, topo.objects.countries) as unknown as FeatureCollection<Geometry, { name?: string }>;

  const codes: string[] = [];
  // Segments x1,y1,x2,y2 (lon/lat) and the country index of each.
  const seg: number[] = [], segCountry: number[] = [];
  for (const f of fc.features) {
    const code = COUNTRY_CODES.get(String(f.id)) ?? NAME_TO_ALPHA2[f.properties?.name ?? ""];
    const g = f.geometry;
    if (!code || !g || (g.type !== "Polygon" && g.type !== "MultiPolygon")) continue;
    let k = codes.indexOf(code);
    if (k < 0) { k = codes.length; codes.push(code); }
    const polys = g.type === "Polygon" ? [g.coordinates] : g.coordinates;
    for (const poly of polys) for (const ring of poly) {
      for (let i = 1; i < ring.length; i++) {
        seg.push(ring[i - 1][0], ring[i - 1][1], ring[i][0], ring[i][1]);
        segCountry.push(k);
      }
    }
  }

  const NX = Math.ceil(360 / cell) + 1, NY = Math.ceil(180 / cell) + 1;
  const cx = (lon: number) => Math.floor((lon + 180) / cell);
  const cy = (lat: number) => Math.floor((lat + 90) / cell);
  // Segments by grid cell, and by (country, latitude band) for ray casting.
  const cells = new Map<number, number[]>();
  const bands = new Map<number, number[]>();
  const push = (m: Map<number, number[]>, key: number, s: number) => {
    const a = m.get(key);
    if (a) a.push(s); else m.set(key, [s]);
  };
  for (let s = 0; s < segCountry.length; s++) {
    const x1 = seg[4 * s], y1 = seg[4 * s + 1], x2 = seg[4 * s + 2], y2 = seg[4 * s + 3];
    const y0 = cy(Math.min(y1, y2)), yN = cy(Math.max(y1, y2));
    const x0 = cx(Math.min(x1, x2)), xN = cx(Math.max(x1, x2));
    for (let j = y0; j <= yN; j++) {
      push(bands, segCountry[s] * NY + j, s);
      for (let i = x0; i <= xN; i++) push(cells, j * NX + i, s);
    }
  }

  /** Even-odd ray cast east from the point, over country k's segments in its latitude band. */
  const inside = (k: number, lat: number, lon: number): boolean => {
    const list = bands.get(k * NY + cy(lat));
    if (!list) return false;
    let odd = false;
    for (const s of list) {
      const x1 = seg[4 * s], y1 = seg[4 * s + 1], x2 = seg[4 * s + 2], y2 = seg[4 * s + 3];
      if ((y1 > lat) !== (y2 > lat) && x1 + ((lat - y1) / (y2 - y1)) * (x2 - x1) > lon) odd = !odd;
    }
    return odd;
  };

  /** Country whose outline passes nearest to the point, within coastM. */
  const nearest = (lat: number, lon: number): number => {
    const ry = Math.ceil(coastM / M_PER_DEG / cell);
    const rx = Math.ceil(coastM / (M_PER_DEG * Math.max(0.05, Math.cos((lat * Math.PI) / 180))) / cell);
    const i0 = cx(lon), j0 = cy(lat);
    let best = coastM, bestK = -1;
    for (let j = j0 - ry; j <= j0 + ry; j++) for (let i = i0 - rx; i <= i0 + rx; i++) {
      for (const s of cells.get(j * NX + i) ?? []) {
        const d = nearestOnSegment(lat, lon, seg[4 * s + 1], seg[4 * s], seg[4 * s + 3], seg[4 * s + 2]).distanceM;
        if (d <= best) { best = d; bestK = segCountry[s]; }
      }
    }
    return bestK;
  };

  // Cells no border passes through lie wholly in one country (or wholly outside all).
  const interiorCache = new Map<number, number>();
  const allCountries = codes.map((_, k) => k);
  const locate = (lat: number, lon: number): number => {
    const key = cy(lat) * NX + cx(lon);
    const here = cells.get(key);
    if (here) {
      const tried = new Set<number>();
      for (const s of here) {
        const k = segCountry[s];
        if (tried.has(k)) continue;
        tried.add(k);
        if (inside(k, lat, lon)) return k;
      }
      return nearest(lat, lon);
    }
    let k = interiorCache.get(key);
    if (k === undefined) {
      const mLat = (cy(lat) + 0.5) * cell - 90, mLon = (cx(lon) + 0.5) * cell - 180;
      k = allCountries.find((c) => inside(c, mLat, mLon)) ?? -1;
      interiorCache.set(key, k);
    }
    return k >= 0 ? k : nearest(lat, lon);
  };

  return {
    codes,
    countryAt(lat, lon) {
      if (!(Math.abs(lat) <= 90 && Math.abs(lon) <= 180)) return null;
      const k = locate(lat, lon);
      return k >= 0 ? codes[k] : null;
    },
  };
}
