// Happy paths of every endpoint, auth, tenant isolation and the job lifecycle.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decodePolyline } from "@/engine/network/polyline";
import { db } from "@/server/db/client";
import { createApiKey, revokeApiKey } from "@/server/auth/keys";
import { runNextJob } from "@/server/jobs/table-queue";
import { packs } from "@/server/packs";
import { AUTHED_ENDPOINTS, call, plansChecked } from "../support/api";
import { freshDatabase, hamburgMunich, HANNOVER, twoTenants, type TestTenants } from "../support/env";

const WORKER = { leaseS: 60, maxAttempts: 2 };
let t: TestTenants;

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

async function submitAndRun(key: string, body: unknown, query = "") {
  const submit = await call("POST", `/planner/v2${query}`, { key, body });
  expect(submit.status, submit.text).toBe(200);
  while (await runNextJob(db(), WORKER)) {
    /* drain the queue */
  }
  return submit.json as { tour_id: number; optimization_id: number; job_id: string; warnings: string[]; message: string };
}

describe("authentication", () => {
  it.each(AUTHED_ENDPOINTS)("%s %s without a key is 401 with WWW-Authenticate", async (method, path) => {
    const res = await call(method, path, { body: method === "POST" ? hamburgMunich() : undefined });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(typeof res.json.detail).toBe("string");
  });
  it.each(AUTHED_ENDPOINTS)("%s %s with a wrong key is 401", async (method, path) => {
    const res = await call(method, path, { key: t.a.key.slice(0, -2) + "xx", body: method === "POST" ? hamburgMunich() : undefined });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain('error="invalid_token"');
  });
  it("a revoked key is refused; keys are stored only as hashes", async () => {
    const { key, prefix } = await createApiKey(db(), t.a.id, "to revoke");
    expect((await call("GET", "/vehicles", { key })).status).toBe(200);
    const row = await db().apiKey.findUniqueOrThrow({ where: { prefix } });
    expect(row.hash).not.toContain(key.slice(`etp_${prefix}_`.length)); // the secret itself may contain "_"
    expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await revokeApiKey(db(), prefix)).toBe(1);
    expect((await call("GET", "/vehicles", { key })).status).toBe(401);
  });
  it("a malformed Authorization header is 401", async () => {
    const res = await call("GET", "/vehicles", { headers: { authorization: "Basic abc" } });
    expect(res.status).toBe(401);
  });
});

