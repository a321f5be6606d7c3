// The fleet schedule on crafted cases: conflicts found, a one-point site
// shared in turn, priority first, another site when it is cheaper than a wait,
// held uses respected, a tour that cannot fit said so.
import { describe, expect, it } from "vitest";
import { conflicts, Ledger } from "@/engine/fleet/occupancy";
import { scheduleFleet } from "@/engine/fleet/schedule";
import type { FleetInstance, FleetTour } from "@/engine/fleet/types";

const M = 60_000;
const use = (site: string, from: number, to: number) => ({ site, startMs: from * M, endMs: to * M });
const tour = (id: string, uses: ReturnType<typeof use>[][], over: Partial<FleetTour> = {}): FleetTour => ({
  id, priority: 0, delayPerMin: 1, options: uses.map((u, i) => ({ key: `o${i}`, uses: u, objective: 300 + i * 10 })), ...over,
});

describe("conflicts", () => {
  it("finds the span where a site holds more trucks than its capacity, with the tours", () => {
    const cap = new Map([["A", 1], ["B", 2]]);
    const c = conflicts([{ ...use("A", 0, 30), tour: "x" }, { ...use("A", 20, 50), tour: "y" }, { ...use("B", 0, 30), tour: "x" }, { ...use("B", 0, 30), tour: "y" }], cap);
    expect(c).toEqual([{ site: "A", startMs: 20 * M, endMs: 30 * M, trucks: 2, capacity: 1, tours: ["x", "y"] }]);
  });

  it("back to back is no conflict; full spans and first fit", () => {
    const l = new Ledger(new Map([["A", 1]]), [use("A", 0, 30), use("A", 40, 60)]);
    expect(l.fits("A", 30, 40)).toBe(false); // minutes, not ms: inside the first use
    expect(l.fits("A", 30 * M, 40 * M)).toBe(true);
    expect(l.fullSpans("A")).toEqual([[0, 30 * M], [40 * M, 60 * M]]);
    expect(l.firstFit([use("A", 10, 25)], 120 * M)).toBe(50 * M); // 30..45 overlaps 40..60; 60..75 fits
  });
});

describe("scheduling a fleet", () => {
  const cap = new Map([["A", 1], ["B", 1]]);
  it("two tours on a one-point site at the same time: one waits, the cheaper way", () => {
    const inst: FleetInstance = { tours: [tour("t1", [[use("A", 60, 90)]]), tour("t2", [[use("A", 70, 100)]])], capacity: cap, maxDelayMs: 240 * M };
    const s = scheduleFleet(inst);
    // t2 waits 20 min (t1 first) rather than t1 waiting 40.
    expect(s.choices).toEqual([{ id: "t1", option: 0, delayMs: 0, objective: 300 }, { id: "t2", option: 0, delayMs: 20 * M, objective: 320 }]);
  });

  it("takes another site when that costs less than waiting", () => {
    const inst: FleetInstance = { tours: [tour("t1", [[use("A", 60, 120)]]), tour("t2", [[use("A", 60, 120)], [use("B", 65, 125)]])], capacity: cap, maxDelayMs: 240 * M };
    const s = scheduleFleet(inst);
    expect(s.choices[1]).toMatchObject({ option: 1, delayMs: 0, objective: 310 });
  });

  it("gives way to priority", () => {
    const inst: FleetInstance = { tours: [tour("t1", [[use("A", 60, 90)]]), tour("t2", [[use("A", 60, 90)]], { priority: 2 })], capacity: cap, maxDelayMs: 240 * M };
    const s = scheduleFleet(inst);
    expect(s.choices.map((c) => c.delayMs)).toEqual([30 * M, 0]);
  });

  it("plans around held uses and says which tour cannot fit", () => {
    const held = [use("A", 0, 1000)];
    const inst: FleetInstance = { tours: [tour("t1", [[use("A", 60, 90)]]), tour("t2", [[use("A", 60, 90)], [use("B", 60, 90)]])], capacity: cap, held, maxDelayMs: 240 * M };
    const s = scheduleFleet(inst);
    expect(s.unplaced).toEqual(["t1"]);
    expect(s.choices[1]).toMatchObject({ option: 1, delayMs: 0 });
  });

  it("larger fleets (local search) stay conflict-free", () => {
    const tours = Array.from({ length: 30 }, (_, i) => tour(`t${i}`, [[use(i % 2 ? "A" : "B", 60 + (i % 5) * 5, 90 + (i % 5) * 5)], [use("C", 70, 95)]]));
    const inst: FleetInstance = { tours, capacity: new Map([["A", 2], ["B", 1], ["C", 3]]), maxDelayMs: 24 * 60 * M };
    const s = scheduleFleet(inst);
    expect(s.unplaced).toEqual([]);
    const all = s.choices.flatMap((c) => tours.find((t) => t.id === c.id)!.options[c.option].uses.map((u) => ({ site: u.site, startMs: u.startMs + c.delayMs, endMs: u.endMs + c.delayMs, tour: c.id })));
    expect(conflicts(all, inst.capacity)).toEqual([]);
  });
});
