// Time against money at the result's resolution (0.1 min, cents): the objectives' ties and the
// cost options' front, on results made up with the figures of the tours that found the faults
// (Luxembourg -> Berlin under cheapest, Cologne -> Wrocław under balanced).
import { describe, expect, it } from "vitest";
import type { PlanResult } from "@/contract/result";
import { TimeLimitExceeded } from "@/engine/charging/types";
import { MAX_COST_OPTIONS, TIE_VALUE_OF_TIME_EUR_PER_H, withCostOptions, withObjectiveTies, type Search } from "@/engine/plan/cost-options";
import type { PlanData, PlanInput } from "@/engine/plan/types";

const VOT = 50;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** A drivable result with its duration and money (energy; no tolls), priced at VOT as costPlan does. */
function result(durationMin: number, energy: number, more: { lateMin?: number; objective?: string; stops?: number } = {}): PlanResult {
  const timeValue = round2((durationMin / 60) * VOT);
  return {
    status: "succeeded",
    sections: [{ poi_summary: { late_min: more.lateMin ?? 0 } }],
    warnings: [],
    totals: {
      duration_min: durationMin, charged_kWh: round2(energy / 0.58), charging_stops: more.stops ?? 2,
      cost: {
        currency: "EUR", vat: "excluded", energy, tolls: 0, tolls_unpriced: 0, time_value: timeValue, value_of_time_eur_per_h: VOT,
        total: round2(energy + timeValue), energy_priced_share: 1, objective: more.objective ?? "balanced", exchange_rates: [],
      },
    },
  } as unknown as PlanResult;
}

const input = (objective: PlanInput["objective"], serviceTimeDepartureMin = 0): PlanInput =>
  ({ objective, valueOfTimeEurPerH: VOT, serviceTimeDepartureMin }) as unknown as PlanInput;

/** A second search that answers `rival` and records what it was asked. */
function searchOf(rival: PlanResult | null, work = 7) {
  const calls: { input: PlanInput; cutoff: number }[] = [];
  const search: Search = (i, cutoff) => {
    calls.push({ input: i, cutoff });
    return { result: rival, work };
  };
  return { search, calls };
}

const figures = (r: PlanResult) => [r.totals!.duration_min, r.totals!.cost!.energy];

describe("objective ties at the result's resolution", () => {
  it("cheapest: a plan 286.3 min faster at the same money to the cent wins; one a cent dearer does not", () => {
    const cheapest = result(1673.0, 427.57, { objective: "cheapest" });
    const same = searchOf(result(1386.7, 427.57));
    const tied = withObjectiveTies(input("cheapest"), undefined, { result: cheapest, work: 100 }, same.search);
    expect(figures(tied.result)).toEqual([1386.7, 427.57]);
    expect(tied.result.totals!.cost!.objective).toBe("cheapest");
    expect(tied.work).toBe(107);
    // The second search values a minute at a cent and is not cut off.
    expect(same.calls).toHaveLength(1);
    expect(same.calls[0].input).toMatchObject({ objective: "balanced", searchValueOfTimeEurPerH: TIE_VALUE_OF_TIME_EUR_PER_H });
    expect(same.calls[0].cutoff).toBe(Infinity);
    const dearer = withObjectiveTies(input("cheapest"), undefined, { result: cheapest, work: 100 }, searchOf(result(1386.7, 427.58)).search);
    expect(dearer.result).toBe(cheapest);
  });

  it("balanced: never dearer than the fastest plan at the same duration (524.52 against 524.46 EUR at 1420.4 min)", () => {
    const balanced = result(1420.4, 524.52);
    const fastest = searchOf(result(1420.4, 524.46, { objective: "fastest" }));
    const tied = withObjectiveTies(input("balanced", 15), undefined, { result: balanced, work: 50 }, fastest.search);
    expect(figures(tied.result)).toEqual([1420.4, 524.46]);
    expect(tied.result.totals!.cost!.objective).toBe("balanced");
    // The fastest search keeps only plans no slower than this one as the result shows it (its minutes start after the departure's service).
    expect(fastest.calls[0].input.objective).toBe("fastest");
    expect(fastest.calls[0].cutoff).toBeCloseTo(1420.4 - 15 + 0.05, 9);
    // A cent dearer at the same duration: the balanced plan stays.
    expect(withObjectiveTies(input("balanced"), undefined, { result: balanced, work: 50 }, searchOf(result(1420.4, 524.53)).search).result).toBe(balanced);
    // 0.1 min faster (8.3 cents at 50 EUR/h) for 5 cents more: better under balanced as the results show it.
    expect(figures(withObjectiveTies(input("balanced"), undefined, { result: balanced, work: 50 }, searchOf(result(1420.3, 524.57)).search).result)).toEqual([1420.3, 524.57]);
  });

  it("fastest, a plan late at a window, a plan not drivable: no second search", () => {
    const none = searchOf(result(1, 1));
    withObjectiveTies(input("fastest"), undefined, { result: result(1400, 500), work: 1 }, none.search);
    withObjectiveTies(input("cheapest"), undefined, { result: result(1400, 500, { lateMin: 12 }), work: 1 }, none.search);
    withObjectiveTies(input("balanced"), undefined, { result: { ...result(1400, 500), status: "not_drivable" } as PlanResult, work: 1 }, none.search);
    expect(none.calls).toHaveLength(0);
  });

  it("a second plan late at a window does not win; a second search out of time leaves the plan found", () => {
    const main = result(1673.0, 427.57);
    expect(withObjectiveTies(input("cheapest"), undefined, { result: main, work: 1 }, searchOf(result(1386.7, 427.57, { lateMin: 3 })).search).result).toBe(main);
    const outOfTime: Search = () => { throw new TimeLimitExceeded("the charging search"); };
    expect(withObjectiveTies(input("cheapest"), undefined, { result: main, work: 1 }, outOfTime)).toEqual({ result: main, work: 1 });
  });
});

