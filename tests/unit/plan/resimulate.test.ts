// The independent re-simulation catches a plan that is off: it must not pass
// anything, or the check on every other plan proves nothing.
import { describe, expect, it } from "vitest";
import { plan } from "@/engine/plan/plan";
import { resimulate } from "../../support/resimulate";
import { input, planData, station } from "./fixtures";

const data = planData(Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7)));
const fresh = () => structuredClone(plan(input(), data));
const check = (r: unknown) => resimulate(r, { network: data.network, endSoc: 0.2 });
const firstStop = (r: any) => r.sections.find((s: any) => s.poi_summary.energy_kWh > 0);

describe("re-simulation of a plan", () => {
  it("agrees with an untouched plan, and the plan pauses and charges", () => {
    const r = fresh();
    const rs = check(r);
    expect(rs.violations).toEqual([]);
    expect(rs.minSoc).toBeGreaterThanOrEqual(0.1 - 1e-3);
    expect(r.sections.some((s: any) => s.poi_summary.break_kind === "break")).toBe(true);
  });

  it("finds a section energy 1 % off", () => {
    const r: any = fresh();
    r.sections[0].poi_summary.sec_energy_consumption_kWhkm *= 1.01;
    expect(check(r).violations.join()).toMatch(/section 0 .* energy \(kWh\)/);
  });

  it("finds a charge time 3 % short", () => {
    const r: any = fresh();
    firstStop(r).poi_summary.charge_time_min *= 0.97;
    expect(check(r).violations.join()).toMatch(/charge time/);
  });

  it("finds an arrival SoC that hides energy", () => {
    const r: any = fresh();
    r.sections.at(-1).stop_pos[2] += 0.02;
    expect(check(r).violations.join()).toMatch(/SoC on arrival/);
  });

  it("finds a missing break", () => {
    const r: any = fresh();
    for (const s of r.sections) s.poi_summary.break_kind = null;
    expect(check(r).violations.join()).toMatch(/driven without a break/);
  });

  it("holds the 270 min of driving before a break to the millisecond, not within a tolerance", () => {
    const first = (r: any) => (Date.parse(r.sections[0].poi_summary.arrival_time) - Date.parse(r.totals.departure_time)) / 60_000;
    const withDriven = (extraMin: number) => {
      const r: any = fresh();
      expect(r.sections[0].poi_summary.break_kind).toBe("break");
      // The driver had already driven up to (or past) the limit minus the plan's first stretch.
      r.driving_rules.driven_since_break_min = r.driving_rules.driven_today_min = 270 - first(r) + extraMin;
      return check(r).violations.join();
    };
    expect(withDriven(-1e-4)).toBe("");
    expect(withDriven(0.5)).toMatch(/270\.500 min driven without a break, more than 270/);
  });

  it("finds a section's sec_duration_min off its clock by more than its rounding", () => {
    const r: any = fresh();
    r.sections[0].poi_summary.sec_duration_min += 0.2;
    expect(check(r).violations.join()).toMatch(/section 0 .*sec_duration_min .* but the clock drives/);
  });

  it("finds a section whose clock drives 0.3 min more than its polyline", () => {
    const r: any = fresh();
    const later = (iso: string) => new Date(Date.parse(iso) + 0.3 * 60_000).toISOString();
    for (const s of r.sections) {
      s.poi_summary.arrival_time = later(s.poi_summary.arrival_time);
      s.poi_summary.departure_time = later(s.poi_summary.departure_time);
    }
    r.totals.arrival_time = later(r.totals.arrival_time);
    r.totals.end_time = later(r.totals.end_time);
    r.sections[0].poi_summary.sec_duration_min += 0.3;
    expect(check(r).violations.join()).toMatch(/section 0 .*driving by the clock/);
  });

  it("finds a charge that leaves too little for the next stretch", () => {
    const r: any = fresh();
    const stop = firstStop(r).poi_summary;
    stop.stop_soc = stop.start_soc + 0.01;
    expect(check(r).violations.join()).toMatch(/below the reserve/);
  });

  it("finds a clock that skips time", () => {
    const r: any = fresh();
    const s = r.sections.at(-1).poi_summary;
    s.arrival_time = new Date(Date.parse(s.arrival_time) - 10 * 60_000).toISOString();
    expect(check(r).violations.join()).toMatch(/arrival/);
  });
});
