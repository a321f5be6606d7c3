// Re-planning en route (POST /planner/optimizations/{optimization_id}/replan): a three-stop tour in the
// Hannover region (the OSM pack: plans in a second), re-planned from a point of its plan after the first
// stop, with less charge, later than planned and a driver near the end of the day. Only the first two plans
// are made; the re-plans the later tests queue are left in the queue.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/trpc/routers";
import { decodePolyline } from "@/engine/network/polyline";
import { haversineM } from "@/engine/geo";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { planNextJob, plannedV2 } from "../support/jobs";

const HANNOVER: [number, number] = [52.37, 9.74];
const BRAUNSCHWEIG: [number, number] = [52.27, 10.52];
const WOLFSBURG: [number, number] = [52.42, 10.79];
const HILDESHEIM: [number, number] = [52.15, 9.95];

const tour = {
  vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {}, start_time_tour: "2026-11-25T06:00:00Z",
  driver: { driven_today_min: 60, since_daily_rest_min: 90 },
  section_list: [
    { start_pos: HANNOVER, stop_pos: BRAUNSCHWEIG, payload_kg: 20000, section_id: "bs", service_time_min: 30, start_label: "Depot" },
    { start_pos: BRAUNSCHWEIG, stop_pos: WOLFSBURG, payload_kg: 12000, section_id: "wob", service_time_min: 20, opening_time: ["08:00:00", "18:00:00"] },
    { start_pos: WOLFSBURG, stop_pos: HILDESHEIM, payload_kg: 4000, section_id: "hi", service_time_min: 15 },
  ],
};

let t: TestTenants;
let original: any; // eslint-disable-line @typescript-eslint/no-explicit-any
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  original = await plannedV2(t.a.key, tour);
  expect(original.status).toBe("succeeded");
});
afterAll(closeDatabase);

const replan = (body: unknown, id: number = original.optimization_id, key = t.a.key, headers: Record<string, string> = {}) =>
  call("POST", `/planner/optimizations/${id}/replan`, { key, body, headers });

/** A point of the plan halfway along the first section from Braunschweig to Wolfsburg, and when the plan passes it. */
function halfwayToWolfsburg() {
  const k = original.sections.findIndex((s: any) => s.request_section === 1); // eslint-disable-line @typescript-eslint/no-explicit-any
  const points = decodePolyline(original.sections[k].polyline);
  const left = Date.parse(original.sections[k - 1].poi_summary.departure_time);
  const arrives = Date.parse(original.sections[k].poi_summary.arrival_time);
  return { point: points[Math.floor(points.length / 2)], plannedMs: (left + arrives) / 2 };
}

const driver = { driven_today_min: 530, driven_since_break_min: 100, since_daily_rest_min: 620 };