describe("lookups", () => {
  it("GET /vehicles lists the tenant's fleet", async () => {
    const res = await call("GET", "/vehicles", { key: t.a.key });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(expect.arrayContaining([expect.objectContaining({ vehicle_id: "mb-eactros-600", model_code: "MB_EACTROS_600", manufacturer: "Mercedes-Benz" })]));
  });
  it("GET /vehicles/info/models maps manufacturer -> model -> code", async () => {
    const res = await call("GET", "/vehicles/info/models", { key: t.a.key });
    expect(res.status).toBe(200);
    expect(Object.values(res.json["Mercedes-Benz"])).toContain("MB_EACTROS_600");
    expect(Object.keys(res.json).length).toBeGreaterThanOrEqual(6);
  });
  it("filters models by manufacturer, repeatable and case-insensitive", async () => {
    const res = await call("GET", "/vehicles/info/models?manufacturer=mercedes-benz&manufacturer=VOLVO", { key: t.a.key });
    expect(Object.keys(res.json).sort()).toEqual(["Mercedes-Benz", "Volvo"]);
  });
  it("GET /routing/geocode finds towns and postcodes and says how precise it is", async () => {
    const town = await call("GET", "/routing/geocode?address=Hamburg", { key: t.a.key });
    expect(town.status).toBe(200);
    expect(town.json.latitude).toBeCloseTo(53.55, 1);
    expect(town.json.longitude).toBeCloseTo(10.0, 1);
    expect(town.json).toMatchObject({ kind: "place", label: "Hamburg, DE", approximate: false, source: "embedded" });
    expect(town.json).not.toHaveProperty("unmatched");
    const postcode = await call("GET", `/routing/geocode?address=${encodeURIComponent("80331 München")}`, { key: t.a.key });
    expect(postcode.json.latitude).toBeCloseTo(48.13, 1);
    expect(postcode.json).toMatchObject({ kind: "postcode", label: "80331 München, DE", approximate: false });
  });
  it("GET /routing/geocode falls back to the town or postcode of a street it does not know, and says so", async () => {
    const geocode = (q: string) => call("GET", `/routing/geocode?address=${encodeURIComponent(q)}`, { key: t.a.key });
    const alex = await geocode("Berlin Alexanderplatz");
    expect(alex.status).toBe(200);
    expect(alex.json).toMatchObject({ kind: "place", label: "Berlin, DE", approximate: true, unmatched: "Alexanderplatz", source: "embedded" });
    expect(alex.json.latitude).toBeCloseTo(52.52, 1);
    const marienplatz = await geocode("Marienplatz 1, 80331 München");
    expect(marienplatz.json).toMatchObject({ kind: "postcode", label: "80331 München, DE", approximate: true, unmatched: "Marienplatz 1" });
    // Across the data's countries.
    const labels: [string, string][] = [
      ["Rotterdam Maasvlakte", "Rotterdam, NL"], ["NL 3011", "3011 Rotterdam, NL"], ["Brussels", "Bruxelles, BE"],
      ["Lyon Part-Dieu", "Lyon, FR"], ["Milano", "Milano, IT"], ["Warszawa", "Warszawa, PL"], ["Praha", "Praha, CZ"],
      ["80331", "80331 München, DE"], ["Wien Hauptbahnhof", "Wien, AT"], ["Kopenhagen", "København, DK"],
      ["Luxembourg", "Luxembourg, LU"], ["Zürich", "Zürich, CH"],
    ];
    for (const [q, label] of labels) {
      const res = await geocode(q);
      expect(res.status, q).toBe(200);
      expect(res.json.label, q).toBe(label);
    }
  });
  it("an address without any known place is a 404 with a JSON body", async () => {
    for (const q of ["Xqzzyville", "Xqzzyweg 12"]) {
      const res = await call("GET", `/routing/geocode?address=${encodeURIComponent(q)}`, { key: t.a.key });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(res.json.detail).toContain(q);
      expect(typeof res.json.request_id).toBe("string");
    }
  });
  it("GET /poi/cpos lists operators sorted by station count", async () => {
    const res = await call("GET", "/poi/cpos", { key: t.a.key });
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(50);
    const counts = res.json.map((c: { station_count: number }) => c.station_count);
    expect(counts).toEqual([...counts].sort((x: number, y: number) => y - x));
    expect(typeof res.json[0].name).toBe("string");
  });
  it("GET /openapi.json is an OpenAPI 3.1 document of every path", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.json.openapi).toBe("3.1.0");
    // Every route file of the app is documented, but for the UI's own (tRPC, basemap, plan exports), the
    // operations endpoints (health, readiness, metrics: docs/API.md "Operations"), the document itself and
    // the OCPI 2.2.1 endpoints, which speak OCPI (docs/API.md "OCPI").
    const routeFiles = (fs.readdirSync("src/app", { recursive: true }) as string[])
      .filter((f) => path.basename(f) === "route.ts")
      .map((f) => "/" + path.dirname(f).split(path.sep).join("/").replace(/\[([^\]]+)\]/g, "{$1}"));
    const documented = routeFiles.filter((p) => !/^\/(api|basemap|plans)\//.test(p) && !/^\/ocpi\/(versions$|2\.2\.1($|\/))/.test(p) && !["/openapi.json", "/healthz", "/readyz", "/metrics"].includes(p));
    expect(documented.length).toBeGreaterThanOrEqual(12);
    for (const p of documented) expect(res.json.paths[p], p).toBeTruthy();
    for (const [p, ops] of Object.entries(res.json.paths as Record<string, Record<string, unknown>>)) {
      const file = `src/app${p.replace(/\{([^}]+)\}/g, "[$1]")}/route.ts`;
      const source = fs.readFileSync(file, "utf8");
      for (const method of Object.keys(ops)) expect(source, `${method.toUpperCase()} ${p}`).toContain(`export const ${method.toUpperCase()} =`);
    }
    expect(res.json.components.schemas.RouteOptimizationRequest.properties.battery_level_start).toMatchObject({ minimum: 0.1, maximum: 1 });
  });
});

