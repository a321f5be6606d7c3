// Tenant isolation over every id space a client can name: optimizations (REST
// result, tRPC planner/history, the plan export route), jobs, vehicles (and their
// telematics state), telematics sources, depot chargers, station overlays, API keys
// and idempotency keys. Tours have no
// endpoint of their own; they are reached through their optimization and job
// and must not show in another tenant's lists.
//
// The rule (docs/API.md, Errors): another tenant's id answers exactly like a
// missing one. Each case asks tenant B for an id *before* tenant A owns it
// (missing) and again *after* (foreign), with the same request, and compares
// status, headers and body, but for the request id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import * as exportRoute from "@/app/plans/[optimization_id]/export/route";
import { createApiKey, verifyKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { databaseUrl, isPostgresUrl } from "@/server/db/url";
import { configureRateLimit } from "@/server/http/rate-limit";
import { packs } from "@/server/packs";
import { call, type ApiResponse } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { planNextJob } from "../support/jobs";
import { sessionCookie } from "../support/session";

const WORKER = { leaseS: 60, maxAttempts: 2 };
const BASE = "http://planner.test";
let t: TestTenants;
let memberB: string;

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  memberB = (await createApiKey(db(), t.b.id, "member of B", "member")).key;
  configureRateLimit({ perMin: 0, burst: 0 }); // not what this file is about
});
afterAll(closeDatabase);

