// Depot charging before departure: who charges when at the tenant's depot so
// that each truck leaves with the state of charge its tour needs, within the
// depot's points, its chargers' power and its grid connection; or which trucks
// cannot. Slots of a few minutes; in each, the plugged-in trucks with the least
// slack (time left minus the time their remaining charge needs at full power)
// take the points, and the grid's power goes to them in that order, each at
// most what its battery accepts at its state of charge (the vehicle's curve).
// Slots when no truck waits are skipped: the work is bounded by the trucks'
// windows (POST /planner/fleet keeps each within 48 h), however far apart.
import { chargePowerKW } from "../vehicles/charging";
import type { VehicleModel } from "../vehicles/catalog";

export interface DepotSite {
  points: number;
  /** Power of each charger, kW. */
  powerKW: number;
  /** The depot's grid connection: all chargers together, kW. */
  gridLimitKW: number;
}

export interface DepotTruck {
  id: string;
  vehicle: VehicleModel;
  /** State of charge when plugged in, and the one the tour leaves with (0-1). */
  socFrom: number;
  socTo: number;
  pluggedFromMs: number;
  /** When it must be charged (its departure, or the tour's depot_ready_by). */
  readyByMs: number;
}

/** Charging at a constant power over [startMs, endMs). */
export interface DepotSession {
  startMs: number;
  endMs: number;
  kW: number;
  kWh: number;
}

export interface DepotTruckPlan {
  id: string;
  sessions: DepotSession[];
  kWh: number;
  /** State of charge at readyByMs. */
  soc: number;
  ready: boolean;
  /** When it reached socTo; null when it did not. */
  readyAtMs: number | null;
}

export interface DepotPlan {
  trucks: DepotTruckPlan[];
  /** Trucks that cannot reach their state of charge in time: the tours that cannot leave as planned. */
  cannot: string[];
  /** Highest power drawn at once, kW (never above the grid limit). */
  peakKW: number;
}

export function scheduleDepot(site: DepotSite, trucks: DepotTruck[], stepMin = 5): DepotPlan {
  const step = stepMin * 60_000, h = stepMin / 60;
  const soc = new Map(trucks.map((t) => [t.id, t.socFrom]));
  const sessions = new Map<string, DepotSession[]>(trucks.map((t) => [t.id, []]));
  const readyAt = new Map<string, number>();
  for (const t of trucks) if (t.socFrom >= t.socTo - 1e-9) readyAt.set(t.id, t.pluggedFromMs);
  let peakKW = 0;
  if (trucks.length === 0) return { trucks: [], cannot: [], peakKW };
  const from = Math.min(...trucks.map((t) => t.pluggedFromMs)), to = Math.max(...trucks.map((t) => t.readyByMs));
  const fullKW = (t: DepotTruck) => Math.max(1e-6, chargePowerKW(t.vehicle, site.powerKW, "CCS", soc.get(t.id)!));
  const needs = (t: DepotTruck) => soc.get(t.id)! < t.socTo - 1e-9;
  for (let at = from; at < to; at += step) {
    const waiting = trucks.filter((t) => t.pluggedFromMs <= at && at + step <= t.readyByMs && needs(t));
    if (waiting.length === 0) {
      // Nobody to charge now: go on at the slot of the next truck plugged in later (the steps stay on the grid from
      // `from`), so the work grows with the trucks' windows, not with the span between the first and the last.
      const next = Math.min(...trucks.filter((t) => t.pluggedFromMs > at && needs(t)).map((t) => t.pluggedFromMs));
      if (!Number.isFinite(next)) break;
      at = from + Math.ceil((next - from) / step) * step - step;
      continue;
    }
    const slack = (t: DepotTruck) => (t.readyByMs - at) / 60_000 - (((t.socTo - soc.get(t.id)!) * t.vehicle.usableBatteryKWh) / fullKW(t)) * 60;
    waiting.sort((a, b) => slack(a) - slack(b) || a.readyByMs - b.readyByMs || a.id.localeCompare(b.id));
    let grid = site.gridLimitKW, drawn = 0;
    for (const t of waiting.slice(0, site.points)) {
      if (grid <= 1e-9) break;
      const s = soc.get(t.id)!, cap = t.vehicle.usableBatteryKWh;
      const kw = Math.min(fullKW(t), grid, ((t.socTo - s) * cap) / h);
      if (kw <= 1e-9) continue;
      grid -= kw;
      drawn += kw;
      const kWh = kw * h, next = Math.min(t.socTo, s + kWh / cap);
      soc.set(t.id, next);
      const list = sessions.get(t.id)!, last = list[list.length - 1];
      if (last && last.endMs === at && Math.abs(last.kW - kw) < 1e-6) (last.endMs = at + step), (last.kWh += kWh);
      else list.push({ startMs: at, endMs: at + step, kW: kw, kWh });
      if (next >= t.socTo - 1e-9 && !readyAt.has(t.id)) readyAt.set(t.id, at + Math.round((((t.socTo - s) * cap) / kw) * 3_600_000));
    }
    peakKW = Math.max(peakKW, drawn);
  }
  const plans = trucks.map((t) => {
    const list = sessions.get(t.id)!.map((x) => ({ ...x, kW: Math.round(x.kW * 10) / 10, kWh: Math.round(x.kWh * 10) / 10 }));
    const ready = readyAt.has(t.id);
    return { id: t.id, sessions: list, kWh: Math.round(list.reduce((a, x) => a + x.kWh, 0) * 10) / 10, soc: soc.get(t.id)!, ready, readyAtMs: readyAt.get(t.id) ?? null };
  });
  return { trucks: plans, cannot: plans.filter((p) => !p.ready).map((p) => p.id), peakKW };
}
