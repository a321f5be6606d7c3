import { prepare } from "@/engine/charging/grid";
import { sweep } from "@/engine/charging/optimize";
import { corridor } from "@/tests/unit/charging/fixtures";
const st = () => ({ sets: 0, maxSetsAtPoint: 0, cells: 0, passes: 1, dpMin: 0 });
const prep = prepare(corridor(8, 200));
for (let i = 0; i < 20; i++) { const t0 = performance.now(); sweep(prep, true, st(), Infinity, 4); if (i > 15) console.log((performance.now() - t0).toFixed(1)); }
