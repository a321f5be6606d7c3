// The plan watch (src/server/watch): a committed plan charging at a hub whose status a CPO pushes (OCPI 2.2.1
// Receiver: PUT of a Location, PATCH of an EVSE's status, the objects written from mod_locations.asciidoc) is
// re-planned when the hub's points go OUTOFORDER, or when the truck's report (a VehicleTelematics row, as the
// rFMS poller stores it) is behind the plan; the partner gets a plan.replanned webhook (checked with the
// standardwebhooks library) at a local receiver (http on 127.0.0.1, allowed below). Watch passes are run by the
// test (checkDueWatches), not by a loop.
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { createParty } from "@/server/ocpi/parties";
import { appRouter } from "@/server/trpc/routers";
import { checkDueWatches } from "@/server/watch/check";
import { deliverDue, deliveryOptions } from "@/server/webhooks/delivery";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { planNextJob } from "../support/jobs";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_HTTP = "true";
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
});

let t: TestTenants;
let token: string;
let secret: string;
let receiver: Receiver;

/** Hamburg -> Hannover starting low, now (live statuses are about now), bans off. */
const trip = (extra: Record<string, unknown> = {}) => ({
  vehicle_id: "mb-eactros-600", battery_level_start: 0.2, battery_level_end: 0.2, driving_bans: false,
  section_list: [{ start_pos: [53.55, 9.99], stop_pos: [52.37, 9.73], payload_kg: 20000 }], poi_info: {}, ...extra,
});
const stops = (r: any) => r.sections.map((s: any) => s.poi_summary).filter((p: any) => p.energy_kWh > 0 && p.id != null); // eslint-disable-line @typescript-eslint/no-explicit-any
const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const b64 = (s: string) => Buffer.from(s).toString("base64");
const ocpi = (method: "PUT" | "PATCH", path: string, body: unknown) => call(method, path, { key: null, headers: { authorization: `Token ${b64(token)}` }, body });
const pass = () => checkDueWatches({ intervalMs: 30_000 });
/** Makes every watch due now (a pass sets the next check WATCH_INTERVAL_S ahead). */
const due = () => db().planWatch.updateMany({ data: { nextCheckAt: new Date(Date.now() - 1_000) } });
const watchOf = async (id: number, key = t.a.key) => {
  const r = await call("GET", `/planner/optimizations/${id}/watch`, { key });
  expect(r.status, r.text).toBe(200);
  return r.json;
};

/** A truck hub of two MCS points (EVSEs `<id>-1`, `<id>-2`). */
function hub(id: string, lat: number, lon: number) {
  const now = at(Date.now());
  const evse = (n: number) => ({
    uid: `${id}-${n}`, status: "AVAILABLE", last_updated: now,
    connectors: [{ id: "1", standard: "MCS", format: "CABLE", power_type: "DC", max_voltage: 1250, max_amperage: 3000, max_electric_power: 1_000_000, last_updated: now }],
  });
  return {
    country_code: "DE", party_id: "LTH", id, publish: true, name: `Hub ${id}`, address: "Am Rasthof 1", city: "Testhausen", country: "DEU",
    coordinates: { latitude: lat.toFixed(6), longitude: lon.toFixed(6) }, operator: { name: "Watch Hub" }, time_zone: "Europe/Berlin", last_updated: now,
    evses: [evse(1), evse(2)],
  };
}

/** Submits, plans and commits a plan of tenant A with the receiver as its callback_url. */
async function committed(extra: Record<string, unknown> = {}): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: trip({ callback_url: receiver.url, ...extra }) });
  expect(submit.status, submit.text).toBe(200);
  // Re-plans the earlier tests' watches queued may be ahead of it in the queue: plan until this one is.
  for (let i = 0; i < 8; i++) {
    const job = await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.a.key });
    if (job.json.status === "succeeded") break;
    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(true);
  }
  const result = (await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key })).json;
  const c = await call("POST", `/planner/optimizations/${submit.json.optimization_id}/commit`, { key: t.a.key });
  expect(c.status, c.text).toBe(200);
  expect(c.json.watched).toBe(true);
  return { ...submit.json, result };
}

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  receiver = await startReceiver();
  secret = (await call("POST", "/webhooks/secret", { key: t.a.key })).json.secret;
  token = (await createParty(db(), { tenantId: t.a.id, countryCode: "DE", partyId: "LTH" })).token;
  const base = await call("POST", "/planner", { key: t.a.key, body: trip() });
  expect(base.status, base.text).toBe(200);
  const first = stops(base.json)[0];
  const put = await ocpi("PUT", "/ocpi/2.2.1/locations/DE/LTH/W", hub("W", first.coordinate_lat + 0.0004, first.coordinate_lon));
  expect(put.status, put.text).toBe(201);
});
afterAll(async () => {
  await receiver?.close();
  await closeDatabase();
});

