// The time-cost chart's axes (a small difference drawn as small, round ticks,
// never below zero) and the options' names ("cheapest" is the least total cost,
// whatever search made it).
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { labelOptions } from "@/components/result/cost-option-labels";
import { costAxis, durationAxis, fmtEur, fmtHm, niceStep, padToSpan } from "@/components/result/trade-off-scale";
import type { CostOption } from "@/contract/result";
import { MESSAGES } from "@/i18n/messages";
const en = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "costOptions" });

describe("trade-off axes", () => {
  it("pads a 3-minute, 146 EUR spread to at least 30 min and 5 % of the cost, with round ticks beyond both ends", () => {
    const x = durationAxis([590, 593]);
    expect(x.max - x.min).toBeGreaterThanOrEqual(30);
    expect(x).toEqual({ min: 570, max: 610, ticks: [570, 580, 590, 600, 610] });
    expect(x.ticks.map(fmtHm)).toEqual(["9:30", "9:40", "9:50", "10:00", "10:10"]);
    // The two points take 3/40 of the width, not all of it.
    expect((593 - 590) / (x.max - x.min)).toBeLessThan(0.1);

    const y = costAxis([1500, 1646]);
    expect(y).toEqual({ min: 1450, max: 1700, ticks: [1450, 1500, 1550, 1600, 1650, 1700] });
    expect(y.ticks.map(fmtEur)[0]).toBe("1,450 EUR");
  });

  it("draws costs a few euros apart on a span of 5 % of the cost", () => {
    const y = costAxis([1000, 1003]);
    expect(y.max - y.min).toBeGreaterThanOrEqual(50);
    expect(y.min).toBeLessThanOrEqual(1000);
    expect(y.max).toBeGreaterThanOrEqual(1003);
    for (const t of y.ticks) expect(t % 10).toBe(0);
  });

  it("holds every value, ticks at equal round steps, ends on ticks", () => {
    for (const values of [[12, 14.5], [300, 2400], [0.4, 0.9], [1440, 2880, 4000], [55]]) {
      for (const axis of [durationAxis(values), costAxis(values)]) {
        expect(axis.min).toBeLessThanOrEqual(Math.min(...values));
        expect(axis.max).toBeGreaterThanOrEqual(Math.max(...values));
        expect(axis.ticks[0]).toBe(axis.min);
        expect(axis.ticks.at(-1)).toBe(axis.max);
        const steps = new Set(axis.ticks.slice(1).map((t, i) => Math.round((t - axis.ticks[i]) * 1e6) / 1e6));
        expect(steps.size).toBe(1);
        expect(axis.ticks.length).toBeGreaterThanOrEqual(3);
        expect(axis.ticks.length).toBeLessThanOrEqual(7);
      }
    }
  });

  it("never starts below zero", () => {
    expect(padToSpan(2, 4, 30)).toEqual([0, 30]);
    expect(durationAxis([5, 8]).min).toBe(0);
    expect(costAxis([0.2, 0.3]).min).toBe(0);
  });

  it("steps by 1, 2, 2.5 and 5 times a power of ten, minutes by clock steps", () => {
    expect(niceStep(175, 4)).toBe(50);
    expect(niceStep(9, 4)).toBe(2.5);
    expect(niceStep(0.7, 4)).toBe(0.2);
    expect(durationAxis([60, 600]).ticks).toEqual([0, 180, 360, 540, 720]);
  });

  it("writes durations as h:mm past a day", () => {
    expect(fmtHm(0)).toBe("0:00");
    expect(fmtHm(65)).toBe("1:05");
    expect(fmtHm(1570)).toBe("26:10");
  });
});

const option = (o: Partial<CostOption> & Pick<CostOption, "option" | "objective" | "duration_min" | "total_cost">): CostOption => ({
  value_of_time_eur_per_h: null, chosen: false, energy_cost: 100, charged_kWh: 300, charging_stops: 1, ...o,
});

describe("option labels", () => {
  // As withCostOptions lists them: time rising, money (total less the time's 50 EUR/h) falling; the
  // cheapest search's plan is the slowest and, its hours valued, the dearest in total.
  const options = [
    option({ option: 0, objective: "fastest", duration_min: 590, total_cost: 1612 }),
    option({ option: 1, objective: "balanced", value_of_time_eur_per_h: 200, duration_min: 593, total_cost: 1600 }),
    option({ option: 2, objective: "balanced", value_of_time_eur_per_h: 50, duration_min: 610, total_cost: 1500, chosen: true }),
    option({ option: 3, objective: "balanced", value_of_time_eur_per_h: 12.5, duration_min: 700, total_cost: 1560 }),
    option({ option: 4, objective: "cheapest", duration_min: 900, total_cost: 1646 }),
  ];

  it("calls the least total cost cheapest, not the cheapest search's plan", () => {
    const labels = labelOptions(options, en);
    const cheapest = [...labels].filter(([, l]) => l.cheapest).map(([k]) => k);
    expect(cheapest).toEqual([2]);
    expect(Math.min(...options.map((o) => o.total_cost))).toBe(options[2].total_cost);
    expect(labels.get(2)!.text).toBe("cheapest · balanced at 50 EUR/h");
    expect(labels.get(4)!.text).toBe("least money spent, time not valued");
    expect(labels.get(4)!.text).not.toMatch(/cheapest/);
  });

  it("calls the least duration fastest and names each balanced option's value of time", () => {
    const labels = labelOptions(options, en);
    expect([...labels].filter(([, l]) => l.fastest).map(([k]) => k)).toEqual([0]);
    expect(labels.get(0)!.text).toBe("fastest");
    expect(labels.get(1)!.text).toBe("balanced at 200 EUR/h");
    expect(labels.get(3)!.short).toBe("12.5 EUR/h");
    expect([...labels.values()].filter((l) => /fastest/.test(l.text))).toHaveLength(1);
  });

  it("calls the cheapest search's plan cheapest where it is the least total, and one option both", () => {
    const two = [
      option({ option: 0, objective: "fastest", duration_min: 600, total_cost: 1700 }),
      option({ option: 1, objective: "cheapest", duration_min: 610, total_cost: 1650 }),
    ];
    expect(labelOptions(two, en).get(1)!.text).toBe("cheapest");
    const one = labelOptions([option({ option: 0, objective: "balanced", value_of_time_eur_per_h: 50, duration_min: 600, total_cost: 1700, chosen: true })], en);
    expect(one.get(0)).toMatchObject({ fastest: true, cheapest: true, text: "fastest · cheapest · balanced at 50 EUR/h" });
  });

  it("breaks a tie in total cost by time", () => {
    const tie = [
      option({ option: 0, objective: "fastest", duration_min: 600, total_cost: 1650 }),
      option({ option: 1, objective: "cheapest", duration_min: 640, total_cost: 1650 }),
    ];
    expect(labelOptions(tie, en).get(0)!.cheapest).toBe(true);
    expect(labelOptions(tie, en).get(1)!.cheapest).toBe(false);
  });
});
