// Lower bounds on the time still to come, to drop label sets that cannot beat
// a known plan (branch and bound; the result stays exact). The charging-only
// optimum from each point and energy (a backward pass without pauses or
// windows) plus the part of each pause that no stop's charging can fill; and
// driving plus the pauses it needs.
import { driveStretch, EPS_MIN, type Driver, type RoadsideEvent } from "./breaks";
import { pauseCost, pausePatterns, type PauseCost, type PausePatterns } from "./pause-costs";
import { chargerCtx, firstAtLeast, lastAtMost, tableAt, tableKey, type Prepared } from "./grid";
import { objAt, timeAt, type LabelSet, type StopCtx } from "./labels";
import { isTariff, leastPerKWh } from "./price";
import { EU_BREAK_RULES, type BreakRules, type ChargePrice, type OptimizeInput } from "./types";
import { sameSpacedInputs, spacedInputs, type SpacedInputs } from "./spaced-inputs";
import { sameFieldsBut } from "../same-fields";

export interface Bounds {
  rules: BreakRules;
  /** Per point, after its decisions: route driving and service still to come, whether a window lies ahead. */
  driveMin: Float64Array;
  serviceMin: Float64Array;
  windows: Uint8Array;
  /**
   * Per layer (breaks i, rests j still to take; index i * (nr + 1) + j) and
   * point: least remaining time by cell, over cells lo[k]..; Infinity where
   * the end cannot be reached. Layer 0 is the charging-only optimum.
   */
  h: Float64Array[][];
  lo: Int32Array;
  nb: number;
  nr: number;
  /** Per layer and point: the least of h (the most energy). */
  minH: Float64Array[];
  /** Per point: the longest a later stop can charge (full from the reserve, or the floor). */
  longest: Float64Array;
  /** Per point: the overhead of a charging stop still to come; 0 where a section end's charger lies ahead. */
  overheadMin: Float64Array;
  /** The bound with the daily rests spaced (restSpacing); null where the tour needs no rest. */
  spaced: SpacedRests | null;
  /** Per point: its route driving time from the start. */
  pointDriveMin: Float64Array;
  /** All pause time still needed; and what charging cannot fill of it, by the longest charge still possible. */
  allPauses: PauseCost;
  unfilledPauses: Map<number, PauseCost>;
  pausePatterns: PausePatterns;
  /**
   * Under a cost objective: its EUR per minute (else 1: the bound is in minutes), and per point the
   * least price per kWh of a charger after it, the energy (u) the end needs and the cells.
   */
  perMin: number;
  leastPriceAfter: Float64Array | null;
  /**
   * Under a cost objective: layer 0 in the objective itself, by point and cell as h (minutes at perMin,
   * each charge at its charger's least price): the plain bound prices time and energy apart, so
   * that the fastest charging and the cheapest energy, which no one plan has, add up.
   */
  hCost: Float64Array[] | null;
  needU: number;
  cells: Float64Array;
  /** Per station point, by the least stay: the least time after arriving at each cell (stopMayBeat), made when first read. */
  stopTimes: Map<number, Float64Array>[];
}

/**
 * Least remaining time by point, driving since the last daily rest (the rest's
 * route driving time on a grid of `width` minutes, rounded up) and cell, with every daily rest where the
 * rules allow it at the latest: at a stop, where it overlaps the charging, or
 * by the road where it falls due. Breaks are left out (free), and so are the
 * detours' driving in the counter: a relaxation, so still a bound. It sees what
 * the pause patterns alone cannot: a day's charging must fit between that
 * day's rests.
 */
interface SpacedRests {
  width: number;
  buckets: number;
  /** Per point: the grid index of its own route driving time, rounded up (bucket 0: a rest right here). */
  top: Int32Array;
  /** Per point, bucket-major: after the point's decisions, cells lo[k].., Float32 (read minus SPACED_SLACK). */
  h: Float32Array[];
  /** Per point and bucket: the least over cells (the top one). */
  least: Float32Array[];
  /** What building it cost in label-set equivalents: one per point and state (break no earlier than rest). */
  work: number;
}

/** Minutes per bucket of the daily driving counter in the spaced-rest bound. */
const SPACED_WIDTH_MIN = 30;
/** Float32 rounding of values up to ~10^5 minutes stays below this. */
const SPACED_SLACK = 0.02;

const cache = new WeakMap<Prepared, Bounds>();

/** The law's days without the plan's shorter ones (dayCaps): fewer pauses, so still a bound. */
const lawOf = (rules: BreakRules | undefined): BreakRules => {
  const r = rules ?? EU_BREAK_RULES;
  return r.dayCaps ? { ...r, dayCaps: undefined } : r;
};
const MAX_LAYERS = 12;
/** Pause layers only when the tour needs this many batteries' worth of charging. */
const LAYERS_FROM_BATTERIES = 1.5;

