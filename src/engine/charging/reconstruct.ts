// From the best label back to its decisions, then forward once with the exact
// charge function. The labels' "at least" energy means the real battery is at
// or above each cell, so the re-simulated plan is feasible and no slower.
import { pauseMin, type RoadsideEvent } from "./breaks";
import { moneyOf, priceAt } from "./price";
import type { Prepared } from "./grid";
import { departAfterBans, stretchGates } from "./bans";
import type { How, LabelSet } from "./labels";
import {
  EU_BREAK_RULES, type DriverOption, type OptimizePlan, type PlannedBanWait, type OptimizeStats, type PlannedBreak, type PlannedStop, type RoutePos, type WaypointCharge, type WaypointVisit,
} from "./types";

export interface Decisions {
  /** Per point index. */
  stops: Map<number, { option: DriverOption; targetU: number }>;
  /** targetU: the charge target at a section end's charger; null when it does not charge there. */
  visits: Map<number, { option: DriverOption; targetU: number | null }>;
  /** Per point: the roadside pauses of the stretch that ends there, and the pause a ban wait before it counts as. */
  stretches: Map<number, { events: RoadsideEvent[]; credit?: DriverOption }>;
}

export function backtrack<C extends string>(prep: Prepared<C>, final: LabelSet, cell: number): Decisions {
  const out: Decisions = { stops: new Map(), visits: new Map(), stretches: new Map() };
  let g = cell;
  let s: LabelSet | null = final;
  while (s && s.how.kind !== "start") {
    g = Math.max(g, s.lo);
    const how: How = s.how;
    if (how.kind === "merge") {
      s = s.sources![s.pick![g - s.origin]];
      continue;
    }
    if (how.kind === "drive") out.stretches.set(how.point, { events: how.events, credit: how.credit });
    else if (how.kind === "visit" && !how.charge) out.visits.set(how.point, { option: how.option, targetU: null });
    else if (how.kind === "visit") {
      const i = g - s.origin;
      out.visits.set(how.point, { option: how.option, targetU: prep.cells[s.tgt![i]] });
      g = s.src![i];
    } else if (how.kind === "stop") {
      const i = g - s.origin;
      out.stops.set(how.point, { option: how.option, targetU: prep.cells[s.tgt![i]] });
      g = s.src![i];
    }
    s = s.parent;
  }
  return out;
}

const SOC_EPS = 1e-9;

