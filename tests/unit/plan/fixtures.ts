// A synthetic straight motorway along 50 N with stations placed by hand.
import { haversineM } from "@/engine/geo";
import { createRouter } from "@/engine/network/router";
import { createSnapper } from "@/engine/network/snap";
import type { RoadNetwork } from "@/engine/network/types";
import type { PlanData, PlanInput } from "@/engine/plan/types";
import { createStationIndex } from "@/engine/stations/corridor";
import type { Station } from "@/engine/stations/types";
import { findModel } from "@/engine/vehicles/catalog";

export const LAT = 50;

export function straightRoad(fromLon = 6, toLon = 14, step = 0.02): RoadNetwork {
  const n = Math.round((toLon - fromLon) / step) + 1;
  const nodeLat = new Float64Array(n).fill(LAT);
  const nodeLon = Float64Array.from({ length: n }, (_, i) => fromLon + i * step);
  const firstEdge = new Uint32Array(n + 1);
  const target: number[] = [];
  for (let i = 0; i < n; i++) {
    firstEdge[i] = target.length;
    if (i > 0) target.push(i - 1);
    if (i < n - 1) target.push(i + 1);
  }
  firstEdge[n] = target.length;
  const edgeTarget = Uint32Array.from(target);
  const edgeLengthM = new Float32Array(target.length);
  for (let i = 0; i < n; i++) {
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e++) edgeLengthM[e] = haversineM(LAT, nodeLon[i], LAT, nodeLon[edgeTarget[e]]);
  }
  const edgeTimeS = Float32Array.from(edgeLengthM, (m) => m / (80 / 3.6));
  return { id: "test-line", version: "1", nodeCount: n, edgeCount: target.length, nodeLat, nodeLon, firstEdge, edgeTarget, edgeLengthM, edgeTimeS, edgeClass: new Uint8Array(target.length) };
}

let nextId = 1;
export function station(lon: number, over: Partial<Station> = {}): Station {
  const id = nextId++;
  return {
    poiId: id, externalId: `test:${id}`, locationId: null, name: `Station ${id}`, address: "", lat: LAT + 0.005, lon,
    operator: "Test CPO", powerKW: 350, dcPowerKW: 350, connectors: ["CCS"], points: 2, truckApproved: null,
    connectorPos: null, bookable: null, amenities: [], country: "DE", source: "test", mapping: id, represents: 1, ...over,
  };
}

export function planData(stations: Station[], network = straightRoad()): PlanData {
  return { network, snapper: createSnapper(network), router: createRouter(network), stations: createStationIndex(stations), versions: { [network.id]: network.version } };
}

export function input(over: Partial<PlanInput> = {}): PlanInput {
  return {
    vehicle: findModel("MB_EACTROS_600")!,
    batteryLevelStart: 0.8,
    batteryLevelEnd: 0.2,
    sections: [{ start: [LAT, 6.01], stop: [LAT, 13.99], payloadKg: 20_000 }],
    poiInfo: {},
    corridorM: 8000,
    minChargeDurationMin: 0,
    departureMs: Date.parse("2026-11-20T06:00:00Z"),
    serviceTimeDepartureMin: 0,
    ...over,
  };
}
