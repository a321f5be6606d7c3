// Why each stop of a plan is there, in the terms a dispatcher checks it by. A charging stop is
// "energy" when without its charge the truck could not reach the next place it charges (or the
// destination at the requested level); else it is there for a pause the law requires ("break",
// "rest": the charging fills it), a driving ban it waits out, or what it gains by the objective
// ("saves_time", "cheaper_energy": measured by planning the tour without it, stop-gains.ts).
import type { StopReason } from "../../contract/result";
import { dayCap } from "../charging/breaks";
import { EU_BREAK_RULES, type OptimizeInput, type OptimizePlan, type PlannedBreak, type PlannedStop } from "../charging/types";
import type { ChargeConnector } from "../vehicles/charging";
import { say, type LooseMessage, type TextMessage } from "../text/message";

const EPS_KWH = 1e-6;

export interface Explained {
  reason: StopReason;
  reason_text: string;
  /** reason_text as a message, for the web app's languages. */
  reason_message: TextMessage;
}

/** The reason, its words and its message. */
export function explained(reason: StopReason, said: ReturnType<typeof say>): Explained {
  return { reason, reason_text: said.text, reason_message: { code: said.code, values: said.values } };
}

/**
 * The next place beyond this stop's route point where the truck could charge at all: any usable
 * charger of the corridor or a section end's charger; the destination where none comes first.
 */
function nextChargePoint(request: OptimizeInput<ChargeConnector>, fromM: number) {
  let best: { distM: number; driveMin: number; energyKWh: number; floorSoc: number; what: "charger" | "section_charger" | "destination" } | null = null;
  for (const st of request.stations) {
    if (st.distM > fromM + 1 && (!best || st.distM < best.distM)) {
      best = { distM: st.distM, driveMin: st.driveMin + st.detourMin / 2, energyKWh: st.energyKWh + st.detourKWh / 2, floorSoc: request.reserveSoc, what: "charger" };
    }
  }
  for (const w of request.waypoints) {
    if (w.charger && w.distM > fromM + 1 && (!best || w.distM < best.distM)) best = { distM: w.distM, driveMin: w.driveMin, energyKWh: w.energyKWh, floorSoc: request.reserveSoc, what: "section_charger" };
  }
  const end = request.waypoints[request.waypoints.length - 1];
  return best && best.distM < end.distM ? best : { distM: end.distM, driveMin: end.driveMin, energyKWh: end.energyKWh, floorSoc: Math.max(request.endSoc, request.reserveSoc), what: "destination" };
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
    const requested = next.what === "destination" && request.endSoc > request.reserveSoc;
    return explained("energy", say("stop.energy", {
      next: next.what, arrival_pct: stop.arrivalSoc, floor: requested ? "requested" : "reserve",
      floor_pct: requested ? request.endSoc : request.reserveSoc, pause: stop.breakKind ?? "none",
    }));
  }
  if (stop.breakKind && pauseDue(stop, plan, request)) return pauseReason(stop.breakKind, stop.breakMin, "charges");
  if (stop.banWaitMin) return explained("driving_ban", say("stop.ban_wait_charging", { wait_min: stop.banWaitMin }));
  return objective === "cheapest" ? explained("cheaper_energy", say("stop.cheaper_energy")) : explained("saves_time", say("stop.saves_time"));
}

/** A pause the law requires; `then`: what else happens during it. */
export function pauseReason(kind: PlannedBreak["kind"], minutes: number, then: "charges" | "by_road" | "none" = "none"): Explained {
  return kind === "rest"
    ? explained("rest", say("stop.rest", { rest_min: minutes, then }))
    : explained("break", say("stop.break", { minutes: Math.round(minutes), then }));
}

export function banReason(minutes: number, label: LooseMessage | null | undefined): Explained {
  return explained("driving_ban", say("stop.ban_wait", { wait_min: minutes, has_label: label ? "yes" : "no", label: label ? [label as TextMessage] : "" }));
}

export function sectionEndReason(last: boolean, charges: boolean): Explained {
  return explained(last ? "destination" : "section_end", say("stop.section_end", { last: last ? "yes" : "no", charges: charges ? "yes" : "no" }));
}
