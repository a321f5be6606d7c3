// The first greedy planner (planChargingStops) as a whole tour, for
// `npm run bench:plan`'s comparison with the optimizer. The greedy planner
// only places charging stops, so here a driver follows its stops on the very
// route and candidates plan() uses and takes the EU 561/2006 pauses as they
// fall due; the tour time is then comparable with the plan's duration.
import { EU_BREAK_RULES, type BreakRules } from "../../src/engine/charging/types";
import { planChargingStops, type ChargeStop } from "./greedy-stops";
import { planRoute, type PlannedRoute } from "../../src/engine/plan/plan";
import { timeAt, type RouteProfile } from "../../src/engine/plan/profile";
import { CHARGE_STOP_OVERHEAD_MIN } from "../../src/engine/plan/rules";
import type { PlanData, PlanInput } from "../../src/engine/plan/types";

export interface TourWalk {
  /** Route driving plus detours. */
  drivingMin: number;
  detourMin: number;
  chargingMin: number;
  overheadMin: number;
  /** 45 min breaks by the road (a long charging stop is not counted here). */
  breakMin: number;
  restMin: number;
  /** Charging stops long enough to count as the break. */
  chargerBreaks: number;
  totalMin: number;
}

/**
 * What of a charging stop counts as the 45 min break: the whole dwell
 * (overhead + charging; the bench's rule), or the charging alone, as the
 * optimizer has it (plugging and paying are work under EU 561, not a break).
 */
export type ChargerBreakRule = "dwell" | "charging";

export type GreedyTour =
  | { ok: true; stops: ChargeStop[]; walks: Record<ChargerBreakRule, TourWalk>; route: PlannedRoute }
  | { ok: false; stops: ChargeStop[]; code: string; message: string; stuckAtM: number; route: PlannedRoute };

/** The greedy plan on plan()'s route and candidates, driven as a tour. */
export function greedyTour(input: PlanInput, data: PlanData): GreedyTour {
  // Service times and windows at section ends are not walked; the bench sets none.
  if (input.sections.some((s) => s.serviceTimeMin || s.openingTime)) throw new Error("greedyTour: sections with service time or windows are not supported");
  const route = planRoute(input, data);
  const greedy = planChargingStops(route.profile, route.candidates, input.vehicle, {
    batteryLevelStart: input.batteryLevelStart,
    batteryLevelEnd: input.batteryLevelEnd,
    minChargeDurationMin: input.minChargeDurationMin,
  });
  if (!greedy.ok) return { ...greedy, route };
  const walks = { dwell: walkTour(route.profile, greedy.stops, "dwell"), charging: walkTour(route.profile, greedy.stops, "charging") };
  return { ok: true, stops: greedy.stops, walks, route };
}

const EPS_MIN = 1e-7;

/**
 * A driver on the road: driving since the last break (b) and today (d).
 * A pause is taken only when more driving follows, so none is due at the
 * destination, and a long charging stop reached just as one falls due
 * still counts as that break.
 */
function createDriver(rules: BreakRules, walk: TourWalk) {
  let b = 0, d = 0;
  return {
    drive(minutes: number): void {
      let left = minutes;
      while (left > EPS_MIN) {
        if (rules.maxDailyDriveMin - d <= EPS_MIN) {
          walk.restMin += rules.restMin;
          b = d = 0;
        } else if (rules.maxDriveMin - b <= EPS_MIN) {
          walk.breakMin += rules.breakMin;
          b = 0;
        }
        const step = Math.min(left, rules.maxDriveMin - b, rules.maxDailyDriveMin - d);
        b += step;
        d += step;
        left -= step;
        walk.drivingMin += step;
      }
    },
    /** A stop with this many minutes of pause; a break's length resets the break clock. */
    stand(minutes: number): boolean {
      if (minutes < rules.breakMin) return false;
      b = 0;
      return true;
    },
  };
}

/** Drive the route, detouring half in and half out at each stop, charging as planned. */
export function walkTour(profile: RouteProfile, stops: ChargeStop[], breakRule: ChargerBreakRule, rules: BreakRules = EU_BREAK_RULES): TourWalk {
  const walk: TourWalk = { drivingMin: 0, detourMin: 0, chargingMin: 0, overheadMin: 0, breakMin: 0, restMin: 0, chargerBreaks: 0, totalMin: 0 };
  const driver = createDriver(rules, walk);
  let routeMin = 0;
  for (const stop of stops) {
    const c = stop.candidate;
    const atMin = timeAt(profile, c.distM, c.leg) / 60;
    driver.drive(atMin - routeMin + c.detourMin / 2);
    if (driver.stand(breakRule === "dwell" ? CHARGE_STOP_OVERHEAD_MIN + stop.chargeMin : stop.chargeMin)) walk.chargerBreaks++;
    driver.drive(c.detourMin / 2);
    walk.detourMin += c.detourMin;
    walk.chargingMin += stop.chargeMin;
    walk.overheadMin += CHARGE_STOP_OVERHEAD_MIN;
    routeMin = atMin;
  }
  driver.drive(profile.timeS[profile.timeS.length - 1] / 60 - routeMin);
  walk.totalMin = walk.drivingMin + walk.chargingMin + walk.overheadMin + walk.breakMin + walk.restMin;
  return walk;
}
