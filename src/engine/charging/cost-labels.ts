// Label operations under a cost objective. A set's vals hold the objective
// (eurPerMin x time + money spent on charging) and tv its time, so windows,
// opening hours and time-of-day prices read the time while each cell keeps the
// label of least objective. Where time matters (windows, hours, prices by
// time), a set is dropped only when others are no worse in both.
import { driverCovers, type Driver } from "./breaks";
import { dominated, firstTarget, keptStopSet, objAt, timeAt, type How, type LabelSet, type StopCtx } from "./labels";
import type { ChargePrice } from "./types";

export interface CostCtx {
  /** EUR per minute of the tour. */
  perMin: number;
  /** Whether a later label can be worth keeping beside a cheaper one. */
  faster: boolean;
  /**
   * Where no plan keeps every window: what a minute of lateness (service started after a window's
   * latest) adds to the objective, so large that lateness comes first and the objective second. Absent:
   * a window's latest refuses later arrivals.
   */
  latePerMin?: number;
  /**
   * Where time matters: what a minute of lead is worth when two labels are compared (dominated). perMin
   * where a wait for a fixed time may lie ahead (a ban, a window's earliest): the wait takes the earlier
   * label's lead, so it must have spent no more money. 0 where none can: no more objective and time suffice.
   * Absent: perMin.
   */
  leadPerMin?: number;
  /**
   * Whether a stop may host its pause without charging (a rest at a site, so that a later charge falls in a
   * cheaper hour or while a charger is open): only where a charger's price or opening depends on the time of
   * day (chargersByTimeOfDay). Elsewhere every cost ahead is nondecreasing in the arrival time, and such a
   * stop is never better than the same plan without it, its pause taken by the road where a clock runs out:
   * that plan is earlier everywhere after it by at least the detour and overhead, with more energy and no more
   * money. Absent: false.
   */
  pauseAlone?: boolean;
}

/** The objective a service start adds by its lateness under `cc` (0 when on time or no latest). */
export function latenessCost(cc: CostCtx, serviceStart: number, latest: number): number {
  return cc.latePerMin !== undefined && serviceStart > latest + EPS ? cc.latePerMin * (serviceStart - latest) : 0;
}

/** The price of a charge by the arrival at the charger (minutes from the departure), or one price for every arrival. */
export type PriceByArrival = ((arriveMin: number) => ChargePrice) | ChargePrice;

/** Buffers reused by every call (grown as needed): the pass allocates only what it keeps. */
let scratch = {
  m: 0, n: 0, O: new Float64Array(0), T: new Float64Array(0), lv: new Int32Array(0), bKey: new Float64Array(0), dq: new Int32Array(0),
  vals: new Float64Array(0), tv: new Float64Array(0), src: new Int32Array(0), tgt: new Int32Array(0),
};
const smallBuffers = (k: number) => ({ bestA: new Float64Array(k), argA: new Int32Array(k), head: new Int32Array(k), tail: new Int32Array(k), fixedCost: new Float64Array(k) });
/** Per price level (few: one where the price is fixed). */
let small = smallBuffers(8);

function buffers(m: number, n: number, levels: number) {
  if (scratch.m < m || scratch.dq.length < levels * m) {
    const M = 2 * Math.max(m, scratch.m);
    scratch = { ...scratch, m: M, O: new Float64Array(M), T: new Float64Array(M), lv: new Int32Array(M), bKey: new Float64Array(M), dq: new Int32Array(Math.max(levels, 2) * M) };
  }
  if (scratch.n < n) {
    const N = 2 * n;
    scratch = { ...scratch, n: N, vals: new Float64Array(N), tv: new Float64Array(N), src: new Int32Array(N), tgt: new Int32Array(N) };
  }
  return scratch;
}

const EPS = 1e-9;

/**
 * All targets for one set and one pause option (see stopSet): a stop from
 * arrival a to target g stays fixed + max(F(g) - F(a), long) and pays
 * perKWh x (u(g) - u(a) + detour energy) + session fee + perMin x (F(g) - F(a)).
 * Per price level (arrivals priced alike) the best arrival is a prefix minimum
 * where charging outlasts `long`, and a sliding-window minimum (monotone deque)
 * where a pause outlasts it: one pass per level. A charge shorter than the floor
 * (minChargeMin, pure charging) goes on for the floor and buys its energy: one
 * outcome per arrival, at the cell the floor reaches. With a pause and no floor,
 * a stop may also charge nothing (the pause alone: a rest at the site). `arrivalCost`:
 * what an arrival at time t adds to the objective (a window's lateness), Infinity where a window refuses it.
 */
