// npm run bench:route [-- --pairs N --pack ID --no-pgrouting]: for every network pack in
// PACK_DIR, the contraction hierarchy's preprocessing and size, and point-to-point query times of
// the CH, plain Dijkstra and the engine's A* on the same seeded random pairs, with pgRouting's
// costs for those pairs as an outside check. Exits 1 if anything disagrees on a cost.
import { readdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chFromArrays } from "../src/engine/network/ch/arrays";
import { buildContractionHierarchy, countShortcuts, type ContractionHierarchy } from "../src/engine/network/ch/build";
import { createChQuery } from "../src/engine/network/ch/query";
import { loadPack } from "../src/engine/network/pack";
import { shortestPath } from "../src/engine/network/route";
import type { RoadNetwork } from "../src/engine/network/types";
import { BATCH, openPgRouting, type PgRouting } from "./pgrouting";
import { createDijkstra, mulberry32, pct, timeQueries } from "./query-timing";

const { values: opt } = parseArgs({
  options: { pairs: { type: "string", default: "1000" }, pack: { type: "string" }, "no-pgrouting": { type: "boolean", default: false } },
});
const PAIRS = Number(opt.pairs), WARMUP = 200, SEED = 1;
const PACK_DIR = process.env.PACK_DIR ?? ".data/packs";
if (!(Number.isInteger(PAIRS) && PAIRS > 0)) throw new Error(`--pairs wants a positive integer, not ${opt.pairs}`);
// Float64 sums of the same float32 weights in another order; pgRouting adds them up itself.
const REL_TOL = 1e-9, PGR_TOL = 1e-5;



const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const relDiff = (a: number, b: number) => (a === b ? 0 : Math.abs(a - b) / Math.abs(b)); // NaN or Infinity if only one is finite
const close = (a: number, b: number, tol: number) => relDiff(a, b) <= tol;
const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(2);
const num = (x: number) => x.toLocaleString("en-US");
const bytesOf = (arrays: Record<string, ArrayBufferView>, ch: boolean) =>
  Object.entries(arrays).reduce((s, [k, a]) => s + (k.startsWith("ch.") === ch ? a.byteLength : 0), 0);
const raw = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
const sameArrays = (a: ContractionHierarchy, b: ContractionHierarchy) => Object.entries(a).every(([k, x]) =>
  typeof x === "number" ? x === b[k as keyof ContractionHierarchy] : raw(x).equals(raw(b[k as keyof ContractionHierarchy] as ArrayBufferView)));

/** Edge ids that lead from s to t, returning their summed time, or NaN. */
function chainCost(net: RoadNetwork, s: number, t: number, edges: number[]): number {
  let at = s, sum = 0;
  for (const e of edges) {
    if (!(e >= net.firstEdge[at] && e < net.firstEdge[at + 1])) return NaN;
    sum += net.edgeTimeS[e]; at = net.edgeTarget[e];
  }
  return at === t ? sum : NaN;
}

