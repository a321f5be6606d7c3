// What is left of a tour en route, as a new request: the sections not yet served, the first of them
// continued from where the truck is, from its state; everything else of the original request kept.
// Pure: the stored tour and the truck's state in, the new request body and plan input out.
import { resolveTimeOfDayOrIso } from "../../contract/fields";
import type { RouteOptimizationRequest } from "../../contract/request";
import type { PlanInput } from "../../engine/plan/types";
import type { StoredTour } from "../jobs/types";
import { driverInput } from "../planner-request";
import type { TruckState } from "./reported-state";

/** Fields of a fleet day's tour that a tour of its own does not have. */
const FLEET_ONLY = ["priority", "depot_soc", "depot_plugged_from", "depot_ready_by"];

export interface RemainingTour {
  body: RouteOptimizationRequest;
  input: PlanInput;
}

/**
 * The tour of `stored` after its first `done` sections, from `state`: departure at the state's time from its
 * position (snapped as any start is), its battery level and driver's hours; the first section left keeps its
 * stop, payload, time window, service time and charger; the later ones, the vehicle as planned then, objective,
 * rules and options are the original's. A time window given as a time of day keeps the original departure's
 * day. `callbackUrl`: the new job's webhook (undefined: the original's).
 */
export function remainingTour(stored: StoredTour, state: TruckState, done: number, callbackUrl?: string | null): RemainingTour {
  const original = stored.request as RouteOptimizationRequest & Record<string, unknown>;
  const day = new Date(stored.input.departureMs);
  const onDay = <T extends string[] | null | undefined>(window: T): T =>
    (window ? window.map((s) => resolveTimeOfDayOrIso(s, day).toISOString()) : window) as T;
  const departure = new Date(state.timeMs).toISOString();
  // The leg the truck is on starts where it is: the fastest road from there (a route_choice index names another start's alternatives).
  const routeChoice = original.route_choice ? [0, ...original.route_choice.slice(done + 1)] : original.route_choice;

  const body = Object.fromEntries(Object.entries(original).filter(([k]) => !FLEET_ONLY.includes(k))) as RouteOptimizationRequest;
  Object.assign(body, {
    battery_level_start: state.batteryLevel,
    start_time_tour: departure,
    service_time_departure_min: 0,
    driver: state.driver,
    route_choice: routeChoice,
    callback_url: callbackUrl === undefined ? original.callback_url : callbackUrl,
    section_list: original.section_list.slice(done).map((s, i) => ({
      ...s,
      opening_time: onDay(s.opening_time),
      ...(i === 0 ? { start_pos: state.position, start_label: null } : {}),
    })),
  });

  const { deadlineMs: _deadline, ...kept } = stored.input;
  const input: PlanInput = {
    ...kept,
    batteryLevelStart: state.batteryLevel,
    departureMs: state.timeMs,
    serviceTimeDepartureMin: 0,
    driver: driverInput(state.driver),
    sections: stored.input.sections.slice(done).map((s, i) => ({
      ...s,
      openingTime: onDay(s.openingTime),
      ...(i === 0 ? { start: state.position } : {}),
    })),
    ...(routeChoice ? { routeChoice } : {}),
  };
  return { body, input };
}
