// Route choice with charging: the plan is made on the fastest road and its alternatives, and the
// best drivable one under the objective is kept; under avoid_tolls a toll-free one first.
import { describe, expect, it } from "vitest";
import type { PlanResult } from "@/contract/result";
import { SearchLimitExceeded, TimeLimitExceeded, WorkLimitExceeded } from "@/engine/charging/types";
import { routeLegs } from "@/engine/plan/legs";
import { chooseRoute, PROBE_BELOW_DAYS, ROUTE_CHOICE_WORK } from "@/engine/plan/route-choice";
import type { PlanData, PlanInput } from "@/engine/plan/types";
import { plan as checkedPlan } from "../../support/checked-plan";
import { input, station } from "./fixtures";
import { EAST, line, northRoad, roadNetwork, SOUTH_LAT, southRoad, twoRoadData, WEST } from "./two-roads";

/** Every route planned has an objective value no better than its lower bound (the bound that skips routes is sound). */
function plan(input: PlanInput, data: PlanData) {
  const r = checkedPlan(input, data);
  for (const a of r.route_alternatives ?? []) if (a.objective_value != null) expect(a.lower_bound).toBeLessThanOrEqual(a.objective_value + 0.01);
  return r;
}

/** A not-drivable plan, for route choices driven by a stub evaluate. */
const stuck = { status: "not_drivable", sections: [], poi_list: [], battery_level_start: 0.8, battery_level_end: 0.1, qualification: "not_drivable",
  warnings: [], not_drivable_reason: { code: "no_chargers_available", message: "none", distance_from_start_m: 400_000 } } as unknown as PlanResult;

const trip = (over: Parameters<typeof input>[0] = {}) => input({ sections: [{ start: WEST, stop: EAST, payloadKg: 20_000 }], ...over });
// A charger by the south road only, 22 km from the north road (the corridor is 8 km).
const southCharger = () => station(10, { lat: SOUTH_LAT + 0.004 });

