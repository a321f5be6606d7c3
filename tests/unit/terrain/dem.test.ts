import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ETOPO5_CENTRE_OFFSET, loadTerrain, type Terrain } from "@/engine/terrain/dem";
import { demDir, etopoOnlyDir } from "./fixtures";

let terrain: Terrain, etopo: Terrain, etopoDir: string;

beforeAll(() => {
  terrain = loadTerrain(demDir);
  etopoDir = etopoOnlyDir();
  etopo = loadTerrain(etopoDir);
});
afterAll(() => rmSync(etopoDir, { recursive: true, force: true }));

describe("loadTerrain", () => {
  it("lists its sources and a stable short version", () => {
    expect(terrain.sources.etopo5).toBe("etopo5_europe_int16le.bin");
    expect(terrain.sources.srtm3).toEqual(["N43E007", "N49E011", "N50E011", "N52E008", "N53E009"]);
    expect(etopo.sources.srtm3).toEqual([]);
    expect(terrain.version).toMatch(/^[0-9a-f]{12}$/);
    expect(loadTerrain(demDir).version).toBe(terrain.version);
    expect(etopo.version).not.toBe(terrain.version);
  });

  it.each([
    ["Hamburg harbour", 53.54, 9.97, 0, 15, true],
    ["Nuremberg city", 49.45, 11.08, 300, 320, true],
    ["Ochsenkopf summit", 50.031, 11.808, 1000, 1024, true],
    ["Zugspitze area", 47.42, 10.98, 1500, 2962, false],
    ["Mont Blanc area", 45.833, 6.865, 2000, 4808, false],
  ] as const)("%s is %d..%d m", (_name, lat, lon, lo, hi, srtm) => {
    expect(terrain.hasSrtm(lat, lon)).toBe(srtm);
    const e = terrain.elevationAt(lat, lon);
    expect(e).toBeGreaterThanOrEqual(lo);
    expect(e).toBeLessThanOrEqual(hi);
  });

  it("reads sea as 0 and clamps outside the ETOPO5 extent to its edge", () => {
    expect(terrain.elevationAt(54.5, 5.0)).toBe(0); // North Sea
    expect(terrain.elevationAt(43.3, 7.5)).toBe(0); // Mediterranean, inside tile N43E007
    expect(terrain.elevationAt(80, 60)).toBe(terrain.elevationAt(71.99, 41.99));
    expect(Number.isFinite(terrain.elevationAt(-10, -100))).toBe(true);
  });

  it("decodes big-endian .hgt: every sample of every tile is plausible", () => {
    for (const name of terrain.sources.srtm3) {
      const lat0 = Number(name.slice(1, 3)), lon0 = Number(name.slice(4, 7));
      let min = Infinity, max = -Infinity;
      for (let i = 0; i <= 100; i++) {
        for (let j = 0; j <= 100; j++) {
          const e = terrain.elevationAt(lat0 + i / 100, lon0 + j / 100);
          min = Math.min(min, e); max = Math.max(max, e);
        }
      }
      expect(min, name).toBeGreaterThanOrEqual(-50);
      expect(max, name).toBeLessThanOrEqual(3000);
      expect(max - min, name).toBeGreaterThan(50); // not a constant or all-zero decode
    }
  });

  it("is continuous across tile edges and agrees with the raw grid at cell centres", () => {
    // N49E011's north row and N50E011's south row are the same line.
    for (const lon of [11.1, 11.5, 11.9]) {
      expect(terrain.elevationAt(50 - 1e-9, lon)).toBeCloseTo(terrain.elevationAt(50, lon), 3);
    }
    const raw = readFileSync(path.join(demDir, "srtm3/N49E011.hgt"));
    for (const [r, c] of [[0, 0], [600, 600], [1199, 1199], [345, 987]]) {
      expect(terrain.elevationAt(50 - r / 1200, 11 + c / 1200)).toBeCloseTo(raw.readInt16BE((r * 1201 + c) * 2), 6);
    }
  });

  it.each([["N43E007", 1000], ["N53E009", 300]] as const)("fills voids and sub -15 m pits of %s from neighbours", (name, atLeast) => {
    const raw = readFileSync(path.join(demDir, `srtm3/${name}.hgt`));
    const lat0 = Number(name.slice(1, 3)), lon0 = Number(name.slice(4, 7));
    const valid = (r: number, c: number) => { const v = raw.readInt16BE((r * 1201 + c) * 2); return v >= -15 ? v : NaN; };
    let voids = 0;
    for (let r = 0; r < 1201; r++) {
      for (let c = 0; c < 1201; c++) {
        if (!Number.isNaN(valid(r, c))) continue;
        voids++;
        let lo = Infinity, hi = -Infinity;
        for (let rr = Math.max(0, r - 30); rr <= Math.min(1200, r + 30); rr++) {
          for (let cc = Math.max(0, c - 30); cc <= Math.min(1200, c + 30); cc++) {
            const v = valid(rr, cc);
            if (!Number.isNaN(v)) { lo = Math.min(lo, v); hi = Math.max(hi, v); }
          }
        }
        const e = terrain.elevationAt(lat0 + 1 - r / 1200, lon0 + c / 1200);
        expect(e).toBeGreaterThanOrEqual(lo - 1);
        expect(e).toBeLessThanOrEqual(hi + 1);
      }
    }
    expect(voids).toBeGreaterThan(atLeast);
  });

  it("places ETOPO5 where SRTM agrees: one cell south-east of the header's registration", () => {
    // Each ETOPO5 cell against the SRTM mean of a 5' box at the used centre and at the header's.
    const cell = 1 / 12, off = ETOPO5_CENTRE_OFFSET;
    const boxMean = (lat: number, lon: number) => {
      let s = 0;
      for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) s += terrain.elevationAt(lat + (i - 4.5) * cell / 10, lon + (j - 4.5) * cell / 10);
      return s / 100;
    };
    for (const name of ["N49E011", "N50E011", "N52E008", "N53E009"]) {
      const lat0 = Number(name.slice(1, 3)), lon0 = Number(name.slice(4, 7));
      let used = 0, header = 0, n = 0;
      for (let r = 0; r < 456; r++) {
        for (let c = 0; c < 648; c++) {
          const lat = 72 - (r + off) * cell, lon = -12 + (c + off) * cell;
          // Both boxes (used centre, and header centre one cell north-west) inside the tile.
          if (lat - cell / 2 < lat0 || lat + 1.5 * cell > lat0 + 1 || lon - 1.5 * cell < lon0 || lon + cell / 2 > lon0 + 1) continue;
          const v = etopo.elevationAt(lat, lon); // exactly the grid value at its centre
          used += (v - boxMean(lat, lon)) ** 2;
          header += (v - boxMean(lat + cell, lon - cell)) ** 2;
          n++;
        }
      }
      expect(n, name).toBeGreaterThan(100);
      expect(Math.sqrt(used / n), name).toBeLessThan(0.6 * Math.sqrt(header / n));
    }
  });

  it("loads every tile and reports the grid bytes", () => {
    const t = loadTerrain(demDir);
    const before = t.elevationAt(49.45, 11.08);
    expect(t.preload()).toBe(648 * 456 * 2 + 5 * 1201 * 1201 * 2);
    expect(t.elevationAt(49.45, 11.08)).toBe(before);
  });
});