async function benchPack(file: string, pgr: PgRouting | null): Promise<{ summary: string; ok: boolean }> {
  const { net, arrays } = loadPack(file);
  const stored = chFromArrays(arrays, net.edgeCount);
  console.log(`\n== ${net.id} (${path.basename(file)}, ${mib(statSync(file).size)} MiB) ==`);
  const t0 = performance.now();
  const rebuilt = buildContractionHierarchy({ nodeCount: net.nodeCount, firstEdge: net.firstEdge, edgeTarget: net.edgeTarget, weight: net.edgeTimeS });
  const buildMs = performance.now() - t0;
  const shortcuts = countShortcuts(stored); // an arc of a core, stored both ways, counts once
  console.log(`${num(net.nodeCount)} nodes, ${num(net.edgeCount)} edges; arrays: graph ${mib(bytesOf(arrays, false))} MiB, CH ${mib(bytesOf(arrays, true))} MiB`
    + ` (${num(stored.fwdHead.length + stored.bwdHead.length)} arcs, ${num(shortcuts)} shortcuts = ${(shortcuts / net.edgeCount).toFixed(2)} per edge)`);

  const rand = mulberry32(SEED);
  const pairs: [number, number][] = Array.from({ length: PAIRS }, () => [Math.floor(rand() * net.nodeCount), Math.floor(rand() * net.nodeCount)]);
  const query = createChQuery(stored), dijkstra = createDijkstra(net);
  const chRun = timeQueries(pairs, (s, t) => query.route(s, t), WARMUP);
  const chCostRun = timeQueries(pairs, (s, t) => query.cost(s, t), WARMUP);
  const dRun = timeQueries(pairs, dijkstra, WARMUP);
  const aRun = timeQueries(pairs, (s, t) => shortestPath(net, s, t)?.timeS ?? Infinity, WARMUP);
  const chCost = chRun.out.map((r) => r?.cost ?? Infinity);

  const rebuiltQuery = createChQuery(rebuilt);
  const rebuiltBad = pairs.filter(([s, t], k) => !close(rebuiltQuery.cost(s, t), chCost[k], REL_TOL)).length;
  console.log(`CH preprocessing (rebuilt here): ${num(Math.round(buildMs))} ms; rebuilt vs stored: ${sameArrays(rebuilt, stored) ? "identical arrays" : "different arrays"},`
    + ` costs agree on ${PAIRS - rebuiltBad}/${PAIRS} pairs`);

  const problems: string[] = [];
  pairs.forEach(([s, t], k) => {
    const c = chCost[k], others = [chCostRun.out[k], dRun.out[k], aRun.out[k]];
    if (!others.every((x) => close(c, x, REL_TOL))) problems.push(`${s}->${t}: CH ${c}, CH cost ${others[0]}, Dijkstra ${others[1]}, A* ${others[2]}`);
    else if (c < Infinity && !close(chainCost(net, s, t, chRun.out[k]!.edges), c, REL_TOL)) problems.push(`${s}->${t}: CH path is not a ${c} s chain to the target`);
  });

  const pgrProblems: string[] = [];
  let pgrStats: { n: number; bad: number; maxRel: number; msPerPair: number; loadMs: number } | null = null;
  if (pgr) {
    const loadMs = pgr.load(net, pairs);
    const { costs, ms } = await pgr.costs(pairs);
    let bad = 0, maxRel = 0;
    costs.forEach((c, k) => {
      const r = relDiff(c, chCost[k]);
      if (!(r <= PGR_TOL)) { bad++; if (bad <= 10) pgrProblems.push(`${pairs[k][0]}->${pairs[k][1]}: pgRouting ${c}, CH ${chCost[k]}`); }
      else maxRel = Math.max(maxRel, r);
    });
    pgrStats = { n: costs.length, bad, maxRel, msPerPair: ms / costs.length, loadMs };
  }

  const chP50 = pct(chRun.ms, 0.5);
  const row = (name: string, p50: string, p95: string, avg: number, ratio: string) =>
    console.log(`  ${name.padEnd(44)}${p50.padStart(9)}${p95.padStart(9)}${avg.toFixed(4).padStart(9)}${ratio.padStart(10)}`);
  console.log(`${PAIRS} random node pairs (seed ${SEED}), ms per query:`);
  console.log(`  ${"".padEnd(44)}${"p50".padStart(9)}${"p95".padStart(9)}${"mean".padStart(9)}${"vs CH".padStart(10)}`);
  for (const [name, ms] of [["CH route (stored hierarchy, path unpacked)", chRun.ms], ["CH cost only", chCostRun.ms], ["Dijkstra, stops at target", dRun.ms], ["A* (engine shortestPath, full RoutePath)", aRun.ms]] as const) {
    row(name, pct(ms, 0.5).toFixed(4), pct(ms, 0.95).toFixed(4), mean(ms), `${(pct(ms, 0.5) / chP50).toFixed(1)}x`);
  }
  // pgRouting times whole batches only: its mean against the CH's mean.
  if (pgrStats) row(`pgRouting pgr_dijkstraCost, ${pgrStats.n} pairs / ${BATCH}`, "-", "-", pgrStats.msPerPair, `${(pgrStats.msPerPair / mean(chRun.ms)).toFixed(1)}x`);

  const unreachable = chCost.filter((c) => c === Infinity).length;
  // Float64 sums of a few thousand float32 weights are usually exact, so equal paths give equal bits.
  const exact = pairs.filter((_, k) => chCost[k] === dRun.out[k] && chCost[k] === aRun.out[k]).length;
  console.log(`agreement: CH = CH cost = Dijkstra = A* (relative ${REL_TOL}), CH path a chain of that cost: ${PAIRS - problems.length}/${PAIRS} pairs (${exact} bit-equal, ${unreachable} unreachable)`);
  if (pgrStats) console.log(`pgRouting: within ${PGR_TOL.toExponential(0)} on ${pgrStats.n - pgrStats.bad}/${pgrStats.n} pairs, max relative difference ${pgrStats.maxRel.toExponential(1)}; graph + pairs COPY ${num(Math.round(pgrStats.loadMs))} ms`);
  for (const p of [...problems.slice(0, 20), ...pgrProblems]) console.log(`  mismatch ${p}`);

  const dP50 = pct(dRun.ms, 0.5);
  const pgrText = pgrStats ? `pgrouting agrees on ${pgrStats.n - pgrStats.bad}/${pgrStats.n}` : "pgrouting not run";
  return {
    summary: `${net.id}: ch p50 ${chP50.toFixed(4)} ms, dijkstra p50 ${dP50.toFixed(4)} ms, ratio ${(dP50 / chP50).toFixed(0)} x, ${pgrText}`,
    ok: problems.length === 0 && pgrProblems.length === 0 && rebuiltBad === 0,
  };
}

const files = readdirSync(PACK_DIR).filter((f) => /^network-.+\.bin$/.test(f)).sort()
  .filter((f) => !opt.pack || f === `network-${opt.pack}.bin`).map((f) => path.join(PACK_DIR, f));
if (files.length === 0) { console.error(`no network pack${opt.pack ? ` ${opt.pack}` : "s"} in ${PACK_DIR}: run 'npm run data:build'`); process.exit(1); }
console.log(`machine: ${os.cpus()[0].model} (${os.cpus().length} cores), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);

const pgr = opt["no-pgrouting"] ? null : await openPgRouting();
if (pgr) console.log(`pgRouting ${pgr.version} in a throw-away database`);
process.once("SIGINT", () => { void (pgr?.close() ?? Promise.resolve()).then(() => process.exit(130)); });
const summaries: string[] = [];
let ok = true;
try {
  for (const file of files) {
    const r = await benchPack(file, pgr);
    summaries.push(r.summary);
    ok &&= r.ok;
  }
} finally {
  await pgr?.close();
}
console.log(`\n${summaries.join("\n")}`);
if (!ok) process.exitCode = 1;
