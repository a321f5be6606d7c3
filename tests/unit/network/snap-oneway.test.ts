import { describe, expect, it } from "vitest";
import { buildGraph } from "@/engine/network/graph";
import { createSnapper } from "@/engine/network/snap";
import type { RoadWay } from "@/engine/network/ways";

// A one-way loop: west->east along 50.00 N, back east->west along 50.01 N.
const ways: RoadWay[] = [
  { coords: [[50, 8], [50, 8.1]], cls: "motorway", oneway: 1, country: "DE" },
  { coords: [[50, 8.1], [50.01, 8.1]], cls: "motorway", oneway: 1, country: "DE" },
  { coords: [[50.01, 8.1], [50.01, 8]], cls: "motorway", oneway: 1, country: "DE" },
  { coords: [[50.01, 8], [50, 8]], cls: "motorway", oneway: 1, country: "DE" },
];
const { net } = buildGraph(ways, { id: "t", version: "1", attribution: "" });
const node = (lat: number, lon: number) => [...net.nodeLat.keys()].find((i) => net.nodeLat[i] === lat && net.nodeLon[i] === lon)!;

describe("snapping onto one-way roads", () => {
  it("departs towards the end of a one-way segment and arrives from its start", () => {
    // Close to the west end of the eastbound carriageway.
    const p = createSnapper(net).snap(49.999, 8.01);
    expect(p.node).toBe(node(50, 8));
    expect(p.departNode).toBe(node(50, 8.1));
    expect(p.arriveNode).toBe(node(50, 8));
    expect(p.lat).toBeCloseTo(50, 6);
  });
  it("uses the nearer end of a two-way segment both ways", () => {
    const { net: two } = buildGraph([{ coords: [[50, 8], [50, 8.1]], cls: "primary", oneway: 0, country: "DE" }], { id: "t", version: "1", attribution: "" });
    const p = createSnapper(two).snap(50.001, 8.09);
    expect(p.departNode).toBe(p.node);
    expect(p.arriveNode).toBe(p.node);
    expect(two.nodeLon[p.node]).toBeCloseTo(8.1, 6);
  });
});
