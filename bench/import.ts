// npm run bench:import [-- --sizes 1,4,16,25 --grid 300 --pairs 300 --source FILE.osm.gz --keep]
// Country-scale imports: mosaics of a real OSM extract (k x k copies joined at their seams, see
// ./mosaic.ts), each imported the way `npm run network:import` does it in a fresh process (stages
// timed, peak memory), then loaded as the server loads it and queried: CH p50/p95 against plain
// Dijkstra on seeded random pairs. Exits 1 if the hierarchy's cost differs from Dijkstra's on any pair.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";
import { chFromArrays } from "../src/engine/network/ch/arrays";
import { createChQuery } from "../src/engine/network/ch/query";
import { createCountryLocator } from "../src/engine/network/countries";
import { loadPack } from "../src/engine/network/pack";
import { createRouter } from "../src/engine/network/router";
import { pathLine } from "../src/engine/network/shape";
import { createSnapper } from "../src/engine/network/snap";
import type { RoadNetwork } from "../src/engine/network/types";
import { loadTerrain } from "../src/engine/terrain/dem";
import { config } from "../src/server/config";
import { importOsmPack } from "../scripts/network-import";
import { readMosaicSource, writeGridOsm, writeMosaic } from "./mosaic";
import { createDijkstra, mulberry32, pct, timeQueries } from "./query-timing";

const { values: opt } = parseArgs({
  options: {
    sizes: { type: "string", default: "1,4,16,25" },
    grid: { type: "string" }, // also an n x n grid of equal roads, the worst case (e.g. 300)
    pairs: { type: "string", default: "300" },
    source: { type: "string" },
    keep: { type: "boolean", default: false },
    child: { type: "string" }, // internal: import this file into --out and print the report
    out: { type: "string" },
  },
});

interface ChildReport {
  osmNodes: number; graphNodes: number; shapePoints: number; nodes: number; edges: number; shortcuts: number; coreNodes: number;
  readMs: number; graphMs: number; terrainMs: number; chMs: number; writeMs: number; totalMs: number;
  peakRssMiB: number; peakHeapMiB: number; heapLimitMiB: number; bytes: number;
}

if (opt.child) {
  // One import, alone in its process so that its peak memory is its own.
  const { dataDir } = config();
  const countries = createCountryLocator(), terrain = loadTerrain(path.join(dataDir, "dem"));
  // The JS heap's high-water mark, sampled on every progress line (every stage, and every 2 s while contracting).
  let peakHeap = 0;
  const sample = () => { peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed); };
  const t0 = performance.now();
  const r = await importOsmPack(opt.child, opt.out!, {
    id: "mosaic", countryAt: countries.countryAt, terrain,
    onProgress: (line) => { sample(); console.error(`  ${line}`); },
  });
  sample();
  const report: ChildReport = {
    osmNodes: Number(r.sourceReport?.nodesRead), graphNodes: r.graphNodes, shapePoints: r.shapePoints, nodes: r.nodeCount, edges: r.edgeCount, shortcuts: r.shortcuts, coreNodes: r.coreNodes,
    readMs: Number(r.sourceReport?.readMs), graphMs: r.graphMs, terrainMs: r.terrainMs, chMs: r.chMs, writeMs: r.writeMs,
    totalMs: Math.round(performance.now() - t0), peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    peakHeapMiB: Math.round(peakHeap / 2 ** 20), heapLimitMiB: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20), bytes: r.bytes,
  };
  console.log(JSON.stringify(report));
  process.exit(0);
}

const SEED = 1, WARMUP = 50, REL_TOL = 1e-9;
const PAIRS = Number(opt.pairs);
const sizes = opt.sizes ? opt.sizes.split(",").map(Number) : [];
for (const s of sizes) if (!(Number.isInteger(Math.sqrt(s)) && s > 0)) throw new Error(`--sizes wants square numbers of copies (1, 4, 9, 16, 25, ...), not ${s}`);
if (!(Number.isInteger(PAIRS) && PAIRS > 0)) throw new Error(`--pairs wants a positive integer, not ${opt.pairs}`);
const source = opt.source ?? path.join(config().dataDir, "osm", "hannover_braunschweig_main_roads.osm.gz");



const num = (x: number) => Math.round(x).toLocaleString("en-US");
const sec = (ms: number) => (ms / 1000).toFixed(1);