/** `partial`: the decisions of a plan that runs out; the battery may go below the reserve (on paper). */
export function resimulate<C extends string>(prep: Prepared<C>, dec: Decisions, stats: OptimizeStats, partial = false): OptimizePlan {
  const { input, points, cap } = prep;
  const rules = input.breaks ?? EU_BREAK_RULES;
  const at = (min: number) => input.departureMs + min * 60_000;
  const stops: PlannedStop[] = [], breaks: PlannedBreak[] = [], visits: WaypointVisit[] = [];
  const totals = { totalMin: 0, drivingMin: 0, chargingMin: 0, breakMin: 0, overheadMin: 0, waitMin: 0, banWaitMin: 0, serviceMin: 0, chargedKWh: 0, moneyEur: 0, objective: 0 };
  const banWaits: PlannedBanWait[] = [];
  const gates = stretchGates(prep);
  /** Where the last point's stay ended: a charger or waypoint stop, else by the road. */
  let lastStay: { at: "charger" | "waypoint"; index: number; stop: PlannedStop | null; visit: WaypointVisit | null } | null = null;
  let t = 0, soc = input.startSoc;
  let prev = { distM: 0, driveMin: 0, energyKWh: 0 };
  /** Where the route has been driven offsetMin past `from`: the pause falls due there, on the route's own clock. */
  const pauseDistM = (from: RoutePos, to: RoutePos, offsetMin: number) => {
    if (input.distAtDriveMin) return Math.min(to.distM, Math.max(from.distM, input.distAtDriveMin(from.driveMin + offsetMin)));
    const drive = to.driveMin - from.driveMin;
    return from.distM + (to.distM - from.distM) * (drive > 0 ? offsetMin / drive : 0);
  };
  const check = (x: number, where: string) => {
    if (!partial && x < input.reserveSoc - 1e-7) throw new Error(`charging optimizer: reserve undercut ${where} (${x})`);
  };

  points.forEach((p, k) => {
    const drive = p.driveMin - prev.driveMin;
    check(soc - (p.peakKWh - prev.energyKWh) / cap, `before ${p.distM} m`);
    const stretch = dec.stretches.get(k);
    // As the search: a detour back to drive only after a stop at the point before.
    const gate = gates[k] && (lastStay?.stop ? gates[k] : gates[k]!.passing);
    if (gate) {
      // As the search: the earliest departure that drives the stretch outside every ban; a wait
      // that counts as a pause lasts at least that pause.
      const credit = stretch?.credit ?? "none";
      const span = drive + (stretch?.events ?? []).reduce((a, e) => a + pauseMin(e.kind, rules), 0);
      const dep = departAfterBans(gate, t + pauseMin(credit, rules), span);
      if (dep > t + 1e-9) banWait(k, dep - t, credit, gate);
    }
    const t0 = t;
    let paused = 0;
    for (const e of stretch?.events ?? []) {
      const minutes = pauseMin(e.kind, rules);
      breaks.push({
        kind: e.kind, minutes, at: "roadside", distM: pauseDistM(prev, p, e.offsetMin),
        routeDriveMin: prev.driveMin + e.offsetMin, startMs: at(t0 + e.offsetMin + paused),
      });
      paused += minutes;
      totals.breakMin += minutes;
    }
    t += paused;
    t += drive;
    totals.drivingMin += drive;
    soc -= (p.energyKWh - prev.energyKWh) / cap;
    soc = Math.min(soc, 1);
    prev = p;

    const stop = p.kind === "station" ? dec.stops.get(k) : undefined;
    if (p.kind === "station" && stop) {
      const st = input.stations[p.index];
      const half = st.detourKWh / (2 * cap);
      t += st.detourMin / 2;
      const arrivalSoc = soc - half;
      check(arrivalSoc, `at ${st.key}`);
      let target = Math.min(1, (stop.targetU - p.energyKWh) / cap + half);
      let charge = target > arrivalSoc + SOC_EPS ? input.chargeMinutes(st.powerKW, st.connector, arrivalSoc, target) : 0;
      if (charge < input.minChargeMin) {
        charge = input.minChargeMin;
        target = socAfter(input.chargeMinutes, st.powerKW, st.connector, arrivalSoc, charge);
      }
      target = Math.max(target, arrivalSoc);
      const pause = pauseMin(stop.option, rules);
      // A wait for a free point comes first; the pause starts with the charging, after the overhead.
      const queue = st.queueMin ?? 0;
      const dwell = queue + input.overheadMin + Math.max(charge, pause);
      const arrivalMs = at(t);
      if (stop.option !== "none") {
        breaks.push({ kind: stop.option, minutes: pause, at: "charger", distM: p.distM, routeDriveMin: p.driveMin, startMs: at(t + queue + input.overheadMin), key: st.key, index: p.index });
        totals.breakMin += pause;
      }
      t += dwell;
      const moneyEur = moneyOf(priceAt(st.price, arrivalMs), (target - arrivalSoc) * cap, charge);
      totals.moneyEur += moneyEur;
      stops.push({
        key: st.key, station: p.index, distM: p.distM, arrivalMs, departureMs: at(t), arrivalSoc, departureSoc: target,
        chargeMin: charge, energyKWh: (target - arrivalSoc) * cap, breakKind: stop.option === "none" ? null : stop.option, breakMin: pause,
        waitMin: dwell - queue - input.overheadMin - charge, dwellMin: dwell, moneyEur, ...(queue > 0 ? { queueMin: queue } : {}),
      });
      t += st.detourMin / 2;
      totals.drivingMin += st.detourMin;
      totals.chargingMin += charge;
      totals.overheadMin += input.overheadMin;
      totals.waitMin += queue;
      totals.chargedKWh += (target - arrivalSoc) * cap;
      soc = target - half;
      check(soc, `leaving ${st.key}`);
      lastStay = { at: "charger", index: p.index, stop: stops[stops.length - 1], visit: null };
    } else if (p.kind === "waypoint") {
      const w = input.waypoints[p.index];
      const { option, targetU } = dec.visits.get(k) ?? { option: "none" as const, targetU: null };
      const pause = pauseMin(option, rules);
      const earliest = w.window?.earliestMs != null ? (w.window.earliestMs - input.departureMs) / 60_000 : -Infinity;
      const latest = w.window?.latestMs != null ? (w.window.latestMs - input.departureMs) / 60_000 : Infinity;
      const start = Math.max(t + pause, earliest);
      if (option !== "none") {
        breaks.push({ kind: option, minutes: pause, at: "waypoint", distM: p.distM, routeDriveMin: p.driveMin, startMs: at(t), key: w.key, index: p.index });
        totals.breakMin += pause;
      }
      const charge = w.charger && targetU !== null ? chargeAtWaypoint(w.charger, Math.min(1, (targetU - p.energyKWh) / cap), soc, start + w.serviceMin - t, at(t)) : null;
      const end = Math.max(start + w.serviceMin, t + (charge?.chargeMin ?? 0));
      visits.push({
        key: w.key, waypoint: p.index, distM: p.distM, arrivalMs: at(t), serviceStartMs: at(start), departureMs: at(end),
        waitMin: start - t - pause, lateMin: Math.max(0, start - latest), soc, charge,
      });
      totals.waitMin += start - t - pause + (charge?.extraMin ?? 0);
      totals.serviceMin += w.serviceMin;
      if (charge) {
        totals.chargingMin += charge.chargeMin;
        totals.chargedKWh += charge.energyKWh;
        totals.moneyEur += charge.moneyEur;
        soc = charge.departureSoc;
      }
      t = end;
      lastStay = { at: "waypoint", index: p.index, stop: null, visit: visits[visits.length - 1] };
    } else lastStay = null;
  });
  totals.totalMin = t;

  /** A wait before the stretch that ends at point k: at the stop the truck made at the point before, else by the road there. */
  function banWait(k: number, minutes: number, credit: DriverOption, gate: NonNullable<ReturnType<typeof stretchGates>[number]>) {
    const from = k === 0 ? null : points[k - 1];
    const stay = from ? lastStay : null;
    // At a charger the truck waits before its detour back to the route.
    const startMs = stay?.stop ? stay.stop.departureMs : at(t);
    const refs = gate.zones.filter((z) => z.startMin < t + minutes + 1e-9 && z.endMin > t - gate.preMin).map((z) => z.ref);
    const where = {
      at: stay ? stay.at : k === 0 ? "start" as const : "roadside" as const,
      index: stay ? stay.index : null,
      distM: from ? from.distM : 0,
      routeDriveMin: from ? from.driveMin : 0,
    };
    banWaits.push({ ...where, startMs, minutes, counts_as: credit, refs });
    // A pause taken at the charger goes on through the wait (the driver is off duty until the truck leaves).
    const own = stay?.stop ? breaks.find((b) => !b.banWait && b.at === "charger" && b.key === stay.stop!.key && b.index === stay.index) : undefined;
    if (own && stay?.stop) {
      own.minutes = (stay.stop.departureMs + minutes * 60_000 - own.startMs) / 60_000;
      if (credit === "rest") own.kind = "rest";
      stay.stop.breakKind = own.kind;
      totals.breakMin += own.minutes - stay.stop.breakMin;
      stay.stop.breakMin = own.minutes;
    } else if (credit !== "none") {
      breaks.push({ kind: credit, minutes, at: stay ? (stay.at === "charger" ? "charger" : "waypoint") : "roadside", distM: where.distM, routeDriveMin: where.routeDriveMin, startMs, banWait: true,
        ...(stay?.stop ? { key: stay.stop.key, index: stay.index } : stay?.visit ? { key: stay.visit.key, index: stay.index } : {}) });
      totals.breakMin += minutes;
    }
    // A stop the truck stays at for the ban: its departure moves (the charge is what was planned).
    const ms = minutes * 60_000;
    if (stay?.stop) { stay.stop.departureMs += ms; stay.stop.dwellMin += minutes; stay.stop.banWaitMin = (stay.stop.banWaitMin ?? 0) + minutes; }
    if (stay?.visit) { stay.visit.departureMs += ms; stay.visit.banWaitMin = (stay.visit.banWaitMin ?? 0) + minutes; }
    totals.banWaitMin += minutes;
    t += minutes;
  }
  totals.objective = input.objective ? input.objective.eurPerMin * t + totals.moneyEur : t;

  /**
   * Charging from arrival to the target; for the least time, as far as the stay allows where that is
   * more (it costs no time). Under a cost objective energy costs money: only the target.
   */
  function chargeAtWaypoint(charger: NonNullable<(typeof input.waypoints)[number]["charger"]>, target: number, arrivalSoc: number, stayMin: number, arrivalMs: number): WaypointCharge | null {
    const needed = target > arrivalSoc + SOC_EPS ? input.chargeMinutes(charger.powerKW, charger.connector, arrivalSoc, target) : 0;
    if (needed <= 0) return null;
    const fill = !input.objective && needed < stayMin;
    const to = fill ? Math.max(target, socAfter(input.chargeMinutes, charger.powerKW, charger.connector, arrivalSoc, stayMin)) : target;
    const chargeMin = to > target ? Math.min(stayMin, input.chargeMinutes(charger.powerKW, charger.connector, arrivalSoc, to)) : needed;
    const energyKWh = (to - arrivalSoc) * cap;
    return {
      powerKW: charger.powerKW, chargeMin, energyKWh, arrivalSoc, departureSoc: to, extraMin: Math.max(0, chargeMin - stayMin),
      moneyEur: moneyOf(priceAt(charger.price, arrivalMs), energyKWh, chargeMin),
    };
  }
  const windows = input.waypoints.some((w) => w.window?.earliestMs != null || w.window?.latestMs != null);
  return {
    ok: true, stops, breaks: breaks.sort((a, b) => a.startMs - b.startMs), waypoints: visits, banWaits, totals, arrivalMs: at(t), endSoc: soc,
    timeWindowsReachable: windows ? visits.every((v) => v.lateMin <= 1e-6) : null, stats,
  };
}

/** SoC after charging `minutes` from socFrom: bisection on the charge function. */
export function socAfter<C extends string>(fn: (p: number, c: C, a: number, b: number) => number, powerKW: number, connector: C, socFrom: number, minutes: number): number {
  if (fn(powerKW, connector, socFrom, 1) <= minutes) return 1;
  let lo = socFrom, hi = 1;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (fn(powerKW, connector, socFrom, mid) < minutes) lo = mid;
    else hi = mid;
  }
  return hi;
}
