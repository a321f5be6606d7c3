// The network commands as an operator runs them.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decodePolyline } from "@/engine/network/polyline";
import { loadNetworkPack } from "@/engine/network/pack";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  execFileSync("npx", ["tsx", script, ...args], { encoding: "utf8", env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });

describe("npm run route", () => {
  it("prints distance, time, ascent, descent and a polyline; picks the OSM pack inside its region", () => {
    const out = JSON.parse(run("scripts/route.ts", ["--from", "52.37,9.74", "--to", "52.27,10.52", "--json"]));
    expect(out.pack.id).toBe("osm-hannover-braunschweig-main-roads");
    expect(out.pack.technique).toBe("contraction-hierarchy");
    expect(out.distance_m / 1000).toBeGreaterThan(55);
    expect(out.distance_m / 1000).toBeLessThan(80);
    expect(out.time_s).toBeGreaterThan(0);
    expect(out.ascent_m).toBeGreaterThanOrEqual(0);
    expect(out.descent_m).toBeGreaterThanOrEqual(0);
    expect(decodePolyline(out.polyline).length).toBeGreaterThan(10);
    expect(out.turn_by_turn.join(" ")).toMatch(/A ?2/);
  });
  it("routes on a named pack", () => {
    const out = JSON.parse(run("scripts/route.ts", ["--from", "52.37,9.74", "--to", "52.27,10.52", "--pack", "europe", "--json"]));
    expect(out.pack.id).toBe("europe");
  });
});

describe("npm run network:export and network:import", () => {
  it("exports junctions and directed edges, with their lines, as CSV", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "export-"));
    run("scripts/network-export.ts", ["--pack", "osm-north-bayreuth", "--format", "csv", "--out", out]);
    const edges = fs.readFileSync(path.join(out, "edges.csv"), "utf8").trim().split("\n");
    expect(edges[0]).toBe("id,source,target,length_m,time_s,class,country,ref,name,ascent_m,descent_m,geometry");
    const net = loadNetworkPack(path.join(".data/packs", "network-osm-north-bayreuth.bin"));
    expect(edges.length - 1).toBe(net.edgeCount);
    expect(fs.readFileSync(path.join(out, "nodes.csv"), "utf8").trim().split("\n").length - 1).toBe(net.nodeCount);
    expect(edges.some((l) => /,B 85,/.test(l))).toBe(true); // refs travel with the edges
    // Each edge's line runs through its shape: more points than its two ends where the road bends between junctions.
    const points = edges.slice(1).map((l) => /"LINESTRING\(([^)]*)\)"$/.exec(l)![1].split(",").length);
    expect(points.every((n) => n >= 2)).toBe(true);
    expect(points.reduce((a, b) => a + b, 0)).toBeGreaterThan(2 * net.edgeCount + net.shapes!.lat.length);
  });
  it("exports GeoJSON", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "export-")), "g.geojson");
    run("scripts/network-export.ts", ["--pack", "osm-north-bayreuth", "--format", "geojson", "--out", file]);
    const fc = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(fc.type).toBe("FeatureCollection");
    expect(fc.features.some((f: any) => f.properties.kind === "edge" && f.geometry.type === "LineString")).toBe(true);
  });
  it("imports an OSM PBF extract into a pack", () => {
    const packDir = fs.mkdtempSync(path.join(os.tmpdir(), "packs-"));
    const out = run("scripts/network-import.ts", [path.join(dataDir, "osm/limburg_an_der_lahn.osm.pbf")], { PACK_DIR: packDir });
    expect(out).toMatch(/osm-limburg-an-der-lahn/);
    const net = loadNetworkPack(path.join(packDir, "network-osm-limburg-an-der-lahn.bin"));
    // 1,871 vertices, of which the junctions are the nodes and the rest the roads' shapes.
    expect(net.nodeCount).toBeGreaterThan(150);
    expect(net.nodeCount + net.shapes!.lat.length).toBeGreaterThan(1000);
    expect(net.attributes!.strings.some((s) => /A ?3/.test(s))).toBe(true);
  });
});
