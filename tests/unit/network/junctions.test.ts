import { describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import { buildContractionHierarchy } from "@/engine/network/ch/build";
import { buildGraph } from "@/engine/network/graph";
import { contractChains } from "@/engine/network/junctions";
import { createRouter } from "@/engine/network/router";
import { edgeLine, edgeTails } from "@/engine/network/shape";
import { createSnapper } from "@/engine/network/snap";
import type { RoadNetwork } from "@/engine/network/types";
import type { RoadWay } from "@/engine/network/ways";
import { routeLegs } from "@/engine/plan/legs";
import type { PlanData, PlanSection } from "@/engine/plan/types";
import { dijkstra, rng } from "./helpers";

const opts = { id: "t", version: "1", attribution: "test" };
const way = (coords: [number, number][], over: Partial<RoadWay> = {}): RoadWay => ({ coords, cls: "primary", oneway: 0, country: "DE", ...over });
/** n points from a to b, bent sideways so that no three are in line. */
const bent = (a: [number, number], b: [number, number], n: number, bend = 0.002): [number, number][] =>
  Array.from({ length: n }, (_, i) => {
    const t = i / (n - 1);
    return [a[0] + (b[0] - a[0]) * t + bend * Math.sin(Math.PI * t), a[1] + (b[1] - a[1]) * t];
  });

describe("contractChains", () => {
  it("folds the points between junctions into shapes and keeps length, time and the road's course", () => {
    // A cross: four roads of 6 points each meet at (50, 8); one arm is one-way.
    const c: [number, number] = [50, 8];
    const ways = [
      way(bent([50, 7.9], c, 6)), way(bent(c, [50, 8.1], 6)),
      way(bent([49.9, 8], c, 6)), way(bent(c, [50.1, 8], 6), { oneway: 1 }),
      way(bent([50.1, 8], [50, 7.9], 4), { cls: "secondary" }), way(bent([50, 8.1], [49.9, 8], 4), { cls: "secondary" }),
      way(bent([49.9, 8], [50.1, 8], 4), { oneway: 1, cls: "secondary" }),
    ];
    const { net: full } = buildGraph(ways, opts);
    const net = contractChains(full);
    expect(net.nodeCount).toBe(5);
    expect(full.nodeCount - net.nodeCount).toBe(net.shapes!.lat.length);
    const sum = (a: Float32Array) => a.reduce((s, x) => s + x, 0);
    expect(sum(net.edgeLengthM)).toBeCloseTo(sum(full.edgeLengthM), 1);
    expect(sum(net.edgeTimeS)).toBeCloseTo(sum(full.edgeTimeS), 2);
    // Each edge's line is a run of the full graph's vertices, in its direction, as long as the edge.
    const tails = edgeTails(net);
    for (let e = 0; e < net.edgeCount; e++) {
      const line = edgeLine(net, e, tails[e]);
      let m = 0;
      for (let i = 1; i < line.length; i++) m += haversineM(...line[i - 1], ...line[i]);
      expect(m).toBeCloseTo(net.edgeLengthM[e], 0);
    }
    // The one-way arm runs one way only; the two-way arms share one shape, run backwards by the other edge.
    const shaped = [...net.shapes!.ofEdge].filter((s) => s !== 0);
    const forward = shaped.filter((s) => s > 0), backward = shaped.filter((s) => s < 0).map((s) => ~s);
    expect(new Set(forward).size).toBe(forward.length);
    expect(backward.every((s) => forward.includes(s))).toBe(true);
    expect(forward.length - backward.length).toBe(2); // the two one-way roads
  });

  it("keeps a vertex where the road changes (class, name, limit, climb direction) and at a loop's middle", () => {
    const a = way([[50, 8], [50, 8.05]], { name: "A" }), b = way([[50, 8.05], [50, 8.1]], { name: "B" });
    expect(contractChains(buildGraph([a, b], opts).net).nodeCount).toBe(3);
    const limit = [way([[50, 8], [50, 8.05]], { maxspeedKmh: 50 }), way([[50, 8.05], [50, 8.1]], { maxspeedKmh: 70 })];
    expect(contractChains(buildGraph(limit, opts).net).nodeCount).toBe(3);
    const same = [way([[50, 8], [50, 8.05]], { name: "A" }), way([[50, 8.05], [50, 8.1]], { name: "A" })];
    expect(contractChains(buildGraph(same, opts).net).nodeCount).toBe(2);
    // Up then down: an edge stays one slope.
    const { net: hill } = buildGraph([way([[50, 8], [50, 8.05], [50, 8.1], [50, 8.15]])], {
      ...opts, climb: (_aLat, aLon, _bLat, bLon) => (aLon + bLon < 16.1 ? { ascentM: 10, descentM: 0 } : { ascentM: 0, descentM: 10 }),
    });
    expect(contractChains(hill).nodeCount).toBe(3);
    // A lollipop: a ring that only meets the road at one junction keeps a vertex in it (no edge from a node to itself).
    const lollipop = [way([[50, 7.9], [50, 8]]), way([[50, 8], [50.01, 8.01], [50.02, 8], [50.01, 7.99], [50, 8]]), way([[50, 7.9], [49.99, 7.9], [50, 7.89], [50, 7.9]])];
    const net = contractChains(buildGraph(lollipop, opts).net);
    const tails = edgeTails(net);
    for (let e = 0; e < net.edgeCount; e++) expect(net.edgeTarget[e]).not.toBe(tails[e]);
    // A ring with no junction at all keeps one vertex too.
    expect(contractChains(buildGraph([way([[50, 8], [50, 8.1], [50.1, 8.1], [50, 8]])], opts).net).nodeCount).toBeGreaterThanOrEqual(1);
  });

  it("routes, snaps and lays out legs as the graph with every point a node does", () => {
    // A random road net: junctions on a jittered grid, roads between them with 2-9 shape points, some one-way.
    const r = rng(7);
    const ways: RoadWay[] = [];
    const at = (i: number, j: number): [number, number] => [50 + i * 0.05 + 0.01 * Math.sin(i * 7 + j), 8 + j * 0.07 + 0.01 * Math.cos(i * 3 + j * 5)];
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        if (j < 5) ways.push(way(bent(at(i, j), at(i, j + 1), 2 + Math.floor(r() * 8), 0.004 * (r() - 0.5)), { oneway: r() < 0.15 ? 1 : 0, cls: r() < 0.3 ? "motorway" : "primary" }));
        if (i < 5) ways.push(way(bent(at(i, j), at(i + 1, j), 2 + Math.floor(r() * 8), 0.004 * (r() - 0.5)), { oneway: r() < 0.15 ? -1 : 0 }));
      }
    }
    const { net: full } = buildGraph(ways, opts);
    const net = contractChains(full);
    expect(net.nodeCount).toBeLessThan(full.nodeCount / 3);
    const dataOf = (n: RoadNetwork) => {
      const ch = buildContractionHierarchy({ nodeCount: n.nodeCount, firstEdge: n.firstEdge, edgeTarget: n.edgeTarget, weight: n.edgeTimeS });
      return { network: n, snapper: createSnapper(n), router: createRouter(n, ch) } as unknown as PlanData;
    };
    const a = dataOf(full), b = dataOf(net);
    // Fastest times between junctions agree with the full graph's.
    const fullNodeOf = (v: number) => full.nodeLat.findIndex((lat, i) => lat === net.nodeLat[v] && full.nodeLon[i] === net.nodeLon[v]);
    const d0 = dijkstra(full, fullNodeOf(0)), d1 = dijkstra(net, 0);
    for (let v = 0; v < net.nodeCount; v++) expect(d1[v]).toBeCloseTo(d0[fullNodeOf(v)], 2);
    // Random section ends: the same snapped point, and the same leg (length, time, course).
    for (let k = 0; k < 60; k++) {
      const p: [number, number] = [50 + 0.25 * r(), 8 + 0.35 * r()], q: [number, number] = [50 + 0.25 * r(), 8 + 0.35 * r()];
      const sa = a.snapper.snap(...p), sb = b.snapper.snap(...p);
      expect(sb.distanceM).toBeCloseTo(sa.distanceM, 6);
      const section = { start: p, stop: q } as PlanSection;
      const [la] = routeLegs(a, [section]), [lb] = routeLegs(b, [section]);
      expect(lb.path.lengthM).toBeCloseTo(la.path.lengthM, 0);
      expect(lb.path.timeS).toBeCloseTo(la.path.timeS, 1);
      // Every coordinate of the full graph's leg is one of the junction graph's (the same course).
      expect(lb.path.coords.length).toBe(la.path.coords.length);
      lb.path.coords.forEach((c, i) => {
        expect(c[0]).toBeCloseTo(la.path.coords[i][0], 9);
        expect(c[1]).toBeCloseTo(la.path.coords[i][1], 9);
        expect(lb.path.cumDistM[i]).toBeCloseTo(la.path.cumDistM[i], 0);
      });
    }
  });

  it("drives from a point to one further along the same road without leaving it, and around where the road is one-way", () => {
    // One long road between two junctions (a triangle of roads), 40 points, no junction between.
    const long = way(bent([50, 8], [50, 8.5], 40, 0.01)), back = [way(bent([50, 8.5], [50.2, 8.25], 5), { cls: "secondary" }), way(bent([50.2, 8.25], [50, 8], 5), { cls: "secondary" })];
    for (const oneway of [0, 1] as const) {
      const net = contractChains(buildGraph([{ ...long, oneway }, ...back], opts).net);
      const ch = buildContractionHierarchy({ nodeCount: net.nodeCount, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget, weight: net.edgeTimeS });
      const data = { network: net, snapper: createSnapper(net), router: createRouter(net, ch) } as unknown as PlanData;
      const p: [number, number] = [50.006, 8.1], q: [number, number] = [50.008, 8.4];
      const ahead = routeLegs(data, [{ start: p, stop: q } as PlanSection])[0];
      // Along the road: about 0.3 of its 36 km, no node on the way.
      expect(ahead.path.nodes).toEqual([]);
      expect(ahead.path.lengthM / 1000).toBeGreaterThan(21);
      expect(ahead.path.lengthM / 1000).toBeLessThan(23);
      expect([...ahead.segmentEdge].every((e) => e === ahead.from.edge || e === ahead.from.reverseEdge)).toBe(true);
      const backwards = routeLegs(data, [{ start: q, stop: p } as PlanSection])[0];
      if (oneway === 0) expect(backwards.path.lengthM).toBeCloseTo(ahead.path.lengthM, 3);
      else expect(backwards.path.lengthM / 1000).toBeGreaterThan(50); // round the triangle
    }
  });
});