const count = (events: RoadsideEvent[]): [number, number] => {
  let b = 0, r = 0;
  for (const e of events) if (e.kind === "break") b++; else r++;
  return [b, r];
};

/**
 * Re-plans of one tour (engine/plan/daily-span.ts: the same input but for the day caps and the effort)
 * share their bounds, which are the law's anyway: on Hamburg <-> Munich x10 the spaced-rest bound
 * alone took 1 s per search.
 */
const byTour = new WeakMap<object, { input: OptimizeInput<string>; bd: Bounds }>();

/** Every input field the same (value or object) but the day caps, the effort and the limit of work, which the law's bounds do not see. */
function sameTour(a: OptimizeInput<string>, b: OptimizeInput<string>): boolean {
  if (!sameFieldsBut(a, b, ["breaks", "effort", "maxWork"])) return false;
  const la = lawOf(a.breaks), lb = lawOf(b.breaks);
  return la.maxDriveMin === lb.maxDriveMin && la.breakMin === lb.breakMin && la.maxDailyDriveMin === lb.maxDailyDriveMin && la.restMin === lb.restMin;
}

export function bounds<C extends string>(prep: Prepared<C>): Bounds {
  const hit = cache.get(prep as unknown as Prepared);
  if (hit) return hit;
  const input = prep.input as unknown as OptimizeInput<string>;
  const same = byTour.get(input.stations);
  if (same && sameTour(same.input, input)) {
    cache.set(prep as unknown as Prepared, same.bd);
    return same.bd;
  }
  const made = makeBounds(prep);
  cache.set(prep as unknown as Prepared, made);
  byTour.set(input.stations, { input, bd: made });
  return made;
}

function makeBounds<C extends string>(prep: Prepared<C>): Bounds {
  const { input, points } = prep;
  const n = points.length;
  const driveMin = new Float64Array(n), serviceMin = new Float64Array(n), windows = new Uint8Array(n);
  const longest = new Float64Array(n);
  const dest = points[n - 1];
  const overheadMin = new Float64Array(n);
  let service = 0, win = 0, most = 0, overhead = input.overheadMin;
  const leastPriceAfter = input.objective ? new Float64Array(n) : null;
  let price = Infinity;
  for (let k = n - 1; k >= 0; k--) {
    driveMin[k] = dest.driveMin - points[k].driveMin;
    if (leastPriceAfter) leastPriceAfter[k] = price;
    serviceMin[k] = service;
    windows[k] = win;
    longest[k] = most;
    const p = points[k];
    overheadMin[k] = overhead;
    const charger = p.kind === "waypoint" ? input.waypoints[p.index].charger : input.stations[p.index];
    if (p.kind === "waypoint") {
      const w = input.waypoints[p.index];
      service += w.serviceMin;
      if (w.window?.earliestMs != null) win = 1;
      // Charging at a section end costs no stop of its own.
      if (charger) overhead = 0;
    }
    if (charger) {
      price = Math.min(price, leastPerKWh(charger.price));
      const t = prep.tables.get(tableKey(charger.powerKW, charger.connector))!;
      most = Math.max(most, p.kind === "station" ? input.minChargeMin : 0, tableAt(t, 1) - tableAt(t, input.reserveSoc));
    }
  }
  // Layers up to the cheapest pause pattern of the whole tour (more pauses are
  // bounded by fewer; used where no wait lies ahead to absorb pauses). They pay
  // off only with several stops to place; otherwise layer 0 alone.
  const rules = lawOf(input.breaks);
  let nb = 0, nr = 0, least = Infinity;
  for (const o of driveStretch({ b: input.driver?.sinceBreakMin ?? 0, d: input.driver?.todayMin ?? 0, n: 0 }, dest.driveMin, rules)) {
    if (o.pauseMin < least) [least, nb, nr] = [o.pauseMin, ...count(o.events)];
  }
  const cap = prep.cap, toCharge = Math.max(input.endSoc, input.reserveSoc) * cap + dest.energyKWh - input.startSoc * cap;
  if ((nb + 1) * (nr + 1) > MAX_LAYERS || toCharge < LAYERS_FROM_BATTERIES * (1 - input.reserveSoc) * cap) nb = nr = 0;
  const charge = layers(prep, nb, nr);
  // Nonincreasing in energy: the least is at the top.
  const minH = charge.h.map((layer) => Float64Array.from(layer, (h) => (h.length ? h[h.length - 1] : Infinity)));
  const pointDriveMin = Float64Array.from(points, (p) => p.driveMin);
  const unfilledPauses = new Map<number, PauseCost>();
  for (const c of longest) if (!unfilledPauses.has(c)) unfilledPauses.set(c, pauseCost(rules, Math.max(0, rules.breakMin - c), Math.max(0, rules.restMin - c)));
  const out = {
    rules, driveMin, serviceMin, windows, overheadMin, minH, longest, nb, nr, spaced: null, pointDriveMin,
    allPauses: pauseCost(rules), unfilledPauses, pausePatterns: pausePatterns(rules), ...charge,
    perMin: input.objective?.eurPerMin ?? 1, leastPriceAfter, cells: prep.cells,
    hCost: input.objective ? costLayer(prep, input.objective.eurPerMin) : null,
    needU: Math.max(input.endSoc, input.reserveSoc) * cap + dest.energyKWh,
    stopTimes: Array.from(points, () => new Map<number, Float64Array>()),
  };
  return out;
}

