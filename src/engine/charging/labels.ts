// Label sets: all labels at a point that share the driver state (b, d), as one
// array over energy cells. T(g) is the least elapsed time to stand at the point
// with u >= cells[g] ("at least" semantics), so T is nondecreasing in g: more
// energy is never worse. A set owns its array or shares its parent's with a
// time offset (driving only shifts times).
import { driverCovers, type Driver, type RoadsideEvent } from "./breaks";
import type { DriverOption } from "./types";

export type How =
  | { kind: "start" }
  /** `credit`: a wait for a driving ban before the stretch counts as that pause (the events follow from it). */
  | { kind: "drive"; point: number; events: RoadsideEvent[]; credit?: DriverOption }
  | { kind: "stop"; point: number; option: DriverOption }
  | { kind: "visit"; point: number; option: DriverOption; charge?: boolean }
  | { kind: "merge" };

export interface LabelSet extends Driver {
  /** Per cell: time in minutes, or under a cost objective the objective (EUR); see objAt. */
  vals: Float64Array;
  /** Cell of vals[0]; T(g) = vals[g - origin] + base. */
  origin: number;
  base: number;
  /** Valid cells lo..top; below lo a cell reads as lo (at-least semantics). */
  lo: number;
  top: number;
  parent: LabelSet | null;
  how: How;
  /** Stop sets: per cell, the arrival cell charged from and the target cell charged to. */
  src: Int32Array | null;
  tgt: Int32Array | null;
  /** Under a cost objective: time per cell, indexed like vals; T(g) = tv[g - origin] + tb; else null. */
  tv: Float64Array | null;
  tb: number;
  /** Merged sets: per cell, which of `sources` holds the best label. */
  sources: LabelSet[] | undefined;
  pick: Int32Array | undefined;
}

// Every set is written with the same fields in the same order (one hidden
// class): sets of both kinds meet in the same hot loops of one process.

const EPS_T = 1e-9;

/** The time of the label at cell g (minutes from the departure). */
export function timeAt(s: LabelSet, g: number): number {
  if (g > s.top) return Infinity;
  const i = (g < s.lo ? s.lo : g) - s.origin;
  return s.tv ? s.tv[i] + s.tb : s.vals[i] + s.base;
}

/** What the search minimizes at cell g: the time, or under a cost objective the objective. */
export function objAt(s: LabelSet, g: number): number {
  if (g > s.top) return Infinity;
  return s.vals[(g < s.lo ? s.lo : g) - s.origin] + s.base;
}

/** `costed`: under a cost objective (the set tracks time beside the objective). */
export function startSet(cell: number, b: number, d: number, costed = false): LabelSet {
  return { b, d, n: 0, vals: Float64Array.of(0), origin: cell, base: 0, lo: cell, top: cell, parent: null, how: { kind: "start" }, src: null, tgt: null, tv: costed ? Float64Array.of(0) : null, tb: 0, sources: undefined, pick: undefined };
}

/**
 * Same labels after driving: times shift, the reserve raises lo, a full battery caps top.
 * `perMin`: objective per minute under a cost objective.
 */
export function driven(s: LabelSet, next: Driver, addMin: number, lo: number, top: number, how: How, perMin = 1): LabelSet | null {
  const l = Math.max(s.lo, lo), t = Math.min(s.top, top);
  if (l > t) return null;
  return {
    b: next.b, d: next.d, n: next.n, vals: s.vals, origin: s.origin, base: s.base + addMin * (s.tv ? perMin : 1), lo: l, top: t, parent: s, how, src: null, tgt: null,
    tv: s.tv, tb: s.tv ? s.tb + addMin : 0, sources: undefined, pick: undefined,
  };
}