interface Row extends ChildReport { name: string; mosaic: boolean; loadMs: number; chP50: number; chP95: number; lineP50: number; lineP95: number; linePoints: number; costP50: number; costP95: number; dijkstraP50: number; bad: number; pairs: number }

async function benchMosaic(copies: number, dir: string): Promise<Row> {
  const k = Math.sqrt(copies);
  const file = path.join(dir, `mosaic-${copies}.osm.gz`);
  const t0 = performance.now();
  const m = await writeMosaic(src, k, file);
  console.log(`\n== ${copies}x (${k} x ${k}): ${num(m.nodes)} OSM nodes, ${num(m.ways)} ways (${num(m.links)} seam links), ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB gzipped XML, written in ${sec(performance.now() - t0)} s`);
  return { ...(await benchFile(file, dir)), name: `${copies}x`, mosaic: true };
}

async function benchGrid(n: number, dir: string): Promise<Row> {
  const file = path.join(dir, `grid-${n}.osm.gz`);
  const g = await writeGridOsm(n, file);
  console.log(`\n== grid ${n} x ${n}: ${num(g.nodes)} OSM nodes, ${num(g.ways)} ways`);
  return { ...(await benchFile(file, dir)), name: `grid ${n} x ${n}` };
}

async function benchFile(file: string, dir: string): Promise<Row> {
  const packDir = path.join(dir, `packs-${path.basename(file, ".osm.gz")}`);
  mkdirSync(packDir, { recursive: true });
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], "--child", file, "--out", packDir], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8", maxBuffer: 1 << 24 });
  if (child.status !== 0) throw new Error(`import of ${file} failed (exit ${child.status})`);
  const rep = JSON.parse(child.stdout.trim().split("\n").pop()!) as ChildReport;

  // Loaded as the server loads a pack: file, hierarchy checks, snapping index, router.
  const packFile = path.join(packDir, "network-mosaic.bin");
  const l0 = performance.now();
  const { net, arrays } = loadPack(packFile);
  const ch = chFromArrays(arrays, net.edgeCount);
  createSnapper(net, arrays);
  createRouter(net, ch);
  const loadMs = performance.now() - l0;

  const rand = mulberry32(SEED);
  const pairs: [number, number][] = Array.from({ length: PAIRS }, () => [Math.floor(rand() * net.nodeCount), Math.floor(rand() * net.nodeCount)]);
  const query = createChQuery(ch), dijkstra = createDijkstra(net);
  const chRun = timeQueries(pairs, (s, t) => query.route(s, t), WARMUP);
  // What a plan needs of a route: the router's path (edges unpacked, nodes, times) and the line along the edges' shapes.
  const router = createRouter(net, ch);
  const lineRun = timeQueries(pairs, (s, t) => { const p = router.route(s, t); return p ? pathLine(net, p.nodes, p.edges).length : 0; }, WARMUP);
  const costRun = timeQueries(pairs, (s, t) => query.cost(s, t), WARMUP);
  const dRun = timeQueries(pairs, dijkstra, WARMUP);
  const same = (c: number, d: number) => c === d || Math.abs(c - d) <= REL_TOL * d;
  const bad = pairs.filter((_, i) => !same(chRun.out[i]?.cost ?? Infinity, dRun.out[i]) || !same(costRun.out[i], dRun.out[i]));
  for (const [s, t] of bad.slice(0, 10)) console.log(`  mismatch ${s}->${t}: CH ${query.cost(s, t)}, Dijkstra ${dijkstra(s, t)}`);
  const row: Row = {
    name: "", mosaic: false, ...rep, loadMs, pairs: PAIRS, bad: bad.length,
    chP50: pct(chRun.ms, 0.5), chP95: pct(chRun.ms, 0.95), lineP50: pct(lineRun.ms, 0.5), lineP95: pct(lineRun.ms, 0.95),
    linePoints: lineRun.out.reduce((a, b) => a + b, 0) / PAIRS, costP50: pct(costRun.ms, 0.5), costP95: pct(costRun.ms, 0.95), dijkstraP50: pct(dRun.ms, 0.5),
  };
  console.log(`${num(rep.osmNodes)} OSM nodes -> ${num(rep.graphNodes)} graph vertices -> ${num(rep.nodes)} junctions (${num(rep.shapePoints)} shape points), ${num(rep.edges)} edges, ${num(rep.shortcuts)} shortcuts (${(rep.shortcuts / rep.edges).toFixed(2)} per edge)`
    + `${rep.coreNodes ? `, core of ${num(rep.coreNodes)} nodes` : ""}`);
  console.log(`import ${sec(rep.totalMs)} s: read ${sec(rep.readMs)}, graph ${sec(rep.graphMs)}, terrain ${sec(rep.terrainMs)}, CH ${sec(rep.chMs)}, write ${sec(rep.writeMs)}; peak RSS ${num(rep.peakRssMiB)} MiB, JS heap ${num(rep.peakHeapMiB)} of ${num(rep.heapLimitMiB)} MiB`);
  console.log(`pack ${(rep.bytes / 2 ** 20).toFixed(1)} MiB, loaded (file, CH checks, snap index) in ${sec(loadMs)} s`);
  console.log(`${PAIRS} random pairs: CH route (path unpacked) p50 ${row.chP50.toFixed(3)} ms, p95 ${row.chP95.toFixed(3)} ms;`
    + ` CH cost p50 ${row.costP50.toFixed(3)} ms, p95 ${row.costP95.toFixed(3)} ms; Dijkstra p50 ${row.dijkstraP50.toFixed(1)} ms = ${(row.dijkstraP50 / row.chP50).toFixed(0)}x;`
    + ` CH = Dijkstra on ${PAIRS - bad.length}/${PAIRS}; route with its line (${num(row.linePoints)} points on average) p50 ${row.lineP50.toFixed(3)} ms, p95 ${row.lineP95.toFixed(3)} ms`);
  if (!opt.keep) rmSync(packDir, { recursive: true, force: true });
  return row;
}