describe("the plan watch", () => {
  let plan: any; // eslint-disable-line @typescript-eslint/no-explicit-any

  it("watches a committed plan and leaves it alone while all is well; other tenants do not see it", async () => {
    plan = await committed();
    expect(stops(plan.result)[0]).toMatchObject({ operator: "Watch Hub", live_status: "AVAILABLE" });
    expect(await watchOf(plan.optimization_id)).toMatchObject({ watched: true, status: "watching", last_checked_at: null, replanned_to: null });
    expect(await pass()).toBe(1);
    const w = await watchOf(plan.optimization_id);
    expect(w).toMatchObject({ watched: true, status: "watching", end_reason: null });
    expect(w.last_check).toMatch(/^all well/);
    expect(w.last_checked_at).not.toBeNull();
    // Not due again before its interval.
    expect(await pass()).toBe(0);
    expect((await call("GET", `/planner/optimizations/${plan.optimization_id}/watch`, { key: t.b.key })).status).toBe(404);
  });

  it("a planned stop going OUTOFORDER re-plans the plan, ends its watch and tells the partner, signed", async () => {
    for (const n of [1, 2]) {
      const r = await ocpi("PATCH", `/ocpi/2.2.1/locations/DE/LTH/W/W-${n}`, { status: "OUTOFORDER", last_updated: at(Date.now()) });
      expect(r.json.status_code, r.text).toBe(1000);
    }
    await due();
    expect(await pass()).toBe(1);
    const w = await watchOf(plan.optimization_id);
    expect(w).toMatchObject({ watched: false, status: "ended", end_reason: "replanned", trigger: "stop_unusable" });
    expect(w.detail).toMatch(/Hub W .*no usable charging point/);
    // The plan page reads the same watch (tRPC replan.watch); another tenant's key finds no such plan.
    const as = (tenantId: number) =>
      appRouter.createCaller({ auth: { tenantId, tenantName: "t", keyId: 0, role: "member" }, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });
    expect(await as(t.a.id).replan.watch({ optimizationId: plan.optimization_id })).toEqual(w);
    await expect(as(t.b.id).replan.watch({ optimizationId: plan.optimization_id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const next = await db().optimization.findFirstOrThrow({ where: { id: w.replanned_to }, include: { job: true, tour: true } });
    expect(JSON.parse(next.tour.request).replannedFrom).toBe(plan.optimization_id);
    expect(next.job?.status).toBe("queued");
    // The old plan's slots are released; the new plan is committed once planned.
    expect(await db().heldSlot.count({ where: { optimizationId: plan.optimization_id } })).toBe(0);
    expect(await watchOf(w.replanned_to)).toMatchObject({ watched: true, status: "committing" });

    // The plan.replanned webhook goes out at once (the original's completion webhook too: its job is final).
    await deliverDue(db(), { ...deliveryOptions(), timeoutMs: 3_000 });
    const got = await receiver.waitFor(2);
    const event = got.find((r) => JSON.parse(r.body).type === "plan.replanned")!;
    expect(event, "a plan.replanned delivery").toBeTruthy();
    expect(new Webhook(secret).verify(event.body, event.headers as Record<string, string>)).toMatchObject({
      type: "plan.replanned", optimization_id: plan.optimization_id, replanned_to: w.replanned_to, job_id: next.job!.id, tour_id: next.tourId, reason: "stop_unusable",
    });
    // The new job's own completion webhook is still to come (its job is not final).
    expect(await db().webhookDelivery.count({ where: { jobId: next.job!.id } })).toBe(2);

    // Planned: the watch commits it (its slots held) and watches it.
    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(true);
    await due();
    await pass();
    expect(await watchOf(w.replanned_to)).toMatchObject({ watched: true, status: "watching" });
  });

  it("a truck reporting much less charge than the plan has there is behind plan: re-planned from its report", async () => {
    for (const n of [1, 2]) await ocpi("PATCH", `/ocpi/2.2.1/locations/DE/LTH/W/W-${n}`, { status: "AVAILABLE", last_updated: at(Date.now()) });
    await db().planWatch.updateMany({ where: { status: { not: "ended" } }, data: { status: "ended", endReason: "released" } });
    const p = await committed();
    // Where the plan has the truck a while after departure, reported now with 15 points less charge than planned there.
    const s = p.result.sections[0];
    const start = s.start_pos ?? [53.55, 9.99];
    const vehicle = await db().vehicle.findUniqueOrThrow({ where: { tenantId_vehicleId: { tenantId: t.a.id, vehicleId: "mb-eactros-600" } } });
    const now = new Date();
    const row = { tenantId: t.a.id, latitude: start[0], longitude: start[1], positionAt: now, positionSource: "oem", socPercent: 5, socAt: now, socSource: "oem" };
    // As the poller stores a report (src/server/telematics/poll.ts).
    await db().vehicleTelematics.upsert({ where: { vehicleRowId: vehicle.id }, create: { vehicleRowId: vehicle.id, ...row }, update: row });
    await due();
    expect(await pass()).toBeGreaterThanOrEqual(1);
    const w = await watchOf(p.optimization_id);
    expect(w, w.last_check).toMatchObject({ status: "ended", end_reason: "replanned", trigger: "behind_plan" });
    expect(w.detail).toMatch(/reports 5 % charge where the plan has 20 %.*re-planned from the vehicle's last report/);
    const next = await db().tour.findFirstOrThrow({ where: { optimizations: { some: { id: w.replanned_to } } } });
    expect(JSON.parse(next.request).request.battery_level_start).toBe(0.1); // the planner's reserve: never below it
  });

  it("a truck reporting from a place of the plan over 30 min later than planned is behind plan: re-planned from its report", async () => {
    await db().planWatch.updateMany({ where: { status: { not: "ended" } }, data: { status: "ended", endReason: "released" } });
    // A plan that left 45 min ago; the truck reports now from its start, with the charge the plan has there.
    const p = await committed({ start_time_tour: new Date(Date.now() - 45 * 60_000).toISOString() });
    const start = p.result.sections[0].start_pos ?? [53.55, 9.99];
    const vehicle = await db().vehicle.findUniqueOrThrow({ where: { tenantId_vehicleId: { tenantId: t.a.id, vehicleId: "mb-eactros-600" } } });
    const now = new Date();
    const row = { tenantId: t.a.id, latitude: start[0], longitude: start[1], positionAt: now, positionSource: "oem", socPercent: 20, socAt: now, socSource: "oem" };
    await db().vehicleTelematics.upsert({ where: { vehicleRowId: vehicle.id }, create: { vehicleRowId: vehicle.id, ...row }, update: row });
    await due();
    expect(await pass()).toBeGreaterThanOrEqual(1);
    const w = await watchOf(p.optimization_id);
    expect(w, w.last_check).toMatchObject({ status: "ended", end_reason: "replanned", trigger: "behind_plan" });
    expect(w.detail).toMatch(/passes its reported place (4[4-6]) min later than planned \(tolerance 30 min\)/);
    const next = JSON.parse((await db().tour.findFirstOrThrow({ where: { optimizations: { some: { id: w.replanned_to } } } })).request);
    expect(next.request).toMatchObject({ start_time_tour: now.toISOString(), battery_level_start: 0.2 });

    // 20 min late is within the tolerance: a plan left alone.
    const q = await committed({ start_time_tour: new Date(Date.now() - 20 * 60_000).toISOString() });
    await due();
    await pass();
    expect(await watchOf(q.optimization_id)).toMatchObject({ status: "watching", watched: true });
  });

  it("other tenants can neither see nor end a watch", async () => {
    const open = await db().planWatch.findFirstOrThrow({ where: { status: { not: "ended" } } });
    expect((await call("DELETE", `/planner/optimizations/${open.optimizationId}/commit`, { key: t.b.key })).status).toBe(404);
    expect((await call("GET", `/planner/optimizations/${open.optimizationId}/watch`, { key: t.b.key })).status).toBe(404);
    expect((await watchOf(open.optimizationId)).watched).toBe(true);
    const released = await call("DELETE", `/planner/optimizations/${open.optimizationId}/commit`, { key: t.a.key });
    expect(released.json).toMatchObject({ committed: false, watched: false });
    expect(await watchOf(open.optimizationId)).toMatchObject({ watched: false, end_reason: "released" });
  });
});