/** Charging at one station, precomputed per station and shared by all sets and options. */
export interface StopCtx {
  /** Targets: cells lo..gdMax (route SoC >= reserve after the detour out, SoC <= 1 at the station). */
  lo: number;
  gdMax: number;
  /** First cell whose arrival at the station keeps the reserve. */
  ga: number;
  /** Charge-table minutes at the station SoC on arrival (fa) and at departure (fd), index g - lo. */
  fa: Float64Array;
  fd: Float64Array;
  /** Detour there and back plus overhead. */
  fixedMin: number;
  minChargeMin: number;
  /** Energy of the detour there and back (charged on top of the cells' difference), and the drive there. */
  detourKWh: number;
  halfDetourMin: number;
  /** BreakRules.earliestRestDriveMin (0: none): how driver states compare (driverCovers). */
  earliestRestMin: number;
}

/**
 * All targets for one set and one pause option in one pass. A stop from
 * arrival cell a to target g stays max(F(g) - F(a), long) where long is the
 * larger of the pause and the charge floor (a charge that would end sooner
 * just goes on, to at least g). Where charging outlasts `long` the best a is a
 * prefix minimum of T(a) - F(a); otherwise T is nondecreasing, so the best a is
 * the first in that window. Both windows move monotonically with g.
 */
let scratch = { vals: new Float64Array(0), src: new Int32Array(0), tgt: new Int32Array(0) };

/**
 * `rivals`: sets already at this point; a result they dominate is dropped
 * before it is allocated (most are: an earlier stop usually did better).
 */
export function stopSet(s: LabelSet, ctx: StopCtx, pause: number, next: Driver, how: How, rivals: LabelSet[] = []): LabelSet | null {
  const arrLo = Math.max(ctx.ga, s.lo), arrHi = s.top;
  if (arrLo > arrHi || ctx.gdMax < ctx.lo) return null;
  const long = Math.max(pause, ctx.minChargeMin);
  const n = ctx.gdMax - ctx.lo + 1;
  if (scratch.vals.length < n) scratch = { vals: new Float64Array(2 * n), src: new Int32Array(2 * n), tgt: new Int32Array(2 * n) };
  const { vals, src, tgt } = scratch;
  const fa = ctx.fa, fd = ctx.fd, lo = ctx.lo, fixed = ctx.fixedMin;
  const sv = s.vals, off = s.origin, sb = s.base; // arrival cells are >= s.lo >= origin
  const first = firstTarget(ctx, arrLo, n);
  let p1 = arrLo - 1, p2 = arrLo - 1, pm = Infinity, pmArg = -1, last = -1;
  for (let i = first; i < n; i++) {
    const f = fd[i];
    if (f === Infinity) { for (let j = i; j < n; j++) vals[j] = Infinity; break; }
    while (p1 < arrHi && fa[p1 + 1 - lo] <= f - long) {
      p1++;
      const v = sv[p1 - off] + sb - fa[p1 - lo];
      if (v < pm) { pm = v; pmArg = p1; }
    }
    if (p2 < p1) p2 = p1;
    while (p2 < arrHi && fa[p2 + 1 - lo] < f - 1e-12) p2++;
    let best = pmArg >= 0 ? pm + f : Infinity, arg = pmArg;
    if (p1 < p2) {
      const v = sv[p1 + 1 - off] + sb + long;
      if (v < best) { best = v; arg = p1 + 1; }
    }
    if (best < Infinity) {
      vals[i] = best + fixed;
      src[i] = arg;
      tgt[i] = lo + i;
      last = i;
    } else vals[i] = Infinity;
  }
  if (last < 0) return null;
  // At-least semantics (cells below `first` read as `first`). On ties keep the
  // lower target: as fast, less energy bought.
  for (let i = last - 1; i >= first; i--) {
    if (vals[i + 1] < vals[i] - EPS_T) { vals[i] = vals[i + 1]; src[i] = src[i + 1]; tgt[i] = tgt[i + 1]; }
  }
  // Judged on the scratch buffers (index i is cell lo + i); only a set kept gets arrays of its own.
  const out: LabelSet = { b: next.b, d: next.d, n: next.n, vals, origin: lo, base: 0, lo: lo + first, top: lo + last, parent: s, how, src: null, tgt: null, tv: null, tb: 0, sources: undefined, pick: undefined };
  const cands = rivals.filter((a) => driverCovers(a, next, ctx.earliestRestMin) && a.top >= out.top);
  if (cands.length && dominated(out, cands)) return null;
  return keptStopSet(out, vals, null, src, tgt, first, last);
}

