// A fleet's day through the API (SQLite and PostgreSQL): two tours competing
// for a one-point site at the same time never overlap there; committed slots
// are respected by later plans and released ones free the site again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usesOf } from "@/engine/fleet/plan-fleet";
import type { SiteUse } from "@/engine/fleet/types";
import { db } from "@/server/db/client";
import { packs } from "@/server/packs";
import { call, dispatch } from "../support/api";
import { whileProbingHealthz } from "../support/healthz-probe";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { planNextJob, plannedV2 } from "../support/jobs";
import { HANNOVER } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const body = hamburgMunich({ start_time_tour: "2026-12-01T06:00:00", battery_level_start: 0.6 });
const overlap = (a: SiteUse, b: SiteUse) => a.site === b.site && a.startMs < b.endMs && b.startMs < a.endMs;

async function planAll() {
  while (await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })) { /* until the queue is empty */ }
}

/** The first charging site of a plan alone, made a one-point site for tenant a by an overlay. */
let site = "";
async function onePointSite() {
  if (site) return site;
  const alone = await plannedV2(t.a.key, body);
  const first = alone.sections.find((s: any) => (s.poi_summary?.charge_time_min ?? 0) > 0).poi_summary;
  const ext = alone.poi_list.find((p: any) => p.poi_id === first.id).external_id;
  const put = await call("PUT", `/poi/overlays/${encodeURIComponent(ext)}`, { key: t.a.key, body: { charge_points: 1 } });
  expect(put.status, put.text).toBe(200);
  expect(put.json.charge_points).toBe(1);
  site = String(first.id);
  return site;
}

describe("authentication", () => {
  it.each([
    ["POST", "/planner/fleet"], ["GET", "/planner/fleet/00000000-0000-4000-8000-000000000000"],
    ["POST", "/planner/optimizations/1/commit"], ["DELETE", "/planner/optimizations/1/commit"],
  ] as const)("%s %s without a key is 401", async (method, path) => {
    const res = await call(method, path, { body: method === "POST" ? { tours: [body] } : undefined });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describe("POST /planner/fleet", () => {
  it("two tours competing for a one-point site at the same time never overlap there", async () => {
    const s = await onePointSite();
    const submit = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [body, { ...body, priority: 1 }] } });
    expect(submit.status, submit.text).toBe(200);
    expect(submit.json.tours).toHaveLength(2);
    const fleetId = submit.json.fleet_id;
    expect((await call("GET", `/planner/fleet/${fleetId}`, { key: t.a.key })).json.status).toBe("queued");
    await planAll();
    const f = await call("GET", `/planner/fleet/${fleetId}`, { key: t.a.key });
    expect(f.status, f.text).toBe(200);
    expect(f.json.status).toBe("succeeded");
    // Alone, both would have charged at the one-point site at once.
    expect(f.json.conflicts_alone.some((c: any) => c.site === s && c.capacity === 1 && c.trucks === 2)).toBe(true);
    expect(f.json.conflicts).toEqual([]);
    // Each tour's result as v2 serves it (re-simulated by call()); the one-point site never holds both at once.
    const uses = [];
    for (const tour of f.json.tours) {
      const r = await call("GET", `/planner/optimizations/${tour.optimization_id}/result`, { key: t.a.key });
      expect(r.status, r.text).toBe(200);
      expect(r.json.status).toBe("succeeded");
      expect(tour.result.sections).toEqual(r.json.sections);
      for (const p of r.json.sections.map((x: any) => x.poi_summary).filter((p: any) => (p?.charge_time_min ?? 0) > 0 && typeof p.id === "number")) {
        expect(p.capacity).toBeGreaterThanOrEqual(1);
        if (String(p.id) === s) expect(p).toMatchObject({ capacity: 1, capacity_assumed: false });
      }
      uses.push(usesOf(r.json));
      expect(tour.fleet.uses.map((u: any) => u.site)).toEqual(usesOf(r.json).map((u) => u.site));
    }
    const [a, b] = uses;
    expect(a.filter((u) => u.site === s).some((u) => b.some((v) => overlap(u, v)))).toBe(false);
    // The priority tour kept its plan; the other paid for the conflict.
    const [t0, t1] = f.json.tours;
    expect(t1.fleet.delay_min).toBe(0);
    expect(t1.fleet.objective).toBeCloseTo(t1.fleet.objective_alone, 6);
    expect(t0.fleet.objective).toBeGreaterThan(t0.fleet.objective_alone);
    expect(f.json.added.objective).toBeGreaterThan(0);
  }, 600_000);

  it("answers 422 with every tour's problems at their place, 404 for another tenant's fleet", async () => {
    const empty = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [] } });
    expect(empty.status).toBe(422);
    expect(empty.json.detail[0].loc).toEqual(["body", "tours"]);
    const bad = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [body, { ...body, vehicle_id: "no-such-truck" }, { ...body, priority: 11 }] } });
    expect(bad.status).toBe(422);
    const locs = bad.json.detail.map((d: any) => d.loc.join("."));
    expect(locs).toContain("body.tours.2.priority");
    const unknown = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [{ ...body, vehicle_id: "no-such-truck" }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail.map((d: any) => d.loc.join("."))).toEqual(["body.tours.0.vehicle_id"]);
    const submit = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [body] } });
    expect(submit.status).toBe(200);
    expect((await call("GET", `/planner/fleet/${submit.json.fleet_id}`, { key: t.b.key })).status).toBe(404);
    expect((await call("GET", "/planner/fleet/not-a-uuid", { key: t.a.key })).status).toBe(422);
    await planAll();
  }, 600_000);
});

