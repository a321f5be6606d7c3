import path from "node:path";
import { describe, expect, it } from "vitest";
import { splitByCountry } from "@/engine/network/sources/borders";
import type { Pt } from "@/engine/network/sources/lines";
import { nodeLines, readNaturalEarth } from "@/engine/network/sources/naturalearth";
import { wayGraph } from "./graph";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");

describe("noding (synthetic)", () => {
  it("splits two crossing lines at the crossing", () => {
    const { lines, report } = nodeLines([[[10, 50], [10.2, 50]], [[10.1, 49.9], [10.1, 50.1]]]);
    expect(report.intersectionsSplit).toBe(1);
    expect(lines).toHaveLength(4);
    expect(report.components).toBe(1);
    expect(report.looseEnds).toBe(4);
    for (const l of lines) expect(l.some((p) => Math.abs(p[0] - 10.1) < 1e-9 && Math.abs(p[1] - 50) < 1e-9)).toBe(true);
  });

  it("does not count a vertex the lines already share", () => {
    const { report } = nodeLines([[[10, 50], [10.1, 50]], [[10.1, 50], [10.2, 50.1]]]);
    expect(report.intersectionsSplit).toBe(0);
    expect(report.components).toBe(1);
  });

  it("snaps a loose end onto the nearest point of another line within the tolerance", () => {
    const t: Pt[][] = [[[10, 50], [10.2, 50]], [[10.1, 50.003], [10.1, 50.1]]]; // end ~330 m short
    const snapped = nodeLines(t);
    expect(snapped.report.snappedEnds).toBe(1);
    expect(snapped.report.maxSnapM).toBeGreaterThan(300);
    expect(snapped.report.components).toBe(1);
    expect(snapped.lines).toHaveLength(3);
    const loose = nodeLines(t, { snapM: 200 });
    expect(loose.report.snappedEnds).toBe(0);
    expect(loose.report.components).toBe(2);
  });

  it("merges ends a few metres apart", () => {
    const { report } = nodeLines([[[10, 50], [10.1, 50]], [[10.10005, 50.00005], [10.2, 50.1]]]);
    expect(report.mergedVertices).toBe(1);
    expect(report.components).toBe(1);
    expect(report.snappedEnds).toBe(0);
  });

  it("cuts a line where it crosses a border", () => {
    const at = (_lat: number, lon: number) => (lon < 10.0537 ? "AA" : lon < 10.06 ? null : "BB");
    const pieces = splitByCountry([[10, 50], [10.03, 50], [10.1, 50]], at);
    expect(pieces.map((p) => p.country)).toEqual(["AA", "BB"]);
    expect(pieces[0].line[pieces[0].line.length - 1]).toEqual(pieces[1].line[0]);
    expect(Math.abs(pieces[1].line[0][0] - 10.06)).toBeLessThan(1e-5); // the sea gap counts as AA
    expect(pieces[0].toCountry).toBe("BB");
    expect(pieces[1].fromCountry).toBe("AA");
  });
});