/**
 * A stop set judged on scratch buffers (`out`, origin at index 0), given its own copy of cells first..last
 * (index from out.origin): one backing store for vals, tv, src and tgt. A typed array's store costs more to
 * make than its copy: one store instead of four took a third less per set in a micro-benchmark (4.5 against
 * 6.5 us for 250 cells); made at their point only for the one in ten kept past it, the sets' stores cost
 * the search and the garbage collector as much again (tried, bench/README.md).
 */
export function keptStopSet(out: LabelSet, vals: Float64Array, tv: Float64Array | null, src: Int32Array, tgt: Int32Array, first: number, last: number): LabelSet {
  const k = last - first + 1, floats = tv ? 2 * k : k;
  const buf = new ArrayBuffer(8 * floats + 8 * k);
  const v = new Float64Array(buf, 0, k), t = tv ? new Float64Array(buf, 8 * k, k) : null;
  const sr = new Int32Array(buf, 8 * floats, k), tg = new Int32Array(buf, 8 * floats + 4 * k, k);
  for (let i = 0; i < k; i++) {
    v[i] = vals[first + i];
    sr[i] = src[first + i];
    tg[i] = tgt[first + i];
  }
  if (t) for (let i = 0; i < k; i++) t[i] = tv![first + i];
  out.vals = v;
  out.tv = t;
  out.src = sr;
  out.tgt = tg;
  out.origin += first;
  return out;
}

/**
 * The first target (index from ctx.lo) above what the lowest arrival holds: targets below it would only
 * repeat the first reachable one. fd is nondecreasing: a binary search, not a scan over as many targets as
 * there are arrival cells below the set.
 */
export function firstTarget(ctx: StopCtx, arrLo: number, n: number): number {
  const fd = ctx.fd, from = ctx.fa[arrLo - ctx.lo] + 1e-12;
  let a = 0, b = n;
  while (a < b) {
    const mid = (a + b) >> 1;
    if (fd[mid] <= from) a = mid + 1;
    else b = mid;
  }
  return a;
}

/**
 * A waypoint: a pause overlaps the wait for the window, service follows;
 * service must start by `latest`.
 */
export function visitSet(s: LabelSet, pause: number, earliest: number, serviceMin: number, latest: number, next: Driver, how: How): LabelSet | null {
  const top = inTime(s, pause, earliest, latest);
  if (top < 0) return null;
  if (timeAt(s, s.lo) + pause >= earliest) {
    return { b: next.b, d: next.d, n: next.n, vals: s.vals, origin: s.origin, base: s.base + pause + serviceMin, lo: s.lo, top, parent: s, how, src: null, tgt: null, tv: null, tb: 0, sources: undefined, pick: undefined };
  }
  const vals = new Float64Array(top - s.lo + 1);
  for (let g = s.lo; g <= top; g++) vals[g - s.lo] = Math.max(timeAt(s, g) + pause, earliest) + serviceMin;
  return { b: next.b, d: next.d, n: next.n, vals, origin: s.lo, base: 0, lo: s.lo, top, parent: s, how, src: null, tgt: null, tv: null, tb: 0, sources: undefined, pick: undefined };
}

/** Highest cell that still starts service by `latest` (T is nondecreasing); -1 when none. */
function inTime(s: LabelSet, pause: number, earliest: number, latest: number): number {
  if (latest === Infinity) return s.top;
  if (Math.max(timeAt(s, s.lo) + pause, earliest) > latest + EPS_T) return -1;
  let a = s.lo, b = s.top;
  while (a < b) {
    const mid = (a + b + 1) >> 1;
    if (Math.max(timeAt(s, mid) + pause, earliest) <= latest + EPS_T) a = mid;
    else b = mid - 1;
  }
  return a;
}

/**
 * A waypoint with a charger: it charges from arrival through the wait, the
 * pause and the service, and keeps the truck past the service only as long as
 * the charge needs. Leaving at max(max(T(a) + pause, earliest) + service,
 * T(a) + F(g) - F(a)) = max(earliest + service, T(a) + max(pause + service,
 * F(g) - F(a))): a stop (stopSet) that stays at least pause + service, floored
 * at earliest + service. `rivals`: the visits already made here.
 */