async function read(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const cookie = async (key: string) => ({ cookie: await sessionCookie(key) });

/** A tRPC procedure over HTTP, signed in with the session cookie as the web app is. */
async function trpc(key: string, kind: "query" | "mutation", path: string, input: unknown): Promise<ApiResponse> {
  const url = new URL(`/api/trpc/${path}`, BASE);
  if (kind === "query") {
    if (input !== undefined) url.searchParams.set("input", JSON.stringify(input));
    return read(await trpcRoute.GET(new Request(url, { headers: await cookie(key) })));
  }
  const req = new Request(url, { method: "POST", headers: { ...(await cookie(key)), "content-type": "application/json" }, body: JSON.stringify(input) });
  return read(await trpcRoute.POST(req));
}

async function exportPlan(key: string, optimizationId: number | string, format = "gpx"): Promise<ApiResponse> {
  const req = new Request(new URL(`/plans/${optimizationId}/export?format=${format}`, BASE), { headers: await cookie(key) });
  return read(await exportRoute.GET(req, { params: Promise.resolve({ optimization_id: String(optimizationId) }) }));
}

/** What a client can observe of an answer, but for the request id. */
function observable(r: ApiResponse) {
  const body = r.json !== undefined && r.json !== null && typeof r.json === "object" ? { ...(r.json as Record<string, unknown>) } : r.text;
  if (typeof body === "object") delete body.request_id;
  const headers = [...r.headers].filter(([k]) => k !== "x-request-id" && k !== "date").sort();
  return { status: r.status, headers, body };
}

function expectSameAnswer(foreign: ApiResponse, missing: ApiResponse, what: string) {
  expect(observable(foreign), what).toEqual(observable(missing));
}

/** The id SQLite's AUTOINCREMENT (PostgreSQL: the SERIAL column's sequence) hands out next in a table. */
async function nextId(table: string): Promise<number> {
  if (isPostgresUrl(databaseUrl())) {
    // Read, not nextval(): that would use the id up. last_value is null before the first nextval().
    const [seq] = await db().$queryRawUnsafe<{ last: number | bigint | null }[]>(
      `SELECT last_value AS last FROM pg_sequences WHERE schemaname = 'public' AND sequencename = $1`,
      `${table}_id_seq`,
    );
    if (!seq) throw new Error(`no sequence for ${table}.id`);
    return seq.last === null ? 1 : Number(seq.last) + 1;
  }
  const rows = await db().$queryRawUnsafe<{ seq: number | bigint }[]>(`SELECT seq FROM sqlite_sequence WHERE name = ?`, table);
  return rows.length ? Number(rows[0].seq) + 1 : 1;
}

type Probe = [what: string, ask: () => Promise<ApiResponse>];

/** Every probe answered before and after A owns the id: identical, and never a 2xx. */
async function probeTwice(probes: Probe[], makeForeign: () => Promise<void>) {
  const missing = await Promise.all(probes.map(([, ask]) => ask()));
  for (const [i, m] of missing.entries()) expect(m.status, `${probes[i][0]} (missing): ${m.text}`).toBeGreaterThanOrEqual(400);
  await makeForeign();
  const foreign = await Promise.all(probes.map(([, ask]) => ask()));
  for (const [i, f] of foreign.entries()) expectSameAnswer(f, missing[i], probes[i][0]);
  return { missing, foreign };
}

describe("optimizations, jobs and tours", () => {
  it("another tenant's optimization answers like a missing one everywhere, queued and finished", async () => {
    const id = await nextId("Optimization");
    const bKey = t.b.key;
    const probes: Probe[] = [
      ["REST result", () => call("GET", `/planner/optimizations/${id}/result`, { key: bKey })],
      ["REST result, tenant_id of B", () => call("GET", `/planner/optimizations/${id}/result?tenant_id=${t.b.id}`, { key: bKey })],
      ["REST result, member key", () => call("GET", `/planner/optimizations/${id}/result`, { key: memberB })],
      ["tRPC planner.result", () => trpc(bKey, "query", "planner.result", { optimizationId: id })],
      ["tRPC history.get", () => trpc(bKey, "query", "history.get", { optimizationId: id })],
      ["tRPC history.request", () => trpc(bKey, "query", "history.request", { optimizationId: id })],
      ["export gpx", () => exportPlan(bKey, id, "gpx")],
      ["export geojson", () => exportPlan(bKey, id, "geojson")],
    ];
    let submitted: { optimization_id: number; job_id: string; tour_id: number } | undefined;
    const { missing } = await probeTwice(probes, async () => {
      const res = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
      expect(res.status, res.text).toBe(200);
      submitted = res.json;
      expect(submitted!.optimization_id).toBe(id);
    });
    expect(missing.map((m) => m.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404]);
    // A sees its queued plan: the id is real.
    expect((await call("GET", `/planner/optimizations/${id}/result`, { key: t.a.key })).status).toBe(409);
    expect((await exportPlan(t.a.key, id)).status).toBe(409);

    // Finished: A gets the plan, B still the missing answer.
    expect(await planNextJob(db(), WORKER)).toBe(true);
    expect((await call("GET", `/planner/optimizations/${id}/result`, { key: t.a.key })).status).toBe(200);
    expect((await exportPlan(t.a.key, id)).status).toBe(200);
    expect((await trpc(t.a.key, "query", "history.get", { optimizationId: id })).status).toBe(200);
    for (const [i, [what, ask]] of probes.entries()) expectSameAnswer(await ask(), missing[i], `${what}, finished`);

    // Jobs: a uuid that never existed and A's job answer alike (the body names no id).
    const missingJob = "00000000-0000-4000-8000-000000000000";
    for (const key of [bKey, memberB]) {
      expectSameAnswer(
        await call("GET", `/planner/jobs/${submitted!.job_id}`, { key }),
        await call("GET", `/planner/jobs/${missingJob}`, { key }),
        "REST job",
      );
    }
    expectSameAnswer(
      await trpc(bKey, "query", "planner.job", { jobId: submitted!.job_id }),
      await trpc(bKey, "query", "planner.job", { jobId: missingJob }),
      "tRPC planner.job",
    );
    expect((await call("GET", `/planner/jobs/${submitted!.job_id}`, { key: t.a.key })).status).toBe(200);

    // Lists of B name none of A's optimizations, jobs or tours.
    const listed = JSON.stringify([
      (await trpc(bKey, "query", "history.list", { page: 1, pageSize: 100 })).json,
      (await trpc(bKey, "query", "planner.history", undefined)).json,
    ]);
    expect(listed).not.toContain(submitted!.job_id);
    const historyB = (await trpc(bKey, "query", "history.list", { page: 1, pageSize: 100 })).json.result.data;
    expect(historyB).toMatchObject({ total: 0, plans: [] });
    const historyA = (await trpc(t.a.key, "query", "history.list", { page: 1, pageSize: 100 })).json.result.data;
    expect(historyA.plans.map((p: { tour_id: number }) => p.tour_id)).toContain(submitted!.tour_id);
  });

  it("tenant_id of another tenant is 403 whether or not the optimization exists", async () => {
    const existing = (await db().optimization.findFirstOrThrow({ where: { tenantId: t.a.id } })).id;
    const foreign = await call("GET", `/planner/optimizations/${existing}/result?tenant_id=${t.a.id}`, { key: t.b.key });
    const missing = await call("GET", `/planner/optimizations/${existing + 1000}/result?tenant_id=${t.a.id}`, { key: t.b.key });
    expect(foreign.status).toBe(403);
    expectSameAnswer(foreign, missing, "tenant_id of A");
  });

  it("an Idempotency-Key A used is new for B: neither A's tour nor a 'different request' 422", async () => {
    const first = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich(), headers: { "idempotency-key": "shared-by-chance" } });
    expect(first.status, first.text).toBe(200);
    const other = await call("POST", "/planner/v2", { key: t.b.key, body: hamburgMunich({ battery_level_start: 0.9 }), headers: { "idempotency-key": "shared-by-chance" } });
    expect(other.status, other.text).toBe(200);
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(other.json.tour_id).not.toBe(first.json.tour_id);
    const same = await call("POST", "/planner/v2", { key: t.b.key, body: hamburgMunich(), headers: { "idempotency-key": "shared-by-chance" } });
    expect(same.status).toBe(422); // B's own earlier use, not A's
  });
});

