// The bound on a stop before it is computed (bounds.ts stopMayBeat): per arrival cell, the least time
// still to come after a stop that stays at least so long. Its two-pointer pass must equal the
// definition, taken here by brute force over every target, or stops that can win would be skipped.
import { describe, expect, it } from "vitest";
import { bounds, stopTimes } from "@/engine/charging/bounds";
import { chargerCtx, prepare } from "@/engine/charging/grid";
import { analyticCharge, corridor, generate } from "./fixtures";

describe("the least time after a stop, per arrival cell", () => {
  it("equals the least over every target of the stay (at least the given one) and the charging-only optimum after it", () => {
    const cases = [
      ...[1, 2, 3].map((seed) => ({ ...corridor(seed, 30), capacityKWh: 300, chargeMinutes: analyticCharge(300) })),
      ...[4, 5].map((seed) => corridor(seed, 25)),
      ...[6, 7, 8].map((seed) => generate(seed, { stations: [2, 6], km: [150, 800], waypoints: [0, 2], windows: 0, minCharge: [0, 15] })),
    ];
    let compared = 0, finite = 0;
    for (const inp of cases) {
      const prep = prepare(inp), bd = bounds(prep);
      prep.points.forEach((p, k) => {
        if (p.kind !== "station") return;
        const ctx = chargerCtx(prep, p)!, h0 = bd.h[0][k], m = Math.max(0, ctx.gdMax - ctx.lo + 1);
        for (const stay of [0, 15, 45, 660]) {
          const times = stopTimes(bd, ctx, k, stay);
          for (let i = Math.max(0, ctx.ga - ctx.lo); i < h0.length; i++) {
            let want = Infinity;
            if (ctx.fa[i] < Infinity) {
              for (let j = 0; j < m; j++) {
                if (ctx.fd[j] < ctx.fa[i] - 1e-9 || ctx.fd[j] === Infinity) continue;
                want = Math.min(want, ctx.fixedMin + Math.max(stay, ctx.fd[j] - ctx.fa[i]) + h0[j]);
              }
            }
            // A stay without charging (or a floor that reaches no higher cell) ends at or below the arrival.
            if (stay > 0) want = Math.min(want, ctx.fixedMin + stay + h0[i]);
            compared++;
            if (want < Infinity) finite++;
            if (want === Infinity) expect(times[i]).toBe(Infinity);
            else expect(Math.abs(times[i] - want), `case ${cases.indexOf(inp)} point ${k} stay ${stay} cell ${i}`).toBeLessThan(1e-9);
          }
        }
      });
    }
    expect(finite).toBeGreaterThan(1000);
    expect(compared).toBeGreaterThanOrEqual(finite);
  });
});