describe("planner v2 lifecycle", () => {
  it("submit -> queued job -> succeeded -> result, stable on every fetch", async () => {
    const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
    expect(submit.status, submit.text).toBe(200);
    expect(submit.json).toMatchObject({ tour_id: expect.any(Number), optimization_id: expect.any(Number), warnings: [] });
    expect(submit.json.job_id).toMatch(/^[0-9a-f-]{36}$/);

    const queued = await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.a.key });
    expect(queued.json).toMatchObject({ status: "queued", job_id: submit.json.job_id, tour_id: submit.json.tour_id, optimization_id: submit.json.optimization_id, vehicle_id: "mb-eactros-600" });
    const early = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ status: "queued", job_id: submit.json.job_id });

    expect(await runNextJob(db(), WORKER)).toBe(true);
    const done = await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.a.key });
    expect(done.json.status).toBe("succeeded");
    expect(done.json.finished_at).not.toBeNull();

    const first = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result?tenant_id=${t.a.id}`, { key: t.a.key });
    const second = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    const r = first.json;
    expect(r).toMatchObject({ status: "succeeded", qualification: "Driveable", optimization_id: submit.json.optimization_id, tour_id: submit.json.tour_id, battery_level_start: 0.8 });
    const stops = r.sections.filter((s: any) => s.poi_summary?.name !== "Destination");
    expect(stops.length).toBeGreaterThanOrEqual(1);
    expect(r.sections.at(-1).poi_summary.name).toBe("Destination");
    expect(r.battery_level_end).toBeGreaterThanOrEqual(0.2 - 1e-9);
    expect(Array.isArray(r.available_charging_stations)).toBe(true);
    expect(r.poi_list.length).toBeGreaterThan(0);
    for (const s of stops) {
      expect(s.poi_summary.start_soc).toBeGreaterThanOrEqual(0.1 - 1e-9);
      expect(s.poi_summary.stop_soc).toBeGreaterThan(s.poi_summary.start_soc);
      expect(s.poi_summary.energy_kWh).toBeGreaterThan(0);
      expect(s.poi_summary.charge_time_min).toBeGreaterThan(0);
    }
  });

  it("section polylines decode to a path that follows the road network", async () => {
    const ids = await submitAndRun(t.a.key, hamburgMunich());
    const r = (await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.a.key })).json;
    const snapper = packs.plan.snapper;
    let points = 0;
    for (const section of r.sections) {
      const line = decodePolyline(section.polyline);
      expect(line.length).toBeGreaterThan(1);
      for (const [lat, lon] of line) {
        expect(snapper.snap(lat, lon).distanceM).toBeLessThan(5);
        points++;
      }
    }
    const total = r.sections.reduce((a: number, s: any) => a + s.length_m, 0);
    expect(total / 1000).toBeGreaterThan(700);
    expect(total / 1000).toBeLessThan(900);
    expect(points).toBeGreaterThan(100);
  });

  it("multi-section tours keep their sections, payloads and ids", async () => {
    const body = hamburgMunich({
      section_list: [
        { start_pos: [53.55, 9.99], stop_pos: HANNOVER, payload_kg: 20000, section_id: "leg-1", service_time_min: 30 },
        { start_pos: HANNOVER, stop_pos: [48.14, 11.58], payload_kg: 5000, section_id: "leg-2" },
      ],
    });
    const ids = await submitAndRun(t.a.key, body);
    const r = (await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.a.key })).json;
    expect(r.status).toBe("succeeded");
    const ends = r.sections.filter((s: any) => s.service_time_min != null || s.poi_summary.name === "Destination");
    expect(r.sections[0].section_id).toBe("leg-1");
    expect(r.sections.at(-1).section_id).toBe("leg-2");
    expect(r.sections.find((s: any) => s.poi_summary.name === "leg-1")).toMatchObject({ service_time_min: 30, payload_kg: 20000 });
    expect(ends.length).toBeGreaterThanOrEqual(2);
    expect(r.sections.at(-1).payload_kg).toBe(5000);
  });

  it("an impossible trip is not_drivable with a reason, not an error", async () => {
    const ids = await submitAndRun(t.a.key, hamburgMunich({ battery_level_start: 0.3, poi_info: { min_kW: 4000 } }));
    const job = (await call("GET", `/planner/jobs/${ids.job_id}`, { key: t.a.key })).json;
    expect(job.status).toBe("not_drivable");
    const r = (await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.a.key })).json;
    expect(r).toMatchObject({ status: "not_drivable", qualification: "not_drivable", not_drivable_reason: { code: "no_chargers_available" } });
  });

  it("a battery too small for the gaps between chargers is battery_depleted_mid_route", async () => {
    await db().vehicle.create({ data: { tenantId: t.a.id, vehicleId: "tiny", modelCode: "MB_EACTROS_600", name: "tiny battery", overrides: JSON.stringify({ usableBatteryKWh: 40 }) } });
    const ids = await submitAndRun(t.a.key, hamburgMunich({ vehicle_id: "tiny", poi_info: { min_kW: 300 } }));
    const r = (await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.a.key })).json;
    expect(r.not_drivable_reason.code).toBe("battery_depleted_mid_route");
    expect(r.not_drivable_reason.message).toMatch(/reserve/);
  });

  it("a filter the data cannot answer excludes stations and says so in warnings", async () => {
    const ids = await submitAndRun(t.a.key, hamburgMunich({ poi_info: { truck_approved: "T" } }));
    expect(ids.warnings.join(" ")).toMatch(/truck_approved/);
    const r = (await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.a.key })).json;
    expect(r.status).toBe("not_drivable");
    expect(r.warnings.join(" ")).toMatch(/truck_approved/);
  });

  it("min_charge_duration_min is a floor on every stop's charging time", async () => {
    const ids = await submitAndRun(t.a.key, hamburgMunich(), "?min_charge_duration_min=45");
    const r = (await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.a.key })).json;
    const stops = r.sections.filter((s: any) => s.poi_summary.name !== "Destination");
    expect(stops.length).toBeGreaterThan(0);
    for (const s of stops) expect(s.poi_summary.charge_time_min).toBeGreaterThanOrEqual(45);
  });

  it("Hamburg -> Munich at 40 t in an eActros 600 charges inside legal breaks, with and without the 10 h day", async () => {
    const tare = 19_500; // the catalog's eActros 600 tractor + semitrailer
    for (const extended of [false, true]) {
      const body = hamburgMunich({ section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 40_000 - tare }], driver: { extended_daily_driving: extended } });
      const ids = await submitAndRun(t.a.key, body, "?corridor=8000");
      const checkedBefore = plansChecked;
      const r = (await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.a.key })).json;
      expect(plansChecked, "the result was re-simulated").toBe(checkedBefore + 1);
      expect(r.status).toBe("succeeded");
      expect(r.vehicle.figures.tareKg).toBe(tare);
      expect(r.driving_rules).toMatchObject({ max_driving_before_break_min: 270, break_min: 45, max_daily_driving_min: extended ? 600 : 540, daily_rest_min: 660 });
      const charges = r.sections.filter((s: any) => s.poi_summary.energy_kWh > 0);
      expect(charges.length).toBeGreaterThan(0);
      // Every charge overlaps a break or rest, and no pause stands alone by the road.
      for (const s of charges) expect(["break", "rest"]).toContain(s.poi_summary.break_kind);
      expect(r.sections.filter((s: any) => ["Break", "Daily rest"].includes(s.poi_summary.name))).toEqual([]);
      const rests = r.sections.filter((s: any) => s.poi_summary.break_kind === "rest");
      expect(rests.length).toBe(extended ? 0 : 1);
      expect(r.totals.duration_min).toBeLessThan(extended ? 13 * 60 : 23 * 60);
      // The profile along the route: ground elevation from the pack's terrain, SoC jumping up at each charge.
      const prof = r.route_profile;
      expect(prof.distance_m.length).toBeGreaterThan(500);
      expect(Math.max(...prof.elevation_m)).toBeGreaterThan(300); // the Kassel hills, the Franconian uplands
      expect(Math.min(...prof.elevation_m)).toBeLessThan(60); // Hamburg
      const jumps = prof.soc.filter((x: number, i: number) => i > 0 && x > prof.soc[i - 1] + 0.05).length;
      expect(jumps).toBe(charges.length);
    }
  });
});

describe("legacy POST /planner", () => {
  it("answers the result synchronously and stores it", async () => {
    const res = await call("POST", "/planner", { key: t.a.key, body: hamburgMunich() });
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("succeeded");
    expect(res.json.available_charging_stations).toBeNull();
    const stored = await call("GET", `/planner/optimizations/${res.json.optimization_id}/result`, { key: t.a.key });
    expect(stored.json.sections).toEqual(res.json.sections);
  });
  it("includes available_charging_stations when asked", async () => {
    const res = await call("POST", "/planner", { key: t.a.key, body: hamburgMunich({ include_available_charging_stations: true }) });
    expect(res.json.available_charging_stations.length).toBeGreaterThan(0);
    expect(res.json.available_charging_stations[0]).toHaveProperty("latitude");
  });
});

describe("tenant isolation", () => {
  it("another tenant's job and result answer exactly like missing ones", async () => {
    const ids = await submitAndRun(t.a.key, hamburgMunich());
    const foreignJob = await call("GET", `/planner/jobs/${ids.job_id}`, { key: t.b.key });
    const missingJob = await call("GET", "/planner/jobs/00000000-0000-4000-8000-000000000000", { key: t.b.key });
    expect(foreignJob.status).toBe(404);
    expect(foreignJob.json.detail).toBe(missingJob.json.detail);
    const foreignResult = await call("GET", `/planner/optimizations/${ids.optimization_id}/result`, { key: t.b.key });
    const missingResult = await call("GET", "/planner/optimizations/999999/result", { key: t.b.key });
    expect(foreignResult.status).toBe(404);
    expect(foreignResult.json.detail).toBe(missingResult.json.detail);
  });
  it("tenant_id may only name the key's own tenant", async () => {
    const res = await call("POST", `/planner/v2?tenant_id=${t.a.id}`, { key: t.b.key, body: hamburgMunich() });
    expect(res.status).toBe(403);
    const result = await call("GET", `/planner/optimizations/1/result?tenant_id=${t.a.id}`, { key: t.b.key });
    expect(result.status).toBe(403);
    // The same on every endpoint that takes a key, declared in its query or not; the key's own tenant is fine.
    for (const [method, p] of AUTHED_ENDPOINTS) {
      const sep = p.includes("?") ? "&" : "?";
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const foreign = await call(method, `${p}${sep}tenant_id=${t.a.id}`, { key: t.b.key, body });
      expect(foreign.status, `${method} ${p}`).toBe(403);
      expect(foreign.json.detail).toBe(`tenant_id ${t.a.id} is not the tenant of this API key`);
      const own = await call(method, `${p}${sep}tenant_id=${t.b.id}`, { key: t.b.key, body });
      expect(own.status, `${method} ${p}`).not.toBe(403);
    }
  });
  it("a vehicle of another tenant is an unknown vehicle_id", async () => {
    await db().vehicle.create({ data: { tenantId: t.a.id, vehicleId: "a-only", modelCode: "MAN_ETGX", name: "A's truck" } });
    const res = await call("POST", "/planner/v2", { key: t.b.key, body: hamburgMunich({ vehicle_id: "a-only" }) });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["body", "vehicle_id"]);
  });
});

describe("fleet isolation", () => {
  it("GET /vehicles shows only the key's own tenant's vehicles", async () => {
    await db().vehicle.upsert({
      where: { tenantId_vehicleId: { tenantId: t.a.id, vehicleId: "a-private" } },
      create: { tenantId: t.a.id, vehicleId: "a-private", modelCode: "MAN_ETGX", name: "A only" },
      update: {},
    });
    const a = (await call("GET", "/vehicles", { key: t.a.key })).json.map((v: { vehicle_id: string }) => v.vehicle_id);
    const b = (await call("GET", "/vehicles", { key: t.b.key })).json.map((v: { vehicle_id: string }) => v.vehicle_id);
    expect(a).toContain("a-private");
    expect(b).not.toContain("a-private");
  });
});
