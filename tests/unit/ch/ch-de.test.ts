import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildNetworkPack } from "@/engine/network/build";
import { buildContractionHierarchy, type ContractionHierarchy } from "@/engine/network/ch/build";
import { createChQuery } from "@/engine/network/ch/query";
import { loadNetworkPack } from "@/engine/network/pack";
import type { RoadNetwork } from "@/engine/network/types";
import { dijkstra, rng } from "../network/helpers";
import { checkPair } from "./check";

const dataDir = path.resolve(process.cwd(), process.env.DATA_DIR ?? "../shared/data");
let dir: string, net: RoadNetwork, ch: ContractionHierarchy;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "ch-de-"));
  const packFile = path.join(dir, "de-dcw.pack");
  buildNetworkPack(path.join(dataDir, "roads/dcw_roads_de.geojson"), packFile);
  net = loadNetworkPack(packFile);
  ch = buildContractionHierarchy({ nodeCount: net.nodeCount, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget, weight: net.edgeTimeS });
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("contraction hierarchy on the DCW Germany network", () => {
  it("equals Dijkstra's travel time on 300 random pairs, with valid unpacked paths", () => {
    const q = createChQuery(ch), pick = rng(2026);
    const bad: string[] = [];
    let longest = 0;
    for (let k = 0; k < 300; k++) {
      const s = Math.floor(pick() * net.nodeCount), t = Math.floor(pick() * net.nodeCount);
      const ref = dijkstra(net, s)[t];
      const p = checkPair(net, q, s, t, ref);
      if (p) bad.push(p);
      longest = Math.max(longest, ref);
    }
    expect(bad).toEqual([]);
    expect(longest).toBeGreaterThan(5 * 3600); // pairs span the country
  });
});
