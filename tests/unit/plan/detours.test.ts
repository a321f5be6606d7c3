// Detours to stations are measured on the road network, there and back.
import { describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import { createRouter } from "@/engine/network/router";
import { createSnapper } from "@/engine/network/snap";
import type { RoadNetwork } from "@/engine/network/types";
import { plan } from "../../support/checked-plan";
import { createStationIndex } from "@/engine/stations/corridor";
import { input, station } from "./fixtures";
import { legDetourM, legHits } from "@/engine/plan/leg-stations";
import { routeLegs } from "@/engine/plan/legs";
import { roadDetourM } from "@/engine/plan/detours";

/** Two-way roads through the given [lat, lon] chains, 80 km/h. */
function network(chains: [number, number][][]): RoadNetwork {
  const key = (p: [number, number]) => p.join(",");
  const ids = new Map<string, number>();
  const pts: [number, number][] = [];
  const adj: number[][] = [];
  const id = (p: [number, number]) => {
    let i = ids.get(key(p));
    if (i === undefined) ids.set(key(p), (i = pts.push(p) - 1)), adj.push([]);
    return i;
  };
  for (const chain of chains) {
    for (let k = 0; k + 1 < chain.length; k++) {
      const a = id(chain[k]), b = id(chain[k + 1]);
      adj[a].push(b);
      adj[b].push(a);
    }
  }
  const firstEdge = new Uint32Array(pts.length + 1);
  const target: number[] = [];
  adj.forEach((list, i) => {
    firstEdge[i] = target.length;
    target.push(...list);
  });
  firstEdge[pts.length] = target.length;
  const edgeTarget = Uint32Array.from(target);
  const edgeLengthM = new Float32Array(target.length);
  adj.forEach((_, i) => {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e++) edgeLengthM[e] = haversineM(...pts[i], ...pts[edgeTarget[e]]);
  });
  return {
    id: "test-detour", version: "1", nodeCount: pts.length, edgeCount: target.length,
    nodeLat: Float64Array.from(pts, (p) => p[0]), nodeLon: Float64Array.from(pts, (p) => p[1]),
    firstEdge, edgeTarget, edgeLengthM, edgeTimeS: Float32Array.from(edgeLengthM, (m) => m / (80 / 3.6)), edgeClass: new Uint8Array(target.length),
  };
}

const line = (lat0: number, lon0: number, lat1: number, lon1: number, n: number) =>
  Array.from({ length: n + 1 }, (_, i) => [lat0 + ((lat1 - lat0) * i) / n, lon0 + ((lon1 - lon0) * i) / n] as [number, number]);

describe("road detour to a station", () => {
  // A motorway along 50 N; the station lies 1.2 km north of it at 7.3 E, but its
  // only access road leaves the motorway at 7.0 E and runs back east.
  const motorway = line(50, 6, 50, 8, 100);
  const access = [[50, 7] as [number, number], ...line(50.01, 7, 50.01, 7.3, 15)];
  const net = network([motorway, access]);
  const depot = station(7.3, { lat: 50.011 });
  const data = { network: net, snapper: createSnapper(net), router: createRouter(net), stations: createStationIndex([depot]), versions: { [net.id]: "1" } };
  const trip = input({ batteryLevelStart: 1, sections: [{ start: [50, 6.01], stop: [50, 7.99], payloadKg: 0 }] });

  it("follows the access road: out at the junction and back to it, not twice the straight line", () => {
    const r = plan(trip, data);
    const hit = r.poi_list.find((p) => p.poi_id === depot.poiId)!;
    const straight = 2 * haversineM(50.011, 7.3, 50, 7.3);
    const viaAccess = 2 * (haversineM(50, 7, 50.01, 7) + haversineM(50.01, 7, 50.01, 7.3) + haversineM(50.01, 7.3, 50.011, 7.3));
    expect(straight).toBeLessThan(2_500);
    expect(hit.detour_from_route).toBeGreaterThan(viaAccess - 100);
    expect(hit.detour_from_route).toBeLessThan(viaAccess + 100);
  });

  it("is measured once per leg and station pass: route choice's roads share the legs of their other sections", () => {
    let routed = 0;
    const router = { ...data.router, route: (a: number, b: number) => (routed++, data.router.route(a, b)) };
    const counted = { ...data, router };
    const [leg] = routeLegs(counted, trip.sections);
    const hits = legHits(counted, leg, 8000);
    expect(hits.map((h) => h.station.poiId)).toEqual([depot.poiId]);
    // The same leg, stations and width: the same hits; another width or stations index: searched again.
    expect(legHits(counted, leg, 8000)).toBe(hits);
    expect(legHits(counted, leg, 2000)).not.toBe(hits);
    expect(legHits({ ...counted, stations: createStationIndex([depot]) }, leg, 2000)).not.toBe(hits);
    const before = routed;
    const m = legDetourM(counted, leg, hits[0]);
    const routes = routed - before;
    expect(routes).toBeGreaterThan(0);
    expect(m).toBe(roadDetourM(data, leg, hits[0]));
    expect(legDetourM(counted, leg, hits[0])).toBe(m);
    expect(routed - before).toBe(routes);
    // Another router (another network's): measured again.
    legDetourM({ ...counted, router: { ...router } }, leg, hits[0]);
    expect(routed - before).toBe(2 * routes);
  });

  it("a station beside the road costs about its distance there and back", () => {
    const beside = station(7.6, { lat: 50.001 });
    const r = plan(trip, { ...data, stations: createStationIndex([beside]) });
    const hit = r.poi_list.find((p) => p.poi_id === beside.poiId)!;
    expect(hit.detour_from_route).toBeGreaterThanOrEqual(2 * 111 - 2);
    expect(hit.detour_from_route).toBeLessThan(2 * 111 + 50);
  });
});

describe("road detour near the ends of a leg", () => {
  const motorway = line(50, 6, 50, 8, 100);
  const access = [[50, 6.1] as [number, number], ...line(50.01, 6.1, 50.01, 6.3, 10)];
  const net = network([motorway, access]);
  const near = station(6.3, { lat: 50.011 });
  const data = { network: net, snapper: createSnapper(net), router: createRouter(net), stations: createStationIndex([near]), versions: { [net.id]: "1" } };

  it("is measured on the road for a station a few km after a start that lies off the network", () => {
    // The start snaps onto the motorway from 300 m north: the leg begins with a piece to the network.
    const r = plan(input({ batteryLevelStart: 1, sections: [{ start: [50.003, 6.005], stop: [50, 7.99], payloadKg: 0 }] }), data);
    const hit = r.poi_list.find((p) => p.poi_id === near.poiId)!;
    const viaAccess = 2 * (haversineM(50, 6.1, 50.01, 6.1) + haversineM(50.01, 6.1, 50.01, 6.3) + haversineM(50.01, 6.3, 50.011, 6.3));
    expect(hit.detour_from_route).toBeGreaterThan(viaAccess - 100);
    expect(hit.detour_from_route).toBeLessThan(viaAccess + 100);
  });
});