/**
 * Per point, the cells a label can hold there: from reaching it with the reserve
 * (lo) to a full battery (hi); the widest such window; and the cell the tour must end at or above.
 */
function cellWindows<C extends string>(prep: Prepared<C>): { lo: Int32Array; hi: Int32Array; widest: number; need: number } {
  const { input, points, cells, cap } = prep;
  const n = points.length, rc = input.reserveSoc * cap;
  const lo = new Int32Array(n), hi = new Int32Array(n);
  let widest = 0;
  points.forEach((p, k) => {
    lo[k] = firstAtLeast(cells, rc + p.energyKWh);
    hi[k] = lastAtMost(cells, cap + p.energyKWh);
    widest = Math.max(widest, hi[k] - lo[k] + 1);
  });
  return { lo, hi, widest, need: Math.max(input.endSoc, input.reserveSoc) * cap + points[n - 1].energyKWh };
}

/**
 * Adds the spaced-rest bound (restSpacing) to the bounds of `prep`, where the tour needs a daily rest:
 * what building it costs in label-set equivalents (0 only where this search's bounds have it already),
 * and whether the last search's was taken over; false where the tour needs no rest (nothing to add).
 */
export function spaceRests<C extends string>(prep: Prepared<C>): { work: number; shared: boolean } | false {
  const bd = bounds(prep);
  if (bd.spaced) return { work: 0, shared: false };
  const { input, points } = prep;
  const dest = points[points.length - 1];
  if ((input.driver?.todayMin ?? 0) + dest.driveMin <= bd.rules.maxDailyDriveMin + EPS_MIN) return false;
  const inputs = spacedInputs(prep, lawOf(input.breaks));
  const last = lastSpaced?.deref();
  if (last && sameSpacedInputs(last.inputs, inputs)) {
    bd.spaced = last.spaced;
    // Counted as if built: limits of work (route choice's, daily-span's) must not depend on what an earlier
    // request left behind. Counted as 0, a long-lived process gave a round trip of 25 sections under
    // balanced two plans in turn (11,383.73 and 11,344.39 EUR), as route choice's limit fell on other roads.
    return { work: last.spaced.work, shared: true };
  }
  bd.spaced = restSpacing(prep, SPACED_WIDTH_MIN);
  lastSpaced = new WeakRef({ inputs, spaced: bd.spaced });
  return { work: bd.spaced.work, shared: false };
}

/**
 * The last spaced-rest bound built, with what it read: a plan's search and its tie search read the same
 * (1.1 s each on a long haul of 25 sections), but their inputs are objects of their own, which the bound
 * caches key on. Weakly held: kept through the plan that made it (one synchronous job), then collectable.
 */
let lastSpaced: WeakRef<{ inputs: SpacedInputs; spaced: SpacedRests }> | null = null;

/**
 * Backward over the points: least remaining time (driving, detours, overhead,
 * charging, service) by cell, per layer (i, j) = breaks and rests still to be
 * taken. A pause goes to a later stop, where it overlaps the charging, or
 * anywhere else at its full length; where it is legal is ignored (a
 * relaxation). Layer (0, 0) is the charging-only optimum.
 */
