import { describe, expect, it } from "vitest";
import { buildGraph } from "@/engine/network/graph";
import { turnByTurn } from "@/engine/network/narrative";
import { shortestPath } from "@/engine/network/route";
import type { RoadWay } from "@/engine/network/ways";

const w = (lon0: number, lon1: number, over: Partial<RoadWay>): RoadWay => ({ coords: [[52, lon0], [52, lon1]], cls: "motorway", oneway: 0, country: "DE", ...over });

describe("turnByTurn", () => {
  it("says which roads to follow, for how long, and which exit to take", () => {
    const { net } = buildGraph(
      [
        w(9.0, 10.0, { ref: "A7" }),
        w(10.0, 10.002, {}), // a short unnamed join, folded into A7
        w(10.002, 10.01, { link: true }),
        w(10.01, 10.5, { ref: "A39", name: "Braunschweig-Salzgitter" }),
      ],
      { id: "t", version: "1", attribution: "" },
    );
    const west = net.nodeLon.indexOf(9.0), east = net.nodeLon.indexOf(10.5);
    const path = shortestPath(net, west, east)!;
    const actions = turnByTurn(net, path.edges)!;
    expect(actions.map((a) => a.instruction)).toEqual([
      "head on A7 for 69 km",
      "take the exit to A39",
      "continue on A39 for 34 km",
      "arrive at the destination",
    ]);
    expect(actions[0].offset).toBe(0);
    expect(actions[1].offset).toBeGreaterThan(0);
  });

  it("has nothing to say where the data has no refs or names", () => {
    const { net } = buildGraph([w(9, 10, {})], { id: "t", version: "1", attribution: "" });
    expect(turnByTurn(net, shortestPath(net, 0, 1)!.edges)).toBeNull();
  });
});
