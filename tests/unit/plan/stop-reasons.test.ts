import { describe, expect, it } from "vitest";
import type { PlanResult, ResultSection } from "@/contract/result";
import { EU_BREAK_RULES, type OptimizeInput, type OptimizePlan, type PlannedStop } from "@/engine/charging/types";
import { chargeNeeded, pauseDue } from "@/engine/plan/stop-reasons";
import { MIN_STOP_GAIN_MIN, rememberSectionEnds, stopGainThreshold, withStopGains } from "@/engine/plan/stop-gains";
import type { PlanData, RouteStretch } from "@/engine/plan/types";
import type { ChargeConnector } from "@/engine/vehicles/charging";
import { plan } from "../../support/checked-plan";
import { input, LAT, planData, station } from "./fixtures";

// A line with chargers every 50 km: an eActros 600 from 80 % needs one stop to arrive with 20 %.
const everyFiftyKm = () => Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7));

describe("every stop says why it is there", () => {
  it("a stop the truck cannot do without says energy; the destination says so", () => {
    const r = plan(input(), planData(everyFiftyKm()));
    const stops = r.sections.filter((s) => s.inserted);
    expect(stops.length).toBeGreaterThan(0);
    expect(stops.some((s) => s.poi_summary!.reason === "energy")).toBe(true);
    for (const s of stops) expect(s.poi_summary!.reason_text).toMatch(/\w/);
    expect(r.sections.at(-1)!.poi_summary!.reason).toBe("destination");
  });

  it("a customer's stop says section_end, and one with a charger says it charges there", () => {
    // From 40 % the customer's charger (charging during the hour's service costs no time) is where to charge.
    const r = plan(input({
      batteryLevelStart: 0.4,
      sections: [
        { start: [LAT, 6.01], stop: [LAT, 9], payloadKg: 20_000, serviceTimeMin: 60, powerAvailableKW: 150 },
        { start: [LAT, 9], stop: [LAT, 13.99], payloadKg: 5_000 },
      ],
    }), planData(everyFiftyKm()));
    const end = r.sections.find((s) => !s.inserted && s.request_section === 0)!;
    expect(end.poi_summary!.reason).toBe("section_end");
    expect(end.poi_summary!.energy_kWh).toBeGreaterThan(0);
    expect(end.poi_summary!.reason_text).toMatch(/charges at its charger/);
  });

  it("a roadside pause says break or rest with the article of EU 561/2006", () => {
    // 8 h of driving along the line and back without chargers needed: the law's pauses by the road.
    const r = plan(input({
      batteryLevelStart: 1, batteryLevelEnd: 0.1, vehicle: { ...input().vehicle, usableBatteryKWh: 5000 },
      sections: [{ start: [LAT, 6.01], stop: [LAT, 13.99], payloadKg: 0 }, { start: [LAT, 13.99], stop: [LAT, 6.01], payloadKg: 0 }],
    }), planData([]));
    const pauses = r.sections.filter((s) => s.inserted && (s.poi_summary!.energy_kWh ?? 0) === 0);
    expect(pauses.length).toBeGreaterThan(0);
    for (const p of pauses) {
      expect(["break", "rest"]).toContain(p.poi_summary!.reason);
      expect(p.poi_summary!.reason_text).toMatch(/EU 561\/2006 Art\. [78]/);
    }
  });
});

// A route of 300 km, 1 kWh/km and 1 min/km, chargers at 100 and 200 km; a 500 kWh battery.
function request(over: Partial<OptimizeInput<ChargeConnector>> = {}): OptimizeInput<ChargeConnector> {
  const at = (km: number) => ({ distM: km * 1000, driveMin: km, energyKWh: km });
  return {
    capacityKWh: 500, startSoc: 0.5, endSoc: 0.2, reserveSoc: 0.1, overheadMin: 5, minChargeMin: 0, departureMs: 0,
    stations: [100, 200].map((km, i) => ({ key: String(i), ...at(km), powerKW: 350, connector: "CCS" as ChargeConnector, detourKWh: 2, detourMin: 2 })),
    waypoints: [{ key: "0", ...at(300), serviceMin: 0 }],
    chargeMinutes: () => 10, breaks: EU_BREAK_RULES, ...over,
  };
}
const stopAt = (station: number, arrivalSoc: number, over: Partial<PlannedStop> = {}): PlannedStop => ({
  key: String(station), station, distM: (station + 1) * 100_000, arrivalMs: (station + 1) * 100 * 60_000, departureMs: (station + 1) * 100 * 60_000 + 15 * 60_000,
  arrivalSoc, departureSoc: arrivalSoc + 0.2, chargeMin: 10, energyKWh: 100, breakKind: null, breakMin: 0, waitMin: 0, dwellMin: 15, moneyEur: 0, ...over,
});
const planOf = (stops: PlannedStop[], over: Partial<OptimizePlan> = {}) => ({ ok: true, stops, breaks: [], waypoints: [], ...over }) as unknown as OptimizePlan;

describe("chargeNeeded: whether the truck must charge before the next place it could", () => {
  it("needed when the next charger (100 km on) is out of reach above the reserve", () => {
    // 101 kWh on the route point (arrival 0.198 x 500 + half the detour), 101 kWh to the next charger's site + 1: below the 50 kWh reserve.
    expect(chargeNeeded(stopAt(0, 0.25), request())).toBe(true); // 125 + 1 - 101 = 25 kWh < 50
    expect(chargeNeeded(stopAt(0, 0.4), request())).toBe(false); // 200 + 1 - 101 = 100 kWh >= 50
  });

  it("at the last charger, the destination's requested level is the floor", () => {
    // 100 km to go: arriving at 0.35 leaves 175 + 1 - 100 = 76 kWh < 100 (20 %) at the destination.
    expect(chargeNeeded(stopAt(1, 0.35), request())).toBe(true);
    expect(chargeNeeded(stopAt(1, 0.45), request())).toBe(false);
  });
});