function layers<C extends string>(prep: Prepared<C>, nb: number, nr: number): { h: Float64Array[][]; lo: Int32Array } {
  const { input, points, cells, cap } = prep;
  const rules = lawOf(input.breaks);
  const n = points.length, rc = input.reserveSoc * cap, L = (nb + 1) * (nr + 1);
  const h: Float64Array[][] = Array.from({ length: L }, () => new Array(n));
  const { lo, hi, widest: width, need } = cellWindows(prep);
  // Per layer, at point k + 1 before its decisions (consumed before being overwritten).
  const before = Array.from({ length: L }, () => new Float64Array(width));
  // Per layer at the current point: the suffix minimum of charge minutes plus the time after (withStop's
  // `best`), made once and read by the stop of its own layer and of the layers a pause leads to.
  const suffix = Array.from({ length: L }, () => new Float64Array(width + 1));
  for (let k = n - 1; k >= 0; k--) {
    const len = Math.max(0, hi[k] - lo[k] + 1);
    const q = points[k + 1];
    const drive = q ? q.driveMin - points[k].driveMin : 0;
    const crest = q ? rc + q.peakKWh - 1e-9 : 0;
    const lok = lo[k];
    // One buffer for the point's layers (an allocation each was a third of the pass's time).
    const store = new Float64Array(L * len);
    for (let l = 0; l < L; l++) {
      const after = store.subarray(l * len, (l + 1) * len);
      // More energy never costs time: a running minimum keeps it so (a lower value, still a bound).
      let least = Infinity;
      if (!q) {
        const left = Math.floor(l / (nr + 1)) * rules.breakMin + (l % (nr + 1)) * rules.restMin;
        for (let i = 0; i < len; i++) {
          const v = cells[lok + i] >= need - 1e-9 ? left : Infinity;
          after[i] = least = v < least ? v : least;
        }
      } else {
        const b = before[l], lo1 = lo[k + 1], hi1 = hi[k + 1];
        for (let i = 0; i < len; i++) {
          const g = lok + i < hi1 ? lok + i : hi1;
          const v = cells[lok + i] >= crest && g >= lo1 ? drive + b[g - lo1] : Infinity;
          after[i] = least = v < least ? v : least;
        }
      }
      h[l][k] = after;
    }
    const p = points[k];
    const ctx = chargerCtx(prep, p);
    // At a section end, charging overlaps the service (and a pause there) as well.
    const service = p.kind === "waypoint" ? input.waypoints[p.index].serviceMin : 0;
    for (let l = 0; l < L; l++) {
      const out = before[l], after = h[l][k];
      for (let i = 0; i < len; i++) out[i] = after[i] + service;
    }
    if (ctx) stopsInLayers(ctx, h.map((layer) => layer[k]), suffix, before, nr, service, rules);
  }
  return { h, lo };
}

/**
 * withStop for every layer at one point, in one pass over the arrivals: a stop with no pause (layer l
 * from l), with a break (l from the layer with one break less) or a rest (one rest less). Where the
 * targets' windows start and end depends on the arrival and the pause only, not on the layer.
 */
function stopsInLayers(ctx: StopCtx, from: Float64Array[], suffix: Float64Array[], outs: Float64Array[], nr: number, service: number, rules: BreakRules): void {
  const { fa, fd, lo } = ctx;
  const m = Math.max(0, ctx.gdMax - lo + 1);
  if (m === 0) return;
  const L = from.length, len = from[0].length;
  for (let l = 0; l < L; l++) suffixMin(ctx, from[l], suffix[l]);
  const fixed = ctx.fixedMin, pb = rules.breakMin + service, pr = rules.restMin + service;
  let j0 = 0, js = 0, jb = 0, jr = 0;
  for (let i = ctx.ga - lo; i < len; i++) {
    const a = fa[i];
    if (a === Infinity) break;
    while (j0 < m && fd[j0] <= a + 1e-12) j0++;
    if (j0 >= m) break;
    if (js < j0) js = j0;
    while (js < m && fd[js] < a + service) js++;
    if (jb < j0) jb = j0;
    while (jb < m && fd[jb] < a + pb) jb++;
    if (jr < j0) jr = j0;
    while (jr < m && fd[jr] < a + pr) jr++;
    for (let l = 0; l < L; l++) {
      const out = outs[l];
      let best = out[i];
      let v = suffix[l][js] - a;
      if (js > j0 && service + from[l][js - 1] < v) v = service + from[l][js - 1];
      if (v + fixed < best) best = v + fixed;
      if (l >= nr + 1) {
        const f = from[l - (nr + 1)];
        v = suffix[l - (nr + 1)][jb] - a;
        if (jb > j0 && pb + f[jb - 1] < v) v = pb + f[jb - 1];
        if (v + fixed < best) best = v + fixed;
      }
      if (l % (nr + 1) > 0) {
        const f = from[l - 1];
        v = suffix[l - 1][jr] - a;
        if (jr > j0 && pr + f[jr - 1] < v) v = pr + f[jr - 1];
        if (v + fixed < best) best = v + fixed;
      }
      out[i] = best;
    }
  }
}

/**
 * Layer 0 of `layers` in the objective: per point and cell, the least perMin x the time still to come
 * (driving, detours, overhead, charging, service) plus the money of the charges, over plans that only
 * charge (no pauses, windows or floors, each charger at its least price: a relaxation, so a bound).
 */
