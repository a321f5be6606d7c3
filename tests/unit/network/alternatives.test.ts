// Via-node alternatives: admissible routes only (limited sharing, bounded stretch, locally
// optimal), found the same on a contraction hierarchy and by plain Dijkstra.
import { describe, expect, it } from "vitest";
import { admissible, alternativeRoutes, locallyOptimal, sharedTimeS, viaPath } from "@/engine/network/alternatives";
import type { RoadNetwork } from "@/engine/network/types";
import { EAST, line, northRoad, roadNetwork, southRoad, twoRoadData, WEST } from "../plan/two-roads";

const nodeAt = (net: RoadNetwork, lat: number, lon: number) => {
  for (let v = 0; v < net.nodeCount; v++) if (Math.abs(net.nodeLat[v] - lat) < 1e-6 && Math.abs(net.nodeLon[v] - lon) < 1e-6) return v;
  throw new Error(`no node at ${lat}, ${lon}`);
};
// A short bypass of the north road between 13 E and 13.9 E, by 49.95 N.
const bypass = () => ({ points: [...line([50, 13], [49.95, 13.05]), ...line([49.95, 13.05], [49.95, 13.85]).slice(1), ...line([49.95, 13.85], [50, 13.9]).slice(1)], kmh: 80, cls: 0 });
// A loop north of the road from 10 E up to 50.2 N and back at 10.5 E.
const loop = () => ({ points: [...line([50, 10], [50.2, 10]), ...line([50.2, 10], [50.2, 10.5]).slice(1), ...line([50.2, 10.5], [50, 10.5]).slice(1)], kmh: 80, cls: 0 });

for (const hierarchy of [true, false]) {
  describe(`alternative routes (${hierarchy ? "contraction hierarchy" : "Dijkstra"})`, () => {
    it("offers the disjoint south road, with its stretch and nothing shared", () => {
      const net = roadNetwork([northRoad(), southRoad()]);
      const { router } = twoRoadData(net, [], hierarchy);
      const r = alternativeRoutes(router, nodeAt(net, ...WEST), nodeAt(net, ...EAST))!;
      expect(r.alternatives).toHaveLength(1);
      const [a] = r.alternatives;
      expect(a.sharedS).toBe(0);
      expect(a.stretch).toBeGreaterThan(1.03);
      expect(a.stretch).toBeLessThan(1.3);
      expect(a.path.nodes[0]).toBe(nodeAt(net, ...WEST));
      expect(a.path.nodes.at(-1)).toBe(nodeAt(net, ...EAST));
      expect(Math.min(...a.path.nodes.slice(1, -1).map((v) => net.nodeLat[v]))).toBeCloseTo(49.8, 6);
    });

    it("refuses a road over the stretch bound", () => {
      const net = roadNetwork([northRoad(80), southRoad(60)]);
      const { router } = twoRoadData(net, [], hierarchy);
      const s = nodeAt(net, ...WEST), t = nodeAt(net, ...EAST);
      expect(alternativeRoutes(router, s, t)!.alternatives).toHaveLength(0);
      const fastest = router.route(s, t)!;
      const via = viaPath(router, s, nodeAt(net, 49.8, 10), t)!;
      expect(via.path.timeS / fastest.timeS).toBeGreaterThan(1.3);
      expect(admissible(router, via.path, via.viaIndex, [fastest], fastest.timeS)).toBe("stretch");
      expect(alternativeRoutes(router, s, t, { maxStretch: 0.5 })!.alternatives).toHaveLength(1);
    });

    it("refuses a bypass that shares most of the fastest road", () => {
      const net = roadNetwork([northRoad(), bypass()]);
      const { router } = twoRoadData(net, [], hierarchy);
      const s = nodeAt(net, ...WEST), t = nodeAt(net, ...EAST);
      expect(alternativeRoutes(router, s, t)!.alternatives).toHaveLength(0);
      const fastest = router.route(s, t)!;
      const via = viaPath(router, s, nodeAt(net, 49.95, 13.5), t)!;
      expect(sharedTimeS(net, via.path, fastest) / fastest.timeS).toBeGreaterThan(0.8);
      expect(admissible(router, via.path, via.viaIndex, [fastest], fastest.timeS)).toBe("sharing");
      // Allowed to share everything, it is still a needless detour (a T-test of a quarter of the route spans the bypass)...
      expect(admissible(router, via.path, via.viaIndex, [fastest], fastest.timeS, { maxShare: 1 })).toBe("local-optimality");
      // ...but not within a few minutes of its middle.
      expect(admissible(router, via.path, via.viaIndex, [fastest], fastest.timeS, { maxShare: 1, alpha: 0.01 })).toBeNull();
    });

    it("refuses a needless detour: the T-test", () => {
      const net = roadNetwork([northRoad(), loop()]);
      const { router } = twoRoadData(net, [], hierarchy);
      const s = nodeAt(net, ...WEST), t = nodeAt(net, ...EAST);
      const fastest = router.route(s, t)!;
      const via = viaPath(router, s, nodeAt(net, 50.2, 10.25), t)!;
      expect(via.path.timeS / fastest.timeS).toBeLessThan(1.3);
      expect(locallyOptimal(router, via.path, via.viaIndex, 0.25 * fastest.timeS)).toBe(false);
      expect(admissible(router, via.path, via.viaIndex, [fastest], fastest.timeS, { maxShare: 1 })).toBe("local-optimality");
      // Tested only within a few minutes of the via node, the detour looks optimal.
      expect(locallyOptimal(router, via.path, via.viaIndex, 60)).toBe(true);
      expect(alternativeRoutes(router, s, t, { maxShare: 1 })!.alternatives).toHaveLength(0);
    });

    it("at most maxAlternatives, each sharing little with those before", () => {
      const third = { points: [...line(WEST, [50.2, 6.2]), ...line([50.2, 6.2], [50.2, 13.8]).slice(1), ...line([50.2, 13.8], EAST).slice(1)], kmh: 80, cls: 0 };
      const net = roadNetwork([northRoad(), southRoad(), third]);
      const { router } = twoRoadData(net, [], hierarchy);
      const s = nodeAt(net, ...WEST), t = nodeAt(net, ...EAST);
      expect(alternativeRoutes(router, s, t)!.alternatives).toHaveLength(2);
      expect(alternativeRoutes(router, s, t, { maxAlternatives: 1 })!.alternatives).toHaveLength(1);
    });
  });
}
