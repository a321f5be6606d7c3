import { prepare } from "@/engine/charging/grid";
import { sweep } from "@/engine/charging/optimize";
import { corridor } from "@/tests/unit/charging/fixtures";
const st = () => ({ sets: 0, maxSetsAtPoint: 0, cells: 0, passes: 1, dpMin: 0 });
for (const n of [50, 100, 200]) for (const seed of [7, 8, 9, 10]) {
  const prep = prepare(corridor(seed, n));
  for (let w = 0; w < 2; w++) sweep(prep, true, st());
  const r = sweep(prep, true, st());
  const obj = r.ok ? r.objective : NaN;
  const out = [n, seed, obj.toFixed(2)];
  for (const K of [2, 4, 8]) {
    let t0 = performance.now();
    const rb = sweep(prep, true, st(), Infinity, K);
    const ta = performance.now() - t0;
    const ub = rb.ok ? rb.objective : Infinity;
    const s2 = st(); t0 = performance.now(); const r2 = sweep(prep, true, s2, ub + 1e-6); const tb = performance.now() - t0;
    out.push(`K${K}: ub ${(ub - obj).toFixed(2)} ${ta.toFixed(1)}+${tb.toFixed(1)}ms sets ${s2.maxSetsAtPoint}`);
  }
  console.log(out.join("  "));
}
