// What is left of a tour as a new request: the sections not served, the first from the truck's position; the rest
// of the original kept; the new body a valid POST /planner/v2 body.
import { expect, it } from "vitest";
import { RouteOptimizationRequest } from "@/contract/request";
import { findModel } from "@/engine/vehicles/catalog";
import type { PlanInput } from "@/engine/plan/types";
import { remainingTour } from "@/server/replan/remaining";

const A: [number, number] = [52.37, 9.74], B: [number, number] = [52.27, 10.52], C: [number, number] = [52.42, 10.79], D: [number, number] = [52.15, 9.95];
// A fleet day's tour as stored (priority and depot fields beside the v2 body), with route_choice and a window as a time of day.
const request = {
  ...RouteOptimizationRequest.parse({
    vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: { min_kW: 150 }, start_time_tour: "2026-11-25T22:00:00Z", objective: "cheapest",
    service_time_departure_min: 20, callback_url: "https://hooks.example.com/done", route_choice: [1, 2, 0], driver: { driven_today_min: 60 },
    section_list: [
      { start_pos: A, stop_pos: B, payload_kg: 20000, section_id: "b", start_label: "Depot" },
      { start_pos: B, stop_pos: C, payload_kg: 12000, section_id: "c", service_time_min: 20, opening_time: ["08:00:00", "18:00:00"], power_available_kW: 150 },
      { start_pos: C, stop_pos: D, payload_kg: 4000, section_id: "d" },
    ],
  }),
  priority: 3, depot_soc: 0.3,
};
const input = {
  vehicle: findModel("MB_EACTROS_600")!, batteryLevelStart: 0.8, batteryLevelEnd: 0.2, poiInfo: { min_kW: 150 }, corridorM: 8000, minChargeDurationMin: 0,
  departureMs: Date.parse("2026-11-25T22:00:00Z"), serviceTimeDepartureMin: 20, objective: "cheapest", routeChoice: [1, 2, 0], deadlineMs: 1,
  sections: request.section_list.map((s) => ({ start: s.start_pos, stop: s.stop_pos, payloadKg: s.payload_kg, sectionId: s.section_id, serviceTimeMin: s.service_time_min, openingTime: s.opening_time, powerAvailableKW: s.power_available_kW })),
} as PlanInput;
const state = { position: [52.3, 10.6] as [number, number], batteryLevel: 0.35, timeMs: Date.parse("2026-11-26T07:10:00Z"), driver: { extended_daily_driving: false, driven_since_break_min: 100, driven_today_min: 530, since_daily_rest_min: 620, reduced_daily_rests_left: 0, earliest_daily_rest_after_driving_min: 0 } };

it("the sections left, the first from the truck; departure, charge and driver from its state; the rest of the original kept", () => {
  const { body, input: next } = remainingTour({ request, input }, state, 1);
  expect(RouteOptimizationRequest.safeParse(body).success).toBe(true);
  expect(body).not.toHaveProperty("priority");
  expect(body).not.toHaveProperty("depot_soc");
  expect(body).toMatchObject({
    vehicle_id: "mb-eactros-600", objective: "cheapest", poi_info: { min_kW: 150 }, callback_url: "https://hooks.example.com/done",
    battery_level_start: 0.35, start_time_tour: "2026-11-26T07:10:00.000Z", service_time_departure_min: 0, driver: state.driver, route_choice: [0, 0],
  });
  expect(body.section_list.map((s) => s.section_id)).toEqual(["c", "d"]);
  // The window was today's at the original departure (25 November), and stays so.
  expect(body.section_list[0]).toMatchObject({ start_pos: state.position, stop_pos: C, start_label: null, payload_kg: 12000, service_time_min: 20, power_available_kW: 150, opening_time: ["2026-11-25T08:00:00.000Z", "2026-11-25T18:00:00.000Z"] });
  expect(body.section_list[1]).toEqual(request.section_list[2]);

  expect(next).toMatchObject({ batteryLevelStart: 0.35, departureMs: state.timeMs, serviceTimeDepartureMin: 0, routeChoice: [0, 0], corridorM: 8000, objective: "cheapest", vehicle: input.vehicle });
  expect(next.driver).toEqual({ extendedDailyDriving: false, drivenSinceBreakMin: 100, drivenTodayMin: 530, sinceDailyRestMin: 620, reducedRestsLeft: 0 });
  expect(next.sections.map((s) => s.sectionId)).toEqual(["c", "d"]);
  expect(next.sections[0]).toMatchObject({ start: state.position, stop: C, openingTime: ["2026-11-25T08:00:00.000Z", "2026-11-25T18:00:00.000Z"] });
  expect(next).not.toHaveProperty("deadlineMs");
});

it("the webhook: the original's unless the re-plan names another or null", () => {
  expect(remainingTour({ request, input }, state, 0, null).body.callback_url).toBeNull();
  expect(remainingTour({ request, input }, state, 0, "https://other.example.com/").body.callback_url).toBe("https://other.example.com/");
  const none = remainingTour({ request, input }, state, 0);
  expect(none.body.section_list.map((s) => s.section_id)).toEqual(["b", "c", "d"]);
  expect(none.body.route_choice).toEqual([0, 2, 0]);
});
