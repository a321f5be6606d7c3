// EU 561/2006 on the timeline a partner reads (POST /planner/v2, then its result): no stretch of driving
// between two pauses is longer than 270 min, no day's driving longer than its limit, and a roadside
// pause sits where the limit is reached. Munich -> Paris (IVECO S-eWay, 90 %, 10 t) once drove
// 272.1 min before its first roadside break: the break was placed linearly in distance between two
// route points, where the route's real driving time was more.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VEHICLE_MODELS } from "@/engine/vehicles/catalog";
import { seededVehicleId } from "@/server/tenants";
import { closeDatabase, freshDatabase, HAMBURG, HANNOVER, MUNICH, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const PARIS = [48.86, 2.35], MILAN = [45.46, 9.19], AMSTERDAM = [52.37, 4.9], FLENSBURG = [54.78, 9.44], FREIBURG = [47.99, 7.85];
const BERLIN = [52.52, 13.4], COLOGNE = [50.94, 6.96], STUTTGART = [48.78, 9.18];

/** The result's times are to the millisecond; its minutes (sec_duration_min) rounded to 0.1. */
const MS_MIN = 1 / 60_000;
const ROUNDED_MIN = 0.05;

interface Driving {
  /** By the clock: each section drives from the last departure to its arrival. */
  clockMin: number;
  /** The sections' sec_duration_min summed. */
  roundedMin: number;
  sections: number;
  /** The pause that ends it: "Break", "Daily rest" (roadside), a stop's name; null at the tour's end. */
  endsAt: string | null;
  roadside: boolean;
}

/** Driving between pauses (a rest counts as a break) and between daily rests, read off the timeline. */
function drivingOf(r: any): { stretches: Driving[]; days: Driving[] } {
  const rules = r.driving_rules;
  const stretches: Driving[] = [], days: Driving[] = [];
  const open = (before: number): Driving => ({ clockMin: before, roundedMin: before, sections: 0, endsAt: null, roadside: false });
  let stretch = open(rules.driven_since_break_min), day = open(rules.driven_today_min);
  let left = Date.parse(r.totals.departure_time);
  for (const s of r.sections) {
    const ps = s.poi_summary;
    const clock = (Date.parse(ps.arrival_time) - left) / 60_000;
    left = Date.parse(ps.departure_time);
    for (const x of [stretch, day]) {
      x.clockMin += clock;
      x.roundedMin += ps.sec_duration_min;
      x.sections++;
    }
    if (ps.break_kind !== "break" && ps.break_kind !== "rest") continue;
    const roadside = ps.name === "Break" || ps.name === "Daily rest";
    stretches.push({ ...stretch, endsAt: ps.name, roadside });
    stretch = open(0);
    if (ps.break_kind === "rest") {
      days.push({ ...day, endsAt: ps.name, roadside });
      day = open(0);
    }
  }
  return { stretches: [...stretches, stretch], days: [...days, day] };
}

/** Every stretch within 270 min and every day within its limit, by the clock to the ms and by the rounded minutes. */
function expectWithinTheLaw(r: any, what: string): { stretches: Driving[]; days: Driving[] } {
  expect(r.status, `${what}: ${JSON.stringify(r.not_drivable_reason)}`).toBe("succeeded");
  const rules = r.driving_rules;
  expect(rules.max_driving_before_break_min).toBe(270);
  expect([540, 600]).toContain(rules.max_daily_driving_min);
  const driving = drivingOf(r);
  const within = (xs: Driving[], limit: number, kind: string) => {
    for (const x of xs) {
      const where = `${what}: ${kind} ending at ${x.endsAt ?? "the destination"}`;
      expect(x.clockMin, `${where}, by the clock`).toBeLessThanOrEqual(limit + x.sections * MS_MIN);
      expect(x.roundedMin, `${where}, sec_duration_min summed`).toBeLessThanOrEqual(limit + x.sections * ROUNDED_MIN);
    }
  };
  within(driving.stretches, rules.max_driving_before_break_min, "driving");
  within(driving.days, rules.max_daily_driving_min, "day's driving");
  return driving;
}

const body = (vehicle: string, points: number[][], over: Record<string, unknown> = {}) => ({
  vehicle_id: vehicle,
  battery_level_start: 0.9,
  start_time_tour: "2026-11-25T06:00:00Z",
  section_list: points.slice(1).map((stop, i) => ({ start_pos: points[i], stop_pos: stop, payload_kg: 10000 })),
  poi_info: {},
  ...over,
});

describe("EU 561/2006 to the minute on the timeline", () => {
  // (The IVECO S-eWay took its break at the roadside here until detours followed the station's road on the
  // junction-only graph: it now charges at Stuttgart airport then, 18 min sooner; so do the other trucks at 90 %.)
  it("Munich -> Paris, Volvo FH Aero Electric full with 10 t: its roadside break after exactly 270 min, no stretch longer", async () => {
    const r = await plannedV2(t.a.key, { ...body("volvo-fh-aero-electric", [MUNICH, PARIS]), battery_level_start: 1 });
    const { stretches } = expectWithinTheLaw(r, "Munich -> Paris");
    const roadside = stretches.filter((s) => s.roadside && s.endsAt === "Break");
    expect(roadside.length).toBeGreaterThan(0);
    // Placed where the limit is reached (earlier would only cost time): 270 min on the clock, and the
    // sections' own minutes to their rounding.
    for (const s of roadside) {
      expect(s.clockMin).toBeGreaterThan(270 - 0.001);
      expect(Math.abs(s.roundedMin - 270)).toBeLessThanOrEqual(s.sections * ROUNDED_MIN);
    }
  });

  it.each([
    ["Hamburg -> Milan, fastest", "iveco-s-eway", [HAMBURG, MILAN], { objective: "fastest" }],
    ["Amsterdam -> Munich, cheapest", "mb-eactros-600", [AMSTERDAM, MUNICH], { objective: "cheapest" }],
    ["Flensburg -> Freiburg, 10 h days", "volvo-fh-electric", [FLENSBURG, FREIBURG], { driver: { extended_daily_driving: true } }],
    ["Berlin -> Munich -> Cologne, with service", "man-etgx", [BERLIN, MUNICH, COLOGNE], {}],
    ["Munich -> Paris, a driver 250 min into the day", "daf-xf-electric", [MUNICH, PARIS], { driver: { driven_since_break_min: 180, driven_today_min: 250 } }],
  ])("%s keeps every stretch and every day within the law", async (name, vehicle, points, over) => {
    const extra = name.includes("service") ? { section_list: [
      { start_pos: BERLIN, stop_pos: MUNICH, payload_kg: 10000, service_time_min: 45 },
      { start_pos: MUNICH, stop_pos: COLOGNE, payload_kg: 8000 },
    ] } : {};
    const r = await plannedV2(t.a.key, { ...body(vehicle, points as number[][], over), ...extra });
    const { stretches } = expectWithinTheLaw(r, name);
    expect(stretches.length).toBeGreaterThan(1);
  });

  it("every vehicle of the catalogue on Hamburg -> Stuttgart, its driver 200 min into the day, breaks and rests within the law", async () => {
    for (const m of VEHICLE_MODELS) {
      const r = await plannedV2(t.a.key, body(seededVehicleId(m.code), [HAMBURG, STUTTGART], {
        battery_level_end: 0.1, driver: { driven_since_break_min: 100, driven_today_min: 200 },
      }));
      const { days } = expectWithinTheLaw(r, m.code);
      // 200 min before the tour and some 500 on it: each plan rests at least once.
      expect(days.length, m.code).toBeGreaterThan(1);
    }
  });

  // The duty day began before the tour: 13 h before it (780 min), no driving is left before a daily rest,
  // so the tour starts with one; 11 h 40 min before it (700 min), at most 80 min of driving, then a rest.
  // Each was planned with the 24-hour rule broken and a warning, although these legal plans exist.
  it.each([
    [780, 0, 0],
    [700, 1, 80],
  ])("a driver %i min into the duty day at departure: a daily rest within 13 h of the last, none of the rule broken", async (since, minDriven, maxDriven) => {
    const r = await plannedV2(t.a.key, body("mb-eactros-600", [HAMBURG, HANNOVER], { driver: { since_daily_rest_min: since } }));
    expect(r.warnings.join("\n")).not.toMatch(/is not kept/);
    const rest = r.sections.find((s: any) => s.poi_summary?.pause?.kind === "rest" || /rest/i.test(s.poi_summary?.name ?? ""));
    expect(rest, JSON.stringify(r.sections.map((s: any) => s.poi_summary?.name))).toBeTruthy();
    const restStart = Date.parse(rest.poi_summary.arrival_time), departure = Date.parse(r.totals.departure_time);
    // The rest starts within 13 h of the last rest's end (since min before departure), after the drive that fits.
    const drivenBefore = (restStart - departure) / 60_000;
    expect(drivenBefore).toBeGreaterThanOrEqual(minDriven - 1e-6);
    expect(since + drivenBefore).toBeLessThanOrEqual(780 + 0.1);
    expect(drivenBefore).toBeLessThanOrEqual(maxDriven + 0.1);
    expectWithinTheLaw(r, `since ${since}`);
  });
});

