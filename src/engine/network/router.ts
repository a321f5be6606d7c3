// One routing entry point per network: the contraction hierarchy when the pack
// has one, A* otherwise. Queries reuse the hierarchy's search arrays.
import type { ContractionHierarchy } from "./ch/build";
import { createChQuery } from "./ch/query";
import { pathFromEdges, shortestPath } from "./route";
import type { RoadNetwork, RoutePath } from "./types";

export interface Router {
  readonly net: RoadNetwork;
  readonly technique: "contraction-hierarchy" | "a-star";
  /** The hierarchy the queries run on, for searches of its own (alternatives.ts); absent with A*. */
  readonly ch?: ContractionHierarchy;
  route(fromNode: number, toNode: number): RoutePath | null;
}

export function createRouter(net: RoadNetwork, ch?: ContractionHierarchy): Router {
  if (!ch) return { net, technique: "a-star", route: (a, b) => shortestPath(net, a, b) };
  if (ch.nodeCount !== net.nodeCount) throw new Error("contraction hierarchy does not belong to this network");
  const query = createChQuery(ch);
  return {
    net,
    technique: "contraction-hierarchy",
    ch,
    route(a, b) {
      const found = query.route(a, b);
      return found ? pathFromEdges(net, a, found.edges) : null;
    },
  };
}
