// The spaced-rest bound (tours of three days and more) is built once for two searches of one tour that
// differ only where it does not look: a plan's search under a cost objective and the fastest search that
// breaks its ties read the same minutes, each from inputs of its own (bounds.ts lastSpaced).
import { describe, expect, it } from "vitest";
import { optimizeCharging } from "@/engine/charging/optimize";
import type { OptimizeInput, OptimizeResult } from "@/engine/charging/types";
import { line, type Conn } from "./fixtures";

// 2,400 km at 80 km/h: 30 h of driving, a tour of four days; a 600 kWh truck charges every few hundred km.
const tour = (detourKm = 0): OptimizeInput<Conn> =>
  line({ km: 2400, stations: Array.from({ length: 23 }, (_, i) => ({ km: 100 * (i + 1), powerKW: i % 3 ? 400 : 150, detourKm: i === 11 ? detourKm : 0 })) });
const priced = (inp: OptimizeInput<Conn>): OptimizeInput<Conn> => ({
  ...inp, objective: { eurPerMin: 50 / 60 }, stations: inp.stations.map((s, i) => ({ ...s, price: { perKWh: 0.3 + (i % 5) * 0.08, sessionFee: i % 3, perMin: 0 } })),
});
const built = (r: OptimizeResult) => r.stats.boundWork ?? 0;
const planOf = (r: OptimizeResult) => (r.ok ? { totals: r.totals, stops: r.stops, breaks: r.breaks } : r.code);

describe("the spaced-rest bound shared between searches of one tour", () => {
  it("is built once for a cost search and the fastest search on the same tour, and the plans are those of a bound built afresh", () => {
    const first = optimizeCharging(priced(tour()));
    expect(first.ok).toBe(true);
    expect(built(first)).toBeGreaterThan(0);
    expect(first.stats.boundShared).toBeUndefined();
    // Fresh objects, no objective, no prices: the same minutes.
    const shared = optimizeCharging(tour());
    expect(shared.stats.boundShared).toBe(true);
    // A station's detour changes what the bound reads: built again.
    const other = optimizeCharging(tour(6));
    expect(other.stats.boundShared).toBeUndefined();
    expect(built(other)).toBeGreaterThan(0);
    // The same search with the bound built afresh (the last one built is another tour's) plans the same,
    // and counts the same work: limits of work must not depend on what an earlier search left behind.
    const fresh = optimizeCharging(tour());
    expect(fresh.stats.boundShared).toBeUndefined();
    expect(built(fresh)).toBeGreaterThan(0);
    expect(planOf(shared)).toEqual(planOf(fresh));
    expect(shared.stats.sets + built(shared)).toBe(fresh.stats.sets + built(fresh));
  });
});