function costLayer<C extends string>(prep: Prepared<C>, perMin: number): Float64Array[] {
  const { input, points, cells, cap } = prep;
  const n = points.length, rc = input.reserveSoc * cap;
  const h: Float64Array[] = new Array(n);
  const { lo, hi, widest, need } = cellWindows(prep);
  const before = new Float64Array(widest), scratch = new Float64Array(widest + 1);
  for (let k = n - 1; k >= 0; k--) {
    const len = Math.max(0, hi[k] - lo[k] + 1);
    const q = points[k + 1];
    const after = new Float64Array(len);
    if (!q) {
      for (let i = 0; i < len; i++) after[i] = cells[lo[k] + i] >= need - 1e-9 ? 0 : Infinity;
    } else {
      const drive = perMin * (q.driveMin - points[k].driveMin), crest = rc + q.peakKWh - 1e-9, lo1 = lo[k + 1], hi1 = hi[k + 1];
      for (let i = 0; i < len; i++) {
        const g = Math.min(lo[k] + i, hi1);
        after[i] = cells[lo[k] + i] >= crest && g >= lo1 ? drive + before[g - lo1] : Infinity;
      }
    }
    for (let i = 1; i < len; i++) if (after[i] > after[i - 1]) after[i] = after[i - 1];
    h[k] = after;
    const p = points[k];
    const service = p.kind === "waypoint" ? perMin * input.waypoints[p.index].serviceMin : 0;
    for (let i = 0; i < len; i++) before[i] = after[i] + service;
    const ctx = chargerCtx(prep, p);
    if (!ctx) continue;
    const price = p.kind === "waypoint" ? input.waypoints[p.index].charger!.price : input.stations[p.index].price;
    const fixed = price && !isTariff(price) ? price : { perKWh: leastPerKWh(price), sessionFee: 0, perMin: 0 };
    withStopCost(ctx, after, before, service, scratch, perMin, fixed, cells);
  }
  return h;
}

/**
 * withStop in the objective, without a pause: from arrival i to target j, perMin x (fixed + F(j) - F(i))
 * + perKWh x (u(j) - u(i) + detour) + fee + the price per charging minute, then `from` at j.
 */
function withStopCost(ctx: StopCtx, from: Float64Array, out: Float64Array, service: number, best: Float64Array, perMin: number, price: ChargePrice, cells: Float64Array): void {
  const { fa, fd, lo } = ctx;
  const m = Math.max(0, ctx.gdMax - lo + 1);
  if (m === 0) return;
  const rate = perMin + price.perMin;
  best[m] = Infinity;
  for (let j = m - 1; j >= 0; j--) {
    const v = rate * fd[j] + price.perKWh * cells[lo + j] + from[j];
    best[j] = v < best[j + 1] ? v : best[j + 1];
  }
  const fixed = perMin * ctx.fixedMin + price.sessionFee + price.perKWh * ctx.detourKWh + service, len = from.length;
  let j0 = 0;
  for (let i = ctx.ga - lo; i < len; i++) {
    const a = fa[i];
    if (a === Infinity) break;
    while (j0 < m && fd[j0] <= a + 1e-12) j0++;
    if (j0 >= m) break;
    const v = best[j0] - rate * a - price.perKWh * cells[lo + i] + fixed;
    if (v < out[i]) out[i] = v;
  }
}

