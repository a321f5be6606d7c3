// The PostgreSQL path: migrations, submit -> worker -> result, isolation and
// claiming, against the local server in a database created for this run.
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb, db } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { requeueAbandoned, runNextJob } from "@/server/jobs/worker";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";

const ADMIN_URL = process.env.PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const NAME = `planner_test_${process.pid}_${Date.now()}`;
const WORKER = { leaseS: 60, maxAttempts: 2 };
let t: TestTenants;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE "${NAME}"`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${NAME}`);
  await freshDatabase(url);
  expect(await migrate(url)).toEqual([]); // a second run applies nothing
  t = await twoTenants();
});

afterAll(async () => {
  await closeDb();
  await admin(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
});

it("plans a submitted tour end to end on PostgreSQL", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect(submit.status, submit.text).toBe(200);
  expect((await db().tourSection.count({ where: { tourId: submit.json.tour_id } }))).toBe(1);
  expect(await runNextJob(db(), WORKER)).toBe(true);
  const job = await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.a.key });
  expect(job.json.status).toBe("succeeded");
  const first = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  const again = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  expect(first.status).toBe(200);
  expect(again.text).toBe(first.text);
  expect(first.json.sections.length).toBeGreaterThan(1);
});

it("keeps tenants apart", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect((await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.b.key })).status).toBe(404);
  expect((await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.b.key })).status).toBe(404);
  while (await runNextJob(db(), WORKER)) {
    /* drain */
  }
});

it("concurrent workers never claim the same job", async () => {
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push((await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() })).json.job_id);
  const workers = Array.from({ length: 3 }, (_, w) => (async () => {
    let n = 0;
    while (await runNextJob(db(), { ...WORKER, workerId: `w${w}` })) n++;
    return n;
  })());
  const counts = await Promise.all(workers);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
  const jobs = await db().job.findMany({ where: { id: { in: ids } } });
  expect(jobs.every((j) => j.status === "succeeded" && j.attempts === 1)).toBe(true);
});

it("a running job whose lease expired is queued again and finished", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  await db().job.update({ where: { id: submit.json.job_id }, data: { status: "running", attempts: 1, lockedBy: "gone", lockedUntil: new Date(Date.now() - 1000) } });
  expect(await requeueAbandoned(db(), { all: false })).toBe(1);
  expect(await runNextJob(db(), WORKER)).toBe(true);
  const job = await db().job.findUniqueOrThrow({ where: { id: submit.json.job_id } });
  expect(job).toMatchObject({ status: "succeeded", attempts: 2 });
});

it("keeps the station store: import, re-import without duplicates, overlays and depots", async () => {
  const location = (kW: number) => [{
    country_code: "DE", party_id: "PGT", id: "L1", publish: true, name: "PG Hub", address: "Weg 1", city: "Ort", country: "DEU",
    coordinates: { latitude: "52.000000", longitude: "10.000000" }, operator: { name: "PG Hub GmbH" },
    evses: [{ uid: "E1", status: "AVAILABLE", connectors: [{ id: "1", standard: "IEC_62196_T2_COMBO", power_type: "DC", max_electric_power: kW * 1000 }] }],
  }];
  const bytes = (kW: number) => new TextEncoder().encode(JSON.stringify(location(kW)));
  const { importStationFile } = await import("@/server/stations/store");
  expect(await importStationFile(db(), { format: "ocpi", fileName: "pg-hub.json", bytes: bytes(300) })).toMatchObject({ added: 1 });
  expect(await importStationFile(db(), { format: "ocpi", fileName: "pg-hub.json", bytes: bytes(300) })).toMatchObject({ added: 0, unchanged: 1 });
  expect(await importStationFile(db(), { format: "ocpi", fileName: "pg-hub.json", bytes: bytes(400) })).toMatchObject({ added: 0, updated: 1 });
  expect(await db().stationRecord.count()).toBe(1);
  const put = await call("PUT", "/poi/overlays/ocpi%3ADE%3APGT%3AL1", { key: t.a.key, body: { truck_approved: "TT" } });
  expect(put.status, put.text).toBe(200);
  const depot = await call("PUT", "/poi/depots/pg-1", { key: t.a.key, body: { name: "PG Depot", latitude: 52.1, longitude: 10.1, power_kW: 150, connectors: ["CCS"] } });
  expect(depot.status, depot.text).toBe(201);
  const cpos = await call("GET", "/poi/cpos", { key: t.a.key });
  expect(cpos.json.find((c: { name: string }) => c.name === "PG Hub GmbH")).toEqual({ name: "PG Hub GmbH", station_count: 1 });
  expect((await call("GET", "/poi/depots", { key: t.b.key })).json).toEqual([]);
});