describe("cost options: strictly Pareto, from the fastest to the cheapest", () => {
  const data = { prices: undefined } as unknown as PlanData;
  /** resultFor by the variant's objective and value of time. */
  const plans = (byKey: Record<string, PlanResult>) => (i: PlanInput) => {
    const key = i.objective === "balanced" ? `balanced@${i.searchValueOfTimeEurPerH}` : i.objective!;
    if (!byKey[key]) throw new Error(`no plan for ${key}`);
    return byKey[key];
  };
  const listed = (r: ReturnType<typeof withCostOptions>) =>
    r.cost_options!.map((o) => `${o.objective}${o.value_of_time_eur_per_h ?? ""}${o.chosen ? "*" : ""} ${o.duration_min}/${o.energy_cost}`);

  it("drops every option another matches or beats in both time and money, to the 0.1 min and the cent", () => {
    const r = withCostOptions(input("balanced"), data, result(1400.0, 500.0), plans({
      fastest: result(1390.0, 510.0, { objective: "fastest" }),
      // As fast as fastest and cheaper: fastest gives way.
      "balanced@200": result(1390.0, 509.0),
      // As cheap as the request's plan and slower.
      "balanced@12.5": result(1420.0, 500.0),
      // A cent cheaper, slower: an option.
      cheapest: result(1500.0, 499.99, { objective: "cheapest" }),
    }));
    expect(listed(r)).toEqual(["balanced200 1390/509", "balanced50* 1400/500", "cheapest 1500/499.99"]);
    expect(r.cost_option_results.map((x) => x.totals!.duration_min)).toEqual([1390, 1400, 1500]);
  });

  it("an option the same as the request's plan in both is the request's", () => {
    const r = withCostOptions(input("cheapest"), data, result(1386.7, 427.57, { objective: "cheapest" }), plans({
      fastest: result(1337.6, 442.04, { objective: "fastest" }),
      "balanced@200": result(1337.6, 442.04), "balanced@50": result(1337.6, 442.04), "balanced@12.5": result(1386.7, 427.57),
    }));
    expect(listed(r)).toEqual(["fastest 1337.6/442.04", "cheapest* 1386.7/427.57"]);
  });

  it("a request's plan another search beats in both gives way to it, and is listed as the request's (the route choice's figures follow)", () => {
    const main = {
      ...result(1420.4, 524.52),
      warnings: ["The plan takes another road than the fastest on 1 section(s); the fastest road is slower (route_alternatives)."],
      route_alternatives: [
        { chosen: true, duration_min: 1420.4, charging_stops: 2, objective_value: 1708.19, note: "chosen: the best drivable route under the balanced objective (1708.19 EUR)" },
        { chosen: false, duration_min: 1431.0, charging_stops: 3, objective_value: 1720.0, note: "dearer: 1720 EUR against 1708.19 EUR" },
      ],
    } as unknown as PlanResult;
    const r = withCostOptions(input("balanced"), data, main, plans({
      fastest: result(1410.0, 540.0, { objective: "fastest" }), "balanced@200": result(1410.0, 540.0),
      "balanced@12.5": result(1420.4, 524.46, { stops: 3 }), cheapest: result(1600.0, 518.52, { objective: "cheapest" }),
    }));
    expect(listed(r)).toEqual(["fastest 1410/540", "balanced50* 1420.4/524.46", "cheapest 1600/518.52"]);
    expect(figures(r)).toEqual([1420.4, 524.46]);
    expect(r.totals!.cost!.objective).toBe("balanced");
    expect(r.warnings).toEqual(main.warnings);
    expect(r.route_alternatives![0]).toMatchObject({ duration_min: 1420.4, charging_stops: 3, objective_value: r.totals!.cost!.total, note: `chosen: the best drivable route under the balanced objective (${r.totals!.cost!.total} EUR)` });
    expect(r.route_alternatives![1]).toBe(main.route_alternatives![1]);
  });

  it("another search's plan that becomes the request's has its stops' gains measured again under the request's objective", () => {
    const other = result(1420.4, 524.46, { stops: 3 });
    const asked: [PlanInput, PlanResult][] = [];
    const measured = { ...other, warnings: ["measured under balanced"] } as unknown as PlanResult;
    const r = withCostOptions(input("balanced"), data, result(1420.4, 524.52), plans({
      fastest: result(1410.0, 540.0, { objective: "fastest" }), "balanced@200": result(1410.0, 540.0), "balanced@12.5": other, cheapest: result(1600.0, 518.52, { objective: "cheapest" }),
    }), (i, x) => (asked.push([i, x]), measured));
    expect(asked).toHaveLength(1);
    expect(asked[0][0].objective).toBe("balanced");
    expect(asked[0][0].searchValueOfTimeEurPerH).toBeUndefined();
    expect(asked[0][1]).toBe(other);
    expect(r.warnings).toEqual(["measured under balanced"]);
    // The request's own plan, when it stays, is not measured again.
    withCostOptions(input("balanced"), data, result(1400.0, 500.0), plans({
      fastest: result(1390.0, 510.0, { objective: "fastest" }), "balanced@200": result(1390.0, 509.0), "balanced@12.5": result(1420.0, 500.0), cheapest: result(1500.0, 499.99, { objective: "cheapest" }),
    }), () => { throw new Error("measured again"); });
  });

  it("the request's plan stays listed where its objective's stop threshold leaves a plan faster and cheaper to another objective", () => {
    // Frankfurt -> Stuttgart, eActros 600 at 50 %, fastest: balanced keeps a stop gaining 4.2 min and 3.19 EUR
    // (6.69 EUR at 50 EUR/h, above its 4.17); under fastest it gains less than 5 min and is not made.
    const withStop = result(186.0, 73.55, { stops: 2 });
    const r = withCostOptions(input("fastest"), data, result(190.2, 76.74, { objective: "fastest", stops: 1 }), plans({
      "balanced@200": withStop, "balanced@50": result(186.0, 73.55, { stops: 2 }), "balanced@12.5": result(186.0, 73.55, { stops: 2 }), cheapest: result(186.0, 73.55, { objective: "cheapest", stops: 2 }),
    }), () => result(190.2, 76.74, { objective: "fastest", stops: 1 }));
    expect(listed(r)).toEqual(["balanced50 186/73.55", "fastest* 190.2/76.74"]);
    expect(figures(r)).toEqual([190.2, 76.74]);
  });

  it("the request's plan is the best of all the plans made under its objective: under cheapest one a cent cheaper, though slower", () => {
    const r = withCostOptions(input("cheapest"), data, result(1386.7, 427.57, { objective: "cheapest" }), plans({
      fastest: result(1337.6, 442.04, { objective: "fastest" }), "balanced@200": result(1337.6, 442.04), "balanced@50": result(1340.0, 435.0),
      "balanced@12.5": result(1400.0, 427.56),
    }));
    expect(figures(r)).toEqual([1400.0, 427.56]);
    expect(listed(r)).toEqual(["fastest 1337.6/442.04", "balanced50 1340/435", "cheapest* 1400/427.56"]);
  });

  it("at most five options, the request's own among them", () => {
    const i = { ...input("balanced"), searchValueOfTimeEurPerH: 100 } as PlanInput;
    const r = withCostOptions(i, data, result(1395.0, 506.0), plans({
      fastest: result(1390.0, 515.0, { objective: "fastest" }), "balanced@200": result(1392.0, 512.0), "balanced@50": result(1400.0, 498.0),
      "balanced@12.5": result(1420.0, 490.0), cheapest: result(1500.0, 489.0, { objective: "cheapest" }),
    }));
    expect(r.cost_options).toHaveLength(MAX_COST_OPTIONS);
    expect(r.cost_options!.filter((o) => o.chosen)).toEqual([expect.objectContaining({ value_of_time_eur_per_h: 100, duration_min: 1395 })]);
    expect(r.cost_options![0].objective).toBe("fastest");
    expect(r.cost_options!.at(-1)!.objective).toBe("cheapest");
  });

  it("lists from the fastest to the cheapest: time rising, money falling", () => {
    const r = withCostOptions(input("fastest"), data, result(1300.0, 520.0, { objective: "fastest" }), plans({
      "balanced@200": result(1300.0, 519.99), "balanced@50": result(1310.0, 515.0), "balanced@12.5": result(1305.0, 517.0), cheapest: result(1360.0, 515.0, { objective: "cheapest" }),
    }));
    const o = r.cost_options!;
    for (let k = 1; k < o.length; k++) {
      expect(o[k].duration_min).toBeGreaterThan(o[k - 1].duration_min);
      expect(o[k].energy_cost).toBeLessThan(o[k - 1].energy_cost);
    }
    // The request's fastest plan is beaten by one as fast and a cent cheaper: that plan is the request's.
    expect(listed(r)).toEqual(["fastest* 1300/519.99", "balanced12.5 1305/517", "balanced50 1310/515"]);
  });
});