function restSpacing<C extends string>(prep: Prepared<C>, width: number): SpacedRests {
  const { input, points, cells, cap } = prep;
  const rules = lawOf(input.breaks);
  const maxD = rules.maxDailyDriveMin, maxB = rules.maxDriveMin, rest = rules.restMin, brk = rules.breakMin;
  const n = points.length, rc = input.reserveSoc * cap;
  // The last rest's and the last break's route driving times on a grid of `width`, rounded up (later:
  // less driving counted). Rest bucket r at point k: the rest at grid index top[k] - r, the counter
  // driveMin - (top[k] - r) * width; the same for breaks with bucket c.
  const restBuckets = Math.floor(maxD / width) + 2, breakBuckets = Math.floor(maxB / width) + 2;
  const states = restBuckets * breakBuckets;
  const top = Int32Array.from(points, (p) => Math.ceil(p.driveMin / width - 1e-9));
  const { lo, hi, widest, need } = cellWindows(prep);
  const h: Float32Array[] = new Array(n), least: Float32Array[] = new Array(n);
  // Per state (rest bucket * breakBuckets + break bucket), at point k + 1 before its decisions; and the current point's values after them.
  let before = Array.from({ length: states }, () => new Float64Array(widest).fill(Infinity));
  let next = Array.from({ length: states }, () => new Float64Array(widest));
  const after = Array.from({ length: states }, () => new Float64Array(widest));
  const scratch = new Float64Array(widest + 1), restStop = new Float64Array(widest), breakStop = new Float64Array(widest);
  const grid = (t: number) => Math.ceil(t / width - 1e-9);
  /**
   * Leaving point k with the rest and the break at grid indices rAt, bAt, on to point k + 1:
   * pauses that fall due on the way are taken by the road where due (a rest, or at a break's
   * due point a break or a rest), each outcome improving `a`.
   */
  function reach(rAt: number, bAt: number, add: number, a: Float64Array, len: number, k: number): void {
    const q = points[k + 1], p = points[k];
    const tr = rAt * width + maxD, tb = bAt * width + maxB;
    if (tr >= q.driveMin - EPS_MIN && tb >= q.driveMin - EPS_MIN) {
      const jr = top[k + 1] - rAt, jb = top[k + 1] - bAt;
      if (jr < 0 || jr >= restBuckets || jb < 0 || jb >= breakBuckets) return;
      const from = before[jr * breakBuckets + jb], lo0 = lo[k], lo1 = lo[k + 1], hi1 = hi[k + 1];
      const total = add + q.driveMin - p.driveMin, crest = rc + q.peakKWh - 1e-9;
      for (let i = 0; i < len; i++) {
        const g = lo0 + i < hi1 ? lo0 + i : hi1;
        if (g >= lo1 && cells[lo0 + i] >= crest) {
          const v = total + from[g - lo1];
          if (v < a[i]) a[i] = v;
        }
      }
      return;
    }
    if (tr <= tb + EPS_MIN) return reach(grid(tr), grid(tr), add + rest, a, len, k);
    reach(rAt, grid(tb), add + brk, a, len, k);
    reach(grid(tb), grid(tb), add + rest, a, len, k);
  }
  for (let k = n - 1; k >= 0; k--) {
    const p = points[k];
    const len = Math.max(0, hi[k] - lo[k] + 1);
    const q = points[k + 1];
    for (let r = 0; r < restBuckets; r++) {
      for (let c = 0; c < breakBuckets; c++) {
        const a = after[r * breakBuckets + c];
        a.fill(Infinity, 0, len);
        // A break before the last rest counts from the rest (the rest resets both): no such state.
        if (c > r) continue;
        if (!q) {
          for (let i = 0; i < len; i++) if (cells[lo[k] + i] >= need - 1e-9) a[i] = 0;
          continue;
        }
        reach(top[k] - r, top[k] - c, 0, a, len, k);
        for (let i = 1; i < len; i++) if (a[i] > a[i - 1]) a[i] = a[i - 1];
      }
    }
    // Kept for the sets: a break just taken (their own break counter is bounded by the pause patterns).
    const store = new Float32Array(restBuckets * len), tops = new Float32Array(restBuckets);
    for (let r = 0; r < restBuckets; r++) {
      const a = after[r * breakBuckets];
      for (let i = 0; i < len; i++) store[r * len + i] = a[i];
      tops[r] = len ? a[len - 1] : Infinity;
    }
    h[k] = store;
    least[k] = tops;
    const ctx = chargerCtx(prep, p);
    const service = p.kind === "waypoint" ? input.waypoints[p.index].serviceMin : 0;
    // A rest here leads to the same state whatever the state before, a break to one per rest bucket: once each.
    const restHere = restStop.subarray(0, len), breakHere = breakStop.subarray(0, len);
    pauseHere(p.kind, ctx, after[0].subarray(0, len), rest, service, restHere, scratch, p.last);
    for (let r = 0; r < restBuckets; r++) {
      pauseHere(p.kind, ctx, after[r * breakBuckets].subarray(0, len), brk, service, breakHere, scratch, p.last);
      for (let c = 0; c <= r && c < breakBuckets; c++) {
        const out = next[r * breakBuckets + c], a = after[r * breakBuckets + c].subarray(0, len);
        for (let i = 0; i < len; i++) {
          const x = a[i] < breakHere[i] ? a[i] : breakHere[i];
          out[i] = (x < restHere[i] ? x : restHere[i]) + service;
        }
        if (ctx) withStop(ctx, a, out, service, scratch);
      }
    }
    [before, next] = [next, before];
  }
  // The states with c <= r, each a pass over every point.
  let work = 0;
  for (let r = 0; r < restBuckets; r++) work += n * Math.min(r + 1, breakBuckets);
  return { width, buckets: restBuckets, top, h, least, work };
}

/**
 * A pause at point k before going on with `from`, into `out`: at a station, a stop
 * whose charging it overlaps; at a waypoint other than the destination, the pause
 * (service is added by the caller), with any charging there overlapping both; at
 * the destination, none.
 */
function pauseHere(
  kind: "station" | "waypoint", ctx: StopCtx | null, from: Float64Array, pause: number, service: number, out: Float64Array, scratch: Float64Array, last: boolean,
): void {
  out.fill(Infinity);
  if (kind === "station") return withStop(ctx!, from, out, pause, scratch);
  if (last) return;
  for (let i = 0; i < from.length; i++) out[i] = from[i] + pause;
  if (ctx) withStop(ctx, from, out, pause + service, scratch, -service);
}

/** The spaced-rest bucket at point k of a driver who has driven `d` since the rest (its grid rest rounded up). */
function spacedBucket(bd: Bounds, k: number, d: number): number {
  const sp = bd.spaced!;
  const restAt = Math.ceil((bd.pointDriveMin[k] - d) / sp.width - 1e-9);
  return Math.min(sp.buckets - 1, Math.max(0, sp.top[k] - restAt));
}

/**
 * Improves `out` (arrival cells of a station) by a stop there: least over
 * targets t of max(F(t) - F(arrival), pause) + overhead and detour + from[t].
 * `from` is nonincreasing, so where the pause outlasts the charge the best
 * target is the highest one in that window.
 */
function withStop(ctx: StopCtx, from: Float64Array, out: Float64Array, pause: number, best: Float64Array, extra = 0): void {
  suffixMin(ctx, from, best);
  stopFrom(ctx, from, best, out, pause, extra);
}

