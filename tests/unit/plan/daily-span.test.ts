// EU 561/2006 Art. 8(2): every day from a rest's end to the next rest (or the
// tour's end) spans at most 24 h - the rest; shorter driving days (dayCaps) keep it.
import { describe, expect, it } from "vitest";
import { optimizeCharging } from "@/engine/charging/optimize";
import { EU_BREAK_RULES, WorkLimitExceeded, type OptimizeInput, type OptimizePlan } from "@/engine/charging/types";
import { drivenAt, dutyDays, optimizeWithinDailySpan, spanMin, type SpanRules } from "@/engine/plan/daily-span";
import { DEPARTURE_MS, line, type Conn } from "../charging/fixtures";
import { replay } from "../charging/simulate";

const RULES: SpanRules = { restEndedMs: DEPARTURE_MS, maxSpanMin: 780, lastSpanMin: 780 };

describe("shorter driving days (BreakRules.dayCaps)", () => {
  it("ends day 1 after its own limit and leaves the later days the law's", () => {
    const inp: OptimizeInput<Conn> = { ...line({ km: 300 }), breaks: { ...EU_BREAK_RULES, dayCaps: [120] } };
    const r = optimizeCharging(inp);
    if (!r.ok) throw new Error(r.message);
    expect(r.breaks.map((b) => [b.kind, Math.round(b.routeDriveMin)])).toEqual([["rest", 120]]);
    expect(r.totals.totalMin).toBeCloseTo(225 + 660, 6);
    expect(replay(inp, r).violations).toEqual([]);
  });
});

describe("the 24-hour rule", () => {
  // A small battery (300 kWh) on 600 km of 50 kW chargers: 7.5 h of driving and some ten hours of charging.
  const tour = () => line({ km: 600, cap: 300, stations: [100, 200, 300, 400, 500].map((km) => ({ km, powerKW: 50 })) });

  it("the law's driving day alone spans too long here", () => {
    const inp = tour();
    const r = optimizeCharging(inp);
    if (!r.ok) throw new Error(r.message);
    expect(Math.max(...dutyDays(r, inp, RULES).map(spanMin))).toBeGreaterThan(780);
  });

  it("shortens the days that span too long until every day fits, and the plan stays legal", () => {
    const inp = tour();
    const out = optimizeWithinDailySpan(inp, RULES);
    if (!out.result.ok) throw new Error(out.result.message);
    const days = dutyDays(out.result, inp, RULES);
    for (const d of days) expect(spanMin(d)).toBeLessThanOrEqual(780 + 1e-6);
    expect(out.tooLong).toEqual([]);
    expect(out.shortenedDays.some((c) => c !== null && c < 540)).toBe(true);
    expect(replay({ ...inp, breaks: { ...EU_BREAK_RULES, dayCaps: out.shortenedDays.map((c) => c ?? 540) } }, out.result).violations).toEqual([]);
  });

  it("keeps the first search and its re-plans within one limit of work (maxWork)", () => {
    const inp = tour();
    const free = optimizeWithinDailySpan(inp, RULES);
    const first = optimizeCharging(inp);
    if (!first.ok || !free.result.ok) throw new Error("not planned");
    const firstWork = first.stats.sets + (first.stats.boundWork ?? 0);
    // A limit each of its searches keeps alone (here 39 sets, then re-plans of 52 in all), the whole (91) does not.
    expect(free.work).toBeGreaterThan(2 * firstWork);
    expect(() => optimizeWithinDailySpan({ ...inp, maxWork: free.work - 10 }, RULES)).toThrow(WorkLimitExceeded);
    expect(() => optimizeWithinDailySpan({ ...inp, maxWork: Math.floor(firstWork / 2) }, RULES)).toThrow(WorkLimitExceeded);
    // Within the limit, the same plan.
    const within = optimizeWithinDailySpan({ ...inp, maxWork: free.work }, RULES);
    expect(within.work).toBe(free.work);
    expect(within.result).toEqual(free.result);
  });

  it("counts the time since the driver's last rest before the tour", () => {
    // 300 km: 225 min of driving; a driver 12 h past the last rest has one hour left in the day.
    const inp = line({ km: 300 });
    const rested = optimizeWithinDailySpan(inp, RULES);
    const late = optimizeWithinDailySpan(inp, { ...RULES, restEndedMs: DEPARTURE_MS - 12 * 3_600_000 });
    if (!rested.result.ok || !late.result.ok) throw new Error("not planned");
    expect(rested.result.breaks.filter((b) => b.kind === "rest")).toEqual([]);
    const rest = late.result.breaks.find((b) => b.kind === "rest")!;
    expect((rest.startMs - DEPARTURE_MS) / 60_000).toBeLessThanOrEqual(60 + 1e-6);
  });

  it("lets the last day span 15 h when a reduced rest may follow the tour", () => {
    // 525 min of driving, charging, a break and 90 min of service at the end: about 13 h 50 min in one day.
    const inp = line({ km: 700, cap: 400, stations: [80, 180, 280, 380, 480, 580, 680].map((km) => ({ km, powerKW: 150 })), end: { serviceMin: 90 } });
    const strict = optimizeWithinDailySpan(inp, RULES);
    const reduced = optimizeWithinDailySpan(inp, { ...RULES, lastSpanMin: 900 });
    if (!strict.result.ok || !reduced.result.ok) throw new Error("not planned");
    const spans = (r: OptimizePlan) => dutyDays(r, inp, RULES).map(spanMin);
    expect(spans(reduced.result)).toHaveLength(1);
    expect(spans(reduced.result)[0]).toBeGreaterThan(780);
    expect(spans(reduced.result)[0]).toBeLessThanOrEqual(900);
    expect(reduced.shortenedDays).toEqual([]);
    // Without a reduced rest left the driver must rest within the tour: 11 h, partly spent charging.
    for (const s of spans(strict.result)) expect(s).toBeLessThanOrEqual(780 + 1e-6);
    expect(strict.result.breaks.filter((b) => b.kind === "rest")).toHaveLength(1);
    expect(strict.result.totals.totalMin - reduced.result.totals.totalMin).toBeGreaterThan(400);
  });
});

describe("drivenAt: the route's driving behind a plan at a time", () => {
  it("is a stop's place while it stands there, grows with the time on the road, and ends at the destination", () => {
    const inp = line({ km: 600, cap: 300, stations: [100, 200, 300, 400, 500].map((km) => ({ km, powerKW: 50 })) });
    const r = optimizeCharging(inp);
    if (!r.ok) throw new Error(r.message);
    const at = drivenAt(r, inp);
    const dest = inp.waypoints[inp.waypoints.length - 1].driveMin;
    expect(at(inp.departureMs)).toBe(0);
    expect(at(r.arrivalMs)).toBeCloseTo(dest, 9);
    expect(at(r.arrivalMs + 3_600_000)).toBeCloseTo(dest, 9);
    expect(r.stops.length).toBeGreaterThan(1);
    for (const s of r.stops) {
      const place = inp.stations[s.station].driveMin;
      expect(at(s.arrivalMs)).toBeCloseTo(place, 9);
      expect(at((s.arrivalMs + s.departureMs) / 2)).toBeCloseTo(place, 9);
    }
    // Nondecreasing through the tour, and never beyond what the clock allows on the road.
    let last = -Infinity;
    for (let ms = inp.departureMs; ms <= r.arrivalMs; ms += 600_000) {
      const d = at(ms);
      expect(d).toBeGreaterThanOrEqual(last - 1e-9);
      expect(d).toBeLessThanOrEqual((ms - inp.departureMs) / 60_000 + 1e-9);
      last = d;
    }
  });
});