export function chargeVisitSet(
  s: LabelSet, ctx: StopCtx, pause: number, earliest: number, serviceMin: number, latest: number, next: Driver, how: How, rivals: LabelSet[],
): LabelSet | null {
  const top = inTime(s, pause, earliest, latest);
  if (top < 0) return null;
  // Raising times only keeps a dominated set dominated: the rivals may judge before the floor.
  const out = stopSet(top === s.top ? s : { ...s, top }, ctx, pause + serviceMin, next, how, rivals);
  if (!out || earliest === -Infinity) return out;
  const floor = earliest + serviceMin;
  for (let i = 0; i < out.vals.length; i++) if (out.vals[i] < floor) out.vals[i] = floor;
  return out;
}

/**
 * Sets with the same driver state become one (cellwise minimum). Then drop
 * every set whose labels are each dominated by a label of another set with no
 * more driving since the break and today, at least as much energy and no more
 * time: cellwise against the lower envelope of all such sets. `faster`, `perMin`: see dominated.
 */
export function prune(sets: LabelSet[], faster = false, earliestRestMin = 0, perMin = 0): LabelSet[] {
  if (sets.length < 2) return sets;
  const byState = sets.slice().sort((x, y) => x.n - y.n || x.b - y.b || x.d - y.d);
  const merged: LabelSet[] = faster ? byState : [];
  for (let i = 0; !faster && i < byState.length; ) {
    let j = i + 1;
    while (j < byState.length && byState[j].n === byState[i].n && byState[j].b - byState[i].b < 1e-9 && byState[j].d - byState[i].d < 1e-9) j++;
    merged.push(j - i === 1 ? byState[i] : merge(byState.slice(i, j)));
    i = j;
  }
  if (merged.length < 2) return merged;
  const order = merged.map((s, i) => ({ s, i, t0: objAt(s, s.lo) }));
  order.sort((x, y) => x.s.n - y.s.n || x.s.b - y.s.b || x.s.d - y.s.d || y.s.top - x.s.top || x.t0 - y.t0 || x.i - y.i);
  const kept: LabelSet[] = [];
  const cands: LabelSet[] = [];
  for (const { s } of order) {
    cands.length = 0;
    let maxTop = -1;
    for (const a of kept) {
      // Another day of the tour may have another driving limit: only the same day compares.
      if (driverCovers(a, s, earliestRestMin)) {
        cands.push(a);
        if (a.top > maxTop) maxTop = a.top;
      }
    }
    if (maxTop < s.top || !dominated(s, cands, faster, perMin)) kept.push(s);
  }
  return kept;
}

/** Cellwise minimum of sets; the result keeps group[0]'s driver state. */
export function merge(group: LabelSet[]): LabelSet {
  if (group.length === 1) return group[0];
  let lo = Infinity, top = -1;
  for (const m of group) { lo = Math.min(lo, m.lo); top = Math.max(top, m.top); }
  const vals = new Float64Array(top - lo + 1).fill(Infinity);
  const tv = group[0].tv ? new Float64Array(top - lo + 1).fill(Infinity) : null;
  const pick = new Int32Array(top - lo + 1);
  group.forEach((m, j) => {
    for (let g = lo; g <= m.top; g++) {
      const v = objAt(m, g);
      if (v < vals[g - lo]) { vals[g - lo] = v; pick[g - lo] = j; if (tv) tv[g - lo] = timeAt(m, g); }
    }
  });
  return { b: group[0].b, d: group[0].d, n: group[0].n, vals, origin: lo, base: 0, lo, top, parent: null, how: { kind: "merge" }, src: null, tgt: null, tv, tb: 0, sources: group, pick };
}

