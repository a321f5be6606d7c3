import { generate } from "@/tests/unit/charging/fixtures";
import { referenceOptimum } from "@/tests/unit/charging/reference";
const ts: number[] = [];
for (let seed = 1; seed <= 40; seed++) {
  const inp = generate(seed, { stations: [2, 6], km: [150, 800], waypoints: [0, 2], windows: 0.3, minCharge: [0, 0, 15, 30] });
  const t0 = performance.now();
  const ref = referenceOptimum(inp, { socStep: 0.005 });
  const t = performance.now() - t0; ts.push(t);
  if (t > 300) console.log(seed, t.toFixed(0), ref.nodes, inp.stations.length, inp.waypoints.length, (inp.waypoints.at(-1)!.driveMin).toFixed(0), ref.totalMin.toFixed(1));
}
console.log(ts.reduce((a, b) => a + b, 0).toFixed(0));