describe("gap closing (synthetic)", () => {
  // At 50 N: 0.01 deg lon ~ 715 m, 0.01 deg lat ~ 1112 m.
  const on = { gaps: {} }; // the defaults: 10 km, factor 4, every connector allowed

  it("joins two ends that stop ~5 km short of each other with one connector", () => {
    const t: Pt[][] = [[[14.0, 50], [14.3, 50]], [[14.37, 50], [14.7, 50]]];
    expect(nodeLines(t).connectors).toEqual([]); // off unless asked for
    expect(nodeLines(t).report.components).toBe(2);
    const { lines, connectors, report } = nodeLines(t, on);
    expect(lines).toHaveLength(2); // connectors come apart from the lines
    expect(connectors).toHaveLength(1);
    const [g] = connectors;
    expect(g.distanceM).toBeGreaterThan(4900);
    expect(g.distanceM).toBeLessThan(5100);
    expect(g.networkM).toBeNull(); // were not connected
    expect(g.source).toBe("gap:50.0000,14.3000-50.0000,14.3700");
    expect(report).toMatchObject({ components: 1, looseEnds: 2, gapCandidates: 1, gapConnectors: 1, gapMaxM: g.distanceM, ways: 3 });
    expect(report.gapConnectorKm).toBeCloseTo(g.distanceM / 1000, 1);
  });

  it("leaves ends farther apart than gapM", () => {
    const t: Pt[][] = [[[14.0, 50], [14.3, 50]], [[14.47, 50], [14.7, 50]]]; // ~12 km
    expect(nodeLines(t, on).connectors).toHaveLength(0);
    expect(nodeLines(t, { gaps: { gapM: 15_000 } }).connectors).toHaveLength(1);
    expect(nodeLines(t, { gaps: { gapM: 0 } }).connectors).toHaveLength(0);
  });

  it("connects when the network detours more than detourFactor x the gap, not otherwise", () => {
    // A U: its two ends 5 km apart, ~49.5 km apart along it.
    const u: Pt[][] = [[[14.3, 50], [14.3, 50.2], [14.37, 50.2], [14.37, 50]]];
    const long = nodeLines(u, on);
    expect(long.connectors).toHaveLength(1);
    expect(long.connectors[0].networkM).toBeGreaterThan(49_000);
    expect(long.connectors[0].networkM).toBeLessThan(50_000);
    const short = nodeLines(u, { gaps: { detourFactor: 12 } });
    expect(short.connectors).toHaveLength(0);
    expect(short.report.gapSkippedConnected).toBe(1);
  });

  it("counts each connector for the pairs after it (shortest gap first)", () => {
    // Two parallel roads ~3 km apart, ~21 km long, loose at both ends: ~3.0 km gap west, ~3.2 km east.
    const par: Pt[][] = [[[14.0, 50], [14.3, 50]], [[14.0, 50.027], [14.3, 50.029]]];
    // Default factor: after the west connector the east ends are ~46 km apart along the roads (> 4 x 3.2 km).
    expect(nodeLines(par, on).connectors).toHaveLength(2);
    // Factor 15 (48 km): the west connector makes the east pair close enough already.
    const r = nodeLines(par, { gaps: { detourFactor: 15 } });
    expect(r.connectors).toHaveLength(1);
    expect(r.connectors[0].line.every((p) => p[0] === 14.0)).toBe(true);
    expect(r.report.gapSkippedConnected).toBe(1);
  });

  it("uses each end at most once", () => {
    // Three roads ending near one spot: ends ~2.1 km (A-B), ~3.3 km (A-C), ~3.9 km (B-C) apart.
    const t: Pt[][] = [[[14.0, 50], [14.3, 50]], [[14.33, 50], [14.6, 50]], [[14.3, 50.03], [14.3, 50.3]]];
    const { connectors, report } = nodeLines(t, on);
    expect(connectors).toHaveLength(1);
    expect(connectors[0].distanceM).toBeLessThan(2200);
    expect(report.gapCandidates).toBe(3);
    expect(report.components).toBe(2); // C stays apart: both ends near it are taken
  });

  it("builds no connector the allow test refuses", () => {
    const t: Pt[][] = [[[14.0, 50], [14.3, 50]], [[14.37, 50], [14.7, 50]]];
    const seen: [Pt, Pt][] = [];
    const r = nodeLines(t, { gaps: { allow: (a, b) => { seen.push([a, b]); return false; } } });
    expect(r.connectors).toHaveLength(0);
    expect(r.report.gapRejected).toBe(1);
    expect(r.report.components).toBe(2);
    expect(seen).toEqual([[[14.3, 50], [14.37, 50]]]);
  });

  it("readNaturalEarth keeps connectors as primary ways", () => {
    const src = readNaturalEarth(path.join(dataDir, "roads/ne_10m_roads_europe.geojson"), { snapM: 1500, gaps: {} });
    const gapWays = src.ways.filter((w) => w.source?.startsWith("gap:"));
    expect(gapWays.length).toBe(src.report.gapConnectors);
    expect(gapWays.length).toBeGreaterThan(5);
    expect(gapWays.every((w) => w.cls === "primary" && w.coords.length === 2)).toBe(true);
    expect(new Set(wayGraph(src.ways).comp).size).toBe(src.report.components);
  });
});

describe("Natural Earth 10m Europe", () => {
  const file = path.join(dataDir, "roads/ne_10m_roads_europe.geojson");

  it("nodes the lines so the largest component holds most of the length", () => {
    const src = readNaturalEarth(file);
    const r = src.report;
    expect(r.lines).toBe(1098);
    expect(r.intersectionsSplit).toBeGreaterThan(100);
    expect(r.snappedEnds).toBeGreaterThan(500);
    expect(r.maxSnapM).toBeLessThanOrEqual(500);
    expect(r.totalKm).toBeGreaterThan(60_000);
    expect(r.totalKm).toBeLessThan(66_000);
    expect(r.largestComponentKm / r.totalKm).toBeGreaterThan(0.7);
    expect(src.ways.every((w) => w.cls === "motorway" && w.coords.length >= 2)).toBe(true);
    // The independent oracle agrees on the parts.
    const g = wayGraph(src.ways);
    expect(new Set(g.comp).size).toBe(r.components);
  });

  it("a wider snap tolerance joins the mainland (Hungary, Denmark, Italy)", () => {
    const r = readNaturalEarth(file, { snapM: 1500 }).report;
    expect(r.largestComponentKm / r.totalKm).toBeGreaterThan(0.85);
    expect(r.looseEnds).toBeLessThan(readNaturalEarth(file).report.looseEnds);
  });
});
