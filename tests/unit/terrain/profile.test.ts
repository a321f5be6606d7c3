import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTerrain, type Terrain } from "@/engine/terrain/dem";
import { climb, edgeClimb, HYSTERESIS_M, type Climb } from "@/engine/terrain/profile";
import { haversineM } from "@/engine/geo";
import { A9_NUREMBERG_BAYREUTH as A9, demDir, etopoOnlyDir } from "./fixtures";

let terrain: Terrain, etopo: Terrain, etopoDir: string;

beforeAll(() => {
  terrain = loadTerrain(demDir);
  etopoDir = etopoOnlyDir();
  etopo = loadTerrain(etopoDir);
});
afterAll(() => rmSync(etopoDir, { recursive: true, force: true }));

/** Synthetic terrain: elevation as a function of metres east of lon 10 along lat 50; counts samples. */
function stub(f: (xM: number) => number, srtm: boolean) {
  const kx = haversineM(50, 10, 50, 11);
  const t = {
    calls: 0, version: "stub", sources: { etopo5: "", srtm3: [] },
    elevationAt: (_lat: number, lon: number) => { t.calls++; return f((lon - 10) * kx); },
    hasSrtm: () => srtm, preload: () => 0,
  };
  return t;
}
const eastM = (m: number): [number, number] => [50, 10 + m / haversineM(50, 10, 50, 11)];
const net = (t: Terrain, c: [number, number][]) => t.elevationAt(...c[c.length - 1]) - t.elevationAt(...c[0]);

describe("climb", () => {
  it("samples every ~90 m under SRTM and every ~2 km under ETOPO5 only", () => {
    const line = [eastM(0), eastM(3000), eastM(10_000)];
    const fine = stub(() => 0, true), coarse = stub(() => 0, false);
    const dist = Float64Array.from([0, 3000, 10_000]);
    climb(fine as Terrain, line, dist);
    climb(coarse as Terrain, line, dist);
    expect(fine.calls).toBe(113); // start, 90..9990 m, end
    expect(coarse.calls).toBe(6); // start, 2..10 km (the end)
    const road = stub(() => 0, false); // road twice the straight-line length: twice the samples
    climb(road as Terrain, line, Float64Array.from([0, 6000, 20_000]));
    expect(road.calls).toBe(11);
  });

  it("ignores wiggles under the hysteresis but counts real hills", () => {
    const line = [eastM(0), eastM(10_000)];
    const small = climb(stub((x) => 0.4 * HYSTERESIS_M * Math.sin(x / 300), true) as Terrain, line);
    expect(small.ascentM).toBeLessThan(HYSTERESIS_M);
    expect(small.descentM).toBeLessThan(HYSTERESIS_M);
    // 20 m amplitude, period ~1.9 km: ~5.3 hills of 40 m
    const hills = climb(stub((x) => 20 * Math.sin(x / 300), true) as Terrain, line);
    expect(hills.ascentM).toBeGreaterThan(180);
    expect(hills.ascentM).toBeLessThan(240);
  });

  it("handles empty and one-point polylines", () => {
    expect(climb(terrain, [])).toEqual({ ascentM: 0, descentM: 0 });
    expect(climb(terrain, [[49.45, 11.08]])).toEqual({ ascentM: 0, descentM: 0 });
  });

  it("finds a flat marsh line flat", () => {
    const c = climb(terrain, [[53.92, 9.25], [53.92, 9.45]]); // Wilstermarsch, 13 km
    expect(c.ascentM).toBeLessThan(10);
    expect(c.descentM).toBeLessThan(10);
  });

  it("returns a loop's ascent as its descent", () => {
    const srtmLoop: [number, number][] = [[49.3, 11.0], [49.3, 11.4], [49.6, 11.4], [49.6, 11.0], [49.3, 11.0]];
    const alpsLoop: [number, number][] = [[46.5, 7.5], [46.5, 8.5], [47, 8.5], [47, 7.5], [46.5, 7.5]];
    for (const [t, loop] of [[terrain, srtmLoop], [etopo, alpsLoop]] as const) {
      const c = climb(t, loop);
      expect(c.ascentM).toBeGreaterThan(500);
      expect(c.ascentM).toBeCloseTo(c.descentM, 6);
    }
  });

  it("climbs the A9 Nuremberg-Bayreuth: ~40 m net, hundreds of metres up", () => {
    const c = climb(terrain, A9);
    expect(c.ascentM - c.descentM).toBeCloseTo(net(terrain, A9), 6);
    expect(c.ascentM - c.descentM).toBeGreaterThan(20);
    expect(c.ascentM - c.descentM).toBeLessThan(60);
    // Measured 1720 m: DCW lines run up to ~2 km off the road, so 90 m SRTM samples climb hills beside it.
    expect(c.ascentM).toBeGreaterThan(1300);
    expect(c.ascentM).toBeLessThan(2200);
    // Sampling no finer than the geometry (1 km): 867 m; ETOPO5 alone: 222 m (Bayreuth 70 m too high).
    const coarse = climb(terrain, A9, undefined, 1000);
    expect(coarse.ascentM).toBeGreaterThan(600);
    expect(coarse.ascentM).toBeLessThan(1100);
    const e = climb(etopo, A9);
    expect(e.ascentM).toBeGreaterThan(150);
    expect(e.ascentM).toBeLessThan(400);
  });
});

