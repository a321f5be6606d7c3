import { describe, expect, it } from "vitest";
import { buildGraph, largestStronglyConnected } from "@/engine/network/graph";
import { shortestPath } from "@/engine/network/route";
import { EDGE_LINK } from "@/engine/network/types";
import type { RoadWay } from "@/engine/network/ways";

const opts = { id: "t", version: "1", attribution: "test" };
const way = (coords: [number, number][], over: Partial<RoadWay> = {}): RoadWay => ({ coords, cls: "primary", oneway: 0, country: "DE", ...over });

describe("largestStronglyConnected", () => {
  it("keeps the cycle, not the vertex that can only be entered", () => {
    // 0 -> 1 -> 2 -> 0 is a cycle; 3 -> 0 can leave but never be reached.
    expect([...largestStronglyConnected(4, [0, 1, 2, 3], [1, 2, 0, 0])]).toEqual([1, 1, 1, 0]);
  });
});

describe("buildGraph", () => {
  it("joins ways at equal coordinates and routes across them", () => {
    const { net } = buildGraph([way([[50, 8], [50, 8.1]]), way([[50, 8.1], [50, 8.2]])], opts);
    expect(net.nodeCount).toBe(3);
    expect(net.edgeCount).toBe(4);
    const p = shortestPath(net, 0, 2)!;
    expect(p.lengthM / 1000).toBeCloseTo(14.3, 0);
  });

  it("joins ways by source node id even when coordinates differ slightly", () => {
    const a = way([[50, 8], [50, 8.1]], { nodeIds: [1, 2] });
    const b = way([[50, 8.1000004], [50, 8.2]], { nodeIds: [2, 3] });
    expect(buildGraph([a, b], opts).net.nodeCount).toBe(3);
  });

  it("honours one-way in both orientations and keeps only what is mutually reachable", () => {
    // A one-way loop 0->1->2->0 plus a one-way spur 2->3: the spur's end cannot return.
    const ways = [
      way([[50, 8], [50, 8.1]], { oneway: 1 }),
      way([[50, 8.1], [50.1, 8.05]], { oneway: 1 }),
      way([[50, 8], [50.1, 8.05]], { oneway: -1 }),
      way([[50.1, 8.05], [50.2, 8.05]], { oneway: 1 }),
    ];
    const { net, stats } = buildGraph(ways, opts);
    expect(net.nodeCount).toBe(3);
    expect(net.edgeCount).toBe(3);
    expect(stats.droppedNodes).toBe(1);
  });

  it("leaves out roads the pack's truck may not use", () => {
    const ways = [
      way([[50, 8], [50, 8.1]]),
      way([[50, 8.1], [50, 8.2]], { hgvForbidden: true }),
      way([[50, 8.1], [50.1, 8.1]], { maxweightT: 7.5 }),
      way([[50, 8], [50.1, 8.1]], { maxheightM: 3.5 }),
    ];
    const { net, stats } = buildGraph(ways, opts);
    expect(net.nodeCount).toBe(2);
    expect(stats.restrictedEdges).toBe(6);
  });

  it("times from the country's truck limits, never above maxspeed, links slow", () => {
    const { net } = buildGraph(
      [
        way([[50, 8], [50, 8.1]], { cls: "motorway", country: "FR" }),
        way([[50, 8.1], [50, 8.2]], { cls: "motorway", country: "DE" }),
        way([[50, 8.2], [50, 8.3]], { cls: "motorway", country: "DE", maxspeedKmh: 60 }),
        way([[50, 8.3], [50, 8.4]], { cls: "motorway", link: true, ref: "A7" }),
      ],
      opts,
    );
    const kmh = (e: number) => net.edgeLengthM[e] / net.edgeTimeS[e] * 3.6;
    const speeds = Array.from({ length: net.edgeCount }, (_, e) => Math.round(kmh(e)));
    expect(new Set(speeds)).toEqual(new Set([90, 80, 60, 45]));
    const link = Array.from({ length: net.edgeCount }, (_, e) => e).find((e) => net.attributes!.flags[e] & EDGE_LINK)!;
    expect(net.attributes!.strings[net.attributes!.ref[link]]).toBe("A7");
    expect(net.bounds).toEqual([50, 8, 50, 8.4]);
  });

  it("records the climb of each edge in its direction", () => {
    const climb = (aLat: number, _aLon: number, bLat: number) => ({ ascentM: Math.max(0, (bLat - aLat) * 1000), descentM: Math.max(0, (aLat - bLat) * 1000) });
    const { net } = buildGraph([way([[50, 8], [50.1, 8]])], { ...opts, climb });
    const up = net.nodeLat[0] < net.nodeLat[1] ? 0 : 1;
    const e = net.firstEdge[up];
    expect(net.attributes!.ascentM[e]).toBeCloseTo(100, 3);
    expect(net.attributes!.descentM[e]).toBe(0);
  });
});
