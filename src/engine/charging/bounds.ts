// Lower bounds on the time still to come, to drop label sets that cannot beat
// a known plan (branch and bound; the result stays exact). The charging-only
// optimum from each point and energy (a backward pass without pauses or
// windows) plus the part of each pause that no stop's charging can fill; and
// driving plus the pauses it needs.
import { driveStretch, minPauseCost, pausePatterns, type Driver, type RoadsideEvent } from "./breaks";
import { firstAtLeast, lastAtMost, stopCtx, tableAt, tableKey, type Prepared } from "./grid";
import type { LabelSet, StopCtx } from "./labels";
import { EU_BREAK_RULES, type BreakRules } from "./types";

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
  overheadMin: number;
}

const cache = new WeakMap<Prepared, Bounds>();
const MAX_LAYERS = 12;
/** Pause layers only when the tour needs this many batteries' worth of charging. */
const LAYERS_FROM_BATTERIES = 1.5;

const count = (events: RoadsideEvent[]): [number, number] => {
  let b = 0, r = 0;
  for (const e of events) if (e.kind === "break") b++; else r++;
  return [b, r];
};

export function bounds<C extends string>(prep: Prepared<C>): Bounds {
  const hit = cache.get(prep as unknown as Prepared);
  if (hit) return hit;
  const { input, points } = prep;
  const n = points.length;
  const driveMin = new Float64Array(n), serviceMin = new Float64Array(n), windows = new Uint8Array(n);
  const longest = new Float64Array(n);
  const dest = points[n - 1];
  let service = 0, win = 0, most = 0;
  for (let k = n - 1; k >= 0; k--) {
    driveMin[k] = dest.driveMin - points[k].driveMin;
    serviceMin[k] = service;
    windows[k] = win;
    longest[k] = most;
    const p = points[k];
    if (p.kind === "waypoint") {
      const w = input.waypoints[p.index];
      service += w.serviceMin;
      if (w.window?.earliestMs != null) win = 1;
    } else {
      const st = input.stations[p.index];
      const t = prep.tables.get(tableKey(st.powerKW, st.connector))!;
      most = Math.max(most, input.minChargeMin, tableAt(t, 1) - tableAt(t, input.reserveSoc));
    }
  }
  // Layers up to the cheapest pause pattern of the whole tour (more pauses are
  // bounded by fewer; used where no wait lies ahead to absorb pauses). They pay
  // off only with several stops to place; otherwise layer 0 alone.
  const rules = input.breaks ?? EU_BREAK_RULES;
  let nb = 0, nr = 0, least = Infinity;
  for (const o of driveStretch({ b: input.driver?.sinceBreakMin ?? 0, d: input.driver?.todayMin ?? 0 }, dest.driveMin, rules)) {
    if (o.pauseMin < least) [least, nb, nr] = [o.pauseMin, ...count(o.events)];
  }
  const cap = prep.cap, toCharge = Math.max(input.endSoc, input.reserveSoc) * cap + dest.energyKWh - input.startSoc * cap;
  if ((nb + 1) * (nr + 1) > MAX_LAYERS || toCharge < LAYERS_FROM_BATTERIES * (1 - input.reserveSoc) * cap) nb = nr = 0;
  const charge = layers(prep, nb, nr);
  // Nonincreasing in energy: the least is at the top.
  const minH = charge.h.map((layer) => Float64Array.from(layer, (h) => (h.length ? h[h.length - 1] : Infinity)));
  const out = { rules, driveMin, serviceMin, windows, overheadMin: input.overheadMin, minH, longest, nb, nr, ...charge };
  cache.set(prep as unknown as Prepared, out);
  return out;
}

/**
 * Backward over the points: least remaining time (driving, detours, overhead,
 * charging, service) by cell, per layer (i, j) = breaks and rests still to be
 * taken. A pause goes to a later stop, where it overlaps the charging, or
 * anywhere else at its full length; where it is legal is ignored (a
 * relaxation). Layer (0, 0) is the charging-only optimum.
 */