describe("pauseDue: a pause at a charger is the law's, or the plan's choice", () => {
  it("a break is due where 4 h 30 would be driven before the next place to charge", () => {
    // Stop at 200 km (201 min with half the detour), 100 more min to the destination: 301 > 270.
    expect(pauseDue(stopAt(1, 0.5, { breakKind: "break", breakMin: 45 }), planOf([]), request())).toBe(true);
    // The same stop at 100 km: 101 + 100 = 201 min before the next charger: the break is a choice.
    expect(pauseDue(stopAt(0, 0.5, { breakKind: "break", breakMin: 45 }), planOf([]), request())).toBe(false);
  });
});

// withStopGains on made-up results: the search is the caller's; here the plan without the stop is given.
function result(durationMin: number, moneyEur: number, sections: Partial<ResultSection["poi_summary"]>[], objective = "fastest"): PlanResult {
  const s = sections.map((p, i) => ({ inserted: i < sections.length - 1, request_section: 0, poi_summary: { ...p } })) as ResultSection[];
  rememberSectionEnds(s, s.map((_, i) => (i + 1) * 100_000));
  return {
    status: "succeeded", sections: s,
    totals: { duration_min: durationMin, cost: { energy: moneyEur, tolls: 0, time_value: durationMin, total: moneyEur + durationMin, objective } },
  } as unknown as PlanResult;
}
const optional = { name: "Early top-up", energy_kWh: 10, reason: "saves_time" as const, reason_text: "x" };
const needed = { name: "Main stop", energy_kWh: 200, reason: "energy" as const, reason_text: "y" };
const dest = { name: "Destination", energy_kWh: 0, reason: "destination" as const, reason_text: "z" };
const data = { prices: undefined } as unknown as PlanData;

describe("withStopGains: a stop that gains less than the threshold is not made", () => {
  it("the plan without a stop gaining 3 min is returned; the stretch asked for lies between its neighbours", () => {
    const main = result(600, 100, [optional, needed, dest]);
    const without = result(603, 100, [needed, dest]);
    const asked: RouteStretch[][] = [];
    const r = withStopGains(input({ objective: "fastest" }), data, main, 100, (w) => (asked.push(w), without), (x) => x);
    expect(r).toBe(without);
    expect(asked[0]).toEqual([{ fromM: -1, toM: 200_000 }]);
  });

  it("a stop gaining 8 min stays and says its gain and the threshold", () => {
    const main = result(600, 100, [optional, needed, dest]);
    const r = withStopGains(input({ objective: "fastest" }), data, main, 100, () => result(608, 95, [needed, dest]), (x) => x);
    expect(r).toBe(main);
    const p = r.sections[0].poi_summary!;
    expect(p.gain).toEqual({ minutes: 8, eur: -5, objective_value: 8, threshold: MIN_STOP_GAIN_MIN });
    expect(p.reason).toBe("saves_time");
    expect(p.reason_text).toMatch(/8 min longer and 5.00 EUR cheaper/);
  });

  it("cheapest never takes a much longer tour for a stop less, even when the money is the same", () => {
    const main = result(600, 100, [optional, needed, dest], "cheapest");
    const r = withStopGains(input({ objective: "cheapest" }), data, main, 100, () => result(850, 100.5, [needed, dest], "cheapest"), (x) => x);
    expect(r).toBe(main);
    expect(r.sections[0].poi_summary!.gain!.minutes).toBe(250);
    expect(stopGainThreshold("cheapest", 60)).toBe(1);
  });

  it("where no plan without it is drivable, the stop says it is needed", () => {
    const main = result(600, 100, [optional, needed, dest]);
    const r = withStopGains(input({ objective: "fastest" }), data, main, 100, () => ({ ...result(0, 0, [dest]), status: "not_drivable" }) as PlanResult, (x) => x);
    expect(r.sections[0].poi_summary!.reason).toBe("energy");
    expect(r.sections[0].poi_summary!.reason_text).toMatch(/between the start and Main stop, no drivable plan exists/);
  });

  it("a plan its own search could not prove the best measures no gains: no re-plan, its stops keep gain null, said in a warning or not", () => {
    // searchFor marks such a plan by its sections (its warning, search.not_proven_*, where it has one, says the same).
    const main = result(600, 100, [optional, needed, dest]);
    rememberSectionEnds(main.sections, main.sections.map((_, i) => (i + 1) * 100_000), true);
    let asked = 0;
    const r = withStopGains(input({ objective: "fastest" }), data, main, 100, () => (asked++, result(603, 100, [needed, dest])), (x) => x);
    expect(r).toBe(main);
    expect(asked).toBe(0);
    expect(r.sections[0].poi_summary!.gain ?? null).toBeNull();
    // The same plan proven: its stop is measured (and, gaining 3 min, not made).
    const proven = result(600, 100, [optional, needed, dest]);
    expect(withStopGains(input({ objective: "fastest" }), data, proven, 100, () => (asked++, result(603, 100, [needed, dest])), (x) => x)).not.toBe(proven);
    expect(asked).toBe(1);
  });

  it("balanced: the threshold is five minutes' value of time", () => {
    expect(stopGainThreshold("balanced", 60)).toBe(5);
    expect(stopGainThreshold("fastest", 60)).toBe(5);
  });
});