describe("vehicles", () => {
  it("another tenant's vehicle_id answers like a missing one on REST, tRPC and in a plan request", async () => {
    const vid = "a-private-truck";
    const b = t.b.key;
    await probeTwice(
      [
        ["GET", () => call("GET", `/vehicles/${vid}`, { key: b })],
        ["GET state", () => call("GET", `/vehicles/${vid}/state`, { key: b })],
        ["PATCH", () => call("PATCH", `/vehicles/${vid}`, { key: b, body: { name: "hijacked" } })],
        ["PATCH vin", () => call("PATCH", `/vehicles/${vid}`, { key: b, body: { vin: "WDB9634031L738291" } })],
        ["PATCH, invalid body", () => call("PATCH", `/vehicles/${vid}`, { key: b, body: { name: 7 } })],
        ["DELETE", () => call("DELETE", `/vehicles/${vid}`, { key: b })],
        ["DELETE, member key", () => call("DELETE", `/vehicles/${vid}`, { key: memberB })],
        ["submit with it", () => call("POST", "/planner/v2", { key: b, body: hamburgMunich({ vehicle_id: vid }) })],
        ["legacy plan with it", () => call("POST", "/planner", { key: b, body: hamburgMunich({ vehicle_id: vid }) })],
        ["tRPC fleet.get", () => trpc(b, "query", "fleet.get", { vehicle_id: vid })],
        ["tRPC fleet.update", () => trpc(b, "mutation", "fleet.update", { vehicle_id: vid, patch: { name: "hijacked" } })],
        ["tRPC fleet.remove", () => trpc(b, "mutation", "fleet.remove", { vehicle_id: vid })],
        ["tRPC planner.submit", () => trpc(b, "mutation", "planner.submit", { query: {}, body: hamburgMunich({ vehicle_id: vid }) })],
      ],
      async () => {
        const res = await call("POST", "/vehicles", { key: t.a.key, body: { vehicle_id: vid, model_code: "MAN_ETGX", name: "A's own" } });
        expect(res.status, res.text).toBe(201);
      },
    );
    const a = await call("GET", `/vehicles/${vid}`, { key: t.a.key });
    expect(a.json).toMatchObject({ vehicle_id: vid, name: "A's own" });
    const fleetB = (await call("GET", "/vehicles", { key: b })).json.map((v: { vehicle_id: string }) => v.vehicle_id);
    expect(fleetB).not.toContain(vid);
    const trpcFleetB = JSON.stringify((await trpc(b, "query", "fleet.list", undefined)).json);
    expect(trpcFleetB).not.toContain(vid);
    // B may use the same id for its own vehicle; A's stays as it was.
    expect((await call("POST", "/vehicles", { key: b, body: { vehicle_id: vid, model_code: "VOLVO_FH_ELECTRIC", name: "B's own" } })).status).toBe(201);
    expect((await call("DELETE", `/vehicles/${vid}`, { key: b })).status).toBe(204);
    expect((await call("GET", `/vehicles/${vid}`, { key: t.a.key })).json).toMatchObject({ model_code: "MAN_ETGX", name: "A's own" });
  });
});

