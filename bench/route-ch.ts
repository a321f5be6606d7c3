// npx tsx bench/route-ch.ts [packfile]: contraction hierarchy preprocessing, and point-to-point
// query times of CH, plain Dijkstra (stops at the target) and the engine's A* on the same
// seeded random pairs. Exits 1 if the three disagree on any cost.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import FlatQueue from "flatqueue";
import { buildNetworkPack } from "../engine/network/build";
import { buildContractionHierarchy, NO_ARC } from "../engine/network/ch/build";
import { createChQuery } from "../engine/network/ch/query";
import { loadNetworkPack } from "../engine/network/pack";
import { shortestPath } from "../engine/network/route";
import type { RoadNetwork } from "../engine/network/types";

const PAIRS = 1000, WARMUP = 200, SEED = 1;
const DEFAULT_PACK = ".data/packs/network-de-dcw.bin";

function loadNet(file: string): RoadNetwork {
  try {
    return loadNetworkPack(file);
  } catch (err) {
    if (process.argv[2]) throw err;
    // The default pack may predate the current pack layout: build a fresh one instead.
    const geojson = path.resolve(process.env.DATA_DIR ?? "../shared/data", "roads/dcw_roads_de.geojson");
    console.log(`cannot load ${file} (${(err as Error).message}); building from ${geojson}`);
    const dir = mkdtempSync(path.join(os.tmpdir(), "bench-ch-"));
    try {
      buildNetworkPack(geojson, path.join(dir, "de.pack"));
      return loadNetworkPack(path.join(dir, "de.pack"));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

function mulberry32(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Baseline Dijkstra with the same array reuse as the CH query, so only the algorithm differs. */
function createDijkstra(net: RoadNetwork) {
  const n = net.nodeCount, { firstEdge, edgeTarget, edgeTimeS } = net;
  const dist = new Float64Array(n), seen = new Uint32Array(n), prev = new Uint32Array(n), from = new Uint32Array(n);
  const q = new FlatQueue<number>();
  let gen = 0;
  return (s: number, t: number): { cost: number; edges: number[] } | null => {
    gen++;
    q.clear();
    dist[s] = 0; seen[s] = gen; q.push(s, 0);
    while (q.length > 0) {
      const d = q.peekValue()!, u = q.pop()!;
      if (d > dist[u]) continue;
      if (u === t) {
        const edges: number[] = [];
        for (let v = t; v !== s; v = from[v]) edges.push(prev[v]);
        return { cost: d, edges: edges.reverse() };
      }
      for (let e = firstEdge[u]; e < firstEdge[u + 1]; e++) {
        const v = edgeTarget[e], dv = d + edgeTimeS[e];
        if (seen[v] !== gen || dv < dist[v]) { seen[v] = gen; dist[v] = dv; prev[v] = e; from[v] = u; q.push(v, dv); }
      }
    }
    return null;
  };
}

function timeAll<T>(pairs: [number, number][], f: (s: number, t: number) => T): { ms: number[]; out: T[] } {
  for (let k = 0; k < WARMUP; k++) f(pairs[k % pairs.length][0], pairs[(k * 7) % pairs.length][1]);
  const ms: number[] = [], out: T[] = [];
  for (const [s, t] of pairs) {
    const t0 = performance.now();
    out.push(f(s, t));
    ms.push(performance.now() - t0);
  }
  return { ms, out };
}
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))];
const close = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-6 * Math.abs(b);
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2);

