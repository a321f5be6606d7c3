// Why each stop of a plan is there, in the terms a dispatcher checks it by. A charging stop is
// "energy" when without its charge the truck could not reach the next place it charges (or the
// destination at the requested level); else it is there for a pause the law requires ("break",
// "rest": the charging fills it), a driving ban it waits out, or what it gains by the objective
// ("saves_time", "cheaper_energy": measured by planning the tour without it, stop-gains.ts).
import type { StopReason } from "../../contract/result";
import { dayCap } from "../charging/breaks";
import { EU_BREAK_RULES, type OptimizeInput, type OptimizePlan, type PlannedBreak, type PlannedStop } from "../charging/types";
import type { ChargeConnector } from "../vehicles/charging";

const EPS_KWH = 1e-6;
const hm = (min: number) => `${Math.floor(min / 60)} h ${String(Math.round(min % 60)).padStart(2, "0")}`;
const pct = (soc: number) => `${Math.round(soc * 100)} %`;

export interface Explained {
  reason: StopReason;
  reason_text: string;
}

/**
 * The next place beyond this stop's route point where the truck could charge at all: any usable
 * charger of the corridor or a section end's charger; the destination where none comes first.
 */
function nextChargePoint(request: OptimizeInput<ChargeConnector>, fromM: number) {
  let best: { distM: number; driveMin: number; energyKWh: number; floorSoc: number; what: string } | null = null;
  for (const st of request.stations) {
    if (st.distM > fromM + 1 && (!best || st.distM < best.distM)) {
      best = { distM: st.distM, driveMin: st.driveMin + st.detourMin / 2, energyKWh: st.energyKWh + st.detourKWh / 2, floorSoc: request.reserveSoc, what: "the next charger on the way" };
    }
  }
  for (const w of request.waypoints) {
    if (w.charger && w.distM > fromM + 1 && (!best || w.distM < best.distM)) best = { distM: w.distM, driveMin: w.driveMin, energyKWh: w.energyKWh, floorSoc: request.reserveSoc, what: "the next section end's charger" };
  }
  const end = request.waypoints[request.waypoints.length - 1];
  return best && best.distM < end.distM ? best : { distM: end.distM, driveMin: end.driveMin, energyKWh: end.energyKWh, floorSoc: Math.max(request.endSoc, request.reserveSoc), what: "the destination" };
}

/**
 * Whether the truck must charge here: arriving at this stop's route point (without its detour) and
 * not charging, it would go below the reserve before the next place it could charge at all, or
 * arrive there below its floor (the reserve; at the destination the requested level). A stop that is
 * not needed so is there for a pause, a ban, or what it gains.
 */
export function chargeNeeded(stop: PlannedStop, request: OptimizeInput<ChargeConnector>): boolean {
  const cap = request.capacityKWh;
  const st = request.stations[stop.station];
  const onRoute = stop.arrivalSoc * cap + st.detourKWh / 2;
  const next = nextChargePoint(request, st.distM);
  const arrive = onRoute - (next.energyKWh - st.energyKWh);
  const crest = request.peakEnergyKWh ? onRoute - (request.peakEnergyKWh(st.distM, next.distM) - st.energyKWh) : arrive;
  return arrive < next.floorSoc * cap - EPS_KWH || Math.min(crest, arrive) < request.reserveSoc * cap - EPS_KWH;
}

/**
 * Whether the pause taken at this stop falls due before the truck could reach the next place it
 * could charge: the driving since the last break (or rest), or since the last rest, and the
 * driving to there, exceed what EU 561/2006 allows. A pause taken sooner is the plan's choice.
 */
export function pauseDue(stop: PlannedStop, plan: OptimizePlan, request: OptimizeInput<ChargeConnector>): boolean {
  if (!stop.breakKind) return false;
  const rules = request.breaks ?? EU_BREAK_RULES;
  const st = request.stations[stop.station];
  const here = st.driveMin + st.detourMin / 2;
  const before = plan.breaks.filter((b) => b.startMs < stop.arrivalMs && !(b.at === "charger" && b.index === stop.station));
  const lastPause = before.reduce((a, b) => Math.max(a, b.routeDriveMin), -(request.driver?.sinceBreakMin ?? 0));
  const rests = before.filter((b) => b.kind === "rest");
  const lastRest = rests.reduce((a, b) => Math.max(a, b.routeDriveMin), -(request.driver?.todayMin ?? 0));
  const toNext = nextChargePoint(request, st.distM).driveMin - here;
  return stop.breakKind === "rest"
    ? here - lastRest + toNext > dayCap(rules, rests.length) + 1e-6
    : here - lastPause + toNext > rules.maxDriveMin + 1e-6;
}

/** The reason of a charging stop as far as the plan alone tells it; optional stops are refined by their gain. */
export function chargeStopReason(
  stop: PlannedStop, plan: OptimizePlan, request: OptimizeInput<ChargeConnector>, objective: "fastest" | "balanced" | "cheapest",
): Explained {
  if (chargeNeeded(stop, request)) {
    const next = nextChargePoint(request, request.stations[stop.station].distM);
    const floor = next.what === "the destination" && request.endSoc > request.reserveSoc ? `the requested ${pct(request.endSoc)}` : `the ${pct(request.reserveSoc)} reserve`;
    const pause = stop.breakKind === "rest" ? " The driver's daily rest is taken during it." : stop.breakKind === "break" ? " The driver's break is taken during it." : "";
    return { reason: "energy", reason_text: `Needed to reach ${next.what}: arriving at ${pct(stop.arrivalSoc)}, the truck would fall below ${floor} without this charge.${pause}` };
  }
  if (stop.breakKind && pauseDue(stop, plan, request)) return pauseReason(stop.breakKind, stop.breakMin, "The truck charges during it.");
  if (stop.banWaitMin) return { reason: "driving_ban", reason_text: `Waits here for a truck driving ban to end (${hm(stop.banWaitMin)}); the truck charges during the wait.` };
  return objective === "cheapest"
    ? { reason: "cheaper_energy", reason_text: "Not needed to reach the next point: energy here costs less than later." }
    : { reason: "saves_time", reason_text: "Not needed to reach the next point: charging here shortens the tour." };
}

export function pauseReason(kind: PlannedBreak["kind"], minutes: number, tail = ""): Explained {
  const text = kind === "rest"
    ? `Daily rest (EU 561/2006 Art. 8): ${hm(minutes)} before the next day's driving.`
    : `Break (EU 561/2006 Art. 7): ${Math.round(minutes)} min after at most 4 h 30 of driving.`;
  return { reason: kind, reason_text: tail ? `${text} ${tail}` : text };
}

export function banReason(minutes: number, label: string | undefined): Explained {
  return { reason: "driving_ban", reason_text: `Waits ${hm(minutes)} by the road for a truck driving ban to end${label ? ` (${label})` : ""}.` };
}

export function sectionEndReason(last: boolean, charges: boolean): Explained {
  const base = last ? "The tour's destination." : "A stop of the request (the end of a section).";
  return { reason: last ? "destination" : "section_end", reason_text: charges ? `${base} The truck charges at its charger during the stay.` : base };
}
