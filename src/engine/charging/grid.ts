// The route as ordered points, and the energy grid the labels live on.
//
// A label's battery state is u = SoC x capacity + energy used so far (kWh):
// driving leaves u unchanged, so only charging moves it and rounding never
// accumulates along the road. Cells are a uniform grid in u plus the exact
// values that matter: reaching each station or route crest with the reserve,
// full at each station, the end requirement, the start. Other targets (an
// optimum inside the curve's taper, a charge floor, what a pause lets charge)
// round to the grid: at most one step of charge per stop.
import type { StopCtx } from "./labels";
import { stationsNoPlanNeeds } from "./same-place";
import type { ChargeTimeFn, OptimizeInput, StationPoint, WaypointPoint } from "./types";

export interface Point {
  kind: "station" | "waypoint";
  /** Index into input.stations or input.waypoints. */
  index: number;
  distM: number;
  driveMin: number;
  energyKWh: number;
  /** Highest energy since the previous point. */
  peakKWh: number;
  last: boolean;
}

export interface Prepared<C extends string = string> {
  input: OptimizeInput<C>;
  cap: number;
  points: Point[];
  /** Cell values (kWh of u), ascending. */
  cells: Float64Array;
  startCell: number;
  /** Most driving (route + every remaining detour) after each point; bounds which pauses can matter. */
  futureMin: Float64Array;
  /** Charge tables by tableKey, shared by every search given the same chargeMinutes (read only; may hold other powers too). */
  tables: Map<string, Float64Array>;
}

const EPS_KWH = 1e-9;
/**
 * Charge tables per charge-time function and (power, connector), read only: the searches of one plan (its
 * roads, ties and comparisons) and a fleet's tours of one model pass the same function (vehicles/charging.ts
 * chargeTimeFunction), and a table is 1,000 of its calls.
 */
const CHARGE_TABLES = new WeakMap<object, Map<string, Float64Array>>();

function tablesOf(fn: object): Map<string, Float64Array> {
  let tables = CHARGE_TABLES.get(fn);
  if (!tables) CHARGE_TABLES.set(fn, (tables = new Map()));
  return tables;
}
export const TABLE_STEPS = 1000;

export function prepare<C extends string>(input: OptimizeInput<C>): Prepared<C> {
  const cap = input.capacityKWh;
  const dest = input.waypoints[input.waypoints.length - 1];
  const points: Point[] = [];
  const pos = (p: StationPoint<C> | WaypointPoint<C>) => ({ distM: p.distM, driveMin: p.driveMin, energyKWh: p.energyKWh });
  const tables = tablesOf(input.chargeMinutes);
  const tableOf = (s: { powerKW: number; connector: C }) => {
    const key = tableKey(s.powerKW, s.connector);
    let t = tables.get(key);
    if (!t) tables.set(key, (t = chargeTable(input.chargeMinutes, s.powerKW, s.connector)));
    return t;
  };
  for (const s of input.stations) tableOf(s);
  for (const w of input.waypoints) if (w.charger) tableOf(w.charger);
  const unneeded = stationsNoPlanNeeds(input, tableOf);
  input.stations.forEach((s, index) => {
    if (s.distM <= dest.distM && !unneeded.has(index)) points.push({ kind: "station", index, ...pos(s), peakKWh: 0, last: false });
  });
  input.waypoints.forEach((w, index) => points.push({ kind: "waypoint", index, ...pos(w), peakKWh: 0, last: index === input.waypoints.length - 1 }));
  // Stations before a waypoint at the same place: charge, then serve. The destination always last.
  points.sort((a, b) => (a.last !== b.last ? (a.last ? 1 : -1) : a.distM - b.distM || (a.kind === b.kind ? a.index - b.index : a.kind === "station" ? -1 : 1)));
  let prevM = 0, prevE = 0, prevT = 0;
  for (const p of points) {
    p.driveMin = Math.max(p.driveMin, prevT); // a stretch never drives back in time
    const peak = input.peakEnergyKWh ? input.peakEnergyKWh(prevM, p.distM) : -Infinity;
    p.peakKWh = Math.max(peak, p.energyKWh, prevE);
    prevM = p.distM;
    prevE = p.energyKWh;
    prevT = p.driveMin;
  }

  const futureMin = new Float64Array(points.length);
  let detours = 0;
  for (let k = points.length - 1; k >= 0; k--) {
    futureMin[k] = dest.driveMin - points[k].driveMin + detours;
    if (points[k].kind === "station") detours += input.stations[points[k].index].detourMin;
  }

  const { cells, startCell } = buildCells(input, points, cap);
  return { input, cap, points, cells, startCell, futureMin, tables };
}

