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
