// The side of the road a station lies on, seen in the direction of travel.
import { describe, expect, it } from "vitest";
import { sideOfRoad } from "@/engine/plan/candidates";
import type { CorridorHit } from "@/engine/stations/corridor";

const hit = (lat: number, lon: number, segmentIndex = 0) => ({ station: { lat, lon }, segmentIndex }) as unknown as CorridorHit;

describe("sideOfRoad", () => {
  const north: [number, number][] = [[50, 8], [50.1, 8]];
  const west: [number, number][] = [[50, 8], [50, 7.9]];
  it("east of a road driven north is on the right, west of it on the left", () => {
    expect(sideOfRoad(north, hit(50.05, 8.001))).toBe("right");
    expect(sideOfRoad(north, hit(50.05, 7.999))).toBe("left");
  });
  it("driven the other way, the same site is on the other side", () => {
    const south = [...north].reverse();
    expect(sideOfRoad(south, hit(50.05, 8.001))).toBe("left");
  });
  it("north of a road driven west is on the right", () => {
    expect(sideOfRoad(west, hit(50.001, 7.95))).toBe("right");
  });
  it("reads the segment the station is nearest to", () => {
    const bend: [number, number][] = [[50, 8], [50.1, 8], [50.1, 8.1]];
    // On the second segment (driven east) a site to the north is on the left.
    expect(sideOfRoad(bend, hit(50.101, 8.05, 1))).toBe("left");
  });
});
