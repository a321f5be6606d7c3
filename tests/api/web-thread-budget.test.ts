// No request within the documented limits holds the web thread for more than 100 ms (/healthz asked
// beside it answers within that). docs/API.md, Limits: what a tenant keeps (vehicles, depot chargers,
// overlays, API keys) is bounded, so every list of it is; the history list is paged; a station overlay
// is set without building the tenant's station list anew; a stored result and its cost options are
// served in parts without being parsed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { MAX_FLEET_VEHICLES } from "@/contract/fleet";
import { MAX_DEPOTS, MAX_TENANT_OVERLAYS } from "@/contract/stations";
import { db } from "@/server/db/client";
import { packs } from "@/server/packs";
import { MAX_TENANT_KEYS } from "@/server/trpc/keys";
import { call, dispatch, type ApiResponse } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { whileProbingHealthz } from "../support/healthz-probe";
import { plannedV2 } from "../support/jobs";
import { sessionCookie } from "../support/session";
import { PLACES } from "../support/trips";

let t: TestTenants;
/** A plan of B's, made before any test queues jobs of its own (planning takes the oldest queued job). */
let planned: any; // eslint-disable-line @typescript-eslint/no-explicit-any
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  void packs.stations; // loaded once per process, as on a running server
  void packs.gazetteer;
  planned = await plannedV2(t.b.key, hamburgMunich({ start_time_tour: "2026-11-25T06:00:00Z" }));
});
afterAll(closeDatabase);

async function trpc(kind: "query" | "mutation", path: string, input?: unknown): Promise<ApiResponse> {
  const url = new URL(`http://planner.test/api/trpc/${path}`);
  const headers = { cookie: await sessionCookie(t.a.key) };
  const res = kind === "query"
    ? await trpcRoute.GET(new Request(input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers }))
    : await trpcRoute.POST(new Request(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(input) }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: JSON.parse(text) };
}

/** GET `path` while probing /healthz: its answer, which must come with /healthz answering within 100 ms. */
async function listedWithin100ms(path: string): Promise<ApiResponse> {
  const probed = await whileProbingHealthz(() => call("GET", path, { key: t.a.key }));
  expect(probed.value.status, probed.value.text.slice(0, 300)).toBe(200);
  expect(probed.slowestMs, path).toBeLessThan(100);
  return probed.value;
}

describe("vehicles", () => {
  it(`at most ${MAX_FLEET_VEHICLES} per tenant: 409 beyond, on REST and tRPC; GET /vehicles of a full fleet within the budget`, async () => {
    const seeded = await db().vehicle.count({ where: { tenantId: t.a.id } }); // a new tenant's fleet of catalog models
    await db().vehicle.createMany({
      data: Array.from({ length: MAX_FLEET_VEHICLES - seeded - 1 }, (_, i) => ({ tenantId: t.a.id, vehicleId: `truck-${i}`, modelCode: "MAN_ETGX", name: `Truck ${i}`, overrides: JSON.stringify({ tareKg: 12_000 }) })),
    });
    const last = await call("POST", "/vehicles", { key: t.a.key, body: { vehicle_id: "last", model_code: "MAN_ETGX", name: "Last" } });
    expect(last.status, last.text).toBe(201);
    const beyond = await call("POST", "/vehicles", { key: t.a.key, body: { vehicle_id: "beyond", model_code: "MAN_ETGX", name: "Beyond" } });
    expect(beyond.status).toBe(409);
    expect(beyond.json).toEqual({ detail: "A fleet has at most 2,000 vehicles: delete one (DELETE /vehicles/{vehicle_id}) before adding another", request_id: expect.any(String) });
    expect((await trpc("mutation", "fleet.create", { vehicle_id: "beyond", model_code: "MAN_ETGX", name: "Beyond" })).json.error.data.code).toBe("CONFLICT");
    // The other tenant's fleet is its own; changing a vehicle of a full fleet still works.
    expect((await call("POST", "/vehicles", { key: t.b.key, body: { vehicle_id: "beyond", model_code: "MAN_ETGX", name: "B" } })).status).toBe(201);
    expect((await call("PATCH", "/vehicles/last", { key: t.a.key, body: { name: "Renamed" } })).status).toBe(200);

    expect((await listedWithin100ms("/vehicles")).json).toHaveLength(MAX_FLEET_VEHICLES);
  });
});