describe("a re-plan from a point along the route", () => {
  it("drops the served section, starts where the truck is, and keeps its time, charge and driver's hours", async () => {
    const { point, plannedMs } = halfwayToWolfsburg();
    const time = new Date(plannedMs + 25 * 60_000).toISOString(); // 25 min late
    // A slot the original holds (as committing a plan with a charging stop would): its own re-plan does not plan around it.
    await db().heldSlot.create({
      data: { tenantId: t.a.id, optimizationId: original.optimization_id, site: "1", startAt: new Date(time), endAt: new Date(Date.parse(time) + 3_600_000), capacity: 1, toBook: false },
    });
    const res = await replan({ position: point, battery_level: 0.35, time, driver });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ replanned_from: original.optimization_id, sections_done: 1, warnings: [] });
    expect(res.json.optimization_id).not.toBe(original.optimization_id);
    expect(res.json.tour_id).not.toBe(original.tour_id);

    // The stored request: the two sections left, the first from the truck's position, the rest as they were.
    const tourRow = await db().tour.findUniqueOrThrow({ where: { id: res.json.tour_id } });
    const stored = JSON.parse(tourRow.request);
    expect(stored.replannedFrom).toBe(original.optimization_id);
    expect(stored.request.section_list.map((s: any) => s.section_id)).toEqual(["wob", "hi"]); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(stored.request.section_list[0]).toMatchObject({ start_pos: point, stop_pos: WOLFSBURG, payload_kg: 12000, service_time_min: 20, start_label: null });
    // The window given as times of day stays on the original's day.
    expect(stored.request.section_list[0].opening_time).toEqual(["2026-11-25T08:00:00.000Z", "2026-11-25T18:00:00.000Z"]);
    expect(stored.request).toMatchObject({ start_time_tour: time, battery_level_start: 0.35, service_time_departure_min: 0, vehicle_id: "mb-eactros-600" });

    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 1 })).toBe(true);
    const job = await call("GET", `/planner/jobs/${res.json.job_id}`, { key: t.a.key });
    expect(job.json.status).toBe("succeeded");
    const r = (await call("GET", `/planner/optimizations/${res.json.optimization_id}/result`, { key: t.a.key })).json;
    expect(r.replanned_from).toBe(original.optimization_id);
    expect(r.optimization_id).toBe(res.json.optimization_id);
    expect(Object.keys(r.planned_on)).toContain("osm-hannover-braunschweig-main-roads");
    expect(r.fleet).toBeUndefined(); // planned alone, not as a fleet of one beside held slots
    // Served sections dropped: the plan's request sections are the two left, in order.
    expect(r.sections.filter((s: any) => !s.inserted).map((s: any) => s.section_id)).toEqual(["wob", "hi"]); // eslint-disable-line @typescript-eslint/no-explicit-any
    // It starts where the truck is (snapped onto the road it is on), at its time and charge.
    const start = r.sections[0].start_pos;
    expect(haversineM(start[0], start[1], point[0], point[1])).toBeLessThan(200);
    expect(r.battery_level_start).toBe(0.35);
    expect(start[2]).toBe(0.35);
    expect(Date.parse(r.totals.departure_time)).toBe(Date.parse(time));
    // 10 min of driving left in the driver's day: a daily rest before Wolfsburg.
    expect(r.driving_rules).toMatchObject({ driven_today_min: 530, driven_since_break_min: 100 });
    const rest = r.sections.find((s: any) => s.poi_summary.break_kind === "rest"); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(rest, JSON.stringify(r.sections.map((s: any) => s.poi_summary.break_kind))).toBeDefined(); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(rest.request_section).toBe(0);
    // The original is unchanged and names no re-plan.
    const again = (await call("GET", `/planner/optimizations/${original.optimization_id}/result`, { key: t.a.key })).json;
    expect(again.replanned_from).toBeUndefined();
  });

  it("sections_done overrides the inference; the same Idempotency-Key answers the first response again", async () => {
    const { point, plannedMs } = halfwayToWolfsburg();
    const body = { position: point, battery_level: 0.5, time: new Date(plannedMs).toISOString(), driver: {}, sections_done: 0 };
    const first = await replan(body, undefined, undefined, { "idempotency-key": "truck-7-replan-1" });
    expect(first.status, first.text).toBe(200);
    expect(first.json.sections_done).toBe(0);
    const stored = JSON.parse((await db().tour.findUniqueOrThrow({ where: { id: first.json.tour_id } })).request);
    expect(stored.request.section_list.map((s: any) => s.section_id)).toEqual(["bs", "wob", "hi"]); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(stored.request.section_list[0].start_pos).toEqual(point);
    const tours = await db().tour.count();
    const again = await replan(body, undefined, undefined, { "idempotency-key": "truck-7-replan-1" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await db().tour.count()).toBe(tours);
  });

  it("at a stop before the plan's departure from it, that section is not served yet (and a warning says how it was told)", async () => {
    const k = original.sections.findIndex((s: any) => s.section_id === "bs"); // eslint-disable-line @typescript-eslint/no-explicit-any
    const left = Date.parse(original.sections[k].poi_summary.departure_time);
    const res = await replan({ position: [BRAUNSCHWEIG[0] + 0.002, BRAUNSCHWEIG[1]], battery_level: 0.6, time: new Date(left - 10 * 60_000).toISOString(), driver: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sections_done).toBe(0);
    expect(res.json.warnings[0]).toMatch(/at the stop of section_list\[0\]: not served yet/);
  });
});

