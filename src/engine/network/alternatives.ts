// Alternative routes by via nodes (Abraham, Delling, Goldberg, Werneck, "Alternative routes in
// road networks", 2010/2013: X-CHV on a contraction hierarchy). A forward search from s and a
// backward search from t, each bounded by (1 + stretch) x the fastest time, meet at via
// candidates v; the route s -> v -> t (both halves fastest paths) is admissible when it
//   - takes at most (1 + stretch) x the fastest time (total stretch),
//   - shares at most `maxShare` of the fastest route's time with it and with every route kept before,
//   - is locally optimal: the piece from T before v to T after v (T = alpha x the fastest time) is a
//     fastest path itself (the T-test), so the route makes no needless detour around v.
// Via candidates: first the hierarchy's upward searches (X-CHV: ~1-2 ms, few candidates, their
// distances only upper bounds); where they give no admissible route (or there is no hierarchy),
// and the network has at most EXACT_SEARCH_MAX_NODES, exact trees both ways and their plateaus
// (X-BDV: the middle of each stretch both trees share, longest first; ~15 ms on the europe pack).
// Each route is then made of exact fastest paths (the router's queries).
import FlatQueue from "flatqueue";
import { haversineM } from "../geo";
import type { ContractionHierarchy } from "./ch/build";
import { pathFromEdges } from "./route";
import type { Router } from "./router";
import type { RoadNetwork, RoutePath } from "./types";

export interface AlternativeOptions {
  /** At most this many routes besides the fastest. */
  maxAlternatives?: number;
  /** Total stretch: an alternative takes at most (1 + maxStretch) x the fastest time. */
  maxStretch?: number;
  /** Time shared with the fastest route (and with each alternative kept before) at most this share of the fastest time. */
  maxShare?: number;
  /** T-test length as a share of the fastest time. */
  alpha?: number;
  /** Via candidates examined at most (each costs two or three point-to-point queries). */
  maxCandidates?: number;
}

/**
 * Up to this many nodes the via candidates come from exact trees both ways (plateaus, the better
 * candidates, ~10 ms on the 65k-node europe pack); above, from the hierarchy's upward searches.
 */
export const EXACT_SEARCH_MAX_NODES = 400_000;

export const ALTERNATIVE_DEFAULTS: Required<AlternativeOptions> = { maxAlternatives: 3, maxStretch: 0.3, maxShare: 0.8, alpha: 0.25, maxCandidates: 40 };

export interface AlternativeRoute {
  path: RoutePath;
  /** The via node the route was found through. */
  via: number;
  /** Time shared with the fastest route, s, and the stretch: path time / fastest time. */
  sharedS: number;
  stretch: number;
}

/** Why a via candidate's route was refused (for tests and the bench). */
export type Refusal = "loop" | "stretch" | "sharing" | "local-optimality";

/** The fastest route from s to t and up to maxAlternatives admissible others, faster first. */
export function alternativeRoutes(
  router: Router, s: number, t: number, options: AlternativeOptions = {},
): { fastest: RoutePath; alternatives: AlternativeRoute[] } | null {
  const o = { ...ALTERNATIVE_DEFAULTS, ...options };
  const fastest = router.route(s, t);
  if (!fastest) return null;
  if (s === t || fastest.timeS <= 0 || o.maxAlternatives <= 0) return { fastest, alternatives: [] };
  const limit = (1 + o.maxStretch) * fastest.timeS;
  const found = (vias: number[]) => pickAdmissible(router, s, t, fastest, vias, o);
  // The hierarchy's candidates cost little; the exact plateaus only where it offered none.
  let alternatives = router.ch ? found(chVias(router.ch, s, t, limit)) : [];
  if (alternatives.length === 0 && router.net.nodeCount <= EXACT_SEARCH_MAX_NODES) alternatives = found(plateauVias(router.net, s, t, limit));
  return { fastest, alternatives: alternatives.sort((a, b) => a.path.timeS - b.path.timeS) };
}

/** The admissible routes through the via candidates, in their order, at most maxAlternatives. */
function pickAdmissible(router: Router, s: number, t: number, fastest: RoutePath, vias: number[], o: Required<AlternativeOptions>): AlternativeRoute[] {
  const alternatives: AlternativeRoute[] = [];
  // A via node on a route already examined gives (nearly) that route again.
  const examined = new Set<number>(fastest.nodes);
  const kept: RoutePath[] = [fastest];
  let tried = 0;
  for (const v of vias) {
    if (alternatives.length >= o.maxAlternatives || tried >= o.maxCandidates) break;
    if (examined.has(v)) continue;
    tried++;
    const found = viaPath(router, s, v, t);
    if (!found) continue;
    const { path, viaIndex } = found;
    for (const x of path.nodes) examined.add(x);
    if (admissible(router, path, viaIndex, kept, fastest.timeS, o) !== null) continue;
    kept.push(path);
    alternatives.push({ path, via: v, sharedS: sharedTimeS(router.net, path, fastest), stretch: path.timeS / fastest.timeS });
  }
  return alternatives;
}

