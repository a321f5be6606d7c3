// Alternatives to a chosen charging stop: other stations near it where the
// truck could charge instead and continue with the rest of the plan unchanged
// (same SoC at the next stop or section end, same pauses), at a small cost in
// tour time. Each is checked for the reserve on the way, a charge target the
// battery can hold, the drivers' hours around a pause taken at the stop, and
// any later time window's latest start.
import { EU_BREAK_RULES, type OptimizeInput, type OptimizePlan, type PlannedStop } from "../charging/types";
import type { ChargeConnector } from "../vehicles/charging";
import type { Candidate } from "./candidates";
import { ALTERNATIVE_MAX_EXTRA_MIN, ALTERNATIVE_WINDOW_M, MAX_ALTERNATIVES } from "./rules";

export interface Alternative {
  candidate: Candidate;
  arrivalSoc: number;
  departureSoc: number;
  chargeMin: number;
  energyKWh: number;
  /** Tour time beyond the plan's, minutes (negative only within rounding). */
  extraMin: number;
}

const EPS = 1e-9;

export function alternativesFor(
  stop: PlannedStop, plan: OptimizePlan, request: OptimizeInput<ChargeConnector>, candidates: Candidate[],
): Alternative[] {
  const st = request.stations;
  const here = st[stop.station];
  const cap = request.capacityKWh;
  const used = new Set(plan.stops.map((s) => candidates[s.station].hit.station.mapping));

  // The stretch the alternative must stay inside: after the previous event, before the next.
  const events = [
    ...plan.stops.map((s) => st[s.station].distM),
    ...plan.breaks.filter((b) => b.at === "roadside").map((b) => b.distM),
    ...request.waypoints.map((w) => w.distM),
  ];
  const prevM = Math.max(0, ...events.filter((d) => d < here.distM - EPS));
  const nextM = Math.min(...events.filter((d) => d > here.distM + EPS));
  const pause = plan.breaks.find((b) => b.at === "charger" && b.key === stop.key);
  const driveRoom = pause ? pauseRoom(plan, pause.routeDriveMin, pause.kind, request) : null;
  const slackMin = laterWindowSlack(plan, request, stop.distM);
  const dwell = (chargeMin: number, queueMin = 0) => queueMin + request.overheadMin + Math.max(chargeMin, stop.breakMin);

  const out: Alternative[] = [];
  candidates.forEach((c, i) => {
    if (i === stop.station || used.has(c.hit.station.mapping)) return;
    const x = st[i];
    if (Math.abs(x.distM - here.distM) > ALTERNATIVE_WINDOW_M || x.distM <= prevM || x.distM >= nextM) return;
    // Same energy ledger as the plan up to the previous event and from the next one on.
    const shiftKWh = x.energyKWh - here.energyKWh + (x.detourKWh - here.detourKWh) / 2;
    const arrivalSoc = stop.arrivalSoc - shiftKWh / cap;
    const departureSoc = stop.departureSoc - shiftKWh / cap + (x.detourKWh - here.detourKWh) / cap;
    if (arrivalSoc < request.reserveSoc - EPS || departureSoc > 1 + EPS) return;
    // The reserve holds on the way to x (from where the plan's SoC is known) and after it.
    const before = Math.min(x.distM, here.distM), after = Math.max(x.distM, here.distM);
    const peak = request.peakEnergyKWh ?? (() => Math.max(x.energyKWh, here.energyKWh));
    const onTheWay = x.distM > here.distM
      ? stop.arrivalSoc + here.detourKWh / 2 / cap - (peak(before, after) - here.energyKWh) / cap - x.detourKWh / 2 / cap
      : departureSoc - x.detourKWh / 2 / cap - (peak(before, after) - x.energyKWh) / cap;
    if (onTheWay < request.reserveSoc - EPS) return;
    const chargeMin = Math.max(request.chargeMinutes(x.powerKW, x.connector, Math.max(0, arrivalSoc), departureSoc), request.minChargeMin);
    if (!Number.isFinite(chargeMin)) return;
    const driveShift = x.driveMin - here.driveMin + (x.detourMin - here.detourMin) / 2;
    if (driveRoom && (driveShift > driveRoom.later + EPS || -driveShift > driveRoom.earlier + EPS)) return;
    // Closed when the truck would be there (opening hours, every point out of order by its live status).
    const arrivalMs = stop.arrivalMs + driveShift * 60_000;
    if (x.openDuring && !x.openDuring(arrivalMs, arrivalMs)) return;
    const extraMin = dwell(chargeMin, x.queueMin) - stop.dwellMin + x.detourMin - here.detourMin;
    if (extraMin > ALTERNATIVE_MAX_EXTRA_MIN || extraMin > slackMin) return;
    out.push({ candidate: c, arrivalSoc, departureSoc, chargeMin, energyKWh: (departureSoc - arrivalSoc) * cap, extraMin });
  });
  return out.sort((a, b) => a.extraMin - b.extraMin).slice(0, MAX_ALTERNATIVES);
}

/**
 * How far a pause at route driving time t may move, in driving minutes, and
 * still keep the driving before and after it within the limits (4.5 h around
 * a break, 9 h around a daily rest).
 */
function pauseRoom(plan: OptimizePlan, t: number, kind: "break" | "rest", request: OptimizeInput<ChargeConnector>) {
  const rules = request.breaks ?? EU_BREAK_RULES;
  const resets = plan.breaks.filter((b) => kind === "break" || b.kind === "rest").map((b) => b.routeDriveMin);
  const prev = Math.max(kind === "break" ? -(request.driver?.sinceBreakMin ?? 0) : -(request.driver?.todayMin ?? 0), ...resets.filter((m) => m < t - EPS));
  const end = request.waypoints[request.waypoints.length - 1].driveMin;
  const next = Math.min(end, ...resets.filter((m) => m > t + EPS));
  const limit = kind === "break" ? rules.maxDriveMin : rules.maxDailyDriveMin;
  return { later: limit - (t - prev), earlier: limit - (next - t) };
}

/** Minutes the tour may arrive later at every later window's latest start. */
function laterWindowSlack(plan: OptimizePlan, request: OptimizeInput<ChargeConnector>, afterM: number): number {
  let slack = Infinity;
  for (const v of plan.waypoints) {
    const latest = request.waypoints[v.waypoint].window?.latestMs;
    if (v.distM > afterM && latest != null) slack = Math.min(slack, (latest - v.serviceStartMs) / 60_000 + v.waitMin);
  }
  return slack;
}
