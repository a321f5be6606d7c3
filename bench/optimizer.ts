// npm run bench:optimizer: optimizer runtime on synthetic 800 km corridors
// with 50, 100 and 200 stations (20 seeds each, first run and best of 3).
import os from "node:os";
import { optimizeCharging } from "../src/engine/charging/optimize";
import type { OptimizeInput } from "../src/engine/charging/types";
import { analyticCharge, corridor, type Conn } from "../tests/unit/charging/fixtures";

const SEEDS = 20;

function timeMs(inp: OptimizeInput<Conn>): { single: number; best: number } {
  let best = Infinity, single = NaN;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    optimizeCharging(inp);
    const t = performance.now() - t0;
    if (k === 0) single = t;
    best = Math.min(best, t);
  }
  return { single, best };
}

const pct = (xs: number[], q: number) => xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}`);
for (let w = 0; w < 5; w++) optimizeCharging(corridor(900 + w, 100));
const rows: string[] = [];
for (const cap of [600, 300]) {
  for (const n of [50, 100, 200]) {
    const single: number[] = [], best: number[] = [];
    for (let seed = 1; seed <= SEEDS; seed++) {
      const t = timeMs({ ...corridor(seed, n), capacityKWh: cap, chargeMinutes: analyticCharge(cap) });
      single.push(t.single);
      best.push(t.best);
    }
    rows.push(`${cap} kWh, ${n} stations: p50 ${pct(single, 0.5).toFixed(1)} ms, p90 ${pct(single, 0.9).toFixed(1)} ms (min of 3 runs: p50 ${pct(best, 0.5).toFixed(1)}, p90 ${pct(best, 0.9).toFixed(1)})`);
  }
}
console.log(rows.join("\n"));

