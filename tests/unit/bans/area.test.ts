// The Île-de-France bans hold on the route's part near Paris to the south and west, in one direction.
import { describe, expect, it } from "vitest";
import { BAN_AREAS } from "@/engine/bans/rules";
import { areaStretches } from "@/engine/plan/driving-bans";

/** A straight route through `points` at 1 km/min (a coordinate per km), as the profile's coords and timeS. */
function route(points: [number, number][]): { coords: [number, number][]; timeS: Float64Array } {
  const coords: [number, number][] = [];
  for (let k = 0; k + 1 < points.length; k++) {
    const [a, b] = [points[k], points[k + 1]];
    const n = Math.max(1, Math.round(Math.hypot((b[0] - a[0]) * 111, (b[1] - a[1]) * 73)));
    for (let i = 0; i < n; i++) coords.push([a[0] + ((b[0] - a[0]) * i) / n, a[1] + ((b[1] - a[1]) * i) / n]);
  }
  coords.push(points.at(-1)!);
  return { coords, timeS: Float64Array.from(coords, (_, i) => i * 60) };
}

const NOTRE_DAME: [number, number] = [48.8534, 2.3488];
const LISSES: [number, number] = [48.6, 2.42]; // the A6 leaving Paris to the south, 28.5 km out
const EVRY_FAR: [number, number] = [48.45, 2.5]; // 46 km out
const ROISSY: [number, number] = [49.01, 2.55]; // the A1 to the north-east

describe("the Île-de-France ban's area", () => {
  it("leaving Paris to the south: the part within 30 km, outbound only", () => {
    const r = route([NOTRE_DAME, LISSES, EVRY_FAR]);
    const out = areaStretches(r, BAN_AREAS["FR-idf-out"]);
    expect(out).toHaveLength(1);
    expect(out[0].fromMin).toBe(0);
    expect(out[0].toMin).toBeGreaterThan(28);
    expect(out[0].toMin).toBeLessThan(33);
    expect(areaStretches(r, BAN_AREAS["FR-idf-in"])).toEqual([]);
  });

  it("towards Paris from the south: inbound only; the north-east (A1) not at all", () => {
    const r = route([EVRY_FAR, LISSES, NOTRE_DAME]);
    expect(areaStretches(r, BAN_AREAS["FR-idf-out"])).toEqual([]);
    const inbound = areaStretches(r, BAN_AREAS["FR-idf-in"]);
    expect(inbound).toHaveLength(1);
    expect(inbound[0].toMin).toBe(r.timeS.at(-1)! / 60);
    expect(areaStretches(route([NOTRE_DAME, ROISSY]), BAN_AREAS["FR-idf-out"])).toEqual([]);
  });
});