describe("route choice", () => {
  for (const hierarchy of [true, false]) {
    it(`plans on the alternative when the fastest road has no usable charger (${hierarchy ? "contraction hierarchy" : "A*"})`, () => {
      const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [southCharger()], hierarchy);
      const fastestOnly = plan(trip({ alternatives: false }), data);
      expect(fastestOnly.status).toBe("not_drivable");
      const r = plan(trip(), data);
      expect(r.status).toBe("succeeded");
      const alts = r.route_alternatives!;
      expect(alts.length).toBe(2);
      expect(alts[0]).toMatchObject({ route_choice: [0], chosen: false, status: "not_drivable", reason: "not_drivable" });
      expect(alts[0].not_drivable_reason?.code).toBe(fastestOnly.not_drivable_reason?.code);
      expect(alts[1]).toMatchObject({ route_choice: [1], chosen: true, status: "succeeded", reason: "chosen", charging_stops: 1 });
      expect(alts[1].distance_m).toBeGreaterThan(alts[0].distance_m);
      expect(r.totals!.distance_m).toBeGreaterThanOrEqual(alts[1].distance_m);
      expect(r.warnings!.some((w) => w.includes("another road than the fastest"))).toBe(true);
      // Forcing the fastest road gives the plan without alternatives, the other listed as not planned.
      const forced = plan(trip({ routeChoice: [0] }), data);
      expect(forced.status).toBe("not_drivable");
      expect(forced.route_alternatives!.map((a) => a.reason)).toEqual(["chosen", "route_choice"]);
      expect(forced.route_alternatives![1].status).toBe("not_evaluated");
    });
  }

  it("a poi_info filter that leaves no charger on the fastest road sends the plan to the other", () => {
    const north = station(10, { operator: "North Power" });
    const south = southCharger();
    const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [north, { ...south, operator: "South Charging" }]);
    expect(plan(trip(), data).route_alternatives!.find((a) => a.chosen)!.route_choice).toEqual([0]);
    const filtered = plan(trip({ poiInfo: { cpo: ["south charging"] } }), data);
    expect(filtered.status).toBe("succeeded");
    expect(filtered.route_alternatives!.find((a) => a.chosen)!.route_choice).toEqual([1]);
  });

  it("avoid_tolls takes the longer toll-free road; without it the faster tolled one", () => {
    // The north road is an Austrian motorway (GO-Maut), the south one a secondary road, 10 km/h slower.
    const net = roadNetwork([northRoad(80, 0), southRoad(70, 2)], "AT");
    const data = twoRoadData(net, [station(10), southCharger()]);
    const free = plan(trip({ objective: "fastest" }), data);
    expect(free.status).toBe("succeeded");
    const [fast, slow] = free.route_alternatives!;
    expect(fast).toMatchObject({ chosen: true, toll_free: false });
    expect(fast.toll_systems).toEqual(["AT GO-Maut (ASFINAG)"]);
    expect(slow.toll_free).toBe(true);
    expect(["objective", "lower_bound"]).toContain(slow.reason);
    const avoiding = plan(trip({ objective: "fastest", avoidTolls: true }), data);
    expect(avoiding.status).toBe("succeeded");
    expect(avoiding.toll_summary ?? null).toBeNull();
    const [a0, a1] = avoiding.route_alternatives!;
    expect(a1).toMatchObject({ chosen: true, toll_free: true, reason: "chosen" });
    expect(a0).toMatchObject({ chosen: false, reason: "tolls" });
    expect(avoiding.totals!.duration_min).toBeGreaterThan(free.totals!.duration_min);
  });

  it("under avoid_tolls with tolls on every road, the best tolled route and a warning", () => {
    const data = twoRoadData(roadNetwork([northRoad(80, 0), southRoad(70, 0)], "AT"), [station(10), southCharger()]);
    const r = plan(trip({ objective: "fastest", avoidTolls: true }), data);
    expect(r.status).toBe("succeeded");
    expect(r.route_alternatives!.find((a) => a.chosen)!.route_choice).toEqual([0]);
    expect(r.warnings!.some((w) => w.startsWith("avoid_tolls: no drivable route"))).toBe(true);
  });

  it("searches no alternative where the fastest route's plan is its driving alone", () => {
    const east: [number, number] = [50, 8];
    const roads = [
      { points: line(WEST, east), kmh: 80, cls: 0 },
      { points: [...line(WEST, [SOUTH_LAT, 6.2]), ...line([SOUTH_LAT, 6.2], [SOUTH_LAT, 7.8]).slice(1), ...line([SOUTH_LAT, 7.8], east).slice(1)], kmh: 80, cls: 0 },
    ];
    const data = twoRoadData(roadNetwork(roads, "NL"), []);
    const short = input({ sections: [{ start: WEST, stop: east, payloadKg: 20_000 }], objective: "fastest" });
    const r = plan(short, data);
    expect(r.status).toBe("succeeded");
    expect(r.totals!.charging_stops).toBe(0);
    expect(r.route_alternatives!.map((a) => a.reason)).toEqual(["chosen"]);
    // Forced onto the other road, it is there.
    const forced = plan({ ...short, routeChoice: [1] }, data);
    expect(forced.route_alternatives!.map((a) => [a.route_choice, a.reason])).toEqual([[[0], "route_choice"], [[1], "chosen"]]);
    expect(forced.totals!.distance_m).toBeGreaterThan(r.totals!.distance_m);
  });

  it("a route whose lower bound cannot beat the plan found is listed but not planned", () => {
    // The south road at 70 km/h: its driving and the pauses it needs come to more than the north road's whole tour.
    const data = twoRoadData(roadNetwork([northRoad(80, 0), southRoad(70, 0)]), [station(10), southCharger()]);
    const r = plan(trip({ objective: "fastest" }), data);
    const alt = r.route_alternatives!;
    expect(alt.length).toBe(2);
    expect(alt[0]).toMatchObject({ chosen: true, status: "succeeded" });
    expect(alt[1]).toMatchObject({ status: "not_evaluated", reason: "lower_bound", duration_min: null });
    expect(alt[1].lower_bound).toBeGreaterThanOrEqual(alt[0].objective_value!);
    expect(alt[1].note).toMatch(/^not planned: no plan on it can beat/);
  });

  it("a route whose charging search shows it cannot beat the best plan stops there; planned to the end it indeed does not", () => {
    // A 100 kW charger by the south road: its lower bound (charging at the truck's top power) cannot exclude it under a cost objective.
    const data = twoRoadData(roadNetwork([northRoad(80, 0), southRoad(79, 0)]), [station(10), station(10, { lat: SOUTH_LAT + 0.004, powerKW: 100, dcPowerKW: 100 })]);
    for (const objective of ["balanced", "cheapest"] as const) {
      const r = plan(trip({ objective }), data);
      const [best, alt] = r.route_alternatives!;
      expect(best).toMatchObject({ route_choice: [0], chosen: true, status: "succeeded" });
      expect(alt.lower_bound).toBeLessThan(best.objective_value!);
      expect(alt).toMatchObject({ route_choice: [1], status: "not_evaluated", reason: "lower_bound", objective_value: null });
      expect(alt.note).toMatch(/^not planned to the end: its charging search showed/);
      const forced = plan(trip({ objective, routeChoice: [1] }), data);
      expect(forced.route_alternatives!.find((a) => a.chosen)!.objective_value!).toBeGreaterThan(best.objective_value!);
    }
  });

  it("the cutoff never stops a route that wins: a detour to the north road's only charger makes the south road the best", () => {
    const data = twoRoadData(roadNetwork([northRoad(80, 0), southRoad(80, 0)]), [station(10, { lat: 50.06, powerKW: 100, dcPowerKW: 100 }), station(10, { lat: SOUTH_LAT + 0.004 })]);
    for (const objective of ["fastest", "balanced"] as const) {
      const r = plan(trip({ objective }), data);
      const [fastest, south] = r.route_alternatives!;
      // Both roads are probed first; the south road's plan is then proven first, and the fastest road's
      // search under its cutoff shows that no plan there beats it.
      expect(fastest).toMatchObject({ chosen: false, status: "not_evaluated", reason: "lower_bound" });
      expect(fastest.note).toMatch(/^not planned to the end: its charging search showed/);
      expect(south).toMatchObject({ chosen: true, status: "succeeded" });
      const forced = plan(trip({ objective, routeChoice: [1] }), data);
      expect(forced.route_alternatives!.find((a) => a.chosen)!.objective_value).toBe(south.objective_value);
      expect(r.totals).toEqual(forced.totals);
      // Planned to the end, the fastest road indeed does not beat it.
      const onFastest = plan(trip({ objective, routeChoice: [0] }), data);
      expect(onFastest.route_alternatives!.find((a) => a.chosen)!.objective_value!).toBeGreaterThan(south.objective_value!);
    }
  });

  it("past route choice's limit of work, or where a route's own search reaches its limit, the routes left are listed unplanned", () => {
    const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [southCharger()]);
    const input = trip();
    let calls = 0;
    // The fastest road's plan is drivable and leaves the other road no room (its bound is within BEAM_ROOM of it).
    const close = (bound: number) => ({ ...stuck, status: "succeeded", totals: { duration_min: bound } }) as unknown as PlanResult;
    const bounds = chooseRoute(input, data, routeLegs(data, input.sections), () => (calls++, { route: null, result: stuck, work: 1 })).alternatives.map((a) => a.lower_bound);
    calls = 0;
    const costly = chooseRoute(input, data, routeLegs(data, input.sections), () => (calls++, { route: null, result: close(bounds[1] * 1.1), work: ROUTE_CHOICE_WORK + 1 }));
    expect(calls).toBe(1);
    expect(costly.alternatives.map((a) => [a.reason, a.status])).toEqual([["chosen", "succeeded"], ["search_limit", "not_evaluated"]]);
    expect(costly.alternatives[1].note).toMatch(/^not planned: route choice's limit of work came first/);
    // Under balanced the room is in minutes too: a cost bound counts energy as free, so a plan's value is
    // always far above it (here ten times), while its duration is within BEAM_ROOM of the road's minutes.
    calls = 0;
    const priced = { ...close(bounds[1] * 1.1), totals: { duration_min: bounds[1] * 1.1, cost: { total: 1e6, time_value: 1e3 } } } as unknown as PlanResult;
    const balanced = chooseRoute(trip({ objective: "balanced" }), data, routeLegs(data, input.sections), () => (calls++, { route: null, result: priced, work: ROUTE_CHOICE_WORK + 1 }));
    expect(calls).toBe(1);
    expect(balanced.alternatives[1].reason).toBe("search_limit");
    // Past the limit, a road the best plan leaves much room (here: not drivable at all) is planned by the beam's plan alone.
    const efforts: (string | undefined)[] = [];
    const roomy = chooseRoute(input, data, routeLegs(data, input.sections), (_, __, effort) => (efforts.push(effort), { route: null, result: stuck, work: ROUTE_CHOICE_WORK + 1 }));
    expect(efforts).toEqual([undefined, "beam"]);
    expect(roomy.alternatives.map((a) => [a.reason, a.status])).toEqual([["chosen", "not_drivable"], ["not_drivable", "not_drivable"]]);
    // Under the limit the alternative is planned; a search that gives up there leaves it listed the same way.
    calls = 0;
    const cheap = chooseRoute(input, data, routeLegs(data, input.sections), () => (calls++, { route: null, result: stuck, work: ROUTE_CHOICE_WORK - 1 }));
    expect(calls).toBe(2);
    expect(cheap.alternatives[1].reason).toBe("not_drivable");
    const givesUp = chooseRoute(input, data, routeLegs(data, input.sections), () => {
      if (++calls > 3) throw new SearchLimitExceeded("the charging search found no plan within its limit");
      return { route: null, result: stuck, work: 10 };
    });
    expect(givesUp.alternatives.map((a) => a.reason)).toEqual(["chosen", "search_limit"]);
  });

  it("breaks the objective's ties only on the routes that can still win once all are planned", () => {
    const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [southCharger()]);
    const input = trip({ objective: "balanced" });
    const priced = (total: number) => ({ ...stuck, status: "succeeded", totals: { duration_min: 600, cost: { total, time_value: 500 } } }) as unknown as PlanResult;
    const run = (totals: number[], tied: number[]) => {
      const tiesRun: number[] = [];
      let k = 0;
      const r = chooseRoute(input, data, routeLegs(data, input.sections), () => {
        const i = k++;
        return { route: i, result: priced(totals[i]), work: 1, withTies: () => (tiesRun.push(i), { result: priced(tied[i]), work: 1 }) };
      });
      return { r, tiesRun };
    };
    // The south road wins by far more than CUTOFF_MARGIN: the fastest road's second search is not run.
    const far = run([1000, 990], [999, 989.9]);
    expect(far.tiesRun).toEqual([1]);
    expect(far.r.route).toBe(1);
    expect(far.r.result.totals!.cost!.total).toBe(989.9);
    expect(far.r.alternatives.map((a) => a.objective_value)).toEqual([1000, 989.9]);
    // Within the margin both get their ties broken, and the fastest road's wins.
    const near = run([990.3, 990], [989.8, 990]);
    expect(near.tiesRun).toEqual([0, 1]);
    expect(near.r.route).toBe(0);
    expect(near.r.alternatives.map((a) => [a.chosen, a.objective_value])).toEqual([[true, 989.8], [false, 990]]);
  });

  it("a route cut off by its beam's plan alone (a re-plan of a tour of days) is listed as not proven", () => {
    const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [southCharger()]);
    const input = trip({ objective: "balanced" });
    const priced = { ...stuck, status: "succeeded", totals: { duration_min: 600, cost: { total: 1000, time_value: 500 } } } as unknown as PlanResult;
    for (const unproven of [true, false]) {
      let k = 0;
      const r = chooseRoute(input, data, routeLegs(data, input.sections), () => (k++ === 0 ? { route: 0, result: priced, work: 1 } : { route: 1, result: null, work: 1, ...(unproven ? { unproven: true as const } : {}) }));
      expect(r.alternatives[1].reason).toBe("lower_bound");
      expect(r.alternatives[1].note).toMatch(unproven ? /^not planned to the end: the beam's plan on it .* not proven$/ : /^not planned to the end: its charging search showed/);
    }
  });

  it("on a tour of less than PROBE_BELOW_DAYS days every road is probed first, then planned in the order of its probe's plan under the best plan's cutoff", () => {
    const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [southCharger()]);
    // Under fastest (under balanced the north road's tolls would count, and its plan is never asked about its floor first).
    const input = trip({ objective: "fastest" });
    const priced = (total: number) => ({ ...stuck, status: "succeeded", totals: { duration_min: total } }) as unknown as PlanResult;
    const fastestM = routeLegs(data, input.sections)[0].path.lengthM;
    const roadOf = (legs: ReturnType<typeof routeLegs>) => (legs[0].path.lengthM === fastestM ? 0 : 1);
    // Each call: a probe or a whole plan, which road (0 north, the fastest; 1 south), its cutoff. Here the
    // beam's plan is each road's best, so a probe's objective is the plan's.
    const calls: [string, number, number][] = [];
    const evaluate = (totals: number[]) => (legs: ReturnType<typeof routeLegs>, cutoff = Infinity) => {
      const road = roadOf(legs);
      calls.push(["plan", road, cutoff]);
      return totals[road] < cutoff ? { route: road, result: priced(totals[road]), work: 10 } : { route: road, result: null, work: 10 };
    };
    const probe = (totals: number[], final = true) => (legs: ReturnType<typeof routeLegs>, cutoff: number) => {
      const road = roadOf(legs);
      calls.push(["probe", road, cutoff]);
      return { objective: totals[road] < cutoff ? totals[road] : Infinity, work: 5, final };
    };
    const legs = routeLegs(data, input.sections);
    // The fastest road (1,500 min) is first asked only whether its plan is its driving and pauses (a cutoff
    // far below); both roads are probed; the south road (1,000 min) is planned first, the fastest after it under its cutoff.
    const r = chooseRoute(input, data, legs, evaluate([1500, 1000]), probe([1500, 1000]));
    expect(calls.map(([kind, road, cutoff]) => [kind, road, Number.isFinite(cutoff)])).toEqual([
      ["probe", 0, false], ["plan", 0, true], ["probe", 1, true], ["plan", 1, false], ["plan", 0, true],
    ]);
    expect(calls[1][2]).toBeLessThan(1000);
    expect(calls[2][2]).toBeLessThanOrEqual(1500.5);
    expect(calls[4][2]).toBeLessThanOrEqual(1000.5);
    expect(r.route).toBe(1);
    expect(r.alternatives.map((a) => [a.route_choice, a.reason, a.chosen])).toEqual([[[0], "lower_bound", false], [[1], "chosen", true]]);
    expect(r.alternatives[0].note).toMatch(/^not planned to the end: its charging search showed/);
    // Where the fastest road's probe is the best, it is planned first, and the other under its cutoff.
    calls.length = 0;
    const back = chooseRoute(input, data, legs, evaluate([900, 1000]), probe([900, 1000]));
    expect(calls.map(([kind, road]) => [kind, road])).toEqual([["probe", 0], ["plan", 0], ["probe", 1], ["plan", 0], ["plan", 1]]);
    expect(back.route).toBe(0);
    expect(back.alternatives.map((a) => [a.reason, a.objective_value])).toEqual([["chosen", 900], ["lower_bound", null]]);
    // The probe's order, not the probe's word: a probe that finds no plan below its cutoff still has its road planned in full.
    calls.length = 0;
    const missed = chooseRoute(input, data, legs, evaluate([1500, 1000]), (l, cutoff) => (calls.push(["probe", roadOf(l), cutoff]), { objective: roadOf(l) === 0 ? 1500 : Infinity, work: 5, final: true }));
    expect(missed.route).toBe(1);
    expect(calls.map(([kind, road]) => [kind, road])).toEqual([["probe", 0], ["plan", 0], ["probe", 1], ["plan", 0], ["plan", 1]]);
    // A probe's plan that breaks the 24-hour rule (its days are shortened later, which makes it longer) cuts no other probe.
    calls.length = 0;
    chooseRoute(input, data, legs, evaluate([900, 1000]), probe([900, 1000], false));
    expect(calls.filter(([kind]) => kind === "probe").map(([, road, cutoff]) => [road, cutoff])).toEqual([[0, Infinity], [1, Infinity]]);
    // Where the fastest road's chargers refuse arrivals by time (its probe says so: null), the first order stands.
    calls.length = 0;
    chooseRoute(input, data, legs, evaluate([1500, 1000]), (l, cutoff) => (calls.push(["probe", roadOf(l), cutoff]), null));
    expect(calls.map(([kind, road, cutoff]) => [kind, road, Number.isFinite(cutoff)])).toEqual([["probe", 0, false], ["plan", 0, false], ["plan", 1, true]]);
    // A route the request names, or a tour of PROBE_BELOW_DAYS days of driving and more (every road's search
    // as large there), gets no probe: the fastest road is planned first, in full.
    calls.length = 0;
    chooseRoute({ ...input, routeChoice: [0] }, data, legs, evaluate([1500, 1000]), probe([1500, 1000]));
    expect(calls.map(([kind, road]) => [kind, road])).toEqual([["plan", 0]]);
    const legMin = legs[0].path.timeS / 60;
    const there = input.sections[0], returning = { ...there, start: there.stop, stop: there.start };
    const firstCall = (n: number) => {
      const tour = { ...input, sections: Array.from({ length: n }, (_, i) => (i % 2 ? returning : there)) };
      calls.length = 0;
      chooseRoute(tour, data, routeLegs(data, tour.sections), (_, cutoff = Infinity) => (calls.push(["plan", 0, cutoff]), { route: 0, result: priced(1000), work: 10 }), probe([1000, 1000]));
      return [calls[0][0], Number.isFinite(calls[0][2])];
    };
    const days = Math.ceil((540 * PROBE_BELOW_DAYS) / legMin);
    expect([firstCall(days - 1), firstCall(days)]).toEqual([["probe", false], ["plan", false]]);
    expect(calls.some(([kind]) => kind === "probe")).toBe(false);
  });

  it("past the job's time limit the plan found stands and the routes left are listed unplanned", () => {
    const data = twoRoadData(roadNetwork([northRoad(), southRoad()]), [southCharger()]);
    const input = trip();
    let calls = 0;
    const evaluate = () => {
      if (++calls > 1) throw new TimeLimitExceeded("the charging search ran past its time limit");
      return { route: null, result: stuck };
    };
    const r = chooseRoute(input, data, routeLegs(data, input.sections), evaluate);
    expect(r.result.status).toBe("not_drivable");
    expect(r.alternatives.map((a) => [a.reason, a.status])).toEqual([["chosen", "not_drivable"], ["time_limit", "not_evaluated"]]);
    // Out of time before any plan: the job fails as before.
    expect(() => chooseRoute(input, data, routeLegs(data, input.sections), () => { throw new TimeLimitExceeded("the route search ran past its time limit"); })).toThrow(TimeLimitExceeded);
  });
});