function buildCells<C extends string>(input: OptimizeInput<C>, points: Point[], cap: number) {
  const rc = input.reserveSoc * cap;
  const u0 = input.startSoc * cap;
  const step = (input.socStep ?? 0.005) * cap;
  const values: number[] = [u0];
  let minE = 0, maxE = 0, prevE = 0;
  for (const p of points) {
    minE = Math.min(minE, p.energyKWh);
    maxE = Math.max(maxE, p.peakKWh);
    // A crest between points: just enough to get over it.
    if (p.peakKWh > Math.max(prevE, p.energyKWh) + 1e-6) values.push(rc + p.peakKWh);
    if (p.kind === "station") {
      // Arrive with the reserve; leave full.
      const half = input.stations[p.index].detourKWh / 2;
      values.push(rc + p.energyKWh + half, cap + p.energyKWh - half);
    }
    if (p.kind === "waypoint" && input.waypoints[p.index].charger) values.push(rc + p.energyKWh, cap + p.energyKWh);
    if (p.last) values.push(Math.max(input.endSoc, input.reserveSoc) * cap + p.energyKWh);
    prevE = p.energyKWh;
  }
  const from = Math.ceil((rc + minE - u0) / step - 1e-9);
  const to = Math.floor((cap + maxE - u0) / step + 1e-9);
  for (let i = from; i <= to; i++) values.push(u0 + i * step);
  values.sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of values) if (out.length === 0 || v - out[out.length - 1] > EPS_KWH) out.push(v);
  const cells = Float64Array.from(out);
  return { cells, startCell: firstAtLeast(cells, u0) };
}

/** First cell >= u (within rounding); cells.length when none. */
export function firstAtLeast(cells: Float64Array, u: number): number {
  let lo = 0, hi = cells.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cells[mid] < u - EPS_KWH) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Last cell <= u (within rounding); -1 when none. */
export function lastAtMost(cells: Float64Array, u: number): number {
  return firstAtLeast(cells, u + 2 * EPS_KWH) - 1;
}

export const tableKey = (powerKW: number, connector: string) => `${powerKW}|${connector}`;

/**
 * Cumulative charge minutes from SoC 0 on a 0.1 % grid, so a charge costs two
 * look-ups: charging time depends on the SoC path only, so it is additive.
 */
function chargeTable<C extends string>(fn: ChargeTimeFn<C>, powerKW: number, connector: C): Float64Array {
  const t = new Float64Array(TABLE_STEPS + 1);
  for (let i = 0; i < TABLE_STEPS; i++) {
    const dt = fn(powerKW, connector, i / TABLE_STEPS, (i + 1) / TABLE_STEPS);
    t[i + 1] = t[i] + (Number.isFinite(dt) && dt >= 0 ? dt : Infinity);
  }
  return t;
}

/** Minutes from SoC 0 to soc by the table. */
export function tableAt(t: Float64Array, soc: number): number {
  const x = (soc <= 0 ? 0 : soc >= 1 ? 1 : soc) * TABLE_STEPS;
  const i = Math.min(Math.floor(x), TABLE_STEPS - 1);
  const f = x - i;
  if (f === 0) return t[i];
  return t[i + 1] === Infinity ? Infinity : t[i] + (t[i + 1] - t[i]) * f;
}

const ctxCache = new WeakMap<Point, StopCtx | null>();

/** Per station, shared by both sweeps. */
export function stopCtx<C extends string>(prep: Prepared<C>, p: Point): StopCtx {
  const ctx = chargerCtx(prep, p);
  if (!ctx) throw new Error("stopCtx: the point has no charger");
  return ctx;
}

/** Charging at a station, or at a waypoint that has a charger (no detour, no overhead, no floor); else null. */
export function chargerCtx<C extends string>(prep: Prepared<C>, p: Point): StopCtx | null {
  const cached = ctxCache.get(p);
  if (cached !== undefined) return cached;
  const { input } = prep;
  const w = p.kind === "waypoint" ? input.waypoints[p.index] : null;
  const ctx = !w
    ? buildStopCtx(prep, p, input.stations[p.index], input.overheadMin, input.minChargeMin)
    : w.charger ? buildStopCtx(prep, p, { ...w.charger, detourKWh: 0, detourMin: 0 }, 0, 0) : null;
  ctxCache.set(p, ctx);
  return ctx;
}

interface Charger { powerKW: number; connector: string; detourKWh: number; detourMin: number; queueMin?: number }

function buildStopCtx<C extends string>(prep: Prepared<C>, p: Point, st: Charger, overheadMin: number, minChargeMin: number): StopCtx {
  const { cells, cap, input } = prep;
  const rc = input.reserveSoc * cap;
  const E = p.energyKWh, half = st.detourKWh / 2;
  const lo = firstAtLeast(cells, rc + E);
  const hi = lastAtMost(cells, cap + E);
  const table = prep.tables.get(tableKey(st.powerKW, st.connector))!;
  const n = Math.max(0, hi - lo + 1);
  const fa = new Float64Array(n), fd = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    fa[i] = tableAt(table, (cells[lo + i] - E - half) / cap);
    fd[i] = tableAt(table, (cells[lo + i] - E + half) / cap);
  }
  return {
    lo, ga: firstAtLeast(cells, rc + E + half), gdMax: Math.min(hi, lastAtMost(cells, cap + E - half)),
    fa, fd, fixedMin: st.detourMin + (st.queueMin ?? 0) + overheadMin, minChargeMin, detourKWh: st.detourKWh, halfDetourMin: st.detourMin / 2,
    earliestRestMin: input.breaks?.earliestRestDriveMin ?? 0,
  };
}