/** best[j] = the least of F(t) + from[t] over targets t >= j (best[m] = Infinity): what withStop reads of `from` whatever the pause. */
function suffixMin(ctx: StopCtx, from: Float64Array, best: Float64Array): void {
  const fd = ctx.fd, m = Math.max(0, ctx.gdMax - ctx.lo + 1);
  best[m] = Infinity;
  for (let j = m - 1; j >= 0; j--) {
    const v = fd[j] + from[j];
    best[j] = v < best[j + 1] ? v : best[j + 1];
  }
}

/** withStop given `from`'s suffix minimum (suffixMin). */
function stopFrom(ctx: StopCtx, from: Float64Array, best: Float64Array, out: Float64Array, pause: number, extra = 0): void {
  const { fa, fd, lo } = ctx;
  const m = Math.max(0, ctx.gdMax - lo + 1);
  if (m === 0) return;
  const fixed = ctx.fixedMin + extra, len = from.length;
  let j0 = 0, j1 = 0;
  for (let i = ctx.ga - lo; i < len; i++) {
    const a = fa[i];
    if (a === Infinity) break;
    while (j0 < m && fd[j0] <= a + 1e-12) j0++;
    if (j0 >= m) break;
    if (j1 < j0) j1 = j0;
    while (j1 < m && fd[j1] < a + pause) j1++;
    let v = best[j1] - a;
    if (j1 > j0 && pause + from[j1 - 1] < v) v = pause + from[j1 - 1];
    if (v + fixed < out[i]) out[i] = v + fixed;
  }
}

/** Pause minutes beyond what charging can fill, and all pause minutes, still needed from (b, d) at point k. */
function pauses(bd: Bounds, k: number, b: number, d: number): [number, number] {
  if (bd.windows[k]) return [0, 0]; // a wait could absorb them
  const drive = bd.driveMin[k];
  return [bd.unfilledPauses.get(bd.longest[k])!(b, d, drive), bd.allPauses(b, d, drive)];
}

/**
 * Layers of the pause patterns driving on from (b, d) can need (taken where
 * due); a pattern beyond the computed layers reads as the largest below it.
 */
function patterns(bd: Bounds, k: number, b: number, d: number): number[] | null {
  if (bd.nb + bd.nr === 0 || bd.windows[k]) return null;
  return bd.pausePatterns(b, d, bd.driveMin[k]).map(([nb, nr]) => Math.min(nb, bd.nb) * (bd.nr + 1) + Math.min(nr, bd.nr));
}

/**
 * Least total time any label of s can still reach, standing at point k (after
 * its stop or visit), and with a known plan's time `ub` the highest cell that
 * can still beat it.
 */
/**
 * `arriveNoSooner`: an arrival no label of s can beat (driving bans, bans.ts arrivalBound from its
 * earliest time): each cell's time still to come is at least what separates it from that.
 */
export function lowerBound(bd: Bounds, s: LabelSet, k: number, ub = Infinity, sample = 1, arriveNoSooner = -Infinity): { lb: number; top: number } {
  const [unfilled, all] = pauses(bd, k, s.b, s.d);
  const pat = patterns(bd, k, s.b, s.d);
  // Without charging still to do, pauses and driving alone; with it, at least one stop's overhead too.
  const drive = bd.driveMin[k] + bd.serviceMin[k];
  const plain = drive + 1e-9, bare = drive + all, withStop = bare + bd.overheadMin[k];
  const h0 = bd.h[0][k], off = bd.lo[k], vals = s.vals, origin = s.origin, base = s.base;
  // The spaced-rest bound's row for this set's daily driving (none with a wait ahead to absorb rests).
  const sp = bd.spaced && !bd.windows[k] ? bd.spaced : null;
  const spLen = sp ? sp.h[k].length / sp.buckets : 0;
  const spRow = sp ? spacedBucket(bd, k, s.d) * spLen : 0;
  let best = Infinity, last = -1;
  // Under a cost objective: time at its price, and the energy the end still needs at the least price ahead.
  const perMin = bd.perMin, price = bd.leastPriceAfter ? bd.leastPriceAfter[k] : 0, cells = bd.cells, need = bd.needU;
  const hc = bd.hCost ? bd.hCost[k] : null, paused = unfilled * perMin;
  for (let g = s.lo; g <= s.top; g = g + sample > s.top && g < s.top ? s.top : g + sample) {
    let rest = h0[g - off] + unfilled;
    if (pat) {
      let m = Infinity;
      for (const l of pat) m = Math.min(m, bd.h[l][k][g - off]);
      if (m > rest) rest = m;
    }
    const floor = h0[g - off] > plain ? withStop : bare;
    if (sp) {
      const i = g - off;
      const spaced = (i < spLen ? sp.h[k][spRow + i] : sp.least[k][spRow / spLen]) - SPACED_SLACK;
      if (spaced > rest) rest = spaced;
    }
    if (arriveNoSooner > -Infinity) {
      const still = arriveNoSooner - timeAt(s, g);
      if (still > rest) rest = still;
    }
    let v = vals[g - origin] + base + (rest > floor ? rest : floor) * perMin;
    if (price > 0 && cells[g] < need) v += price * (need - cells[g]);
    if (hc) {
      const vc = vals[g - origin] + base + hc[g - off] + paused;
      if (vc > v) v = vc;
    }
    if (v < best) best = v;
    if (v <= ub + 1e-9) last = g;
  }
  // Only the top: raising lo would make the low cells read later and weaken dominance.
  return { lb: best, top: ub < Infinity && last >= 0 ? last : s.top };
}

