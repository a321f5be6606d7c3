// What the spaced-rest bound (bounds.ts restSpacing) reads of a search, in the form it reads it: two searches
// of one tour that differ only where it does not look (the objective and its prices: a plan's search and the
// search that breaks its ties, each with inputs of its own) then build it once. It reads minutes and energy:
// the points, the cells, each charger's charge times and fixed minutes, service, the law's pauses.
import { chargerCtx, type Prepared } from "./grid";
import type { StopCtx } from "./labels";
import type { BreakRules } from "./types";

export interface SpacedInputs {
  scalars: number[];
  cells: Float64Array;
  /** Per point: kind (0 station, 1 waypoint), route driving, energy, peak energy, last, service minutes. */
  points: Float64Array;
  ctxs: (StopCtx | null)[];
}

export function spacedInputs<C extends string>(prep: Prepared<C>, law: BreakRules): SpacedInputs {
  const { input, points, cells, cap } = prep;
  const per = new Float64Array(points.length * 6);
  points.forEach((p, k) => {
    const service = p.kind === "waypoint" ? input.waypoints[p.index].serviceMin : 0;
    per.set([p.kind === "station" ? 0 : 1, p.driveMin, p.energyKWh, p.peakKWh, p.last ? 1 : 0, service], k * 6);
  });
  return {
    scalars: [cap, input.reserveSoc, input.endSoc, law.maxDailyDriveMin, law.maxDriveMin, law.restMin, law.breakMin],
    cells,
    points: per,
    ctxs: points.map((p) => chargerCtx(prep, p)),
  };
}

export function sameSpacedInputs(a: SpacedInputs, b: SpacedInputs): boolean {
  return sameNumbers(a.scalars, b.scalars) && sameNumbers(a.cells, b.cells) && sameNumbers(a.points, b.points)
    && a.ctxs.length === b.ctxs.length && a.ctxs.every((x, k) => sameCtx(x, b.ctxs[k]));
}

/** The fields of a charger's context the bound reads (bounds.ts withStop). */
function sameCtx(x: StopCtx | null, y: StopCtx | null): boolean {
  if (!x || !y) return x === y;
  return x.lo === y.lo && x.gdMax === y.gdMax && x.ga === y.ga && x.fixedMin === y.fixedMin && sameNumbers(x.fa, y.fa) && sameNumbers(x.fd, y.fd);
}

function sameNumbers(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