const file = process.argv[2] ?? DEFAULT_PACK;
const net = loadNet(file);
console.log(`machine: ${os.cpus()[0].model} (${os.cpus().length} cores), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`network: ${net.id} ${net.version}, ${net.nodeCount} nodes, ${net.edgeCount} edges`);

const t0 = performance.now();
const ch = buildContractionHierarchy({ nodeCount: net.nodeCount, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget, weight: net.edgeTimeS });
const buildMs = performance.now() - t0;
const arcs = ch.fwdHead.length + ch.bwdHead.length;
let shortcuts = 0;
for (const h of [ch.fwdHalf2, ch.bwdHalf2]) for (const x of h) if (x !== NO_ARC) shortcuts++;
const chBytes = Object.values(ch).reduce((s, a) => s + (typeof a === "number" ? 0 : a.byteLength), 0);
const netBytes = [net.firstEdge, net.edgeTarget, net.edgeTimeS].reduce((s, a) => s + a.byteLength, 0);
console.log(`CH preprocessing: ${buildMs.toFixed(0)} ms; ${arcs} arcs (${ch.fwdHead.length} up, ${ch.bwdHead.length} down), ${shortcuts} shortcuts (${(shortcuts / net.edgeCount).toFixed(2)} per edge)`);
console.log(`CH arrays: ${mib(chBytes)} MiB (the routed graph's CSR + times: ${mib(netBytes)} MiB)`);

const rand = mulberry32(SEED);
const pairs: [number, number][] = Array.from({ length: PAIRS }, () => [Math.floor(rand() * net.nodeCount), Math.floor(rand() * net.nodeCount)]);
const query = createChQuery(ch), dijkstra = createDijkstra(net);
const chRun = timeAll(pairs, (s, t) => query.route(s, t));
const chCostRun = timeAll(pairs, (s, t) => query.cost(s, t));
const dRun = timeAll(pairs, dijkstra);
const aRun = timeAll(pairs, (s, t) => shortestPath(net, s, t));

const rows: [string, number[]][] = [
  ["CH route (edge ids)", chRun.ms], ["CH cost only", chCostRun.ms], ["Dijkstra, stops at target", dRun.ms], ["A* (shortestPath, full RoutePath)", aRun.ms],
];
console.log(`\n${PAIRS} random node pairs (seed ${SEED}), ms per query:`);
console.log(`${"".padEnd(36)}${"p50".padStart(9)}${"p95".padStart(9)}${"mean".padStart(9)}`);
for (const [name, ms] of rows) {
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(`${name.padEnd(36)}${pct(ms, 0.5).toFixed(4).padStart(9)}${pct(ms, 0.95).toFixed(4).padStart(9)}${mean.toFixed(4).padStart(9)}`);
}
const ratio = (ms: number[]) => `${(pct(ms, 0.5) / pct(chRun.ms, 0.5)).toFixed(0)}x at p50, ${(pct(ms, 0.95) / pct(chRun.ms, 0.95)).toFixed(0)}x at p95`;
console.log(`Dijkstra / CH route: ${ratio(dRun.ms)}`);
console.log(`A* / CH route: ${ratio(aRun.ms)}`);

// Agreement: equal costs, and the CH path is a chain of edges from s to t of that cost.
const problems: string[] = [];
pairs.forEach(([s, t], k) => {
  const c = chRun.out[k], d = dRun.out[k], a = aRun.out[k];
  const costs = [c?.cost ?? Infinity, chCostRun.out[k], d?.cost ?? Infinity, a?.timeS ?? Infinity];
  if (!costs.every((x) => close(x, costs[2]))) { problems.push(`${s}->${t}: CH ${costs[0]}, CH cost ${costs[1]}, Dijkstra ${costs[2]}, A* ${costs[3]}`); return; }
  if (!c) return;
  let at = s, sum = 0;
  for (const e of c.edges) {
    if (!(e >= net.firstEdge[at] && e < net.firstEdge[at + 1])) { at = -1; break; }
    sum += net.edgeTimeS[e]; at = net.edgeTarget[e];
  }
  if (at !== t || !close(sum, c.cost)) problems.push(`${s}->${t}: CH path is not a ${c.cost} s chain to the target`);
});
const unreachable = dRun.out.filter((r) => r === null).length;
console.log(`\nagreement: ${PAIRS - problems.length}/${PAIRS} pairs (${unreachable} unreachable)`);
for (const p of problems.slice(0, 20)) console.log(`  mismatch ${p}`);
if (problems.length > 0) process.exit(1);
