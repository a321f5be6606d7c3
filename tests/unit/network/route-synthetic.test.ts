import { describe, expect, it } from "vitest";
import { shortestPath } from "@/engine/network/route";
import { bellmanFord, findEdge, rng, syntheticNetwork } from "./helpers";

describe("shortestPath on a synthetic graph", () => {
  const net = syntheticNetwork(42);
  const pick = rng(7);

  it("matches Bellman-Ford on random pairs", () => {
    let routed = 0;
    for (let k = 0; k < 25; k++) {
      const s = Math.floor(pick() * net.nodeCount), t = Math.floor(pick() * net.nodeCount);
      const ref = bellmanFord(net, s)[t];
      const p = shortestPath(net, s, t);
      if (ref === Infinity) { expect(p).toBeNull(); continue; }
      routed++;
      expect(p).not.toBeNull();
      expect(p!.timeS).toBeCloseTo(ref, 6);
      expect(p!.nodes[0]).toBe(s);
      expect(p!.nodes.at(-1)).toBe(t);
      for (let i = 1; i < p!.nodes.length; i++) expect(findEdge(net, p!.nodes[i - 1], p!.nodes[i])).toBeGreaterThanOrEqual(0);
    }
    expect(routed).toBeGreaterThan(15);
  });

  it("follows one-way edges and reports unreachable targets", () => {
    const oneWay = net.nodeCount - 2, isolated = net.nodeCount - 1;
    expect(shortestPath(net, 0, oneWay)).not.toBeNull();
    expect(shortestPath(net, oneWay, 0)).toBeNull();
    expect(shortestPath(net, 0, isolated)).toBeNull();
  });

  it("returns a single-point path from a node to itself", () => {
    const p = shortestPath(net, 3, 3)!;
    expect(p.nodes).toEqual([3]);
    expect(p.coords).toHaveLength(1);
    expect(p.lengthM).toBe(0);
    expect(p.timeS).toBe(0);
  });

  it("rejects node ids outside the network", () => {
    expect(() => shortestPath(net, -1, 0)).toThrow(RangeError);
    expect(() => shortestPath(net, 0, net.nodeCount)).toThrow(RangeError);
  });
});