describe("depot chargers and overlays", () => {
  const depot = (i: number) => ({ name: `Depot ${i}`, latitude: 50 + (i % 50) / 100, longitude: 8 + Math.floor(i / 50) / 100, power_kW: 150, connectors: ["CCS"] });

  it(`at most ${MAX_DEPOTS} depot chargers per tenant: a new one beyond is 409, replacing one is not`, async () => {
    expect((await call("PUT", "/poi/depots/d0", { key: t.a.key, body: depot(0) })).status).toBe(201);
    const source = await db().stationSource.findFirstOrThrow({ where: { tenantId: t.a.id, key: "depots" } });
    await db().stationRecord.createMany({
      data: Array.from({ length: MAX_DEPOTS - 1 }, (_, k) => {
        const i = k + 1;
        const draft = { externalId: `depot:${t.a.id}:d${i}`, locationId: null, name: `Depot ${i}`, address: "", lat: 50 + (i % 50) / 100, lon: 8 + Math.floor(i / 50) / 100, operator: "tenant-a", powerKW: 150, dcPowerKW: 150, connectors: ["CCS"], points: 1, truckApproved: null, connectorPos: null, bookable: null, amenities: [], country: "", source: "depots" };
        return { sourceId: source.id, externalId: draft.externalId, draft: JSON.stringify(draft) };
      }),
    });
    const beyond = await call("PUT", "/poi/depots/one-more", { key: t.a.key, body: depot(5_000) });
    expect(beyond.status).toBe(409);
    expect(beyond.json.detail).toBe("A tenant has at most 1,000 depot chargers: remove one (DELETE /poi/depots/{depot_id}) before adding another");
    expect((await call("PUT", "/poi/depots/d7", { key: t.a.key, body: { ...depot(7), power_kW: 300 } })).status).toBe(200);
    expect((await listedWithin100ms("/poi/depots")).json).toHaveLength(MAX_DEPOTS);
  });

  it(`at most ${MAX_TENANT_OVERLAYS} overlays of the tenant's own; setting one builds no station list`, async () => {
    const ids = packs.stations.map((s) => s.externalId);
    await db().stationOverlay.createMany({
      data: ids.slice(0, MAX_TENANT_OVERLAYS - 1).map((externalId) => ({ tenantId: t.a.id, externalId, truckApproved: "T", note: "checked by the dispatcher" })),
    });
    // The store changed (depots above, these overlays): the tenant's station list is out of date.
    const overlay = (id: string) => whileProbingHealthz(() => call("PUT", `/poi/overlays/${encodeURIComponent(id)}`, { key: t.a.key, body: { truck_approved: "TT" } }));
    const last = await overlay(ids[MAX_TENANT_OVERLAYS]);
    expect(last.value.status, last.value.text).toBe(200);
    expect(last.slowestMs).toBeLessThan(100);
    const again = await overlay(ids[MAX_TENANT_OVERLAYS]); // the store changed again
    expect(again.value.status).toBe(200);
    expect(again.slowestMs).toBeLessThan(100);

    const beyond = await overlay(ids[MAX_TENANT_OVERLAYS + 1]);
    expect(beyond.value.status).toBe(409);
    expect(beyond.value.json.detail).toBe("A tenant has at most 2,000 overlays: remove one (DELETE /poi/overlays/{external_id}) before adding another");
    expect((await overlay(ids[0])).value.status).toBe(200); // replacing one
    expect((await call("PUT", "/poi/overlays/no-such-station", { key: t.b.key, body: { truck_approved: "T" } })).status).toBe(404);
    expect((await call("PUT", `/poi/overlays/${encodeURIComponent(`depot:${t.a.id}:d1`)}`, { key: t.a.key, body: { truck_approved: "T" } })).status).toBe(409);
    expect((await call("PUT", `/poi/overlays/${encodeURIComponent(`depot:${t.a.id}:d1`)}`, { key: t.b.key, body: { truck_approved: "T" } })).status).toBe(404);

    expect((await listedWithin100ms("/poi/overlays")).json).toHaveLength(MAX_TENANT_OVERLAYS);
  });
});