export function stopSetCost(
  s: LabelSet, ctx: StopCtx, pause: number, next: Driver, how: How, rivals: LabelSet[], cc: CostCtx,
  price: PriceByArrival, cells: Float64Array, arrivalCost?: (t: number) => number,
): LabelSet | null {
  const arrLo = Math.max(ctx.ga, s.lo), arrHi = s.top;
  if (arrLo > arrHi || ctx.gdMax < ctx.lo) return null;
  const { fa, fd, lo } = ctx, a0 = cc.perMin;
  const long = Math.max(pause, ctx.minChargeMin);
  const n = ctx.gdMax - lo + 1, m = arrHi - arrLo + 1;
  const byTime = typeof price === "function";
  const levels: ChargePrice[] = byTime ? [] : [price];
  let buf = buffers(m, n, 1);
  const { O, T, lv } = buf;
  // Arrivals are cells >= s.lo: read the set's arrays directly (objAt, timeAt).
  const sv = s.vals, stv = s.tv!, off = s.origin, sb = s.base, stb = s.tb;
  for (let j = 0; j < m; j++) {
    const idx = arrLo + j - off;
    O[j] = sv[idx] + sb;
    T[j] = stv[idx] + stb;
    if (arrivalCost) O[j] += arrivalCost(T[j]);
    if (!byTime) { lv[j] = 0; continue; }
    const p = price(T[j] + ctx.halfDetourMin);
    let l = 0;
    while (l < levels.length && !(levels[l].perKWh === p.perKWh && levels[l].sessionFee === p.sessionFee && levels[l].perMin === p.perMin)) l++;
    if (l === levels.length) levels.push(p);
    lv[j] = l;
  }
  const L = levels.length;
  buf = buffers(m, n, L); // the same buffers unless more levels than ever before
  const { bKey, dq, vals, tv, src, tgt } = buf;
  if (small.bestA.length < L) small = smallBuffers(2 * L);
  const { bestA, argA, head, tail, fixedCost } = small;
  for (let l = 0; l < L; l++) {
    bestA[l] = Infinity;
    argA[l] = -1;
    head[l] = tail[l] = l * m;
    fixedCost[l] = a0 * ctx.fixedMin + levels[l].sessionFee + levels[l].perKWh * ctx.detourKWh;
  }
  let first = firstTarget(ctx, arrLo, n);
  let p1 = arrLo - 1, p2 = arrLo - 1, last = -1;
  const floor = ctx.minChargeMin;
  if (L === 1) last = targetsAtOnePrice(ctx, levels[0], fixedCost[0], a0, long, arrLo, arrHi, first, n, O, T, bKey, dq, vals, tv, src, tgt, cells);
  else for (let i = first; i < n; i++) {
    const f = fd[i];
    if (f === Infinity) { for (let j = i; j < n; j++) vals[j] = Infinity; break; }
    while (p1 < arrHi && fa[p1 + 1 - lo] <= f - long) {
      p1++;
      const j = p1 - arrLo, l = lv[j], p = levels[l];
      const v = O[j] - (a0 + p.perMin) * fa[p1 - lo] - p.perKWh * cells[p1];
      if (v < bestA[l]) { bestA[l] = v; argA[l] = p1; }
    }
    // The pause's window: arrivals that charge to this target in less than the pause but not less than the floor.
    if (p2 < p1) p2 = p1;
    while (p2 < arrHi && (floor > 0 ? fa[p2 + 1 - lo] <= f - floor : fa[p2 + 1 - lo] < f - 1e-12)) {
      p2++;
      const j = p2 - arrLo;
      if (O[j] === Infinity) continue;
      const l = lv[j], p = levels[l];
      bKey[j] = O[j] - p.perKWh * cells[p2] - p.perMin * fa[p2 - lo];
      while (tail[l] > head[l] && bKey[dq[tail[l] - 1] - arrLo] >= bKey[j]) tail[l]--;
      dq[tail[l]++] = p2;
    }
    let best = Infinity, arg = -1;
    const u = cells[lo + i];
    for (let l = 0; l < L; l++) {
      const p = levels[l];
      if (argA[l] >= 0) {
        const v = bestA[l] + (a0 + p.perMin) * f + p.perKWh * u + fixedCost[l];
        if (v < best) { best = v; arg = argA[l]; }
      }
      while (tail[l] > head[l] && dq[head[l]] <= p1) head[l]++;
      if (tail[l] > head[l]) {
        const a = dq[head[l]];
        const v = bKey[a - arrLo] + a0 * long + p.perKWh * u + p.perMin * f + fixedCost[l];
        if (v < best) { best = v; arg = a; }
      }
    }
    if (best < Infinity) {
      vals[i] = best;
      src[i] = arg;
      tgt[i] = lo + i;
      tv[i] = T[arg - arrLo] + ctx.fixedMin + Math.max(f - fa[arg - lo], long);
      last = i;
    } else vals[i] = Infinity;
  }
  // The floor: from each arrival, charging for the floor reaches cell h (rounded down: at least that much).
  if (floor > 0) {
    let h = first - 1;
    for (let j = 0; j < m; j++) {
      const a = arrLo + j;
      if (O[j] === Infinity) continue;
      const reach = fa[a - lo] + floor;
      while (h + 1 < n && fd[h + 1] <= reach + 1e-12) h++;
      if (h < first) continue;
      const p = levels[lv[j]];
      const v = O[j] + a0 * (ctx.fixedMin + Math.max(floor, pause)) + p.perKWh * (cells[lo + h] - cells[a] + ctx.detourKWh) + p.sessionFee + p.perMin * floor;
      if (h > last) { for (let i = last + 1; i < h; i++) vals[i] = Infinity; last = h; vals[h] = Infinity; }
      if (v < vals[h] - EPS) {
        vals[h] = v;
        src[h] = a;
        tgt[h] = lo + h;
        tv[h] = T[j] + ctx.fixedMin + Math.max(floor, pause);
      }
    }
  }
  // A pause here without charging (worth it where an earlier pause moves a later charge into a cheaper
  // hour): back on the route with the arrival's energy less the detour's, rounded down to a cell.
  if (pause > 0 && floor === 0 && cc.pauseAlone) {
    let g = -1;
    for (let j = 0; j < m; j++) {
      if (O[j] === Infinity) continue;
      const a = arrLo + j, u = cells[a] - ctx.detourKWh;
      while (g + 1 < n && cells[lo + g + 1] <= u + 1e-9) g++;
      if (g < 0) continue;
      const v = O[j] + a0 * (ctx.fixedMin + pause);
      if (last < 0) { first = g; last = g; vals[g] = Infinity; }
      if (g < first) { for (let i = g; i < first; i++) vals[i] = Infinity; first = g; }
      if (g > last) { for (let i = last + 1; i <= g; i++) vals[i] = Infinity; last = g; }
      if (v < vals[g] - EPS) {
        vals[g] = v;
        src[g] = a;
        tgt[g] = lo + g;
        tv[g] = T[j] + ctx.fixedMin + pause;
      }
    }
  }
  if (last < 0) return null;
  atLeast(vals, tv, src, tgt, first, last);
  // Judged on the scratch buffers (index i is cell lo + i); only a set kept gets arrays of its own.
  const out: LabelSet = {
    b: next.b, d: next.d, n: next.n, vals, origin: lo, base: 0, lo: lo + first, top: lo + last, parent: s, how,
    src: null, tgt: null, tv, tb: 0, sources: undefined, pick: undefined,
  };
  const cands = rivals.filter((r) => driverCovers(r, next, ctx.earliestRestMin) && r.top >= out.top);
  if (cands.length && dominated(out, cands, cc.faster, cc.leadPerMin ?? cc.perMin)) return null;
  return keptStopSet(out, vals, tv, src, tgt, first, last);
}

