import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { haversineM, nearestOnSegment } from "@/engine/geo";
import { parseBnetzaCsv } from "@/engine/stations/bnetza";
import { createStationIndex, DETOUR_ROAD_FACTOR, findInCorridor, type CorridorRoute } from "@/engine/stations/corridor";
import { assignIdsAndGroups } from "@/engine/stations/pack";
import type { Station } from "@/engine/stations/types";

const DATA_DIR = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const M_PER_DEG_LAT = 111_195;

function station(poiId: number, lat: number, lon: number): Station {
  return {
    poiId, externalId: `t:${poiId}`, locationId: null, name: `S${poiId}`, address: "", lat, lon, operator: "Op", powerKW: 150,
    dcPowerKW: 150, connectors: ["CCS"], points: 2, truckApproved: null, connectorPos: null, bookable: null, amenities: [],
    country: "DE", source: "test", mapping: poiId, represents: 1,
  };
}

function routeOf(coords: [number, number][]): CorridorRoute {
  const cumDistM = new Float64Array(coords.length);
  for (let i = 1; i < coords.length; i++) cumDistM[i] = cumDistM[i - 1] + haversineM(...coords[i - 1], ...coords[i]);
  return { coords, cumDistM };
}

/** Densified polyline through waypoints, with a lateral wiggle like a real road. */
function wigglyRoute(waypoints: [number, number][], stepM: number): CorridorRoute {
  const coords: [number, number][] = [];
  let along = 0;
  for (let w = 0; w + 1 < waypoints.length; w++) {
    const [aLat, aLon] = waypoints[w], [bLat, bLon] = waypoints[w + 1];
    const len = haversineM(aLat, aLon, bLat, bLon);
    const n = Math.ceil(len / stepM);
    const kx = Math.cos((aLat * Math.PI) / 180);
    // Unit normal in degrees (lat, lon) to the segment.
    const dy = bLat - aLat, dx = (bLon - aLon) * kx, norm = Math.hypot(dx, dy);
    for (let i = w === 0 ? 0 : 1; i <= n; i++) {
      const t = i / n;
      const off = (i === 0 || i === n ? 0 : 400 * Math.sin((along + t * len) / 3000)) / M_PER_DEG_LAT;
      coords.push([aLat + (bLat - aLat) * t + (dx / norm) * off, aLon + (bLon - aLon) * t - ((dy / norm) * off) / kx]);
    }
    along += len;
  }
  return routeOf(coords);
}

describe("findInCorridor on a straight route", () => {
  // Due north along 9°E from 49°N to 51°N, a point every km.
  const coords: [number, number][] = [];
  for (let lat = 49; lat <= 51.00001; lat += 1 / 111.195) coords.push([lat, 9]);
  const route = routeOf(coords);
  const kmLon = 1000 / (M_PER_DEG_LAT * Math.cos((50 * Math.PI) / 180));
  const off = station(1, 50.0, 9 + 3 * kmLon); // 3 km east of the middle
  const index = createStationIndex([off, station(2, 49.5, 9 + 30 * kmLon)]);

  it("finds a station 3 km off with a 4 km corridor but not with 2 km", () => {
    const hits = findInCorridor(index, route, 4000);
    expect(hits.map((h) => h.station.poiId)).toEqual([1]);
    const h = hits[0];
    expect(h.offRouteM).toBeCloseTo(3000, -1);
    expect(Math.abs(h.distanceFromStartM - haversineM(49, 9, 50, 9))).toBeLessThan(5);
    expect(haversineM(h.routeLat, h.routeLon, 50, 9)).toBeLessThan(5);
    expect(h.detourM).toBeCloseTo(2 * h.offRouteM * DETOUR_ROAD_FACTOR, 6);
    expect(coords[h.segmentIndex][0]).toBeLessThanOrEqual(h.routeLat);
    expect(coords[h.segmentIndex + 1][0]).toBeGreaterThanOrEqual(h.routeLat);
    expect(findInCorridor(index, route, 2000)).toEqual([]);
  });

  it("reports distance along the route from the route's own cumDistM", () => {
    const doubled = { coords: route.coords, cumDistM: route.cumDistM.map((d) => d * 2) };
    const [h] = findInCorridor(index, doubled, 4000);
    expect(Math.abs(h.distanceFromStartM - 2 * haversineM(49, 9, 50, 9))).toBeLessThan(10);
  });

  it("handles a two-point route with a long segment, and degenerate input", () => {
    const two = routeOf([[49, 9], [51, 9]]);
    expect(findInCorridor(index, two, 4000).map((h) => h.station.poiId)).toEqual([1]);
    expect(findInCorridor(index, routeOf([[50, 9]]), 4000).map((h) => h.station.poiId)).toEqual([1]);
    expect(findInCorridor(index, routeOf([]), 4000)).toEqual([]);
    expect(findInCorridor(createStationIndex([]), route, 4000)).toEqual([]);
  });
});