describe("refusals", () => {
  it("another tenant's optimization is 404, as for every optimization endpoint", async () => {
    const { point, plannedMs } = halfwayToWolfsburg();
    const res = await replan({ position: point, battery_level: 0.5, time: new Date(plannedMs).toISOString(), driver: {} }, undefined, t.b.key);
    expect(res.status).toBe(404);
    expect(res.json.detail).toBe("Optimization not found");
  });

  it("bad bodies are 422 in FastAPI's shape, every problem at its loc", async () => {
    const missing = await replan({ battery_level: 1.5, sections_done: -1, extra: 1 });
    expect(missing.status).toBe(422);
    const at = Object.fromEntries(missing.json.detail.map((d: any) => [d.loc.join("."), d.type])); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(at).toEqual({
      "body.position": "missing", "body.time": "missing", "body.driver": "missing", "body.battery_level": "less_than_equal",
      "body.sections_done": "greater_than_equal", "body.extra": "extra_forbidden",
    });
    const both = await replan({ from: "telematics", position: HANNOVER });
    expect(both.status).toBe(422);
    expect(both.json.detail).toEqual([expect.objectContaining({ loc: ["body", "position"], type: "value_error" })]);
    const badTime = await replan({ position: HANNOVER, battery_level: 0.5, time: "2026-11-25T09:00:00", driver: { driven_today_min: 700 } });
    expect(badTime.json.detail.map((d: any) => d.loc.join("."))).toEqual(["body.time", "body.driver.driven_today_min"]); // eslint-disable-line @typescript-eslint/no-explicit-any
    const tooMany = await replan({ position: HANNOVER, battery_level: 0.5, time: "2026-11-25T09:00:00Z", driver: {}, sections_done: 4 });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.detail[0]).toMatchObject({ loc: ["body", "sections_done"], msg: "Value error, the tour has 3 sections" });
    const sea = await replan({ position: [54.8, 4.0], battery_level: 0.5, time: "2026-11-25T09:00:00Z", driver: {}, sections_done: 1 });
    expect(sea.status).toBe(422);
    expect(sea.json.detail[0]).toMatchObject({ loc: ["body", "position"], type: "value_error" });
    expect(sea.json.detail[0].msg).toMatch(/No road within reach/);
    const hook = await replan({ position: HANNOVER, battery_level: 0.5, time: "2026-11-25T09:00:00Z", driver: {}, sections_done: 1, callback_url: "https://hooks.example.com/t" });
    expect(hook.status).toBe(422);
    expect(hook.json.detail[0]).toMatchObject({ loc: ["body", "callback_url"] });
    expect((await replan(undefined)).status).toBe(422);
    expect((await replan({}, 0)).json.detail[0].loc).toEqual(["path", "optimization_id"]);
  });

  it("a finished tour is 409: by sections_done, or a truck at the last stop after the plan's departure from it", async () => {
    const state = { battery_level: 0.4, driver: {}, time: "2026-11-26T09:00:00Z" };
    const done = await replan({ ...state, position: HILDESHEIM, sections_done: 3 });
    expect(done.status).toBe(409);
    expect(done.json.detail).toMatch(/tour is finished: all its 3 sections are served \(sections_done\)/);
    const atEnd = await replan({ ...state, position: HILDESHEIM });
    expect(atEnd.status).toBe(409);
    expect(atEnd.json.detail).toMatch(/tour is finished/);
  });

  it('{"from": "telematics"}: 409 while the vehicle has reported no state', async () => {
    const res = await replan({ from: "telematics" });
    expect(res.status).toBe(409);
    expect(res.json.detail).toMatch(/^No reported state for vehicle mb-eactros-600/);
  });

  it('{"from": "telematics"}: from the last position and state of charge its rFMS source reported, the driver as the plan implies then', async () => {
    const { point, plannedMs } = halfwayToWolfsburg();
    const vehicle = await db().vehicle.findUniqueOrThrow({ where: { tenantId_vehicleId: { tenantId: t.a.id, vehicleId: "mb-eactros-600" } } });
    const at = new Date(plannedMs);
    const row = { tenantId: t.a.id, latitude: point[0], longitude: point[1], positionAt: at, positionSource: "oem", socPercent: 42, socAt: new Date(plannedMs + 5 * 60_000), socSource: "oem" };
    // As the poller stores a report (src/server/telematics/poll.ts); state of charge more than 15 min off the position: not one state.
    await db().vehicleTelematics.upsert({ where: { vehicleRowId: vehicle.id }, create: { vehicleRowId: vehicle.id, ...row, socAt: new Date(plannedMs + 20 * 60_000) }, update: {} });
    expect((await replan({ from: "telematics" })).status).toBe(409);
    await db().vehicleTelematics.update({ where: { vehicleRowId: vehicle.id }, data: row });

    const res = await replan({ from: "telematics" });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ replanned_from: original.optimization_id, sections_done: 1 });
    const stored = JSON.parse((await db().tour.findUniqueOrThrow({ where: { id: res.json.tour_id } })).request);
    expect(stored.request).toMatchObject({ start_time_tour: at.toISOString(), battery_level_start: 0.42 });
    expect(stored.request.section_list[0].start_pos).toEqual(point);
    // The plan's driving up to then: the tour's own (the driver had driven 60 min before it) and no daily rest since.
    const d = stored.request.driver;
    expect(d.driven_today_min).toBeGreaterThan(60);
    expect(d.driven_today_min).toBeLessThan(60 + (plannedMs - Date.parse(original.totals.departure_time)) / 60_000);
    expect(d.since_daily_rest_min).toBeGreaterThanOrEqual(90 + Math.floor((plannedMs - Date.parse(original.totals.departure_time)) / 60_000) - 1);

    // A driver in the body overrides what the plan implies; the reported state stays the report's.
    const told = await replan({ from: "telematics", driver });
    expect(told.status, told.text).toBe(200);
    const toldStored = JSON.parse((await db().tour.findUniqueOrThrow({ where: { id: told.json.tour_id } })).request);
    expect(toldStored.request.driver).toMatchObject(driver);
    expect(toldStored.request.battery_level_start).toBe(0.42);
  });

  it("an optimization not planned yet: 409 unless sections_done says what is served", async () => {
    const queued = await call("POST", "/planner/v2", { key: t.a.key, body: tour });
    const id = queued.json.optimization_id;
    const state = { position: HANNOVER, battery_level: 0.8, time: "2026-11-25T06:30:00Z", driver: {} };
    const infer = await replan(state, id);
    expect(infer.status).toBe(409);
    expect(infer.json.detail).toMatch(/no drivable plan to tell the served sections from \(its job is queued\): send sections_done/);
    const told = await replan({ ...state, sections_done: 0 }, id);
    expect(told.status, told.text).toBe(200);
  });
});