function layers<C extends string>(prep: Prepared<C>, nb: number, nr: number): { h: Float64Array[][]; lo: Int32Array } {
  const { input, points, cells, cap } = prep;
  const rules = input.breaks ?? EU_BREAK_RULES;
  const n = points.length, rc = input.reserveSoc * cap, L = (nb + 1) * (nr + 1);
  const h: Float64Array[][] = Array.from({ length: L }, () => new Array(n));
  const lo = new Int32Array(n), hi = new Int32Array(n);
  let width = 0;
  points.forEach((p, k) => {
    lo[k] = firstAtLeast(cells, rc + p.energyKWh);
    hi[k] = lastAtMost(cells, cap + p.energyKWh);
    width = Math.max(width, hi[k] - lo[k] + 1);
  });
  const need = Math.max(input.endSoc, input.reserveSoc) * cap + points[n - 1].energyKWh;
  // Per layer, at point k + 1 before its decisions (consumed before being overwritten).
  const before = Array.from({ length: L }, () => new Float64Array(width));
  const scratch = new Float64Array(width + 1);
  for (let k = n - 1; k >= 0; k--) {
    const len = Math.max(0, hi[k] - lo[k] + 1);
    const q = points[k + 1];
    const drive = q ? q.driveMin - points[k].driveMin : 0;
    const crest = q ? rc + q.peakKWh - 1e-9 : 0;
    for (let l = 0; l < L; l++) {
      const after = new Float64Array(len);
      if (!q) {
        const left = Math.floor(l / (nr + 1)) * rules.breakMin + (l % (nr + 1)) * rules.restMin;
        for (let i = 0; i < len; i++) after[i] = cells[lo[k] + i] >= need - 1e-9 ? left : Infinity;
      } else {
        const b = before[l], lo1 = lo[k + 1], hi1 = hi[k + 1];
        for (let i = 0; i < len; i++) {
          const g = Math.min(lo[k] + i, hi1);
          after[i] = cells[lo[k] + i] >= crest && g >= lo1 ? drive + b[g - lo1] : Infinity;
        }
      }
      // More energy never costs time: keep it so (a lower value, still a bound).
      for (let i = 1; i < len; i++) if (after[i] > after[i - 1]) after[i] = after[i - 1];
      h[l][k] = after;
    }
    const p = points[k];
    const ctx = p.kind === "station" ? stopCtx(prep, p) : null;
    const service = p.kind === "waypoint" ? input.waypoints[p.index].serviceMin : 0;
    for (let l = 0; l < L; l++) {
      const out = before[l], after = h[l][k];
      for (let i = 0; i < len; i++) out[i] = after[i] + service;
      if (!ctx) continue;
      const i = Math.floor(l / (nr + 1)), j = l % (nr + 1);
      withStop(ctx, after, out, 0, scratch);
      if (i > 0) withStop(ctx, h[l - (nr + 1)][k], out, rules.breakMin, scratch);
      if (j > 0) withStop(ctx, h[l - 1][k], out, rules.restMin, scratch);
    }
  }
  return { h, lo };
}

/**
 * Improves `out` (arrival cells of a station) by a stop there: least over
 * targets t of max(F(t) - F(arrival), pause) + overhead and detour + from[t].
 * `from` is nonincreasing, so where the pause outlasts the charge the best
 * target is the highest one in that window.
 */
function withStop(ctx: StopCtx, from: Float64Array, out: Float64Array, pause: number, best: Float64Array): void {
  const { fa, fd, lo } = ctx;
  const m = Math.max(0, ctx.gdMax - lo + 1);
  if (m === 0) return;
  best[m] = Infinity;
  for (let j = m - 1; j >= 0; j--) {
    const v = fd[j] + from[j];
    best[j] = v < best[j + 1] ? v : best[j + 1];
  }
  const fixed = ctx.fixedMin, len = from.length;
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
  const r = bd.rules, c = bd.longest[k], drive = bd.driveMin[k];
  return [minPauseCost(b, d, drive, r, Math.max(0, r.breakMin - c), Math.max(0, r.restMin - c)), minPauseCost(b, d, drive, r)];
}

/**
 * Layers of the pause patterns driving on from (b, d) can need (taken where
 * due); a pattern beyond the computed layers reads as the largest below it.
 */
function patterns(bd: Bounds, k: number, b: number, d: number): number[] | null {
  if (bd.nb + bd.nr === 0 || bd.windows[k]) return null;
  return pausePatterns({ b, d }, bd.driveMin[k], bd.rules).map(([nb, nr]) => Math.min(nb, bd.nb) * (bd.nr + 1) + Math.min(nr, bd.nr));
}

/**
 * Least total time any label of s can still reach, standing at point k (after
 * its stop or visit), and with a known plan's time `ub` the highest cell that
 * can still beat it.
 */
export function lowerBound(bd: Bounds, s: LabelSet, k: number, ub = Infinity): { lb: number; top: number } {
  const [unfilled, all] = pauses(bd, k, s.b, s.d);
  const pat = patterns(bd, k, s.b, s.d);
  // Without charging still to do, pauses and driving alone; with it, at least one stop's overhead too.
  const drive = bd.driveMin[k] + bd.serviceMin[k];
  const plain = drive + 1e-9, bare = drive + all, withStop = bare + bd.overheadMin;
  const h0 = bd.h[0][k], off = bd.lo[k], vals = s.vals, origin = s.origin, base = s.base;
  let best = Infinity, last = -1;
  for (let g = s.lo; g <= s.top; g++) {
    let rest = h0[g - off] + unfilled;
    if (pat) {
      let m = Infinity;
      for (const l of pat) m = Math.min(m, bd.h[l][k][g - off]);
      if (m > rest) rest = m;
    }
    const floor = h0[g - off] > plain ? withStop : bare;
    const v = vals[g - origin] + base + (rest > floor ? rest : floor);
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
  return arriveMin + stayMin + Math.max(rest, bd.driveMin[k] + bd.serviceMin[k] + all);
}