describe("findInCorridor on routes that pass a station more than once", () => {
  const kmLon = 1000 / (M_PER_DEG_LAT * Math.cos((50 * Math.PI) / 180));
  const north = (from: number, to: number, lon: number): [number, number][] => {
    const out: [number, number][] = [];
    const step = (to > from ? 1 : -1) / 111.195;
    for (let lat = from; to > from ? lat <= to + 1e-9 : lat >= to - 1e-9; lat += step) out.push([lat, lon]);
    return out;
  };
  const site = station(1, 50.0, 9 + 3 * kmLon); // 3 km east of 9°E at 50°N
  const index = createStationIndex([site]);

  it("gives an out-and-back route one hit per pass, each with its own distance along the route", () => {
    // North from 49°N to 51°N on 9°E, then back south on a road 1 km further west.
    const route = routeOf([...north(49, 51, 9), ...north(51, 49, 9 - kmLon)]);
    const hits = findInCorridor(index, route, 5000);
    expect(hits.map((h) => h.station.poiId)).toEqual([1, 1]);
    const [out, back] = hits;
    expect(out.distanceFromStartM / 1000).toBeCloseTo(haversineM(49, 9, 50, 9) / 1000, 0);
    // Back: all the way north, across, and south to 50°N again.
    expect(back.distanceFromStartM / 1000).toBeCloseTo((haversineM(49, 9, 51, 9) + 1000 + haversineM(51, 9, 50, 9)) / 1000, 0);
    expect(out.offRouteM).toBeCloseTo(3000, -1);
    expect(back.offRouteM).toBeCloseTo(4000, -1);
    expect(back.segmentIndex).toBeGreaterThan(out.segmentIndex);
    // Only the near pass within a corridor that does not reach the far road.
    expect(findInCorridor(index, route, 3500).map((h) => h.distanceFromStartM < out.distanceFromStartM + 1)).toEqual([true]);
  });

  it("counts a route that leaves the corridor only briefly as one pass", () => {
    // Past the site, out to 4.5 km east (beyond a 4 km corridor) for 1 km, back, and on north.
    const coords: [number, number][] = [...north(49, 49.995, 9), [49.997, 9 + 7.5 * kmLon], [50.003, 9 + 7.5 * kmLon], ...north(50.005, 51, 9)];
    const hits = findInCorridor(index, routeOf(coords), 4000);
    expect(hits).toHaveLength(1);
  });

  it("finds three passes of a loop driven three times", () => {
    const loop: [number, number][] = [...north(49.5, 50.5, 9), ...north(50.5, 49.5, 9 - 20 * kmLon)];
    const hits = findInCorridor(index, routeOf([...loop, ...loop, ...loop]), 4000);
    expect(hits).toHaveLength(3);
    for (let i = 1; i < hits.length; i++) expect(hits[i].distanceFromStartM - hits[i - 1].distanceFromStartM).toBeGreaterThan(200_000);
  });
});