describe("the web app's \"re-plan from here\" (tRPC replan.state and replan.queue)", () => {
  const as = (tenantId: number) =>
    appRouter.createCaller({ auth: { tenantId, tenantName: "t", keyId: 0, role: "member" }, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });
  const code = (p: Promise<unknown>) => p.then(() => "resolved", (e) => (e instanceof TRPCError ? e.code : String(e)));

  it("offers the vehicle's last report only while it has reported a position with its charge", async () => {
    const vehicle = await db().vehicle.findUniqueOrThrow({ where: { tenantId_vehicleId: { tenantId: t.a.id, vehicleId: "mb-eactros-600" } } });
    await db().vehicleTelematics.deleteMany({ where: { vehicleRowId: vehicle.id } });
    expect(await as(t.a.id).replan.state({ optimizationId: original.optimization_id })).toEqual({ vehicle_id: "mb-eactros-600", report: null });
    const at = new Date("2026-11-25T08:10:00Z");
    await db().vehicleTelematics.create({
      data: { vehicleRowId: vehicle.id, tenantId: t.a.id, latitude: 52.3, longitude: 10.2, positionAt: at, positionSource: "oem", socPercent: 57, socAt: at, socSource: "oem" },
    });
    expect((await as(t.a.id).replan.state({ optimizationId: original.optimization_id })).report).toEqual({ at: at.toISOString(), latitude: 52.3, longitude: 10.2, percent: 57 });
  });

  it("leaving a stop of the request: its section served, from the stop, with the charge and time given and the plan's hours on leaving it", async () => {
    const k = original.sections.findIndex((s: any) => s.section_id === "bs" && !s.inserted); // eslint-disable-line @typescript-eslint/no-explicit-any
    const time = "2026-11-25T10:00:00+01:00";
    const answer = await as(t.a.id).replan.queue({ optimizationId: original.optimization_id, from: { kind: "stop", section: k, battery_level: 0.45, time } });
    expect(answer).toMatchObject({ replanned_from: original.optimization_id, sections_done: 1 });
    const stored = JSON.parse((await db().tour.findUniqueOrThrow({ where: { id: answer.tour_id } })).request);
    expect(stored.request.section_list.map((s: any) => s.section_id)).toEqual(["wob", "hi"]); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(stored.request.section_list[0].start_pos).toEqual(original.sections[k].stop_pos.slice(0, 2));
    expect(stored.request).toMatchObject({ start_time_tour: new Date(time).toISOString(), battery_level_start: 0.45 });
    // The hours the plan has on leaving Braunschweig: its drive from Hannover on top of the 60 min driven before.
    const left = Date.parse(original.sections[k].poi_summary.departure_time);
    const drove = original.sections.slice(0, k + 1).reduce((m: number, s: any) => m + s.poi_summary.sec_duration_min, 0); // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(stored.request.driver.driven_today_min).toBeCloseTo(60 + drove, -1);
    expect(stored.request.driver.since_daily_rest_min).toBe(Math.round(90 + (left - Date.parse(original.totals.departure_time)) / 60_000));
  });

  it("another tenant's plan is not found; a stop the plan does not have, or a battery below the reserve, is refused", async () => {
    const from = { kind: "stop" as const, section: 0, battery_level: 0.5, time: "2026-11-25T10:00:00Z" };
    expect(await code(as(t.b.id).replan.state({ optimizationId: original.optimization_id }))).toBe("NOT_FOUND");
    expect(await code(as(t.b.id).replan.queue({ optimizationId: original.optimization_id, from }))).toBe("NOT_FOUND");
    expect(await code(as(t.a.id).replan.queue({ optimizationId: original.optimization_id, from: { ...from, section: 999 } }))).toBe("CONFLICT");
    expect(await code(as(t.a.id).replan.queue({ optimizationId: original.optimization_id, from: { ...from, battery_level: 0.05 } }))).toBe("BAD_REQUEST");
  });
});