describe("telematics sources", () => {
  it("another tenant's source answers like a missing one and is not in B's list; B may have its own of that id", async () => {
    const sid = "a-oem";
    const b = t.b.key;
    const body = (password: string) => ({ base_url: "https://rfms.oem.example/rfms4", auth: { type: "basic", username: "fleet", password } });
    await probeTwice(
      [
        ["GET", () => call("GET", `/telematics/sources/${sid}`, { key: b })],
        ["GET, member key", () => call("GET", `/telematics/sources/${sid}`, { key: memberB })],
        ["DELETE", () => call("DELETE", `/telematics/sources/${sid}`, { key: b })],
        ["DELETE, member key", () => call("DELETE", `/telematics/sources/${sid}`, { key: memberB })],
        ["PUT keeping a secret it has not got", () => call("PUT", `/telematics/sources/${sid}`, { key: b, body: { ...body(""), auth: { type: "basic", username: "fleet" } } })],
      ],
      async () => {
        const res = await call("PUT", `/telematics/sources/${sid}`, { key: t.a.key, body: body("a-secret") });
        expect(res.status, res.text).toBe(201);
      },
    );
    expect((await call("GET", "/telematics/sources", { key: b })).json).toEqual([]);
    expect((await call("PUT", `/telematics/sources/${sid}`, { key: b, body: body("b-secret") })).status).toBe(201);
    expect((await call("DELETE", `/telematics/sources/${sid}`, { key: b })).status).toBe(204);
    expect((await call("GET", `/telematics/sources/${sid}`, { key: t.a.key })).status).toBe(200);
  });
});

describe("price lists", () => {
  it("a tenant's contracts are its own, over REST and tRPC; a member key reads but cannot set them", async () => {
    const body = { contracts: [{ operator: "IONITY", energy_price_per_kWh: 0.31, note: "A's deal" }], value_of_time_eur_per_h: 61 };
    expect((await trpc(t.a.key, "mutation", "stations.prices.set", body)).status).toBe(200);
    expect((await trpc(t.a.key, "query", "stations.prices.get", undefined)).json.result.data.contracts[0].note).toBe("A's deal");
    for (const read of [await call("GET", "/poi/prices", { key: t.b.key }), await trpc(t.b.key, "query", "stations.prices.get", undefined)]) {
      expect(read.text).not.toContain("A's deal");
    }
    expect((await trpc(memberB, "mutation", "stations.prices.setCsv", { csv: "operator,energy_price_per_kWh\nIONITY,0.01\n" })).status).toBe(403);
    expect((await trpc(t.b.key, "mutation", "stations.prices.setCsv", { csv: "operator,energy_price_per_kWh\nIONITY,0.5\n" })).status).toBe(200);
    expect((await call("GET", "/poi/prices", { key: t.a.key })).json.contracts).toEqual(body.contracts);
  });
});

