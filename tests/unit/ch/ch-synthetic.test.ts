import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chFromArrays, chToArrays } from "@/engine/network/ch/arrays";
import { buildContractionHierarchy, countShortcuts, describeChProgress, NO_ARC, type ChBuildOptions, type ChProgress, type ContractionHierarchy } from "@/engine/network/ch/build";
import { createChQuery } from "@/engine/network/ch/query";
import { loadPack, writeNetworkPack } from "@/engine/network/pack";
import type { RoadNetwork } from "@/engine/network/types";
import { dijkstra, networkFromEdges, rng, syntheticNetwork } from "../network/helpers";
import { checkPair } from "./check";

type Edge = { from: number; to: number; lengthM: number; timeS: number };
const graph = (n: number, edges: Edge[]) => networkFromEdges(new Array(n).fill(50), new Array(n).fill(9), edges);
const build = (net: RoadNetwork, opts?: ChBuildOptions) =>
  buildContractionHierarchy({ nodeCount: net.nodeCount, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget, weight: net.edgeTimeS }, opts);
const shortcuts = (ch: ContractionHierarchy) =>
  [...ch.fwdHalf2, ...ch.bwdHalf2].filter((h) => h !== NO_ARC).length;

/** Random one-way and two-way edges, loops, parallel edges; integer weights make many ties. */
function randomDigraph(seed: number, n: number, m: number, intWeights: boolean): RoadNetwork {
  const r = rng(seed);
  const wt = () => (intWeights ? Math.floor(r() * 4) : 1 + 99 * r());
  const edges: Edge[] = [];
  for (let k = 0; k < m; k++) {
    const from = Math.floor(r() * n), to = Math.floor(r() * n);
    edges.push({ from, to, lengthM: 1, timeS: wt() });
    if (r() < 0.4) edges.push({ from: to, to: from, lengthM: 1, timeS: wt() });
    if (r() < 0.15) edges.push({ from, to, lengthM: 1, timeS: wt() });
  }
  return graph(n, edges);
}

/** w x h street grid, a third of the streets one-way (either direction). */
function grid(seed: number, w: number, h: number): RoadNetwork {
  const r = rng(seed);
  const edges: Edge[] = [];
  const street = (a: number, b: number) => {
    const x = r(), t = 1 + 9 * r();
    if (x > 1 / 6) edges.push({ from: a, to: b, lengthM: 1, timeS: t });
    if (x < 1 / 6 || x > 1 / 3) edges.push({ from: b, to: a, lengthM: 1, timeS: t * (0.8 + 0.4 * r()) });
  };
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
    if (x + 1 < w) street(y * w + x, y * w + x + 1);
    if (y + 1 < h) street(y * w + x, (y + 1) * w + x);
  }
  return graph(w * h, edges);
}

/** Every pair against Dijkstra; returns the problems and how many pairs were unreachable. */
function allPairs(net: RoadNetwork, ch: ContractionHierarchy) {
  const q = createChQuery(ch);
  const bad: string[] = [];
  let unreachable = 0;
  for (let s = 0; s < net.nodeCount; s++) {
    const d = dijkstra(net, s);
    for (let t = 0; t < net.nodeCount; t++) {
      if (d[t] === Infinity) unreachable++;
      const p = checkPair(net, q, s, t, d[t]);
      if (p && bad.length < 5) bad.push(p);
    }
  }
  return { bad, unreachable };
}