describe("edgeClimb", () => {
  it("sums over a path to climb() of the path, with the exact net change", () => {
    let up = 0, down = 0;
    const out: Climb = { ascentM: 0, descentM: 0 };
    for (let i = 1; i < A9.length; i++) {
      expect(edgeClimb(terrain, ...A9[i - 1], ...A9[i], out)).toBe(out);
      up += out.ascentM; down += out.descentM;
    }
    const whole = climb(terrain, A9);
    expect(up - down).toBeCloseTo(whole.ascentM - whole.descentM, 6);
    expect(up).toBeGreaterThanOrEqual(whole.ascentM * 0.97);
    expect(up).toBeLessThan(whole.ascentM * 1.05);
  });

  it("resolves a mountain side from SRTM, smooths it under ETOPO5", () => {
    const edge = [50.0, 11.7, 50.031, 11.808] as const; // 8.5 km up to the Ochsenkopf
    const fine = edgeClimb(terrain, ...edge), coarse = edgeClimb(etopo, ...edge);
    expect(fine.ascentM - fine.descentM).toBeCloseTo(terrain.elevationAt(50.031, 11.808) - terrain.elevationAt(50, 11.7), 6);
    expect(fine.ascentM - fine.descentM).toBeGreaterThan(400);
    expect(fine.descentM).toBeGreaterThan(50); // valleys crossed on the way
    expect(coarse.descentM).toBeLessThan(fine.descentM);
    // Outside the tiles both terrains are ETOPO5: same answer.
    const alps = [47.2, 10.5, 47.4, 10.9] as const;
    expect(edgeClimb(terrain, ...alps)).toEqual(edgeClimb(etopo, ...alps));
    expect(edgeClimb(terrain, 49.45, 11.08, 49.45, 11.08)).toEqual({ ascentM: 0, descentM: 0 });
  });

  // How fast is measured by a benchmark, not asserted here: a loaded machine fails any fixed bound.
  it("climbs along 100k edges of a terrain tile", () => {
    const out: Climb = { ascentM: 0, descentM: 0 };
    const n = 100_000;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const lat = 49.1 + (i % 1000) * 0.0008, lon = 11.1 + Math.floor(i / 1000) * 0.008; // ~500 m edges in SRTM
      edgeClimb(terrain, lat, lon, lat + 0.003, lon + 0.004, out);
      sum += out.ascentM;
    }
    expect(sum).toBeGreaterThan(0);
  });
});