console.log(`machine: ${os.cpus()[0].model} (${os.cpus().length} cores), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(" ")}`);
console.log(`source: ${source}`);
const src = await readMosaicSource(source);
if (sizes.length) console.log(`${num(src.ids.length)} nodes, ${num(src.ways.length)} ways; seams: ${src.east.length} links east-west, ${src.north.length} north-south per pair of copies`);
const dir = mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
const rows: Row[] = [];
try {
  for (const s of sizes) rows.push(await benchMosaic(s, dir));
  if (opt.grid) rows.push(await benchGrid(Number(opt.grid), dir));
} finally {
  if (!opt.keep) rmSync(dir, { recursive: true, force: true });
  else console.log(`\nkept ${dir}`);
}

// Growth: import time against n log n of the graph, relative to the smallest size.
const base = rows.find((r) => r.mosaic);
const nlogn = (r: Row) => r.nodes * Math.log2(r.nodes);
console.log("\n| input | OSM nodes | graph vertices | junctions | edges | shortcuts / edge | read s | graph s | terrain s | CH s | write s | import s | time / n log n | peak RSS MiB | peak heap MiB | pack MiB | load s | CH route p50 / p95 ms | CH cost p50 / p95 ms | Dijkstra p50 ms | Dijkstra / CH route | CH = Dijkstra | route with line p50 / p95 ms |");
console.log("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
for (const r of rows) {
  const growth = base && r.mosaic ? ((r.totalMs / nlogn(r)) / (base.totalMs / nlogn(base))).toFixed(2) : "-";
  console.log(`| ${r.name} | ${num(r.osmNodes)} | ${num(r.graphNodes)} | ${num(r.nodes)} | ${num(r.edges)} | ${(r.shortcuts / r.edges).toFixed(2)} | ${sec(r.readMs)} | ${sec(r.graphMs)} | ${sec(r.terrainMs)} | ${sec(r.chMs)} | ${sec(r.writeMs)} | ${sec(r.totalMs)}`
    + ` | ${growth} | ${num(r.peakRssMiB)} | ${num(r.peakHeapMiB)} | ${(r.bytes / 2 ** 20).toFixed(0)} | ${(r.loadMs / 1000).toFixed(2)} | ${r.chP50.toFixed(3)} / ${r.chP95.toFixed(3)} | ${r.costP50.toFixed(3)} / ${r.costP95.toFixed(3)} | ${r.dijkstraP50.toFixed(1)} | ${(r.dijkstraP50 / r.chP50).toFixed(1)}x | ${r.pairs - r.bad}/${r.pairs} | ${r.lineP50.toFixed(3)} / ${r.lineP95.toFixed(3)} |`);
}
if (rows.some((r) => r.bad > 0)) {
  console.error("the contraction hierarchy disagrees with Dijkstra");
  process.exitCode = 1;
}
