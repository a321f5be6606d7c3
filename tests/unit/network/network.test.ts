import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nearestOnSegment } from "@/engine/geo";
import { buildNetworkFromFeatures, buildNetworkPack, TRUCK_SPEED_KMH, type NetworkBuildReport } from "@/engine/network/build";
import { loadNetworkPack } from "@/engine/network/pack";
import { shortestPath } from "@/engine/network/route";
import { createSnapper, type Snapper } from "@/engine/network/snap";
import { ROAD_CLASSES, type RoadNetwork } from "@/engine/network/types";
import { dijkstra, findEdge, rng } from "./helpers";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const geojson = path.join(dataDir, "roads/dcw_roads_de.geojson");

let dir: string, packFile: string, report: NetworkBuildReport, net: RoadNetwork, snapper: Snapper;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "netpack-"));
  packFile = path.join(dir, "de-dcw.pack");
  report = buildNetworkPack(geojson, packFile);
  net = loadNetworkPack(packFile);
  snapper = createSnapper(net);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bruteSnap(lat: number, lon: number) {
  let best = Infinity, bLat = 0, bLon = 0;
  for (let u = 0; u < net.nodeCount; u++) {
    for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
      const v = net.edgeTarget[e];
      const p = nearestOnSegment(lat, lon, net.nodeLat[u], net.nodeLon[u], net.nodeLat[v], net.nodeLon[v]);
      if (p.distanceM < best) { best = p.distanceM; bLat = p.lat; bLon = p.lon; }
    }
  }
  return { distanceM: best, lat: bLat, lon: bLon };
}