describe("findInCorridor on a real-shaped 800 km route", () => {
  const stations = assignIdsAndGroups(
    parseBnetzaCsv(readFileSync(path.join(DATA_DIR, "chargers/bnetza_ladesaeulenregister_2019-07-19.csv"))).stations,
  );
  // Flensburg - Hamburg - Hannover - Kassel - Würzburg - Nürnberg - München
  const waypoints: [number, number][] = [[54.78, 9.43], [53.55, 10.0], [52.37, 9.73], [51.31, 9.48], [49.79, 9.93], [49.45, 11.08], [48.14, 11.58]];
  const route = wigglyRoute(waypoints, 150);
  const sparse = wigglyRoute(waypoints, 7000);
  const index = createStationIndex(stations);

  function bruteForce(corridorM: number, route: CorridorRoute) {
    const out = new Map<number, { off: number; along: number }>();
    const dLat = corridorM / M_PER_DEG_LAT + 0.01, dLon = dLat * 2;
    const c = route.coords;
    let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
    for (const [la, lo] of c) (minLat = Math.min(minLat, la)), (maxLat = Math.max(maxLat, la)), (minLon = Math.min(minLon, lo)), (maxLon = Math.max(maxLon, lo));
    for (const s of stations) {
      if (s.lat < minLat - dLat || s.lat > maxLat + dLat || s.lon < minLon - dLon || s.lon > maxLon + dLon) continue;
      let best = Infinity, along = 0;
      for (let j = 0; j + 1 < c.length; j++) {
        const p = nearestOnSegment(s.lat, s.lon, c[j][0], c[j][1], c[j + 1][0], c[j + 1][1]);
        if (p.distanceM < best) (best = p.distanceM), (along = route.cumDistM[j] + p.t * (route.cumDistM[j + 1] - route.cumDistM[j]));
      }
      if (best <= corridorM) out.set(s.poiId, { off: best, along });
    }
    return out;
  }

  it("is long and dense", () => {
    expect(route.cumDistM[route.cumDistM.length - 1]).toBeGreaterThan(800_000);
    expect(route.coords.length).toBeGreaterThan(5000);
  });

  it.each([
    [500, "dense"], [3000, "dense"], [10_000, "dense"], [3000, "sparse"],
  ] as const)("agrees with a brute-force scan (corridor %i m, %s route)", (corridorM, kind) => {
    const r = kind === "dense" ? route : sparse;
    const hits = findInCorridor(index, r, corridorM);
    const expected = bruteForce(corridorM, r);
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.station.poiId))).toEqual(new Set(expected.keys()));
    for (const h of hits) {
      const e = expected.get(h.station.poiId)!;
      expect(Math.abs(h.offRouteM - e.off)).toBeLessThan(0.5);
      // Where the distance is flat to a millimetre (a tie), the along-route position may differ.
      const tie = Math.abs(h.offRouteM - e.off) < 0.01;
      expect(Math.abs(h.distanceFromStartM - e.along)).toBeLessThan(tie ? 100 : 1);
    }
    for (let i = 1; i < hits.length; i++) expect(hits[i].distanceFromStartM).toBeGreaterThanOrEqual(hits[i - 1].distanceFromStartM);
  });

  // Speed is printed, not asserted (bench figures belong in bench/README.md); a wider corridor finds no fewer sites.
  it("finds the corridor's sites at every width, the wider ones no fewer", () => {
    let before = 0;
    for (const corridorM of [1000, 5000, 20_000]) {
      findInCorridor(index, route, corridorM); // warm-up
      const times: number[] = [];
      let n = 0;
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        n = findInCorridor(index, route, corridorM).length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(`corridor ${corridorM} m over ${route.coords.length} coords: ${n} hits, median ${times[7].toFixed(2)} ms`);
      expect(n).toBeGreaterThanOrEqual(before);
      expect(n).toBeGreaterThan(0);
      before = n;
    }
  });
});
