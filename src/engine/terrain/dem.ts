// Terrain elevation: SRTM3 tiles where present, ETOPO5 (5 arc-minutes) everywhere else in Europe.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Bump when interpolation or void/sea handling changes: it is part of `Terrain.version`. */
export const TERRAIN_FORMAT = 1;
const NODATA = -32768;
/**
 * Where ETOPO5 value (r, c) sits, in cells from the header's north-west corner. The header says 0.5
 * (area registration), but against the SRTM tiles the grid fits one cell further south-east
 * (rms to SRTM 5' box means: 2-22 m instead of 14-83 m); the unit tests pin this.
 */
export const ETOPO5_CENTRE_OFFSET = 1.5;
/** SRTM values below this are water-surface artefacts (pits to -97 m by the lower Elbe), not land: voids. */
export const SRTM_MIN_M = -15;

export interface TerrainSources {
  /** ETOPO5 grid file name. */
  readonly etopo5: string;
  /** SRTM tiles found in `srtm3/`, e.g. "N49E011", sorted. */
  readonly srtm3: readonly string[];
}

export interface Terrain {
  /** Short id: sha256 of the format constants, the ETOPO5 files and the tiles' names and sizes (contents unread: lazy). */
  readonly version: string;
  readonly sources: TerrainSources;
  /**
   * Metres above sea level, bilinear. SRTM where a tile covers the point, else ETOPO5.
   * ETOPO5 bathymetry reads as 0 (sea level); outside the ETOPO5 extent the nearest edge cell is used.
   */
  elevationAt(lat: number, lon: number): number;
  /** True when an SRTM tile covers the point (fine data). */
  hasSrtm(lat: number, lon: number): boolean;
  /** Loads every tile now (tiles load lazily on first use otherwise); returns bytes held by grids. */
  preload(): number;
}

interface EtopoHeader { width: number; height: number; west: number; north: number; cell_deg: number; nodata?: number }
interface Tile { name: string; file: string; grid: Int16Array | null; n: number }

const tileKey = (latFloor: number, lonFloor: number) => (latFloor + 90) * 360 + (lonFloor + 180);