/** s -> v -> t of two fastest paths, and the index of v in its nodes. */
export function viaPath(router: Router, s: number, v: number, t: number): { path: RoutePath; viaIndex: number } | null {
  const a = router.route(s, v), b = router.route(v, t);
  if (!a || !b) return null;
  return { path: pathFromEdges(router.net, s, [...a.edges, ...b.edges]), viaIndex: a.edges.length };
}

/** null when the route s -> v -> t may be offered beside the routes kept so far (kept[0]: the fastest); else why not. */
export function admissible(
  router: Router, path: RoutePath, viaIndex: number, kept: RoutePath[], fastestS: number, options: AlternativeOptions = {},
): Refusal | null {
  const o = { ...ALTERNATIVE_DEFAULTS, ...options };
  if (new Set(path.nodes).size !== path.nodes.length) return "loop";
  if (path.timeS > (1 + o.maxStretch) * fastestS + 1e-6) return "stretch";
  if (kept.some((k) => sharedTimeS(router.net, path, k) > o.maxShare * fastestS)) return "sharing";
  if (!locallyOptimal(router, path, viaIndex, o.alpha * fastestS)) return "local-optimality";
  return null;
}

/** Driving time of `path` on edges `other` drives too. */
export function sharedTimeS(net: RoadNetwork, path: RoutePath, other: RoutePath): number {
  const edges = new Set(other.edges);
  let s = 0;
  for (const e of path.edges) if (edges.has(e)) s += net.edgeTimeS[e];
  return s;
}

/**
 * The T-test: from the last node at least T before the via node to the first at least T after
 * it (or the ends), the route is a fastest path. A float32 tolerance of a second per hour.
 */
export function locallyOptimal(router: Router, path: RoutePath, viaIndex: number, T: number): boolean {
  const c = path.cumTimeS, last = path.nodes.length - 1;
  let j = viaIndex, k = viaIndex;
  while (j > 0 && c[viaIndex] - c[j] < T) j--;
  while (k < last && c[k] - c[viaIndex] < T) k++;
  if (j === k) return true;
  const best = router.route(path.nodes[j], path.nodes[k]);
  const piece = c[k] - c[j];
  return best !== null && best.timeS >= piece - 1e-3 - piece / 3600;
}

/** Node id of each rank, once per hierarchy. */
const nodeOfRank = new WeakMap<ContractionHierarchy, Uint32Array>();

/**
 * X-CHV's via candidates on a hierarchy: nodes of both upward searches (from s on forward arcs,
 * from t on backward arcs) within limit, by the upper bound of their route's time. On a bounded
 * hierarchy the core's arcs run both ways, so each search goes on as Dijkstra in the core, still
 * within limit: its distances stay upper bounds (lengths of real paths).
 */
function chVias(ch: ContractionHierarchy, s: number, t: number, limit: number): number[] {
  let node = nodeOfRank.get(ch);
  if (!node) {
    node = new Uint32Array(ch.nodeCount);
    for (let v = 0; v < ch.nodeCount; v++) node[ch.rank[v]] = v;
    nodeOfRank.set(ch, node);
  }
  const up = (from: number, first: Uint32Array, head: Uint32Array, weight: Float64Array) => {
    const dist = new Map<number, number>([[ch.rank[from], 0]]);
    const q = new FlatQueue<number>();
    q.push(ch.rank[from], 0);
    while (q.length > 0) {
      const d = q.peekValue()!;
      const u = q.pop()!;
      if (d > dist.get(u)! || d > limit) continue;
      for (let i = first[u], end = first[u + 1]; i < end; i++) {
        const v = head[i], dv = d + weight[i];
        const old = dist.get(v);
        if (dv <= limit && (old === undefined || dv < old)) {
          dist.set(v, dv);
          q.push(v, dv);
        }
      }
    }
    return new Map([...dist].map(([r, d]) => [node[r], d]));
  };
  const forward = up(s, ch.fwdFirstOut, ch.fwdHead, ch.fwdWeight), backward = up(t, ch.bwdFirstOut, ch.bwdHead, ch.bwdWeight);
  const vias: { v: number; d: number }[] = [];
  for (const [v, df] of forward) {
    const db = backward.get(v);
    if (db !== undefined && df + db <= limit) vias.push({ v, d: df + db });
  }
  return vias.sort((a, b) => a.d - b.d || a.v - b.v).map((x) => x.v);
}