/**
 * `faster`: a label covers another only if it is also no later and has spent no more money (a cost
 * objective where time matters, `perMin` its EUR a minute: objective = perMin x time + money). No less
 * objective is not enough there: a wait for a fixed time ahead (a driving ban's end, a window) costs the
 * earlier label its lead at perMin, so only its money is left to compare (Hamburg-Freiburg-Berlin, Friday
 * 17:00, balanced: a label 668 min earlier and 0.1 EUR dearer in objective dropped the best plan's).
 */
export function dominated(s: LabelSet, cands: LabelSet[], faster = false, perMin = 0): boolean {
  // The highest cell is the most likely to escape: check it first.
  let last = coverer(s, cands, s.top, 0, faster, perMin);
  if (last < 0) return false;
  // Cells upwards in runs: the set that covered the previous cell usually covers the next ones too.
  for (let g = s.lo; g < s.top; ) {
    g = coveredFrom(s, cands[last], g, s.top, faster, perMin);
    if (g >= s.top) break;
    last = coverer(s, cands, g, last, faster, perMin);
    if (last < 0) return false;
    g++;
  }
  return true;
}

/** The first cell from g (below end) that a does not cover as coverer judges; end when it covers them all. */
function coveredFrom(s: LabelSet, a: LabelSet, g: number, end: number, faster: boolean, perMin: number): number {
  const sv = s.vals, so = s.origin, sb = s.base, av = a.vals, ao = a.origin, ab = a.base, alo = a.lo;
  const stop = Math.min(end, a.top + 1);
  if (!faster) {
    // Cells of s are >= s.lo, so they read s.vals directly; below a.lo, a reads as at a.lo.
    for (; g < stop; g++) if (av[(g < alo ? alo : g) - ao] + ab > sv[g - so] + sb + EPS_T) return g;
    return g;
  }
  const stv = s.tv, stb = s.tb, atv = a.tv, atb = a.tb;
  for (; g < stop; g++) {
    const i = g - so, j = (g < alo ? alo : g) - ao;
    const o = sv[i] + sb, oa = av[j] + ab;
    if (oa > o + EPS_T) return g;
    const ts = stv ? stv[i] + stb : o, ta = atv ? atv[j] + atb : oa;
    if (!(ta <= ts + EPS_T && oa - perMin * ta <= o - perMin * ts + EPS_T)) return g;
  }
  return g;
}

/** Index of a set in `cands` as good at cell g as s, trying `first` before the others; -1 when none. */
function coverer(s: LabelSet, cands: LabelSet[], g: number, first: number, faster: boolean, perMin: number): number {
  const o = s.vals[(g < s.lo ? s.lo : g) - s.origin] + s.base;
  const ts = faster ? timeAt(s, g) : 0;
  const n = cands.length;
  for (let i = 0; i < n; i++) {
    const j = i === 0 ? first : i <= first ? i - 1 : i;
    const a = cands[j];
    if (g > a.top) continue;
    const oa = a.vals[(g < a.lo ? a.lo : g) - a.origin] + a.base;
    if (oa > o + EPS_T) continue;
    if (!faster) return j;
    const ta = timeAt(a, g);
    if (ta <= ts + EPS_T && oa - perMin * ta <= o - perMin * ts + EPS_T) return j;
  }
  return -1;
}

/**
 * Labels of cells lo..top of s after a stretch that some of them leave later (a driving ban):
 * `leave(g)` is cell g's departure, `addMin` the stretch's driving and pauses after it.
 */
export function drivenAfterWait(s: LabelSet, lo: number, top: number, next: Driver, leave: (g: number) => number, addMin: number, how: How, perMin = 1): LabelSet {
  const vals = new Float64Array(top - lo + 1);
  const tv = s.tv ? new Float64Array(top - lo + 1) : null;
  for (let g = lo; g <= top; g++) {
    const t = timeAt(s, g), wait = leave(g) - t;
    if (tv) {
      vals[g - lo] = objAt(s, g) + (wait + addMin) * perMin;
      tv[g - lo] = t + wait + addMin;
    } else vals[g - lo] = t + wait + addMin;
  }
  return { b: next.b, d: next.d, n: next.n, vals, origin: lo, base: 0, lo, top, parent: s, how, src: null, tgt: null, tv, tb: 0, sources: undefined, pick: undefined };
}