/** Least total time of a stop at point k entered at `arriveMin` that stays at least `stayMin` (detour and overhead included). */
export function stopLowerBound(bd: Bounds, k: number, arriveMin: number, stayMin: number, next: Driver): number {
  const [unfilled, all] = pauses(bd, k, next.b, next.d);
  let rest = bd.minH[0][k] + unfilled;
  const pat = patterns(bd, k, next.b, next.d);
  if (pat) rest = Math.max(rest, Math.min(...pat.map((l) => bd.minH[l][k])));
  if (bd.spaced && !bd.windows[k]) {
    const sp = bd.spaced;
    rest = Math.max(rest, sp.least[k][spacedBucket(bd, k, next.d)] - SPACED_SLACK);
  }
  return arriveMin + stayMin + Math.max(rest, bd.driveMin[k] + bd.serviceMin[k] + all);
}

/**
 * Whether a stop at station point k from the labels of s that stays at least `stayMin` (the pause,
 * the charge floor) can still beat `ub`: per arrival cell, its objective plus at its price per minute
 * the least time still to come after such a stop (stopTimes), at least `restMin` (stopLowerBound's for
 * the driver after it), and under a cost objective the energy the end still needs at `perKWh` (the least
 * price here and ahead). stopLowerBound alone reads the lowest cell and leaves full for free.
 */
export function stopMayBeat(bd: Bounds, ctx: StopCtx, k: number, s: LabelSet, stayMin: number, restMin: number, ub: number, perKWh: number): boolean {
  const times = stopTimes(bd, ctx, k, stayMin), off = bd.lo[k], perMin = bd.perMin, cells = bd.cells, need = bd.needU;
  for (let g = Math.max(ctx.ga, s.lo); g <= s.top; g++) {
    const t = times[g - off];
    if (t === Infinity) continue;
    let v = objAt(s, g) + perMin * (t > restMin ? t : restMin);
    if (cells[g] < need) v += perKWh * (need - cells[g]);
    if (v <= ub + 1e-9) return true;
  }
  return false;
}

/**
 * Per arrival cell of station point k (index g - lo[k]): the least time from arriving there to the end
 * over every outcome of a stop that stays at least `stayMin` (layer 0 after the point, as withStop with
 * that pause): a target at or above the arrival's charge level, and where the stay is positive one at
 * or below the arrival cell (a pause without charging, a floor that reaches no higher cell). Includes
 * the detour and the overhead. Infinity where no stop from that cell reaches the end. (Exported for its test.)
 */
export function stopTimes(bd: Bounds, ctx: StopCtx, k: number, stayMin: number): Float64Array {
  const made = bd.stopTimes[k].get(stayMin);
  if (made) return made;
  const h0 = bd.h[0][k], len = h0.length, { fa, fd, lo } = ctx;
  const out = new Float64Array(len).fill(Infinity);
  const m = Math.max(0, ctx.gdMax - lo + 1), fixed = ctx.fixedMin;
  if (m > 0) {
    const best = new Float64Array(m + 1);
    best[m] = Infinity;
    for (let j = m - 1; j >= 0; j--) {
      const v = fd[j] + h0[j];
      best[j] = v < best[j + 1] ? v : best[j + 1];
    }
    let j0 = 0, j1 = 0;
    for (let i = ctx.ga - lo; i < len; i++) {
      const a = fa[i];
      if (a === Infinity) break;
      // Targets from the arrival's own level (a charge of nothing) up.
      while (j0 < m && fd[j0] < a - 1e-9) j0++;
      if (j0 >= m) break;
      if (j1 < j0) j1 = j0;
      while (j1 < m && fd[j1] < a + stayMin) j1++;
      let v = best[j1] - a;
      if (j1 > j0 && stayMin + h0[j1 - 1] < v) v = stayMin + h0[j1 - 1];
      out[i] = v + fixed;
    }
  }
  if (stayMin > 0) {
    for (let i = Math.max(0, ctx.ga - lo); i < len; i++) {
      const v = fixed + stayMin + h0[i];
      if (v < out[i]) out[i] = v;
    }
  }
  bd.stopTimes[k].set(stayMin, out);
  return out;
}