/** The reverse adjacency of a network, once per network. */
const reverseOf = new WeakMap<RoadNetwork, { first: Uint32Array; source: Uint32Array; edge: Uint32Array }>();

function reverse(net: RoadNetwork) {
  let r = reverseOf.get(net);
  if (r) return r;
  const first = new Uint32Array(net.nodeCount + 1);
  for (let e = 0; e < net.edgeCount; e++) first[net.edgeTarget[e] + 1]++;
  for (let v = 0; v < net.nodeCount; v++) first[v + 1] += first[v];
  const fill = first.slice(0, net.nodeCount);
  const source = new Uint32Array(net.edgeCount), edge = new Uint32Array(net.edgeCount);
  for (let u = 0; u < net.nodeCount; u++) {
    for (let e = net.firstEdge[u]; e < net.firstEdge[u + 1]; e++) {
      const i = fill[net.edgeTarget[e]]++;
      source[i] = u;
      edge[i] = e;
    }
  }
  reverseOf.set(net, (r = { first, source, edge }));
  return r;
}

/**
 * Via candidates of X-BDV with plateaus (Abraham et al. 3.1; "choice routing"): exact trees
 * from s and to t within limit; an edge in both trees lies on a plateau, and each plateau
 * offers its middle node, longest plateaus first (the fastest route is the longest, and is skipped).
 */
function plateauVias(net: RoadNetwork, s: number, t: number, limit: number): number[] {
  const f = tree(net, s, t, limit, false);
  const b = tree(net, t, s, limit, true);
  // plat[v]: length of the plateau ending at v (f.pred[v] -> v in both trees).
  const plat = new Float64Array(net.nodeCount);
  const ends: { v: number; length: number; d: number }[] = [];
  for (const v of f.order) {
    const u = f.pred[v];
    if (u >= 0 && b.pred[u] === v) plat[v] = plat[u] + f.dist[v] - f.dist[u];
  }
  for (const v of f.order) {
    if (plat[v] <= 0 || !(f.dist[v] + b.dist[v] <= limit)) continue;
    const next = b.pred[v];
    if (next >= 0 && f.pred[next] === v && plat[next] > 0) continue; // not the plateau's end
    ends.push({ v, length: plat[v], d: f.dist[v] + b.dist[v] });
  }
  ends.sort((x, y) => y.length - x.length || x.d - y.d || x.v - y.v);
  return ends.map(({ v, length }) => {
    let m = v;
    while (plat[m] > length / 2 && f.pred[m] >= 0) m = f.pred[m];
    return m;
  });
}

/**
 * Dijkstra within limit: distances (Infinity beyond), tree predecessors (-1 none) and the settle
 * order. A node that cannot lie on a route within limit (its distance plus the straight line to
 * the other end at top speed) is not expanded: the trees stay within an ellipse around s and t.
 */
function tree(net: RoadNetwork, from: number, other: number, limit: number, backward: boolean) {
  const n = net.nodeCount;
  const rev = backward ? reverse(net) : null;
  const first = rev ? rev.first : net.firstEdge;
  const head = rev ? rev.source : net.edgeTarget;
  const time = net.edgeTimeS, edgeOf = rev?.edge;
  const { nodeLat, nodeLon } = net;
  const inv = 1 / topSpeedMps(net);
  const oLat = nodeLat[other], oLon = nodeLon[other];
  const dist = new Float64Array(n).fill(Infinity);
  const pred = new Int32Array(n).fill(-1);
  const order: number[] = [];
  const q = new FlatQueue<number>();
  dist[from] = 0;
  q.push(from, 0);
  while (q.length > 0) {
    const d = q.peekValue()!;
    const u = q.pop()!;
    if (d > dist[u]) continue;
    order.push(u);
    if (d + haversineM(nodeLat[u], nodeLon[u], oLat, oLon) * inv > limit) continue;
    for (let i = first[u], end = first[u + 1]; i < end; i++) {
      const v = head[i], dv = d + time[edgeOf ? edgeOf[i] : i];
      if (dv <= limit && dv < dist[v]) {
        dist[v] = dv;
        pred[v] = u;
        q.push(v, dv);
      }
    }
  }
  return { dist, pred, order };
}

const topSpeed = new WeakMap<RoadNetwork, number>();

/** Highest length/time of any edge (m/s), a little over for float32 rounding: the straight line at it never overestimates. */
function topSpeedMps(net: RoadNetwork): number {
  let v = topSpeed.get(net);
  if (v === undefined) {
    v = 0;
    for (let e = 0; e < net.edgeCount; e++) {
      const x = net.edgeLengthM[e] / net.edgeTimeS[e];
      if (x > v) v = x; // NaN (0/0) is ignored; a zero-time edge gives Infinity: no pruning
    }
    topSpeed.set(net, (v *= 1.001));
  }
  return v;
}