export function loadTerrain(demDir: string): Terrain {
  const headerText = readFileSync(path.join(demDir, "etopo5_europe.json"), "utf8");
  const h = JSON.parse(headerText) as EtopoHeader;
  const etopoName = "etopo5_europe_int16le.bin";
  const raw = readFileSync(path.join(demDir, etopoName));
  const W = h.width, H = h.height, west = h.west, north = h.north, cell = h.cell_deg, nodata = h.nodata ?? NODATA;
  if (raw.length !== W * H * 2) throw new Error(`${etopoName}: ${raw.length} bytes, header says ${W}x${H} int16`);
  // Sea floor and nodata read as 0: roads run at or above sea level, and coastal cells would otherwise
  // drag interpolated coastal roads far below it.
  const etopo = new Int16Array(W * H);
  for (let i = 0; i < W * H; i++) { const v = raw.readInt16LE(2 * i); etopo[i] = v === nodata || v < 0 ? 0 : v; }

  function etopoAt(lat: number, lon: number): number {
    let x = (lon - west) / cell - ETOPO5_CENTRE_OFFSET, y = (north - lat) / cell - ETOPO5_CENTRE_OFFSET;
    x = x < 0 ? 0 : x > W - 1 ? W - 1 : x;
    y = y < 0 ? 0 : y > H - 1 ? H - 1 : y;
    const c = x >= W - 1 ? W - 2 : x | 0, r = y >= H - 1 ? H - 2 : y | 0;
    const fx = x - c, fy = y - r, i = r * W + c;
    return (etopo[i] * (1 - fx) + etopo[i + 1] * fx) * (1 - fy) + (etopo[i + W] * (1 - fx) + etopo[i + W + 1] * fx) * fy;
  }

  const tiles = new Map<number, Tile>();
  const hash = createHash("sha256").update(`terrain${TERRAIN_FORMAT}:${ETOPO5_CENTRE_OFFSET}:${SRTM_MIN_M}\n`).update(headerText).update(raw);
  const srtmDir = path.join(demDir, "srtm3");
  const names = existsSync(srtmDir) ? readdirSync(srtmDir).sort() : [];
  for (const f of names) {
    const m = /^([NS])(\d{2})([EW])(\d{3})\.hgt$/i.exec(f);
    if (!m) continue;
    const file = path.join(srtmDir, f), bytes = statSync(file).size;
    const n = Math.round(Math.sqrt(bytes / 2));
    if (n * n * 2 !== bytes || n < 2) throw new Error(`${f}: ${bytes} bytes is not a square int16 grid`);
    const lat0 = (m[1].toUpperCase() === "S" ? -1 : 1) * Number(m[2]);
    const lon0 = (m[3].toUpperCase() === "W" ? -1 : 1) * Number(m[4]);
    tiles.set(tileKey(lat0, lon0), { name: f.slice(0, 7).toUpperCase(), file, grid: null, n });
    hash.update(`${f}:${bytes}\n`); // names+sizes only: hashing every tile would defeat lazy loading
  }

  function loadTile(t: Tile, lat0: number, lon0: number): Int16Array {
    const b = readFileSync(t.file), n = t.n, g = new Int16Array(n * n);
    for (let i = 0; i < n * n; i++) {
      const v = ((b[2 * i] << 8) | b[2 * i + 1]) << 16 >> 16; // big-endian
      g[i] = v < SRTM_MIN_M ? NODATA : v;
    }
    fillVoids(g, n, (r, c) => etopoAt(lat0 + 1 - r / (n - 1), lon0 + c / (n - 1)));
    return (t.grid = g);
  }

  // One-tile cache: consecutive lookups along a route almost always hit the same tile.
  let lastKey = NaN, lastGrid: Int16Array | null = null, lastN = 0;
  function gridFor(latFloor: number, lonFloor: number, key: number): void {
    const t = tiles.get(key);
    lastKey = key;
    lastGrid = t ? t.grid ?? loadTile(t, latFloor, lonFloor) : null;
    lastN = t ? t.n : 0;
  }

  function elevationAt(lat: number, lon: number): number {
    const la = Math.floor(lat), lo = Math.floor(lon), key = tileKey(la, lo);
    if (key !== lastKey) gridFor(la, lo, key);
    const g = lastGrid;
    if (g === null) return etopoAt(lat, lon);
    const s = lastN - 1, y = (la + 1 - lat) * s, x = (lon - lo) * s; // row 0 is the north edge
    const r = y >= s ? s - 1 : y | 0, c = x >= s ? s - 1 : x | 0;
    const fy = y - r, fx = x - c, i = r * lastN + c;
    return (g[i] * (1 - fx) + g[i + 1] * fx) * (1 - fy) + (g[i + lastN] * (1 - fx) + g[i + lastN + 1] * fx) * fy;
  }

  return {
    version: hash.digest("hex").slice(0, 12),
    sources: { etopo5: etopoName, srtm3: [...tiles.values()].map((t) => t.name).sort() },
    elevationAt,
    hasSrtm: (lat, lon) => tiles.has(tileKey(Math.floor(lat), Math.floor(lon))),
    preload() {
      let bytes = etopo.byteLength;
      for (const [key, t] of tiles) {
        const g = t.grid ?? loadTile(t, Math.floor(key / 360) - 90, (key % 360) - 180);
        bytes += g.byteLength;
      }
      return bytes;
    },
  };
}

/**
 * Fills SRTM voids in place by inverse-distance weighting of the nearest valid cell in each of the
 * four grid directions (voids and pits are small in SRTM3 v2: 3 to ~1600 cells per tile here);
 * a void with no valid cell in its row or column takes the ETOPO5 value.
 */
function fillVoids(g: Int16Array, n: number, fallback: (r: number, c: number) => number): void {
  const fills: number[] = [];
  for (let i = 0; i < n * n; i++) {
    if (g[i] !== NODATA) continue;
    const r = (i / n) | 0, c = i - r * n;
    let sum = 0, wsum = 0;
    for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]]) {
      for (let k = 1, rr = r + dr, cc = c + dc; rr >= 0 && rr < n && cc >= 0 && cc < n; k++, rr += dr, cc += dc) {
        const v = g[rr * n + cc];
        if (v !== NODATA) { sum += v / k; wsum += 1 / k; break; }
      }
    }
    fills.push(i, Math.round(wsum > 0 ? sum / wsum : fallback(r, c)));
  }
  for (let j = 0; j < fills.length; j += 2) g[fills[j]] = fills[j + 1];
}