describe("contraction hierarchy on synthetic directed graphs", () => {
  it("equals Dijkstra on every pair of random graphs of all densities", () => {
    let unreachable = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const n = 2 + (seed * 7) % 50, net = randomDigraph(seed, n, Math.floor(n * (0.5 + (seed % 4))), false);
      const res = allPairs(net, build(net));
      expect(res.bad, `seed ${seed}`).toEqual([]);
      unreachable += res.unreachable;
    }
    expect(unreachable).toBeGreaterThan(1000);
  });

  it("equals Dijkstra with tied and zero weights", () => {
    for (let seed = 100; seed < 130; seed++) {
      const net = randomDigraph(seed, 40, 100, true);
      expect(allPairs(net, build(net)).bad, `seed ${seed}`).toEqual([]);
    }
  });

  it("equals Dijkstra on one-way street grids, also when witness searches are starved", () => {
    for (let seed = 1; seed <= 3; seed++) {
      const net = grid(seed, 15, 12);
      const full = build(net), starved = build(net, { maxSettled: 2, maxHops: 1 });
      expect(allPairs(net, full).bad).toEqual([]);
      expect(allPairs(net, starved).bad).toEqual([]);
      expect(shortcuts(starved)).toBeGreaterThan(shortcuts(full));
    }
  });

  it("follows one-way edges and reports unreachable and isolated nodes", () => {
    const net = syntheticNetwork(42);
    const q = createChQuery(build(net));
    const oneWay = net.nodeCount - 2, isolated = net.nodeCount - 1;
    expect(q.route(0, oneWay)).not.toBeNull();
    expect(q.route(oneWay, 0)).toBeNull();
    expect(q.cost(oneWay, 0)).toBe(Infinity);
    expect(q.route(0, isolated)).toBeNull();
    expect(q.route(isolated, isolated)).toEqual({ cost: 0, edges: [] });
  });

  it("handles a single node, with and without a loop, and an empty graph", () => {
    for (const edges of [[], [{ from: 0, to: 0, lengthM: 1, timeS: 3 }]]) {
      const q = createChQuery(build(graph(1, edges)));
      expect(q.route(0, 0)).toEqual({ cost: 0, edges: [] });
      expect(q.cost(0, 0)).toBe(0);
    }
    const empty = build(graph(0, []));
    expect(empty.rank).toHaveLength(0);
    expect(() => createChQuery(empty).route(0, 0)).toThrow(RangeError);
  });

  it("keeps the lighter of parallel edges and returns its id", () => {
    const net = graph(3, [
      { from: 0, to: 1, lengthM: 1, timeS: 5 }, { from: 0, to: 1, lengthM: 1, timeS: 2 },
      { from: 1, to: 2, lengthM: 1, timeS: 1 }, { from: 1, to: 2, lengthM: 1, timeS: 1.5 },
    ]);
    expect(createChQuery(build(net)).route(0, 2)).toEqual({ cost: 3, edges: [1, 2] });
  });

  it("rejects bad input and node ids outside the graph", () => {
    const net = graph(2, [{ from: 0, to: 1, lengthM: 1, timeS: 1 }]);
    const g = { nodeCount: 2, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget };
    expect(() => buildContractionHierarchy({ ...g, weight: new Float32Array([-1]) })).toThrow(/weight/);
    expect(() => buildContractionHierarchy({ ...g, weight: new Float64Array([NaN]) })).toThrow(/weight/);
    expect(() => buildContractionHierarchy({ ...g, nodeCount: 3, weight: net.edgeTimeS })).toThrow(/inconsistent/);
    const q = createChQuery(build(net));
    expect(() => q.route(-1, 0)).toThrow(RangeError);
    expect(() => q.cost(0, 2)).toThrow(RangeError);
    expect(() => q.cost(0.5, 1)).toThrow(RangeError);
  });

  it("takes Float64 weights", () => {
    const net = randomDigraph(7, 30, 80, false);
    const ch = buildContractionHierarchy({ ...net, weight: Float64Array.from(net.edgeTimeS) });
    expect(allPairs(net, ch).bad).toEqual([]);
  });
});