/**
 * stopSetCost's pass over the targets where every arrival pays one price (the common case): the same
 * prefix minimum and monotone deque, kept in locals. Fills vals, src, tgt and tv from `first`; the last target reached, or -1.
 */
function targetsAtOnePrice(
  ctx: StopCtx, p: ChargePrice, fixedCost: number, a0: number, long: number, arrLo: number, arrHi: number, first: number, n: number,
  O: Float64Array, T: Float64Array, bKey: Float64Array, dq: Int32Array, vals: Float64Array, tv: Float64Array, src: Int32Array, tgt: Int32Array, cells: Float64Array,
): number {
  const { fa, fd, lo } = ctx, floor = ctx.minChargeMin;
  const rate = a0 + p.perMin, perKWh = p.perKWh, perMin = p.perMin, pauseMin = a0 * long;
  let bestA = Infinity, argA = -1, head = 0, tail = 0, last = -1;
  let p1 = arrLo - 1, p2 = arrLo - 1;
  for (let i = first; i < n; i++) {
    const f = fd[i];
    if (f === Infinity) { for (let j = i; j < n; j++) vals[j] = Infinity; break; }
    while (p1 < arrHi && fa[p1 + 1 - lo] <= f - long) {
      p1++;
      const v = O[p1 - arrLo] - rate * fa[p1 - lo] - perKWh * cells[p1];
      if (v < bestA) { bestA = v; argA = p1; }
    }
    if (p2 < p1) p2 = p1;
    while (p2 < arrHi && (floor > 0 ? fa[p2 + 1 - lo] <= f - floor : fa[p2 + 1 - lo] < f - 1e-12)) {
      p2++;
      const j = p2 - arrLo;
      if (O[j] === Infinity) continue;
      const key = O[j] - perKWh * cells[p2] - perMin * fa[p2 - lo];
      bKey[j] = key;
      while (tail > head && bKey[dq[tail - 1] - arrLo] >= key) tail--;
      dq[tail++] = p2;
    }
    let best = Infinity, arg = -1;
    const u = perKWh * cells[lo + i];
    if (argA >= 0) {
      best = bestA + rate * f + u + fixedCost;
      arg = argA;
    }
    while (tail > head && dq[head] <= p1) head++;
    if (tail > head) {
      const a = dq[head];
      // Summed in stopSetCost's order: the same values to the last bit.
      const v = bKey[a - arrLo] + pauseMin + u + perMin * f + fixedCost;
      if (v < best) { best = v; arg = a; }
    }
    if (best < Infinity) {
      vals[i] = best;
      src[i] = arg;
      tgt[i] = lo + i;
      tv[i] = T[arg - arrLo] + ctx.fixedMin + Math.max(f - fa[arg - lo], long);
      last = i;
    } else vals[i] = Infinity;
  }
  return last;
}

