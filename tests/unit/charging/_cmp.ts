import { optimizeCharging } from "@/engine/charging/optimize";
import { generate } from "@/tests/unit/charging/fixtures";
import { referenceOptimum } from "@/tests/unit/charging/reference";
import { replay } from "@/tests/unit/charging/simulate";
const N = Number(process.argv[2] ?? 40);
const step = Number(process.argv[3] ?? 0.005);
let worst = 0, both = 0, mism = 0, refT = 0, optT = 0;
for (let seed = 1; seed <= N; seed++) {
  const inp = generate(seed, { stations: [2, 6], km: [150, 800], waypoints: [0, 2], windows: 0.3, minCharge: [0, 0, 15, 30] });
  let t0 = performance.now();
  const r = optimizeCharging({ ...inp, socStep: step });
  optT += performance.now() - t0;
  t0 = performance.now();
  let ref = referenceOptimum(inp, { socStep: 0.005 });
  if (!ref.ok && inp.waypoints.some(w => w.window?.latestMs != null)) ref = referenceOptimum(inp, { socStep: 0.005, useLatest: false });
  const rt = performance.now() - t0; refT += rt;
  if (r.ok !== ref.ok) { mism++; console.log("MISMATCH", seed, r.ok, ref.ok, r.ok ? r.totals.totalMin : r.message); continue; }
  if (!r.ok) continue;
  both++;
  const rep = replay(inp, r);
  const gap = (r.totals.totalMin - ref.totalMin) / ref.totalMin;
  worst = Math.max(worst, gap);
  if (Math.abs(gap) > 1e-4 || rep.violations.length) console.log(seed, "opt", r.totals.totalMin.toFixed(2), "dp", r.stats.dpMin.toFixed(2), "ref", ref.totalMin.toFixed(2), (gap*100).toFixed(3)+"%", "rep", rep.totalMin.toFixed(2), rep.violations.slice(0,3), "nodes", ref.nodes, rt.toFixed(0)+"ms");
}
console.log({ both, mism, worst, refT, optT });