describe("depot charging before departure", () => {
  it("schedules who charges when at a one-point depot and says which tour cannot be ready", async () => {
    const put = await call("PUT", "/poi/depots/yard", { key: t.a.key, body: { name: "Yard", latitude: 53.5, longitude: 10.05, power_kW: 150, connectors: ["CCS"], points: 1 } });
    expect([200, 201]).toContain(put.status);
    const unknown = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [body], depot: { depot_id: "nope", grid_limit_kW: 100 } } });
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail.map((d: any) => d.loc.join("."))).toEqual(["body.depot.depot_id"]);
    // 0.2 -> 0.6 of 600 kWh: about 1.7 h at 150 kW. The first is plugged in at midnight, the second only at 05:00: one point.
    const tours = [
      { ...body, depot_soc: 0.2, depot_plugged_from: "2026-12-01T00:00:00Z" },
      { ...body, start_time_tour: "2026-12-01T06:30:00", depot_soc: 0.2, depot_plugged_from: "2026-12-01T05:00:00Z" },
      { ...body, start_time_tour: "2026-12-01T09:00:00" },
    ];
    const submit = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours, depot: { depot_id: "yard", grid_limit_kW: 150 } } });
    expect(submit.status, submit.text).toBe(200);
    await planAll();
    const f = await call("GET", `/planner/fleet/${submit.json.fleet_id}`, { key: t.a.key });
    expect(f.json.status).toBe("succeeded");
    const [first, second, third] = f.json.tours;
    expect(f.json.depot).toMatchObject({ depot_id: "yard", points: 1, power_kW: 150, grid_limit_kW: 150, cannot: [second.tour_id] });
    expect(f.json.depot.peak_kW).toBeLessThanOrEqual(150);
    expect(first.fleet.depot).toMatchObject({ ready: true, soc: 0.6 });
    expect(second.fleet.depot.ready).toBe(false);
    expect(second.fleet.depot.soc).toBeLessThan(0.6);
    expect(third.fleet.depot ?? null).toBeNull();
    // One point: the sessions never overlap, and each ends by its tour's departure.
    const sessions = [first, second].flatMap((x: any) => x.fleet.depot.sessions.map((s: any) => ({ ...s, leave: Date.parse(x.result.totals.departure_time) })));
    for (const a of sessions) {
      expect(Date.parse(a.end)).toBeLessThanOrEqual(a.leave);
      for (const b of sessions) if (a !== b) expect(Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end)).toBe(false);
    }
  }, 600_000);
});

describe("held slots", () => {
  it("committed slots are respected by later plans; released, the site is free again", async () => {
    const s = await onePointSite();
    const first = await call("POST", "/planner/v2", { key: t.a.key, body });
    await planAll();
    const commit = await call("POST", `/planner/optimizations/${first.json.optimization_id}/commit`, { key: t.a.key });
    expect(commit.status, commit.text).toBe(200);
    const held = commit.json.slots.map((x: any) => ({ site: x.site, startMs: Date.parse(x.start), endMs: Date.parse(x.end) }));
    expect(held.some((u: SiteUse) => u.site === s)).toBe(true);
    expect(commit.json.slots.every((x: any) => typeof x.to_book === "boolean")).toBe(true);
    // Another tenant's commit holds nothing for tenant a, and b cannot commit a's plan.
    expect((await call("POST", `/planner/optimizations/${first.json.optimization_id}/commit`, { key: t.b.key })).status).toBe(404);

    const later = await plannedV2(t.a.key, body);
    const uses = usesOf(later);
    expect(uses.filter((u) => u.site === s).some((u) => held.some((h: SiteUse) => overlap(u, h)))).toBe(false);
    expect(later.fleet.uses.length).toBe(uses.length);

    const release = await call("DELETE", `/planner/optimizations/${first.json.optimization_id}/commit`, { key: t.a.key });
    expect(release.status).toBe(200);
    expect(release.json).toMatchObject({ committed: false, slots: [] });
    const free = await plannedV2(t.a.key, body);
    expect(usesOf(free).some((u) => held.some((h: SiteUse) => overlap(u, h) && u.site === s))).toBe(true);
  }, 600_000);
});

