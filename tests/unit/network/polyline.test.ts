import { describe, expect, it } from "vitest";
import { decodePolyline, encodePolyline } from "@/engine/network/polyline";
import { rng } from "./helpers";

describe("flexible polyline", () => {
  it("decodes HERE's reference vector", () => {
    const expected = [[50.10228, 8.69821], [50.10201, 8.69567], [50.10063, 8.6915], [50.09878, 8.68752]];
    const got = decodePolyline("BFoz5xJ67i1B1B7PzIhaxL7Y");
    expect(got).toHaveLength(expected.length);
    got.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(expected[i][0], 9);
      expect(p[1]).toBeCloseTo(expected[i][1], 9);
    });
    expect(encodePolyline(expected as [number, number][])).toBe("BFoz5xJ67i1B1B7PzIhaxL7Y");
  });

  it("round-trips within 1e-5 degrees", () => {
    const r = rng(1);
    const coords: [number, number][] = [];
    let lat = 47 + 8 * r(), lon = 6 + 9 * r();
    for (let i = 0; i < 500; i++) { lat += (r() - 0.5) * 0.05; lon += (r() - 0.5) * 0.05; coords.push([lat, lon]); }
    coords.push([-33.123456789, -70.987654321], [0, 0], [89.99999, 179.99999], [-89.99999, -179.99999]);
    const back = decodePolyline(encodePolyline(coords));
    expect(back).toHaveLength(coords.length);
    back.forEach((p, i) => {
      expect(Math.abs(p[0] - coords[i][0])).toBeLessThanOrEqual(1e-5);
      expect(Math.abs(p[1] - coords[i][1])).toBeLessThanOrEqual(1e-5);
    });
  });

  it("handles an empty line", () => {
    expect(decodePolyline(encodePolyline([]))).toEqual([]);
  });
});
