// Property-based fuzz of every endpoint (fast-check): at least 10,000 generated
// hostile requests (FUZZ_RUNS, default 12,000) across the partner API (every
// AUTHED_ENDPOINTS entry), the open documents, the plan export and tRPC. Path
// values (huge, negative, unicode, traversal, %00), query parameters, headers,
// keys (valid, revoked, malformed) and bodies (wrong types, deep nesting, huge
// numbers, NaN-like tokens, `__proto__`/`constructor` keys, invalid JSON, wrong
// content types, over 1 MB) are generated so that every request that could
// write is one the service must refuse (tests/support/fuzz-bodies.ts).
//
// For every answer: no 5xx; errors are JSON of the documented shape (422: a
// `detail` list of {loc, msg, type}; others: a `detail` string; both with
// `request_id` = X-Request-Id); nothing reached Object.prototype; the row count
// of every table is unchanged. After each endpoint, every row of every table
// is compared with the state before (but for the keys' last-used time).
//
// FUZZ_SEED=<n> replays a run; FUZZ_SHRINK=1 shrinks a failure to a minimal
// request (slow); FUZZ_TRACE=<file> writes each
// request there before sending it (to find one that hangs the process).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey, revokeApiKey } from "@/server/auth/keys";
import { createSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { configureRateLimit } from "@/server/http/rate-limit";
import { packs } from "@/server/packs";
import { importOverlays } from "@/server/stations/admin";
import { verifyKey } from "@/server/auth/keys";
import { NUL_MESSAGE } from "@/server/http/nul";
import { appRouter } from "@/server/trpc/routers";
import { AUTHED_ENDPOINTS, call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants } from "../support/env";
import {
  checkNoPollution, checkRestAnswer, checkTrpcAnswer, endpoints, requestsSent, rowCounts, send, snapshot, tableNames, TARGETS, targetOf,
  type EndpointFuzz, type FuzzWorld,
} from "../support/fuzz-harness";
import { planNextJob } from "../support/jobs";

// One log line per request would be 10,000 lines (and refused cross-site calls warn); errors (a 5xx) still show.
vi.hoisted(() => {
  process.env.LOG_LEVEL ??= "error";
});

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 12_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const SHRINK = process.env.FUZZ_SHRINK === "1";
/** One refused request taking this long is a finding too (work done before refusing). */
const SLOW_MS = 20_000;

let world: FuzzWorld;
let fuzz: EndpointFuzz[];
let tables: string[];
let baselineCounts: string;
let baselineRows: string;
const startedAt = Date.now();
const stats: Record<string, Record<number, number>> = {};

async function submit(key: string) {
  const res = await call("POST", "/planner/v2", { key, body: hamburgMunich() });
  expect(res.status, res.text).toBe(200);
  return res.json as { optimization_id: number; job_id: string };
}

beforeAll(async () => {
  await freshDatabase();
  configureRateLimit({ perMin: 0, burst: 0 }); // 12,000 requests on a handful of keys
  const t = await twoTenants();
  const memberA = (await createApiKey(db(), t.a.id, "member", "member")).key;
  const memberB = (await createApiKey(db(), t.b.id, "member", "member")).key;
  const revoked = await createApiKey(db(), t.a.id, "revoked");
  const session = async (key: string) => (await createSession(db(), await verifyKey(db(), key))).token;
  const sessions = { adminA: await session(t.a.key), memberA: await session(memberA), adminB: await session(t.b.key), revokedA: await session(revoked.key) };
  await revokeApiKey(db(), revoked.prefix);

  // Something of each kind to aim at: B's vehicle, depot and overlay, an operator overlay, plans of both.
  await db().vehicle.create({ data: { tenantId: t.b.id, vehicleId: "b-private", modelCode: "MAN_ETGX", name: "B only" } });
  expect((await call("PUT", "/poi/depots/home", { key: t.b.key, body: { name: "B yard", latitude: 52.4, longitude: 9.7, power_kW: 350, connectors: ["CCS"] } })).status).toBe(201);
  const stations = await packs.stationsForTenant(db(), t.a.id);
  const publicStations = stations.filter((s) => !s.externalId.startsWith("depot:"));
  const sample = [0, 1, 2, 3, 4].map((i) => publicStations[Math.floor((i * publicStations.length) / 5)].externalId);
  expect((await call("PUT", `/poi/overlays/${encodeURIComponent(sample[0])}`, { key: t.b.key, body: { truck_approved: "TT", note: "B's" } })).status).toBe(200);
  await importOverlays(db(), [{ external_id: sample[1], truck_approved: "T" }]);
  const finished = await submit(t.a.key);
  expect(await planNextJob(db(), { leaseS: 60, maxAttempts: 1 })).toBe(true);
  const queued = await submit(t.a.key);
  const other = await submit(t.b.key);
  // A fleet day of each tenant (queued); A's finished plan committed (held slots: B's keys must not release them);
  // a webhook secret for B only (A's tours with a callback_url have nothing to sign with).
  const fleetDay = async (key: string) => {
    const res = await call("POST", "/planner/fleet", { key, body: { tours: [hamburgMunich(), hamburgMunich({ priority: 2 })] } });
    expect(res.status, res.text).toBe(200);
    return res.json as { fleet_id: string };
  };
  const fleets = { a: (await fleetDay(t.a.key)).fleet_id, b: (await fleetDay(t.b.key)).fleet_id };
  const held = await call("POST", `/planner/optimizations/${finished.optimization_id}/commit`, { key: t.a.key });
  expect(held.status, held.text).toBe(200);
  expect(held.json.slots.length).toBeGreaterThan(0);
  // A telematics source of B's (A has none: every write of A's must be refused).
  const source = await call("PUT", "/telematics/sources/oem-b", { key: t.b.key, body: { base_url: "https://rfms.b.example/rfms4", auth: { type: "basic", username: "b", password: "b-pass" } } });
  expect(source.status, source.text).toBe(201);
  // An OCPI party and pull source of B's (A has neither).
  const party = await call("POST", "/ocpi/parties", { key: t.b.key, body: { country_code: "DE", party_id: "BBB" } });
  expect(party.status, party.text).toBe(201);
  const ocpiSource = await call("POST", "/ocpi/sources", { key: t.b.key, body: { versions_url: "https://cpo.b.example/ocpi/versions", token: "b-token" } });
  expect(ocpiSource.status, ocpiSource.text).toBe(201);
  const secret = await call("POST", "/webhooks/secret", { key: t.b.key });
  expect(secret.status, secret.text).toBe(200);
  const optimizationsOfA = await db().optimization.findMany({ where: { tenantId: t.a.id }, select: { id: true } });

  const vehicles = await db().vehicle.findMany({ select: { tenantId: true, vehicleId: true } });
  world = {
    keys: { adminA: t.a.key, memberA, adminB: t.b.key, memberB, revokedA: revoked.key },
    sessions,
    tenants: { a: t.a.id, b: t.b.id },
    vehicleIds: new Set(vehicles.map((v) => v.vehicleId)),
    fleetA: vehicles.filter((v) => v.tenantId === t.a.id).map((v) => v.vehicleId),
    stationSample: sample,
    stationIds: new Set(stations.flatMap((s) => [s.externalId, ...(s.mergedFrom ?? [])])),
    optimizations: { aFinished: finished.optimization_id, aQueued: queued.optimization_id, b: other.optimization_id, allA: optimizationsOfA.map((o) => o.id) },
    fleets,
    jobs: { a: finished.job_id, b: other.job_id },
    bDepot: "home",
    bSource: "oem-b",
    bOcpiParty: String(party.json.id),
    bOcpiSource: String(ocpiSource.json.id),
    bOverlay: sample[0],
    operatorOverlay: sample[1],
  };
  fuzz = endpoints(world);
  tables = await tableNames();
  baselineCounts = await rowCounts(tables);
  baselineRows = await snapshot(tables);
  savedSessions = await db().webSession.findMany();
});

let savedSessions: Awaited<ReturnType<ReturnType<typeof db>["webSession"]["findMany"]>>;

/** A tRPC request of an admin's session that calls stations.prices.set or .setCsv (alone or in a batch). The world has no price list. */
const setsOwnPriceList = (r: { who: string; params: Record<string, string> }) =>
  (r.who === "adminA" || r.who === "adminB") && r.params.procedure.split(",").some((p) => p === "stations.prices.set" || p === "stations.prices.setCsv");

/** Puts back the world's sessions a fuzzed sign-out ended (the same rows: same tokens, same ids). */
async function restoreSessions(): Promise<void> {
  const live = new Set((await db().webSession.findMany({ select: { id: true } })).map((r) => r.id));
  for (const row of savedSessions) if (!live.has(row.id)) await db().webSession.create({ data: row });
}

afterAll(async () => {
  await closeDatabase();
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  const lines = Object.entries(stats).map(([target, byStatus]) => `  ${target}: ${Object.entries(byStatus).map(([s, n]) => `${s}×${n}`).join(" ")}`);
  console.info(`fuzz: ${requestsSent} requests in ${seconds} s${SEED !== undefined ? ` (seed ${SEED})` : ""}\n${lines.join("\n")}`);
});

describe("every endpoint is fuzzed", () => {
  it("AUTHED_ENDPOINTS are all fuzz targets, and every target has a generator", () => {
    const targets = new Set(fuzz.map((f) => f.target));
    for (const [method, path] of AUTHED_ENDPOINTS) expect(targets.has(targetOf(method, path)), `${method} ${path}`).toBe(true);
    expect([...targets].sort()).toEqual(Object.keys(TARGETS).sort());
  });
});

describe("hostile requests: no 5xx, documented error shapes, nothing stored", () => {
  for (const [index, target] of Object.keys(TARGETS).entries()) {
    it(target, async () => {
      const f = fuzz.find((e) => e.target === target)!;
      const totalWeight = fuzz.reduce((s, e) => s + e.weight, 0);
      const numRuns = Math.max(20, Math.round((TOTAL_RUNS * f.weight) / totalWeight));
      const byStatus = (stats[target] ??= {});
      await fc.assert(
        fc.asyncProperty(f.arb, async (r) => {
          const started = performance.now();
          const answer = await send(r);
          const ms = performance.now() - started;
          if (ms > SLOW_MS) throw new Error(`took ${ms.toFixed(0)} ms (limit ${SLOW_MS} ms): ${answer.status}`);
          byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
          if (f.trpcBatch) checkTrpcAnswer(r, answer, f.trpcBatch(r));
          else checkRestAnswer(r, answer);
          checkNoPollution(r);
          // Sign-out (or an admin ending a session) ends a session by design: give the world its sessions back.
          if (f.trpcBatch) await restoreSessions();
          // An admin's price list set to any object of its optional fields ({} included) is a write by design: taken back.
          if (f.trpcBatch && setsOwnPriceList(r)) await db().tenantPriceList.deleteMany({});
          const counts = await rowCounts(tables);
          if (counts !== baselineCounts) throw new Error(`rows changed:\n  before ${baselineCounts}\n  after  ${counts}`);
        }),
        // A replayed run gives each endpoint its own stream (the same seed everywhere would repeat one).
        { numRuns, seed: SEED === undefined ? undefined : SEED + index, endOnFailure: !SHRINK },
      );
      expect(await snapshot(tables), "a table's rows changed").toBe(baselineRows);
    });
  }

  it("sent at least 10,000 requests", () => {
    if (TOTAL_RUNS >= 10_000) expect(requestsSent).toBeGreaterThanOrEqual(10_000);
  });
});

it("U+0000 in any string is a 422 naming where, on every kind of input, and stores nothing", async () => {
  const key = world.keys.adminA;
  const v2 = await call("POST", "/planner/v2", { key, body: hamburgMunich({ vehicle_id: "mb-eactros-600\u0000" }) });
  expect([v2.status, v2.json.detail]).toEqual([422, [{ loc: ["body", "vehicle_id"], msg: NUL_MESSAGE, type: "string_nul" }]]);
  const path = await call("DELETE", `/poi/overlays/${encodeURIComponent(world.stationSample[2])}%00`, { key });
  expect([path.status, path.json.detail?.[0]?.loc]).toEqual([422, ["path", "external_id"]]);
  const query = await call("GET", "/vehicles?name=a%00b", { key });
  expect([query.status, query.json.detail?.[0]?.loc]).toEqual([422, ["query", "name"]]);
  const patch = await call("PATCH", `/vehicles/${world.fleetA[0]}`, { key, body: { name: "a\u0000b" } });
  expect([patch.status, patch.json.detail?.[0]?.loc]).toEqual([422, ["body", "name"]]);
  const nestedKey = await call("POST", "/vehicles", { key, body: { vehicle_id: "nul-1", model_code: "MB_EACTROS_600", ["x\u0000"]: 1 } });
  expect([nestedKey.status, nestedKey.json.detail?.[0]?.loc]).toEqual([422, ["body", "x\u0000"]]);
  const auth = await verifyKey(db(), key);
  const caller = appRouter.createCaller({ auth, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });
  await expect(caller.fleet.create({ vehicle_id: "nul-2", model_code: "MB_EACTROS_600", name: "a\u0000b" })).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
  await expect(caller.keys.create({ label: "a\u0000b" } as never)).rejects.toMatchObject({ code: "UNPROCESSABLE_CONTENT" });
  expect(await rowCounts(tables)).toBe(baselineCounts);
});

