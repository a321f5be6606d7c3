import { optimizeCharging } from "@/engine/charging/optimize";
import { generate } from "@/tests/unit/charging/fixtures";
import { referenceOptimum } from "@/tests/unit/charging/reference";
import { replay } from "@/tests/unit/charging/simulate";
const N = Number(process.argv[2] ?? 300);
const refStep = Number(process.argv[3] ?? 0.0025);
const steps = [0.0025, 0.005, 0.01, 0.02];
const stat = steps.map(() => ({ worst: 0, best: 0, sum: 0, viol: 0 }));
let both = 0, mism = 0, refT = 0, tightWin = 0, late = 0;
for (let seed = 1; seed <= N; seed++) {
  const inp = generate(seed, { stations: [2, 6], km: [150, 800], waypoints: [0, 2], windows: 0.3, minCharge: [0, 0, 15, 30] });
  const t0 = performance.now();
  let ref = referenceOptimum(inp, { socStep: refStep });
  if (!ref.ok && inp.waypoints.some(w => w.window?.latestMs != null)) { ref = referenceOptimum(inp, { socStep: refStep, useLatest: false }); if (ref.ok) late++; }
  refT += performance.now() - t0;
  steps.forEach((step, i) => {
    const r = optimizeCharging({ ...inp, socStep: step });
    if (r.ok !== ref.ok) { mism++; console.log("MISMATCH", seed, step, r.ok, ref.ok, r.ok ? r.totals.totalMin : r.message); return; }
    if (!r.ok || !ref.ok) return;
    if (i === 0) both++;
    const rep = replay(inp, r);
    if (rep.violations.length || Math.abs(rep.totalMin - r.totals.totalMin) > 1e-6) { stat[i].viol++; console.log("VIOL", seed, step, rep.violations, rep.totalMin, r.totals.totalMin); }
    const gap = (r.totals.totalMin - ref.totalMin) / ref.totalMin;
    stat[i].worst = Math.max(stat[i].worst, gap); stat[i].best = Math.min(stat[i].best, gap); stat[i].sum += gap;
    if (gap > 0.002) console.log("gap", seed, step, (gap * 100).toFixed(3), r.totals.totalMin.toFixed(2), ref.totalMin.toFixed(2));
  });
}
console.log({ both, mism, late, refT: Math.round(refT) });
steps.forEach((s, i) => console.log(s, "max %", (stat[i].worst * 100).toFixed(4), "min %", (stat[i].best * 100).toFixed(4), "mean %", (stat[i].sum / both * 100).toFixed(4), "viol", stat[i].viol));
