import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haversineM, nearestOnSegment } from "@/engine/geo";
import type { PackBuildReport } from "@/engine/network/build-pack";
import { chFromArrays, chToArrays } from "@/engine/network/ch/arrays";
import { buildContractionHierarchy } from "@/engine/network/ch/build";
import { buildGraph } from "@/engine/network/graph";
import { contractChains } from "@/engine/network/junctions";
import { edgeLine } from "@/engine/network/shape";
import { align8, loadNetworkPack, loadPack, type LoadedPack } from "@/engine/network/pack";
import { shortestPath } from "@/engine/network/route";
import { createSnapper, snapIndexArrays, type Snapper } from "@/engine/network/snap";
import { truckSpeedKmh } from "@/engine/network/speeds";
import { EDGE_LINK, NO_COUNTRY, ROAD_CLASSES, type RoadClass, type RoadNetwork } from "@/engine/network/types";
import type { RoadWay, WaySource } from "@/engine/network/ways";
import { buildDcwPack, twoWayParts, type DcwPack } from "./dcw-pack";
import { dijkstra, rng } from "./helpers";

/** German truck speeds (km/h) the pack must use: 80 on the Autobahn, shares of the 60 km/h rural limit elsewhere. */
const DE_TRUCK_KMH: Record<RoadClass, number> = { motorway: 80, primary: 60 * 0.93, secondary: 60 * 0.88, other: 60 * 0.8 };

let pack: DcwPack, dir: string, packFile: string, source: WaySource<RoadWay[]>, report: PackBuildReport;
let loaded: LoadedPack, net: RoadNetwork, snapper: Snapper;

beforeAll(() => {
  pack = buildDcwPack("netpack-");
  ({ dir, packFile, source, report } = pack);
  loaded = loadPack(packFile);
  net = loaded.net;
  snapper = createSnapper(net, loaded.arrays);
}, 120_000);
afterAll(() => pack?.dispose());

const bytesOf = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);

/** Every straight piece of every edge: the edge, the piece's index, the edge's line. */
function* pieces(): Generator<[number, number, [number, number][]]> {
  for (let u = 0; u < net.nodeCount; u++) {
    for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
      const line = edgeLine(net, e, u);
      for (let i = 0; i + 1 < line.length; i++) yield [e, i, line];
    }
  }
}

/** The nearest point on any road (but the road of edge `except`, both directions). */
function bruteSnap(lat: number, lon: number, except = -1) {
  let best = Infinity, bLat = 0, bLon = 0;
  for (const [e, i, line] of pieces()) {
    if (except >= 0 && (e === except || e === reverseOf(except))) continue;
    const p = nearestOnSegment(lat, lon, ...line[i], ...line[i + 1]);
    if (p.distanceM < best) { best = p.distanceM; bLat = p.lat; bLon = p.lon; }
  }
  return { distanceM: best, lat: bLat, lon: bLon };
}

/** The edge over the same road the other way (the same shape backwards), or -1. */
function reverseOf(e: number): number {
  const s = net.shapes?.ofEdge[e] ?? 0, u = sourceOf(e), v = net.edgeTarget[e];
  for (let r = net.firstEdge[v]; r < net.firstEdge[v + 1]; r++) {
    if (net.edgeTarget[r] === u && (net.shapes?.ofEdge[r] ?? 0) === (s === 0 ? 0 : ~s)) return r;
  }
  return -1;
}