describe("DCW network pack", () => {
  it("builds one connected two-way network and reports what it dropped", () => {
    expect(report.id).toBe("de-dcw");
    expect(report.version).toMatch(/^[0-9a-f]{12}\.b\d+$/);
    expect(report.nodeCount).toBe(net.nodeCount);
    expect(report.nodeCount).toBeGreaterThan(40_000);
    expect(report.parts).toBeGreaterThan(1);
    expect(report.droppedParts).toBe(report.parts - 1);
    expect(report.droppedNodes).toBeGreaterThan(0);
    const totalKm = ROAD_CLASSES.reduce((s, c) => s + report.lengthKmByClass[c], 0);
    expect(totalKm).toBeGreaterThan(40_000);
    expect(totalKm).toBeLessThan(46_000);
    expect(report.lengthKmByClass.motorway).toBeGreaterThan(10_000);
    for (let u = 0; u < net.nodeCount; u++) {
      for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
        if (findEdge(net, net.edgeTarget[e], u) < 0) throw new Error(`edge ${e} has no reverse`);
      }
    }
  });

  it("loads back exactly the arrays that were built", () => {
    const fc = JSON.parse(readFileSync(geojson, "utf8"));
    const { net: built } = buildNetworkFromFeatures(fc.features, report.id, report.version);
    expect(net.id).toBe("de-dcw");
    expect(net.version).toBe(report.version);
    expect(net.attribution).toMatch(/Digital Chart of the World/);
    expect([net.nodeCount, net.edgeCount]).toEqual([built.nodeCount, built.edgeCount]);
    for (const k of ["nodeLat", "nodeLon", "firstEdge", "edgeTarget", "edgeLengthM", "edgeTimeS", "edgeClass"] as const) {
      const a = net[k], b = built[k];
      expect(a.constructor).toBe(b.constructor);
      expect(Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength)), k).toBe(true);
    }
  });

  it("rejects damaged packs", () => {
    const bytes = readFileSync(packFile);
    const bad = path.join(dir, "bad.pack");
    writeFileSync(bad, bytes.subarray(0, bytes.length - 1000));
    expect(() => loadNetworkPack(bad)).toThrow();
    writeFileSync(bad, Buffer.concat([Buffer.from("XXXX"), bytes.subarray(4)]));
    expect(() => loadNetworkPack(bad)).toThrow(/not a road network pack/);
  });

  it("routes Hamburg to Munich over a plausible length and time", () => {
    const a = snapper.snap(53.55, 9.99), b = snapper.snap(48.14, 11.58);
    expect(a.distanceM).toBeLessThan(5_000);
    expect(b.distanceM).toBeLessThan(5_000);
    const t0 = performance.now();
    const p = shortestPath(net, a.node, b.node)!;
    const ms = performance.now() - t0;
    expect(p).not.toBeNull();
    const km = p.lengthM / 1000, h = p.timeS / 3600;
    console.log(`Hamburg-Munich: ${km.toFixed(1)} km, ${h.toFixed(2)} h, ${p.nodes.length} nodes, ${ms.toFixed(1)} ms`);
    expect(km).toBeGreaterThan(700);
    expect(km).toBeLessThan(900);
    // Time must be the per-class length / speed sum, and mostly motorway speed.
    let expectS = 0;
    for (let i = 1; i < p.nodes.length; i++) {
      const e = findEdge(net, p.nodes[i - 1], p.nodes[i]);
      expectS += net.edgeLengthM[e] / (TRUCK_SPEED_KMH[ROAD_CLASSES[net.edgeClass[e]]] / 3.6);
    }
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
      const e = findEdge(net, p.nodes[i - 1], p.nodes[i]);
      expect(e).toBeGreaterThanOrEqual(0);
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
    for (let u = 0; u < net.nodeCount && checked === 0; u++) {
      for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
        const v = net.edgeTarget[e];
        if (v < u || net.edgeClass[e] !== 0 || net.edgeLengthM[e] < 3_000) continue;
        const mLat = (net.nodeLat[u] + net.nodeLat[v]) / 2, mLon = (net.nodeLon[u] + net.nodeLon[v]) / 2;
        const kx = Math.cos((mLat * Math.PI) / 180);
        const dx = (net.nodeLon[v] - net.nodeLon[u]) * kx, dy = net.nodeLat[v] - net.nodeLat[u];
        const len = Math.hypot(dx, dy), deg = OFF / 111_195;
        const pLat = mLat + (dx / len) * deg, pLon = mLon - (dy / len) * deg / kx;
        // Only use segments with no other road within 2.5 km of the test point.
        const others = bruteSnapExcept(pLat, pLon, u, v);
        if (others < 2_500) continue;
        const s = snapper.snap(pLat, pLon);
        const footErr = Math.hypot((s.lat - mLat) * 111_195, (s.lon - mLon) * 111_195 * kx);
        expect(footErr).toBeLessThan(5);
        expect(Math.abs(s.distanceM - OFF)).toBeLessThan(10);
        expect([u, v]).toContain(s.node);
        checked++;
        break;
      }
    }
    expect(checked).toBe(1);
  });

  it("agrees with brute force for random points, including 100+ km off the network", () => {
    const r = rng(99);
    const pts: [number, number][] = [[55.3, 4.5], [47.0, 2.0], [57.0, 10.0], [53.55, 9.99]];
    for (let i = 0; i < 60; i++) pts.push([46.5 + 9 * r(), 4.5 + 11.5 * r()]);
    // Near the middle of the longest segments, whose end nodes are far from the point.
    const longest = Array.from(net.edgeLengthM.keys()).sort((x, y) => net.edgeLengthM[y] - net.edgeLengthM[x]).slice(0, 40);
    for (const e of longest) {
      const v = net.edgeTarget[e], u = sourceOf(e);
      pts.push([(net.nodeLat[u] + net.nodeLat[v]) / 2 + 0.003, (net.nodeLon[u] + net.nodeLon[v]) / 2 - 0.004]);
    }
    let far = 0;
    for (const [lat, lon] of pts) {
      const s = snapper.snap(lat, lon), ref = bruteSnap(lat, lon);
      expect(s.distanceM).toBeCloseTo(ref.distanceM, 3);
      const e = findNodeSegment(s.node, s.lat, s.lon);
      expect(e, `snapped node ${s.node} is an endpoint of the snapped segment`).toBe(true);
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

function bruteSnapExcept(lat: number, lon: number, a: number, b: number): number {
  let best = Infinity;
  for (let u = 0; u < net.nodeCount; u++) {
    for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
      const v = net.edgeTarget[e];
      if ((u === a && v === b) || (u === b && v === a)) continue;
      best = Math.min(best, nearestOnSegment(lat, lon, net.nodeLat[u], net.nodeLon[u], net.nodeLat[v], net.nodeLon[v]).distanceM);
    }
  }
  return best;
}

/** True if the node has an incident segment passing through the snapped point, nearer its end. */
function findNodeSegment(node: number, lat: number, lon: number): boolean {
  for (let e = net.firstEdge[node]; e < net.firstEdge[node + 1]; e++) {
    const v = net.edgeTarget[e];
    const p = nearestOnSegment(lat, lon, net.nodeLat[node], net.nodeLon[node], net.nodeLat[v], net.nodeLon[v]);
    if (p.distanceM < 0.01 && p.t <= 0.5 + 1e-9) return true;
  }
  return false;
}