describe("API keys", () => {
  it(`at most ${MAX_TENANT_KEYS} per tenant made in the web app, revoked ones included`, async () => {
    const made = await db().apiKey.count({ where: { tenantId: t.a.id } });
    await db().apiKey.createMany({
      data: Array.from({ length: MAX_TENANT_KEYS - made - 1 }, (_, i) => ({ tenantId: t.a.id, prefix: `x${String(i).padStart(9, "0")}`, hash: "0".repeat(64), label: `old ${i}`, revokedAt: new Date() })),
    });
    const last = await trpc("mutation", "keys.create", { label: "the last" });
    expect(last.status, last.text).toBe(200);
    const beyond = await trpc("mutation", "keys.create", { label: "one more" });
    expect(beyond.json.error.data.code).toBe("CONFLICT");
    expect(beyond.json.error.message).toBe("A tenant has at most 1,000 API keys, revoked ones included (they stay listed)");
    const probed = await whileProbingHealthz(() => trpc("query", "keys.list"));
    expect(probed.value.json.result.data).toHaveLength(MAX_TENANT_KEYS);
    expect(probed.slowestMs).toBeLessThan(100);
  });
});

describe("the history list", () => {
  it("a page of 100 plans of 25 sections, with their results and cost options stored, within the budget", async () => {
    const result = JSON.stringify(planned);
    const sections = Array.from({ length: 25 }, (_, i) => ({ start_pos: PLACES[i % PLACES.length], stop_pos: PLACES[(i + 1) % PLACES.length], payload_kg: 10_000 }));
    for (let i = 0; i < 100; i++) {
      const submit = await call("POST", "/planner/v2", { key: t.a.key, body: { ...hamburgMunich(), section_list: sections } });
      expect(submit.status, submit.text).toBe(200);
    }
    await db().optimization.updateMany({ where: { tenantId: t.a.id }, data: { result } });
    const ids = await db().optimization.findMany({ where: { tenantId: t.a.id }, select: { id: true } });
    for (const { id } of ids) await db().optimizationOption.createMany({ data: [0, 1, 2, 3, 4].map((k) => ({ optimizationId: id, k, result })) });

    const probed = await whileProbingHealthz(() => trpc("query", "history.list", { page: 1, pageSize: 100 }));
    const page = probed.value.json.result.data;
    expect(page.plans).toHaveLength(100);
    expect(page.plans[0].points).toHaveLength(26);
    expect(page.plans[0].points[0].label).toBe("Hamburg, DE");
    expect(page.plans[0].totals).toEqual(planned.totals);
    expect(probed.slowestMs).toBeLessThan(100);
  });
});

describe("stored results", () => {
  it("the largest tour's result and its cost options: an option, or the result without its corridor stations, within the budget", async () => {
    // A 12,000 km tour's result is some 2.5-3 MB (its corridor stations most of it): a planned one made as large.
    const large = { ...planned, available_charging_stations: Array(6).fill(planned.available_charging_stations).flat() };
    const options = [0, 1, 2, 3, 4].map((option) => ({ ...large, totals: { ...large.totals, duration_min: large.totals.duration_min + option } }));
    const result = JSON.stringify(large);
    expect(result.length).toBeGreaterThan(2_500_000);
    await db().optimization.update({ where: { id: planned.optimization_id }, data: { result, options: { deleteMany: {}, createMany: { data: options.map((o, k) => ({ k, result: JSON.stringify(o) })) } } } });

    const get = async (query: string) => {
      const probed = await whileProbingHealthz(async () => {
        const res = await dispatch(`http://planner.test/planner/optimizations/${planned.optimization_id}/result${query}`, { headers: { authorization: `Bearer ${t.b.key}` } });
        return { status: res.status, text: await res.text() };
      });
      expect(probed.value.status, query).toBe(200);
      expect(probed.slowestMs, query).toBeLessThan(100);
      return probed.value.text;
    };
    expect(await get("?option=4")).toBe(JSON.stringify(options[4]));
    const { available_charging_stations: _, ...withoutStations } = large;
    expect(await get("?include_available_charging_stations=false")).toBe(JSON.stringify(withoutStations));
    expect(await get("?option=2&include_available_charging_stations=false")).toBe(JSON.stringify({ ...withoutStations, totals: options[2].totals }));
    const beyond = await call("GET", `/planner/optimizations/${planned.optimization_id}/result?option=5`, { key: t.b.key });
    expect([beyond.status, beyond.json.detail]).toEqual([422, expect.any(Array)]); // 0-4 only
  });
});