describe("DCW network pack", () => {
  it("builds one strongly connected two-way network and reports what it dropped", () => {
    expect(report.id).toBe("de-dcw");
    expect(report.version).toMatch(/^[0-9a-f]{12}\.b\d+$/);
    expect(report.bytes).toBe(readFileSync(packFile).length);
    expect(report.sourceReport).toEqual(source.report);
    expect([report.nodeCount, report.edgeCount]).toEqual([net.nodeCount, net.edgeCount]);
    expect(report.graphNodes).toBeGreaterThan(40_000);
    // The junction-only graph: every vertex that only passes a road on is a shape point.
    expect(report.nodeCount + report.shapePoints).toBe(report.graphNodes);
    expect(report.nodeCount).toBeLessThan(report.graphNodes / 2);
    // DCW roads are all two-way, so the largest strongly connected part is the largest connected one.
    const parts = twoWayParts(source.ways);
    expect(parts.parts).toBeGreaterThan(1);
    expect(report.graphNodes).toBe(parts.largest);
    expect(report.droppedNodes).toBe(parts.vertices - parts.largest);
    expect(report.droppedNodes).toBeGreaterThan(0);
    expect(report.restrictedEdges).toBe(0);
    const totalKm = ROAD_CLASSES.reduce((s, c) => s + (report.lengthKmByClass[c] ?? 0), 0);
    expect(totalKm).toBeGreaterThan(40_000);
    expect(totalKm).toBeLessThan(46_000);
    expect(report.lengthKmByClass.motorway).toBeGreaterThan(10_000);
    expect(Object.keys(report.lengthKmByCountry)).toEqual(["DE"]);
    expect(Math.abs(report.lengthKmByCountry.DE - totalKm)).toBeLessThanOrEqual(2); // rounded per class
    for (let u = 0; u < net.nodeCount; u++) {
      for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
        const r = reverseOf(e);
        if (r < 0 || net.edgeTarget[r] !== u) throw new Error(`edge ${e} has no reverse`);
        if (net.edgeLengthM[r] !== net.edgeLengthM[e] || net.edgeTimeS[r] !== net.edgeTimeS[e] || net.edgeClass[r] !== net.edgeClass[e]) {
          throw new Error(`edge ${e} and its reverse ${r} differ`);
        }
      }
    }
    expect(dijkstra(net, 0).every(Number.isFinite)).toBe(true);
  });

  it("loads back exactly the arrays that were built, attributes and hierarchy included", () => {
    const built = contractChains(buildGraph(source.ways, { id: report.id, version: report.version, attribution: source.attribution }).net);
    expect(net.id).toBe("de-dcw");
    expect(net.version).toBe(report.version);
    expect(net.attribution).toMatch(/Digital Chart of the World/);
    expect([net.nodeCount, net.edgeCount]).toEqual([built.nodeCount, built.edgeCount]);
    expect(net.bounds).toEqual(built.bounds);
    const want: [string, ArrayBufferView][] = [];
    for (const k of ["nodeLat", "nodeLon", "firstEdge", "edgeTarget", "edgeLengthM", "edgeTimeS", "edgeClass"] as const) {
      want.push([k, built[k]]);
      expect(net[k], k).toBe(loaded.arrays[k]);
    }
    const attrs = net.attributes!, builtAttrs = built.attributes!;
    expect(attrs).toBeDefined();
    expect(attrs.countries).toEqual(builtAttrs.countries);
    expect(attrs.countries).toEqual(["DE"]);
    expect(attrs.strings).toEqual(builtAttrs.strings);
    for (const k of ["flags", "country", "maxspeedKmh", "ascentM", "descentM", "ref", "name"] as const) {
      want.push([`attributes.${k}`, builtAttrs[k]]);
      expect(attrs[k], k).toBe(loaded.arrays[`attributes.${k}`]);
    }
    for (const k of ["first", "lat", "lon", "ofEdge"] as const) {
      want.push([`shapes.${k}`, built.shapes![k]]);
      expect(net.shapes![k], k).toBe(loaded.arrays[`shapes.${k}`]);
    }
    const ch = buildContractionHierarchy({ nodeCount: built.nodeCount, firstEdge: built.firstEdge, edgeTarget: built.edgeTarget, weight: built.edgeTimeS });
    want.push(...Object.entries(chToArrays(ch)), ...Object.entries(snapIndexArrays(built)));
    expect(Object.keys(loaded.arrays).sort()).toEqual(want.map(([k]) => k).sort());
    for (const [k, b] of want) {
      const a = loaded.arrays[k];
      expect(a.constructor, k).toBe(b.constructor);
      expect(bytesOf(a).equals(bytesOf(b)), k).toBe(true);
    }
    expect(chFromArrays(loaded.arrays, net.edgeCount).nodeCount).toBe(net.nodeCount);
  });

  it("lays arrays out on 8-byte boundaries past 2 GiB and 4 GiB, where a country's pack reaches", () => {
    expect([0, 1, 8, 9].map(align8)).toEqual([0, 8, 8, 16]);
    expect(align8(2 ** 31 + 1)).toBe(2 ** 31 + 8);
    expect(align8(2 ** 32 + 3)).toBe(2 ** 32 + 8);
  });

  it("rejects damaged packs", () => {
    const bytes = readFileSync(packFile);
    const bad = path.join(dir, "bad.pack");
    writeFileSync(bad, bytes.subarray(0, bytes.length - 1000));
    expect(() => loadNetworkPack(bad)).toThrow(/out of bounds/);
    writeFileSync(bad, bytes.subarray(0, 20)); // cut inside the header
    expect(() => loadNetworkPack(bad)).toThrow(/truncated/);
    writeFileSync(bad, bytes.subarray(0, 3));
    expect(() => loadNetworkPack(bad)).toThrow(/not a road network pack/);
    writeFileSync(bad, Buffer.concat([Buffer.from("XXXX"), bytes.subarray(4)]));
    expect(() => loadNetworkPack(bad)).toThrow(/not a road network pack/);
    // An attribute array one element short of the edge count (same header length, so everything else still lines up).
    const len = bytes.readUInt32LE(4);
    const header = JSON.parse(bytes.toString("utf8", 8, 8 + len));
    header.arrays["attributes.ref"].length -= 1;
    const json = Buffer.from(JSON.stringify(header), "utf8");
    expect(json.length).toBe(len);
    writeFileSync(bad, Buffer.concat([bytes.subarray(0, 8), json, bytes.subarray(8 + len)]));
    expect(() => loadNetworkPack(bad)).toThrow(/attribute ref/);
  });

  it("routes Hamburg to Munich over a plausible length and time", () => {
    for (const c of ROAD_CLASSES) expect(truckSpeedKmh("DE", c), c).toBeCloseTo(DE_TRUCK_KMH[c], 9);
    const a = snapper.snap(53.55, 9.99), b = snapper.snap(48.14, 11.58);
    expect(a.distanceM).toBeLessThan(5_000);
    expect(b.distanceM).toBeLessThan(5_000);
    const t0 = performance.now();
    const p = shortestPath(net, a.node, b.node)!;
    const ms = performance.now() - t0;
    expect(p).not.toBeNull();
    const km = p.lengthM / 1000, h = p.timeS / 3600;
    const attrs = net.attributes!;
    // Time must be the sum of length / German truck speed of the edge's class, and mostly motorway speed.
    let expectS = 0, motorwayM = 0;
    for (let i = 1; i < p.nodes.length; i++) {
      const e = p.edges[i - 1];
      expect([sourceOf(e), net.edgeTarget[e]]).toEqual([p.nodes[i - 1], p.nodes[i]]);
      expect(attrs.country[e]).not.toBe(NO_COUNTRY);
      expect(attrs.countries[attrs.country[e]]).toBe("DE");
      expect(attrs.flags[e] & EDGE_LINK).toBe(0);
      expect(attrs.maxspeedKmh[e]).toBe(0);
      const cls = ROAD_CLASSES[net.edgeClass[e]];
      expectS += net.edgeLengthM[e] / (truckSpeedKmh("DE", cls) / 3.6);
      if (cls === "motorway") motorwayM += net.edgeLengthM[e];
    }
    console.log(`Hamburg-Munich: ${km.toFixed(1)} km, ${h.toFixed(2)} h (${(km / h).toFixed(1)} km/h, ${(motorwayM / p.lengthM * 100).toFixed(1)} % motorway), ${p.nodes.length} nodes, ${ms.toFixed(1)} ms`);
    expect(km).toBeGreaterThan(700);
    expect(km).toBeLessThan(900);
    expect(p.timeS).toBeCloseTo(expectS, 0);
    expect(km / h).toBeGreaterThan(70);
    expect(km / h).toBeLessThanOrEqual(80.01);
  });

  it("returns coordinates that follow network edges", () => {
    const p = shortestPath(net, snapper.snap(53.55, 9.99).node, snapper.snap(48.14, 11.58).node)!;
    const k = p.nodes.length;
    expect([p.coords.length, p.cumDistM.length, p.cumTimeS.length]).toEqual([k, k, k]);
    expect([p.cumDistM[0], p.cumTimeS[0]]).toEqual([0, 0]);
    for (let i = 0; i < k; i++) {
      expect(p.coords[i]).toEqual([net.nodeLat[p.nodes[i]], net.nodeLon[p.nodes[i]]]);
      if (i === 0) continue;
      const e = p.edges[i - 1];
      expect([sourceOf(e), net.edgeTarget[e]]).toEqual([p.nodes[i - 1], p.nodes[i]]);
      expect(p.cumDistM[i] - p.cumDistM[i - 1]).toBeCloseTo(net.edgeLengthM[e], 3);
      expect(p.cumTimeS[i] - p.cumTimeS[i - 1]).toBeCloseTo(net.edgeTimeS[e], 3);
    }
    expect(p.lengthM).toBe(p.cumDistM[k - 1]);
    expect(p.timeS).toBe(p.cumTimeS[k - 1]);
  });

  it("finds the fastest path (same cost as plain Dijkstra) on random real pairs", () => {
    const r = rng(2024);
    for (let k = 0; k < 20; k++) {
      const s = Math.floor(r() * net.nodeCount), t = Math.floor(r() * net.nodeCount);
      const ref = dijkstra(net, s)[t];
      const p = shortestPath(net, s, t);
      expect(p, `pair ${s}->${t}`).not.toBeNull();
      expect(Math.abs(p!.timeS - ref)).toBeLessThan(1e-6 * Math.max(1, ref));
    }
  });

  it("snaps a point 2 km beside a motorway to the perpendicular foot", () => {
    const OFF = 2_000;
    let checked = 0;
    for (const [e, i, line] of pieces()) {
      const [[aLat, aLon], [bLat, bLon]] = [line[i], line[i + 1]];
      if (net.edgeClass[e] !== 0 || haversineM(aLat, aLon, bLat, bLon) < 3_000) continue;
      const mLat = (aLat + bLat) / 2, mLon = (aLon + bLon) / 2;
      const kx = Math.cos((mLat * Math.PI) / 180);
      const dx = (bLon - aLon) * kx, dy = bLat - aLat;
      const len = Math.hypot(dx, dy), deg = OFF / 111_195;
      const pLat = mLat + (dx / len) * deg, pLon = mLon - (dy / len) * deg / kx;
      // Only use pieces with no other road within 2.5 km of the test point.
      const others = bruteSnap(pLat, pLon, e).distanceM;
      if (others < 2_500) continue;
      const s = snapper.snap(pLat, pLon);
      const footErr = Math.hypot((s.lat - mLat) * 111_195, (s.lon - mLon) * 111_195 * kx);
      expect(footErr).toBeLessThan(5);
      expect(Math.abs(s.distanceM - OFF)).toBeLessThan(10);
      expect([sourceOf(e), net.edgeTarget[e]]).toContain(s.node);
      checked++;
      break;
    }
    expect(checked).toBe(1);
  });

  it("snaps with the pack's stored index as with one built on load, and builds one where the stored index is damaged", () => {
    const built = createSnapper(net);
    const pieceEdge = (loaded.arrays["snap.pieceEdge"] as Uint32Array).slice();
    pieceEdge[7] = net.edgeCount; // out of range: the stored index is not used
    const damaged = createSnapper(net, { ...loaded.arrays, "snap.pieceEdge": pieceEdge });
    const wrongSize = createSnapper(net, { ...loaded.arrays, "snap.index": (loaded.arrays["snap.index"] as Uint8Array).subarray(0, 100) });
    const r = rng(5);
    for (let k = 0; k < 50; k++) {
      const lat = 47.5 + 7 * r(), lon = 6 + 8.5 * r();
      const s = snapper.snap(lat, lon);
      for (const other of [built, damaged, wrongSize]) expect(other.snap(lat, lon)).toEqual(s);
    }
  });

  it("agrees with brute force for random points, including 100+ km off the network", () => {
    const r = rng(99);
    const pts: [number, number][] = [[55.3, 4.5], [47.0, 2.0], [57.0, 10.0], [53.55, 9.99]];
    for (let i = 0; i < 60; i++) pts.push([46.5 + 9 * r(), 4.5 + 11.5 * r()]);
    // Near the middle of the longest straight pieces, whose ends are far from the point.
    const longest = [...pieces()].map(([, i, line]) => [line[i], line[i + 1]])
      .sort((x, y) => haversineM(...y[0], ...y[1]) - haversineM(...x[0], ...x[1])).slice(0, 40);
    for (const [[aLat, aLon], [bLat, bLon]] of longest) pts.push([(aLat + bLat) / 2 + 0.003, (aLon + bLon) / 2 - 0.004]);
    let far = 0;
    for (const [lat, lon] of pts) {
      const s = snapper.snap(lat, lon), ref = bruteSnap(lat, lon);
      expect(s.distanceM).toBeCloseTo(ref.distanceM, 3);
      // The point lies on the piece of the edge the snapper names, and its node is that edge's nearer end.
      const line = edgeLine(net, s.edge, sourceOf(s.edge));
      const on = nearestOnSegment(s.lat, s.lon, ...line[s.piece], ...line[s.piece + 1]);
      expect(on.distanceM).toBeLessThan(0.01);
      expect(s.node).toBe(s.alongM <= net.edgeLengthM[s.edge] / 2 ? sourceOf(s.edge) : net.edgeTarget[s.edge]);
      if (s.distanceM > 100_000) far++;
    }
    expect(far).toBeGreaterThanOrEqual(2);
  });
});

function sourceOf(e: number): number {
  let lo = 0, hi = net.nodeCount - 1;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (net.firstEdge[mid] <= e) lo = mid; else hi = mid - 1; }
  return lo;
}
