import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chFromArrays } from "@/engine/network/ch/arrays";
import { buildContractionHierarchy, type ContractionHierarchy } from "@/engine/network/ch/build";
import { createChQuery } from "@/engine/network/ch/query";
import { loadPack } from "@/engine/network/pack";
import type { RoadNetwork } from "@/engine/network/types";
import { buildDcwPack, type DcwPack } from "../network/dcw-pack";
import { dijkstra, rng } from "../network/helpers";
import { checkPair } from "./check";

let pack: DcwPack, net: RoadNetwork, ch: ContractionHierarchy, stored: ContractionHierarchy;

beforeAll(() => {
  pack = buildDcwPack("ch-de-");
  const loaded = loadPack(pack.packFile);
  net = loaded.net;
  ch = buildContractionHierarchy({ nodeCount: net.nodeCount, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget, weight: net.edgeTimeS });
  stored = chFromArrays(loaded.arrays, net.edgeCount);
}, 120_000);
afterAll(() => pack?.dispose());

describe("contraction hierarchy on the DCW Germany network", () => {
  it("equals Dijkstra's travel time on 300 random pairs, with valid unpacked paths", () => {
    // The hierarchy built here from the loaded network, and the one the pack carries.
    const queries = [createChQuery(ch), createChQuery(stored)], pick = rng(2026);
    const bad: string[] = [];
    let longest = 0;
    for (let k = 0; k < 300; k++) {
      const s = Math.floor(pick() * net.nodeCount), t = Math.floor(pick() * net.nodeCount);
      const ref = dijkstra(net, s)[t];
      for (const [i, q] of queries.entries()) {
        const p = checkPair(net, q, s, t, ref);
        if (p) bad.push(`${i === 0 ? "built" : "stored"} ${p}`);
      }
      longest = Math.max(longest, ref);
    }
    expect(bad).toEqual([]);
    expect(longest).toBeGreaterThan(5 * 3600); // pairs span the country
  });
});