describe("lists over their maximum", () => {
  it("are refused by their length, before their items are validated: 1 MB of them within the budget", async () => {
    const items = (item: string) => item.repeat(Math.floor(990_000 / item.length)).slice(0, -1);
    const bodies: [string, string, string, (string | number)[]][] = [
      ["POST", "/planner/v2", `{"vehicle_id":"mb-eactros-600","battery_level_start":0.8,"poi_info":{},"section_list":[${items("{},")}]}`, ["body", "section_list"]],
      ["POST", "/planner", `{"vehicle_id":"mb-eactros-600","battery_level_start":0.8,"poi_info":{},"section_list":[${items('{"start_pos":[1,2],"stop_pos":"x"},')}]}`, ["body", "section_list"]],
      ["PUT", "/poi/prices", `{"contracts":[${items("{},")}]}`, ["body", "contracts"]],
      ["PUT", "/poi/depots/d", `{"name":"D","latitude":50,"longitude":8,"power_kW":150,"connectors":[${items('"X",')}]}`, ["body", "connectors"]],
      ["POST", "/planner/fleet", `{"tours":[${items("{},")}]}`, ["body", "tours"]],
    ];
    for (const [method, path, rawBody, loc] of bodies) {
      const probed = await whileProbingHealthz(() => call(method as "POST" | "PUT", path, { key: t.a.key, rawBody }));
      expect(probed.value.status, path).toBe(422);
      expect(probed.value.json.detail, path).toEqual([{ loc, type: "too_long", msg: expect.stringMatching(/^List should have at most \d+ items after validation, not \d+$/) }]);
      expect(probed.slowestMs, path).toBeLessThan(100);
    }
  });
});

describe("bodies of many small values", () => {
  const empties = (n: number) => Array(n).fill("{}").join(",");
  it("a REST body of 1 MB with U+0000 in it: 422 string_nul, within the budget", async () => {
    const rawBody = `{"contracts":[${empties(320_000)}],"note":"a\\u0000b"}`;
    const probed = await whileProbingHealthz(() => call("PUT", "/poi/prices", { key: t.a.key, rawBody }));
    expect(probed.value.status).toBe(422);
    expect(probed.value.json.detail).toEqual([expect.objectContaining({ loc: ["body", "note"], type: "string_nul" })]);
    expect(probed.slowestMs).toBeLessThan(100);
  });

  it("a tRPC mutation of 1 MB, with and without U+0000: refused within the budget", async () => {
    for (const [extra, code] of [["", "UNPROCESSABLE_CONTENT"], [',"note":"\\u0000"', "UNPROCESSABLE_CONTENT"]] as const) {
      const url = "http://planner.test/api/trpc/stations.prices.set";
      const body = `{"contracts":[${empties(320_000)}]${extra}}`;
      const headers = { cookie: await sessionCookie(t.a.key), "content-type": "application/json" };
      const probed = await whileProbingHealthz(async () => {
        const res = await trpcRoute.POST(new Request(url, { method: "POST", headers, body }));
        return { status: res.status, json: JSON.parse(await res.text()) };
      });
      expect(probed.value.json.error?.data?.code, JSON.stringify(probed.value.json).slice(0, 300)).toBe(code);
      expect(probed.slowestMs).toBeLessThan(100);
    }
  });
});

describe("the largest requests within the limits", () => {
  it("a 25-section submit, and a fleet day of 50 such tours, within the budget", async () => {
    const tour = (k: number) => ({
      vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {},
      section_list: Array.from({ length: 25 }, (_, i) => ({ start_pos: PLACES[(i + k) % PLACES.length], stop_pos: PLACES[(i + k + 1) % PLACES.length], payload_kg: 10000 })),
    });
    const one = await whileProbingHealthz(() => call("POST", "/planner/v2", { key: t.a.key, body: tour(0) }));
    expect(one.value.status, one.value.text).toBe(200);
    expect(one.slowestMs).toBeLessThan(100);
    const day = await whileProbingHealthz(() => call("POST", "/planner/fleet", { key: t.a.key, body: { tours: Array.from({ length: 50 }, (_, k) => tour(k)) } }));
    expect(day.value.status, day.value.text.slice(0, 300)).toBe(200);
    expect(day.value.json.tours).toHaveLength(50);
    expect(day.slowestMs).toBeLessThan(100);
  });
});
