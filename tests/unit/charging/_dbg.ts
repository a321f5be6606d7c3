import { prepare } from "@/engine/charging/grid";
import * as L from "@/engine/charging/labels";
import { corridor } from "@/tests/unit/charging/fixtures";
const orig = L.prune;
let k = 0;
(globalThis as any).__hook = (sets: L.LabelSet[]) => {
  k++;
  if (k % 40 === 0) {
    console.log("point", k, sets.length);
    for (const s of sets.slice(0, 200)) console.log(s.how.kind, (s.how as any).option ?? "", s.b.toFixed(2), s.d.toFixed(2), s.lo, s.top, L.timeAt(s, s.lo).toFixed(2), L.timeAt(s, s.top).toFixed(2));
  }
};
const { optimizeCharging } = await import("@/engine/charging/optimize");
optimizeCharging(corridor(7, 100));