/** A waypoint without charging: a pause overlaps the wait for the window, service follows, service starts by `latest`. */
export function visitSetCost(s: LabelSet, pause: number, earliest: number, serviceMin: number, latest: number, next: Driver, how: How, cc: CostCtx): LabelSet | null {
  const a0 = cc.perMin, lateness = cc.latePerMin !== undefined;
  if (earliest === -Infinity && latest === Infinity) {
    const add = pause + serviceMin;
    return { b: next.b, d: next.d, n: next.n, vals: s.vals, origin: s.origin, base: s.base + a0 * add, lo: s.lo, top: s.top, parent: s, how, src: null, tgt: null, tv: s.tv, tb: s.tb + add, sources: undefined, pick: undefined };
  }
  const n = s.top - s.lo + 1;
  const vals = new Float64Array(n), tv = new Float64Array(n);
  let last = -1;
  for (let i = 0; i < n; i++) {
    const t = timeAt(s, s.lo + i), start = Math.max(t + pause, earliest);
    if (!lateness && start > latest + EPS) { vals[i] = Infinity; continue; }
    tv[i] = start + serviceMin;
    vals[i] = objAt(s, s.lo + i) + a0 * (tv[i] - t) + latenessCost(cc, start, latest);
    last = i;
  }
  if (last < 0) return null;
  atLeast(vals, tv, null, null, 0, last);
  return { b: next.b, d: next.d, n: next.n, vals: vals.subarray(0, last + 1), origin: s.lo, base: 0, lo: s.lo, top: s.lo + last, parent: s, how, src: null, tgt: null, tv: tv.subarray(0, last + 1), tb: 0, sources: undefined, pick: undefined };
}

/**
 * A waypoint with a charger (see chargeVisitSet): a stop staying at least
 * pause + service from arrivals that meet the window, its times floored at
 * earliest + service.
 */
export function chargeVisitSetCost(
  s: LabelSet, ctx: StopCtx, pause: number, earliest: number, serviceMin: number, latest: number, next: Driver, how: How,
  rivals: LabelSet[], cc: CostCtx, price: PriceByArrival, cells: Float64Array,
): LabelSet | null {
  // Service starts at max(arrival + pause, earliest): by the latest, or (where no plan keeps every window) late at a cost.
  const start = (t: number) => Math.max(t + pause, earliest);
  const cost = latest === Infinity ? undefined
    : cc.latePerMin !== undefined ? (t: number) => latenessCost(cc, start(t), latest)
    : (t: number) => (start(t) <= latest + EPS ? 0 : Infinity);
  // Charging nothing here is the plain visit (visitSetCost), already among the rivals.
  const out = stopSetCost(s, ctx, pause + serviceMin, next, how, rivals, cc.pauseAlone ? { ...cc, pauseAlone: false } : cc, price, cells, cost);
  if (!out || earliest === -Infinity) return out;
  const floor = earliest + serviceMin, a0 = cc.perMin;
  const tv = out.tv!;
  for (let i = 0; i < out.vals.length; i++) {
    if (tv[i] < floor) { out.vals[i] += a0 * (floor - tv[i]); tv[i] = floor; }
  }
  atLeast(out.vals, tv, out.src, out.tgt, 0, out.vals.length - 1);
  return out;
}

/** At-least semantics: a cell reads the best label at or above it; on ties the lower target (less energy bought). */
function atLeast(vals: Float64Array, tv: Float64Array, src: Int32Array | null, tgt: Int32Array | null, first: number, last: number): void {
  for (let i = last - 1; i >= first; i--) {
    if (vals[i + 1] < vals[i] - EPS) {
      vals[i] = vals[i + 1];
      tv[i] = tv[i + 1];
      if (src && tgt) { src[i] = src[i + 1]; tgt[i] = tgt[i + 1]; }
    }
  }
}