describe("station data", () => {
  const depot = { name: "A's yard", latitude: 53.5, longitude: 10.0, power_kW: 400, connectors: ["CCS"], operator: "Tenant A Depot Operator" };

  it("another tenant's depot charger answers like a missing one and is nowhere in B's data", async () => {
    const b = t.b.key;
    const externalId = `depot:${t.a.id}:yard-1`;
    await probeTwice(
      [
        ["DELETE depot", () => call("DELETE", "/poi/depots/yard-1", { key: b })],
        ["overlay on A's depot", () => call("PUT", `/poi/overlays/${encodeURIComponent(externalId)}`, { key: b, body: { truck_approved: "TT" } })],
        ["DELETE overlay on A's depot", () => call("DELETE", `/poi/overlays/${encodeURIComponent(externalId)}`, { key: b })],
        ["tRPC stations.depots.remove", () => trpc(b, "mutation", "stations.depots.remove", { depot_id: "yard-1" })],
        ["tRPC stations.overlays.set on A's depot", () => trpc(b, "mutation", "stations.overlays.set", { external_id: externalId, overlay: { truck_approved: "TT" } })],
      ],
      async () => {
        const res = await call("PUT", "/poi/depots/yard-1", { key: t.a.key, body: depot });
        expect(res.status, res.text).toBe(201);
        expect(res.json.external_id).toBe(externalId);
      },
    );
    expect((await call("GET", "/poi/depots", { key: b })).json).toEqual([]);
    expect(JSON.stringify((await trpc(b, "query", "stations.depots.list", undefined)).json)).not.toContain("yard-1");
    const cposB = (await call("GET", "/poi/cpos", { key: b })).json.map((c: { name: string }) => c.name);
    const cposA = (await call("GET", "/poi/cpos", { key: t.a.key })).json.map((c: { name: string }) => c.name);
    expect(cposA).toContain(depot.operator);
    expect(cposB).not.toContain(depot.operator);
    expect((await packs.stationsForTenant(db(), t.b.id)).some((s) => s.externalId === externalId)).toBe(false);

    // B's own "yard-1" is its own record; A's stays as it was.
    expect((await call("PUT", "/poi/depots/yard-1", { key: b, body: { ...depot, name: "B's yard", latitude: 48.1 } })).status).toBe(201);
    expect((await call("DELETE", "/poi/depots/yard-1", { key: b })).status).toBe(204);
    expect((await call("GET", "/poi/depots", { key: t.a.key })).json).toEqual([expect.objectContaining({ depot_id: "yard-1", name: "A's yard", latitude: 53.5 })]);
  });

  it("another tenant's overlay answers like a missing one and does not change B's stations", async () => {
    const b = t.b.key;
    const station = (await packs.stationsForTenant(db(), t.a.id)).find((s) => !s.externalId.startsWith("depot:"))!;
    const x = station.externalId;
    const seenByB = async () => JSON.stringify((await packs.stationsForTenant(db(), t.b.id)).find((s) => s.externalId === x));
    const before = await seenByB();
    await probeTwice(
      [
        ["DELETE overlay", () => call("DELETE", `/poi/overlays/${encodeURIComponent(x)}`, { key: b })],
        ["tRPC stations.overlays.remove", () => trpc(b, "mutation", "stations.overlays.remove", { external_id: x })],
      ],
      async () => {
        const res = await call("PUT", `/poi/overlays/${encodeURIComponent(x)}`, { key: t.a.key, body: { truck_approved: "TT", note: "A only" } });
        expect(res.status, res.text).toBe(200);
      },
    );
    const listB = JSON.stringify((await call("GET", "/poi/overlays", { key: b })).json);
    expect(listB).not.toContain("A only");
    expect(JSON.stringify((await trpc(b, "query", "stations.overlays.list", undefined)).json)).not.toContain("A only");
    expect(await seenByB()).toBe(before);
    expect(JSON.stringify((await call("GET", "/poi/overlays", { key: t.a.key })).json)).toContain("A only");
  });
});

describe("API keys (tRPC keys.*)", () => {
  it("another tenant's key id answers like a missing one; B's list never shows it", async () => {
    const id = await nextId("ApiKey");
    let created: { key: string; record: { id: number } } | undefined;
    await probeTwice(
      [
        ["keys.revoke", () => trpc(t.b.key, "mutation", "keys.revoke", { id })],
        ["keys.revoke, confirmed", () => trpc(t.b.key, "mutation", "keys.revoke", { id, revokeCurrentSession: true })],
      ],
      async () => {
        const res = await trpc(t.a.key, "mutation", "keys.create", { label: "A's integration", role: "member" });
        expect(res.status, res.text).toBe(200);
        created = res.json.result.data;
        expect(created!.record.id).toBe(id);
      },
    );
    expect(await verifyKey(db(), created!.key)).toMatchObject({ tenantId: t.a.id, keyId: id });
    const listB = (await trpc(t.b.key, "query", "keys.list", undefined)).json.result.data as { id: number }[];
    expect(listB.map((k) => k.id)).not.toContain(id);
    // A's key reads A's data only, B's reads B's.
    expect((await call("GET", "/poi/depots", { key: created!.key })).json.length).toBe(1);
  });
});