/** GET /planner/fleet/{id}, the handler alone probed (the test's own reading of megabytes is not the server's). */
async function fleetPage(fleetId: string, query = "") {
  const probed = await whileProbingHealthz(() => dispatch(`http://planner.test/planner/fleet/${fleetId}${query}`, { headers: { authorization: `Bearer ${t.a.key}` } }));
  const text = await probed.value.text();
  return { status: probed.value.status, text, json: JSON.parse(text), slowestMs: probed.slowestMs };
}

describe("bounded work", () => {
  it("a depot window over 48 h, one ending after the departure or before it starts are 422 at the field, at once", async () => {
    const put = await call("PUT", "/poi/depots/bounded", { key: t.a.key, body: { name: "Yard", latitude: 53.5, longitude: 10.05, power_kW: 150, connectors: ["CCS"], points: 1 } });
    expect([200, 201]).toContain(put.status);
    const depot = { depot_id: "bounded", grid_limit_kW: 0.001 };
    // The attack as found: five tours plugged in for twenty years behind a tiny grid limit.
    const years = Array.from({ length: 5 }, () => ({ ...body, depot_soc: 0.1, depot_plugged_from: "2006-12-01T00:00:00Z" }));
    const probed = await whileProbingHealthz(() => call("POST", "/planner/fleet", { key: t.a.key, body: { tours: years, depot } }));
    expect(probed.value.status).toBe(422);
    expect(probed.slowestMs).toBeLessThan(100);
    expect(probed.value.json.detail.map((d: any) => [d.loc.join("."), d.type])).toEqual(years.map((_, i) => [`body.tours.${i}.depot_plugged_from`, "value_error"]));
    expect(probed.value.json.detail[0].msg).toMatch(/at most 48 h/);
    const after = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [{ ...body, depot_soc: 0.1, depot_ready_by: "2026-12-01T07:00:00Z" }], depot } });
    expect(after.status).toBe(422);
    expect(after.json.detail.map((d: any) => d.loc.join("."))).toEqual(["body.tours.0.depot_ready_by"]);
    const reversed = await call("POST", "/planner/fleet", {
      key: t.a.key, body: { tours: [{ ...body, depot_soc: 0.1, depot_plugged_from: "2026-12-01T05:00:00Z", depot_ready_by: "2026-12-01T04:00:00Z" }], depot },
    });
    expect(reversed.status).toBe(422);
    expect(reversed.json.detail.map((d: any) => d.loc.join("."))).toEqual(["body.tours.0.depot_plugged_from"]);
    // 48 h exactly is allowed.
    const ok = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [{ ...body, depot_soc: 0.5, depot_plugged_from: "2026-11-29T06:00:00Z" }], depot: { depot_id: "bounded", grid_limit_kW: 150 } } });
    expect(ok.status, ok.text).toBe(200);
    await planAll();
  }, 600_000);

  it("a fleet day is one job of the queue: its first tour's job plans and finishes every tour", async () => {
    const tours = [0, 1, 2].map((i) => ({ ...body, start_time_tour: `2026-12-0${2 + i}T06:00:00`, section_list: [{ start_pos: body.section_list[0].start_pos, stop_pos: HANNOVER, payload_kg: 10000 }] }));
    const submit = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours } });
    expect(submit.status, submit.text).toBe(200);
    const ids = submit.json.tours.map((x: any) => x.job_id);
    const jobs = await db().job.findMany({ where: { id: { in: ids } }, orderBy: { tourId: "asc" } });
    expect(jobs.map((j) => j.fleetLeadId)).toEqual([null, ids[0], ids[0]]);
    expect(new Set(jobs.map((j) => j.fairStart)).size).toBe(1);
    expect(jobs[0].fairFinish - jobs[0].fairStart).toBe(3);
    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(true);
    for (const id of ids) {
      const job = await call("GET", `/planner/jobs/${id}`, { key: t.a.key });
      expect(job.json.status).toBe("succeeded");
    }
    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(false);
    const f = await fleetPage(submit.json.fleet_id);
    expect(f.json).toMatchObject({ status: "succeeded", error: null, tours_total: 3, offset: 0, next_offset: null });
    for (const tour of f.json.tours) {
      const r = await call("GET", `/planner/optimizations/${tour.optimization_id}/result`, { key: t.a.key });
      expect(tour.result).toEqual(r.json);
      expect(tour.summary.totals).toEqual(r.json.totals);
      expect(tour.summary.sections.map((x: any) => x.poi_summary?.arrival_time)).toEqual(r.json.sections.map((x: any) => x.poi_summary?.arrival_time));
    }
  }, 600_000);

  it("a fleet day whose plan fails is recorded once and fails every tour with the reason", async () => {
    const submit = await call("POST", "/planner/fleet", { key: t.a.key, body: { tours: [body, { ...body, priority: 2 }] } });
    expect(submit.status, submit.text).toBe(200);
    // A time limit already passed: the lead's plan stops at once, for good.
    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3, timeLimitMs: -1 })).toBe(true);
    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(false);
    const f = await fleetPage(submit.json.fleet_id);
    expect(f.json.status).toBe("failed");
    expect(f.json.error).toMatch(/time limit/);
    expect(f.json.tours.map((x: any) => x.status)).toEqual(["failed", "failed"]);
    expect(f.json.tours[0].error).toMatch(/time limit/);
    expect(f.json.tours[1].error).toMatch(/^the fleet day's plan failed: .*time limit/);
    expect(f.json.tours.every((x: any) => x.result === null && x.fleet === null)).toBe(true);
  }, 600_000);

  it("forty tours: submitted, planned and paged without blocking /healthz; a page with results stops before 20 MB", async () => {
    // A day each, so the fleet has nothing to resolve: some 0.6 MB of result per tour, 24 MB in all.
    const tours = Array.from({ length: 40 }, (_, i) => ({ ...body, start_time_tour: new Date(Date.UTC(2027, 0, 1 + i, 6)).toISOString() }));
    void packs.plan; // loaded at start-up in the server (runtime.ts)
    const submit = await whileProbingHealthz(() => call("POST", "/planner/fleet", { key: t.a.key, body: { tours } }));
    expect(submit.value.status, submit.value.text).toBe(200);
    expect(submit.slowestMs).toBeLessThan(100);
    const planned = await whileProbingHealthz(() => planNextJob(db(), { leaseS: 600, maxAttempts: 3 }));
    expect(planned.value).toBe(true);
    expect(planned.slowestMs).toBeLessThan(100);
    const fleetId = submit.value.json.fleet_id;
    const first = await fleetPage(fleetId);
    expect(first.status).toBe(200);
    expect(first.slowestMs).toBeLessThan(100);
    expect(first.json.status).toBe("succeeded");
    expect(first.json.tours_total).toBe(40);
    const n = first.json.tours.length;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(40);
    expect(first.json.next_offset).toBe(n);
    const bytes = (rows: any[]) => rows.reduce((a, x) => a + JSON.stringify(x.result).length, 0);
    expect(bytes(first.json.tours)).toBeLessThanOrEqual(20_000_000);
    expect(first.json.tours.every((x: any) => x.result?.status === "succeeded")).toBe(true);
    const rest = await fleetPage(fleetId, `?offset=${n}`);
    expect(rest.slowestMs).toBeLessThan(100);
    expect(rest.json.tours.map((x: any) => x.tour_id)).toEqual(submit.value.json.tours.slice(n).map((x: any) => x.tour_id));
    expect(rest.json.next_offset).toBeNull();
    const brief = await fleetPage(fleetId, "?include_results=false&limit=50");
    expect(brief.json.tours).toHaveLength(40);
    expect(brief.json.tours.every((x: any) => x.result === null && x.summary?.status === "succeeded" && x.fleet)).toBe(true);
    expect(brief.text.length).toBeLessThan(2_000_000);
    const two = await fleetPage(fleetId, "?include_results=false&offset=38&limit=5");
    expect(two.json).toMatchObject({ offset: 38, next_offset: null, tours_total: 40 });
    expect(two.json.tours).toHaveLength(2);
    expect((await call("GET", `/planner/fleet/${fleetId}?limit=0`, { key: t.a.key })).json.detail[0].loc).toEqual(["query", "limit"]);
  }, 600_000);
});