describe("contraction hierarchy with a bounded build", () => {
  it("leaves a dense grid's core uncontracted, reports its progress, and stays exact", () => {
    const net = grid(4, 20, 20), reports: ChProgress[] = [];
    const ch = build(net, { maxCoreDegree: 4, minCoreNodes: 30, progressMs: 0, onProgress: (p) => reports.push(p) });
    // The bound kicked in: some nodes contracted, at least minCoreNodes left as the core.
    expect(ch.coreStart).toBeGreaterThan(0);
    expect(ch.nodeCount - ch.coreStart).toBeGreaterThanOrEqual(30);
    expect(ch.nodeCount - ch.coreStart).toBeLessThan(ch.nodeCount / 2);
    const last = reports[reports.length - 1];
    expect(reports.length).toBeGreaterThan(2);
    expect(reports.slice(0, -1).every((p) => !p.done && p.contracted < last.contracted)).toBe(true);
    expect(last).toMatchObject({ done: true, contracted: ch.coreStart, nodeCount: net.nodeCount, shortcuts: countShortcuts(ch) });
    expect(last.coreDegree).toBeGreaterThan(4);
    expect(describeChProgress(last)).toMatch(/nodes left as the core$/);
    expect(allPairs(net, ch).bad).toEqual([]);
    // A downward arc is valid only between two core nodes.
    const coreArc = ch.fwdFirstOut[ch.coreStart];
    expect(ch.fwdHead[coreArc]).toBeGreaterThanOrEqual(ch.coreStart);
    const head = ch.fwdHead.slice();
    head[coreArc] = 0;
    expect(() => chFromArrays({ ...chToArrays(ch), "ch.fwdHead": head }, net.edgeCount)).toThrow(/invalid/);
    // Through the pack's arrays, as the server loads it.
    const back = chFromArrays(chToArrays(ch), net.edgeCount);
    expect(back.coreStart).toBe(ch.coreStart);
    expect(allPairs(net, back).bad).toEqual([]);
  });

  it("is exact with the whole graph as the core (a plain bidirectional Dijkstra)", () => {
    for (let seed = 1; seed <= 5; seed++) {
      const net = randomDigraph(seed, 40, 120, seed % 2 === 0), ch = build(net, { maxCoreDegree: 0, minCoreNodes: 1 });
      expect(ch.coreStart).toBe(0);
      expect(allPairs(net, ch).bad, `seed ${seed}`).toEqual([]);
    }
  });

  it("contracts everything below minCoreNodes, and road-like graphs under the defaults", () => {
    const net = grid(5, 12, 12);
    expect(build(net, { maxCoreDegree: 1, minCoreNodes: 1000 }).coreStart).toBe(net.nodeCount);
    expect(build(net).coreStart).toBe(net.nodeCount);
  });
});

describe("contraction hierarchy arrays", () => {
  it("round-trip through a network pack and answer the same", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "ch-"));
    try {
      const net = grid(9, 10, 10), ch = build(net), file = path.join(dir, "g.pack");
      writeNetworkPack(net, { source: "test", attribution: "test" }, file, chToArrays(ch));
      const back = chFromArrays(loadPack(file).arrays, net.edgeCount);
      expect(allPairs(net, back).bad).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("accept every hierarchy the builder makes", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const net = randomDigraph(seed, 30, 90, seed % 2 === 0);
      expect(() => chFromArrays(chToArrays(build(net)), net.edgeCount)).not.toThrow();
    }
  });

  it("reject arrays the query could loop or read out of bounds on", () => {
    const net = grid(3, 6, 6), ch = build(net);
    const s = ch.fwdHalf2.findIndex((h) => h !== NO_ARC);
    expect(s).toBeGreaterThanOrEqual(0);
    const broken = (edit: (c: ContractionHierarchy) => void) => {
      const c = Object.fromEntries(Object.entries(ch).map(([k, v]) => [k, typeof v === "number" ? v : v.slice()])) as unknown as ContractionHierarchy;
      edit(c);
      return () => chFromArrays(chToArrays(c), net.edgeCount);
    };
    expect(broken(() => {})).not.toThrow();
    expect(broken((c) => { c.fwdHalf2[s] = s; })).toThrow(/invalid/); // a shortcut made of itself
    expect(broken((c) => { c.fwdHead[0] = 0; })).toThrow(/invalid/);
    expect(broken((c) => { c.rank[0] = c.rank[1]; })).toThrow(/permutation/);
    expect(broken((c) => { c.bwdFirstOut[1] = 1e6; })).toThrow(/CSR/);
    const orig = ch.fwdHalf2.indexOf(NO_ARC);
    expect(broken((c) => { c.fwdHalf1[orig] = net.edgeCount; })).toThrow(/invalid/);
    const arrays = chToArrays(ch);
    expect(() => chFromArrays({ ...arrays, "ch.fwdWeight": new Float32Array(ch.fwdWeight) }, net.edgeCount)).toThrow(/wrong type/);
    expect(() => chFromArrays({ ...arrays, "ch.coreStart": Uint32Array.of(ch.nodeCount + 1) }, net.edgeCount)).toThrow(/coreStart/);
    const { "ch.coreStart": _, ...withoutCore } = arrays;
    expect(chFromArrays(withoutCore, net.edgeCount).coreStart).toBe(ch.nodeCount); // packs from before the core
  });
});
