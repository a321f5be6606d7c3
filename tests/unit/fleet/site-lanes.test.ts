// The fleet day's site chart: a row per charge point, each use on the first point free at its start,
// uses beyond the points in overflow rows; no two bars of a row ever overlap, short bars widened only
// into free room.
import { describe, expect, it } from "vitest";
import { assignPointLanes, type Placed } from "@/components/fleet-day/site-lanes";

const M = 60_000;
const use = (id: string, startMin: number, endMin: number) => ({ id, start: startMin * M, end: endMin * M });
const ids = <T extends { id: string }>(rows: Placed<T>[][]) => rows.map((r) => r.map((p) => p.item.id));

function noOverlapInARow(rows: Placed<unknown>[][]) {
  for (const row of rows) {
    for (let i = 1; i < row.length; i++) expect(row[i - 1].shownEnd).toBeLessThanOrEqual(row[i].start);
  }
}

describe("charge point lanes", () => {
  it("puts each use, by start time, on the lowest point free then; a point is free again when the last truck leaves", () => {
    const lanes = assignPointLanes([use("c", 30, 50), use("a", 0, 40), use("b", 10, 30), use("d", 40, 60)], 2);
    expect(ids(lanes.points)).toEqual([["a", "d"], ["b", "c"]]);
    expect(lanes.overflow).toEqual([]);
  });

  it("sends a truck that finds every point taken to an overflow row, which holds no two at once either", () => {
    const lanes = assignPointLanes([use("a", 0, 60), use("b", 10, 50), use("c", 20, 40), use("d", 45, 70)], 1);
    expect(ids(lanes.points)).toEqual([["a"]]);
    expect(ids(lanes.overflow)).toEqual([["b"], ["c", "d"]]);
    noOverlapInARow([...lanes.points, ...lanes.overflow]);
  });

  it("keeps a row for every point, used or not; without a known count, as many rows as the uses need", () => {
    expect(assignPointLanes([use("a", 0, 10)], 4).points.map((r) => r.length)).toEqual([1, 0, 0, 0]);
    const unknown = assignPointLanes([use("a", 0, 10), use("b", 5, 15), use("c", 6, 8)], null);
    expect(ids(unknown.points)).toEqual([["a"], ["b"], ["c"]]);
    expect(unknown.overflow).toEqual([]);
  });

  it("widens a short bar to the least visible length, but never into the next bar of its row", () => {
    const lanes = assignPointLanes([use("a", 0, 1), use("b", 3, 4), use("c", 20, 21)], 1, 10 * M);
    const [a, b, c] = lanes.points[0];
    expect([a.shownEnd, b.shownEnd, c.shownEnd]).toEqual([3 * M, 13 * M, 30 * M]);
    noOverlapInARow(lanes.points);
  });

  it("never overlaps within a row for any set of uses, and uses no more points than are taken at once", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let trial = 0; trial < 200; trial++) {
      const uses = Array.from({ length: 1 + Math.floor(rnd() * 12) }, (_, i) => {
        const s = Math.floor(rnd() * 600);
        return use(String(i), s, s + 1 + Math.floor(rnd() * 90));
      });
      const points = 1 + Math.floor(rnd() * 4);
      const lanes = assignPointLanes(uses, points, 6 * M);
      noOverlapInARow([...lanes.points, ...lanes.overflow]);
      expect(lanes.points.flat().length + lanes.overflow.flat().length).toBe(uses.length);
      const busiest = Math.max(...uses.map((u) => uses.filter((v) => v.start <= u.start && u.start < v.end).length));
      expect(lanes.points.filter((r) => r.length).length + lanes.overflow.length).toBe(busiest);
      // Overflow only where more trucks than points are there at once.
      expect(lanes.overflow.length).toBe(Math.max(0, busiest - points));
    }
  });
});
