// A charging site's uses as rows of a Gantt chart, one row per charge point: each use, by start time,
// takes the lowest-numbered point free when it starts. A use that finds every point taken (more trucks
// than points: a conflict) goes to an overflow row, never drawn over another truck. Bars shorter than
// the chart can show are widened, but never into the next bar of their row.

export interface Span {
  start: number;
  end: number;
}

export interface Placed<T> {
  item: T;
  start: number;
  end: number;
  /** Where the bar ends on the chart: at least `minShownMs` long unless the next bar of its row starts earlier. */
  shownEnd: number;
}

export interface SiteLanes<T> {
  /** Row i is charge point i + 1. */
  points: Placed<T>[][];
  /** Uses that found every point taken, in as few rows as they need. */
  overflow: Placed<T>[][];
}

/** Puts `item` in the first row free at its start (a row is free once its last use has ended); false if none is. */
function placeIn<T>(rows: Placed<T>[][], limit: number, p: Placed<T>): boolean {
  for (let i = 0; i < limit; i++) {
    const row = (rows[i] ??= []);
    const last = row[row.length - 1];
    if (!last || last.end <= p.start) {
      row.push(p);
      return true;
    }
  }
  return false;
}

function widen<T>(row: Placed<T>[], minShownMs: number): void {
  row.forEach((p, i) => {
    const next = row[i + 1]?.start ?? Infinity;
    p.shownEnd = Math.max(p.end, Math.min(p.start + minShownMs, next));
  });
}

/**
 * Lanes for a site of `points` charge points (null: not known, as many rows as the uses need).
 * Sorted by start, then by end, then as given: the same uses always land in the same rows.
 */
export function assignPointLanes<T extends Span>(uses: readonly T[], points: number | null, minShownMs = 0): SiteLanes<T> {
  const order = uses.map((item, i) => ({ item, i })).sort((a, b) => a.item.start - b.item.start || a.item.end - b.item.end || a.i - b.i);
  const out: SiteLanes<T> = { points: [], overflow: [] };
  for (const { item } of order) {
    const p: Placed<T> = { item, start: item.start, end: item.end, shownEnd: item.end };
    if (!placeIn(out.points, points ?? Infinity, p)) placeIn(out.overflow, Infinity, p);
  }
  if (points !== null) out.points = Array.from({ length: Math.max(points, out.points.length) }, (_, i) => out.points[i] ?? []);
  for (const row of [...out.points, ...out.overflow]) widen(row, minShownMs);
  return out;
}
