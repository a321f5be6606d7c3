// The PostgreSQL path: migrations, submit -> pg-boss -> worker -> result,
// isolation, leases, bounded attempts and the sweeper, against the local
// server in a database created for this run.
import { databaseUrlFor, pgAdmin } from "../support/pg-admin";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb, db } from "@/server/db/client";
import { migrate } from "@/server/db/migrate";
import { planHeldJob } from "@/server/jobs/attempt";
import { keepLease } from "@/server/jobs/lease";
import { PLAN_QUEUE, queueBoss, stopBoss } from "@/server/jobs/pg-boss-instance";
import { reclaimFromStoppedWorkers, runNextDelivery, sweepQueue } from "@/server/jobs/pg-boss-queue";
import type PgBoss from "pg-boss";
import { SharedTokenBuckets } from "@/server/http/shared-rate-limit";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";

const NAME = `planner_test_${process.pid}_${Date.now()}`;
// The pg project runs with a 5 s lease and 2 attempts (vitest.config.ts), so expiry can be waited for.
const LEASE_S = 5;
const MAX_ATTEMPTS = 2;
// No test here is about the time limit; the first plan starts the planning process and loads its
// packs, which on a loaded CI machine took longer than the 4 s this once allowed.
const WORKER = { workerId: "test", leaseS: LEASE_S, maxAttempts: 2, timeLimitMs: 60_000 };
let t: TestTenants;
let boss: PgBoss;

async function queued(): Promise<number> {
  const { rows } = await boss.getDb().executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [PLAN_QUEUE]);
  return rows[0].n;
}

async function drain() {
  while (await runNextDelivery(db(), boss, WORKER)) {
    /* plan what is waiting */
  }
}

/** Waits out the leases of the running jobs, then sweeps as every worker does each heartbeat. */
async function expireLeases() {
  await new Promise((r) => setTimeout(r, LEASE_S * 1000 + 200));
  return reclaimFromStoppedWorkers(db(), boss, MAX_ATTEMPTS);
}

/** Waits until a delivery can be fetched (pg-boss's retry delay). */
async function waitForDelivery() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await boss.getDb().executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created','retry') AND start_after <= now()`, [PLAN_QUEUE]);
    if (rows[0].n > 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("no delivery became available");
}


beforeAll(async () => {
  await pgAdmin(`CREATE DATABASE "${NAME}"`);
  const url = databaseUrlFor(NAME);
  await freshDatabase(url);
  expect(await migrate(url)).toEqual([]); // a second run applies nothing
  t = await twoTenants();
  boss = await queueBoss(url);
});

afterAll(async () => {
  await stopBoss();
  await closeDb();
  await pgAdmin(`DROP DATABASE IF EXISTS "${NAME}" WITH (FORCE)`);
});

it("plans a submitted tour end to end on PostgreSQL, through pg-boss", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect(submit.status, submit.text).toBe(200);
  expect((await db().tourSection.count({ where: { tourId: submit.json.tour_id } }))).toBe(1);
  expect((await boss.getJobById(PLAN_QUEUE, submit.json.job_id))?.state).toBe("created"); // queued in the submit's transaction
  expect(await runNextDelivery(db(), boss, WORKER)).toBe(true);
  const job = await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.a.key });
  expect(job.json, job.text).toMatchObject({ status: "succeeded", attempts: 1 });
  expect((await boss.getJobById(PLAN_QUEUE, submit.json.job_id, { includeArchive: true }))?.state).toBe("completed");
  const first = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  const again = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  expect(first.status).toBe(200);
  expect(again.text).toBe(first.text);
  expect(first.json.sections.length).toBeGreaterThan(1);
});

it("a rejected submit leaves nothing in the queue, and a replayed one queues nothing new", async () => {
  const before = await queued();
  const bad = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ vehicle_id: "no-such-truck" }) });
  expect(bad.status).toBe(422);
  const headers = { "idempotency-key": `pg-${NAME}` };
  const first = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich(), headers });
  const replay = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich(), headers });
  expect(replay.json.job_id).toBe(first.json.job_id);
  expect(await queued()).toBe(before + 1);
  await drain();
});

it("keeps tenants apart", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect((await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.b.key })).status).toBe(404);
  expect((await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.b.key })).status).toBe(404);
  await drain();
});

it("concurrent workers never plan the same job", async () => {
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push((await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() })).json.job_id);
  const workers = Array.from({ length: 3 }, (_, w) => (async () => {
    let n = 0;
    while (await runNextDelivery(db(), boss, { ...WORKER, workerId: `w${w}` })) n++;
    return n;
  })());
  const counts = await Promise.all(workers);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(6);
  const jobs = await db().job.findMany({ where: { id: { in: ids } } });
  expect(jobs.every((j) => j.status === "succeeded" && j.attempts === 1)).toBe(true);
});

it("a job whose worker stopped renewing its lease is planned by another, and the stopped worker's late result is discarded", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  const jobId = submit.json.job_id as string;
  // Worker "dead" takes the delivery and the job, then stops renewing the lease.
  const [delivery] = await boss.fetch(PLAN_QUEUE, { batchSize: 1 });
  expect(delivery.id).toBe(jobId);
  await db().job.update({ where: { id: jobId }, data: { status: "running", attempts: 1, lockedBy: "dead", lockedUntil: new Date(Date.now() + LEASE_S * 1000) } });
  const deadView = await db().job.findUniqueOrThrow({ where: { id: jobId } });
  expect(await runNextDelivery(db(), boss, WORKER)).toBe(false); // nothing to fetch while the lease runs
  expect(await reclaimFromStoppedWorkers(db(), boss, MAX_ATTEMPTS)).toEqual({ requeued: [], failed: [] }); // nor to take back
  expect(await expireLeases()).toEqual({ requeued: [jobId], failed: [] });
  await waitForDelivery();
  expect(await runNextDelivery(db(), boss, { ...WORKER, workerId: "alive" })).toBe(true);
  const done = await db().job.findUniqueOrThrow({ where: { id: jobId } });
  expect(done).toMatchObject({ status: "succeeded", attempts: 2 });
  const result = await db().optimization.findUniqueOrThrow({ where: { id: submit.json.optimization_id } });
  // The dead worker comes back and finishes its attempt: its write is refused.
  expect(await planHeldJob(db(), deadView, { workerId: "dead", maxAttempts: 2, timeLimitMs: WORKER.timeLimitMs })).toEqual({ kind: "superseded" });
  expect(await db().job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "succeeded", attempts: 2, finishedAt: done.finishedAt });
  expect((await db().optimization.findUniqueOrThrow({ where: { id: submit.json.optimization_id } })).finishedAt).toEqual(result.finishedAt);
});

it("a worker that renews its lease keeps its job however long it plans; the sweep leaves it alone", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  const jobId = submit.json.job_id as string;
  const [delivery] = await boss.fetch(PLAN_QUEUE, { batchSize: 1 });
  expect(delivery.id).toBe(jobId);
  await db().job.update({ where: { id: jobId }, data: { status: "running", attempts: 1, lockedBy: "slow", lockedUntil: new Date(Date.now() + LEASE_S * 1000) } });
  const stop = keepLease(db(), { id: jobId, lockedBy: "slow", attempts: 1 }, { leaseS: LEASE_S, heartbeatMs: 1000 });
  try {
    expect(await expireLeases()).toEqual({ requeued: [], failed: [] });
    expect(await db().job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "running", lockedBy: "slow" });
  } finally {
    stop();
  }
  expect(await expireLeases()).toEqual({ requeued: [jobId], failed: [] });
  await waitForDelivery();
  await drain();
  expect(await db().job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({ status: "succeeded", attempts: 2 });
});

it("a job that keeps failing ends failed with the reason after JOB_MAX_ATTEMPTS attempts", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  const jobId = submit.json.job_id as string;
  await db().tour.update({ where: { id: submit.json.tour_id }, data: { request: "{ not json" } });
  for (let i = 0; i < 20; i++) {
    await runNextDelivery(db(), boss, WORKER);
    const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
    if (job.status === "failed") break;
    await new Promise((r) => setTimeout(r, 500)); // pg-boss's retry delay
  }
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
  expect(job.status).toBe("failed");
  expect(job.attempts).toBe(WORKER.maxAttempts);
  expect(job.error).toMatch(/JSON/);
  await drain();
  expect((await db().job.findUniqueOrThrow({ where: { id: jobId } })).attempts).toBe(WORKER.maxAttempts);
});

it("a job whose every worker died ends failed after JOB_MAX_ATTEMPTS, saying so", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  const jobId = submit.json.job_id as string;
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    await waitForDelivery();
    const [delivery] = await boss.fetch(PLAN_QUEUE, { batchSize: 1 });
    expect(delivery.id).toBe(jobId);
    await db().job.update({ where: { id: jobId }, data: { status: "running", attempts: attempt, lockedBy: `dead-${attempt}`, lockedUntil: new Date() } });
    expect(await expireLeases()).toEqual(attempt < MAX_ATTEMPTS ? { requeued: [jobId], failed: [] } : { requeued: [], failed: [jobId] });
  }
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
  expect(job.status).toBe("failed");
  expect(job.error).toMatch(/worker stopped during planning in all 2 attempts/);
  // Its delivery is done with: nothing is handed out again.
  expect(await runNextDelivery(db(), boss, WORKER)).toBe(false);
});

it("the sweeper queues a job missing from the queue and ends one the queue gave up on", async () => {
  const lost = (await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() })).json.job_id as string;
  const given = (await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() })).json.job_id as string;
  await boss.deleteJob(PLAN_QUEUE, lost);
  await boss.fetch(PLAN_QUEUE, { batchSize: 2 });
  await boss.fail(PLAN_QUEUE, given, { error: "simulated" });
  await db().$executeRawUnsafe(`UPDATE pgboss.job SET state = 'failed' WHERE id = '${given}'`);
  const old = new Date(Date.now() - 90_000);
  await db().job.updateMany({ where: { id: { in: [lost, given] } }, data: { createdAt: old } });
  expect(await sweepQueue(db(), boss, Date.now() - 60_000)).toEqual({ resent: 0, failed: 0 }); // a minute ago they were too young
  expect(await sweepQueue(db(), boss)).toEqual({ resent: 1, failed: 1 });
  expect(await db().job.findUniqueOrThrow({ where: { id: given } })).toMatchObject({ status: "failed", error: expect.stringMatching(/queue gave up.*simulated/) });
  await drain();
  expect((await db().job.findUniqueOrThrow({ where: { id: lost } })).status).toBe("succeeded");
  expect(await sweepQueue(db(), boss)).toEqual({ resent: 0, failed: 0 });
});

it("the rate limit's buckets are shared by every web process, exactly under concurrency", async () => {
  // Two limiters stand for two web processes on one database.
  const settings = { perMin: 60, burst: 5 };
  const [a, b] = [new SharedTokenBuckets(settings, db), new SharedTokenBuckets(settings, db)];
  const key = `shared-${NAME}`;
  const got: boolean[] = [];
  for (let i = 0; i < 6; i++) got.push((await (i % 2 ? a : b).take(key)).ok);
  expect(got).toEqual([true, true, true, true, true, false]);
  expect(await a.take(key)).toEqual({ ok: false, retryAfterS: 1 });
  await new Promise((r) => setTimeout(r, 1100)); // a token a second
  expect((await b.take(key)).ok).toBe(true);
  const slow = { perMin: 6, burst: 5 };
  const [c, d] = [new SharedTokenBuckets(slow, db), new SharedTokenBuckets(slow, db)];
  const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? c : d).take(`burst-${NAME}`)));
  expect(burst.filter((r) => r.ok).length).toBe(5);
  expect(burst.find((r) => !r.ok)).toEqual({ ok: false, retryAfterS: 10 });
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

it("a worker whose planning process outgrows PLAN_MEMORY_MB fails the job with the reason, once, and plans on", async () => {
  const { startWorkerProcess, waitForStatus, FINAL } = await import("../support/worker-process");
  const url = databaseUrlFor(NAME);
  const ids = await Promise.all([0.7, 0.8].map(async (b) => (await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ battery_level_start: b }) })).json.job_id as string));
  // 120 MB: less than a planning process needs for the data packs alone. The pg project's 4 s limit is too short for a cold start.
  const worker = startWorkerProcess(url, { PLAN_MEMORY_MB: "120", JOB_TIME_LIMIT_S: "60", JOB_LEASE_S: "120" });
  try {
    for (const id of ids) expect(await waitForStatus(id, FINAL)).toBe("failed");
    expect(worker.child.exitCode).toBeNull();
    for (const id of ids) {
      const job = await db().job.findUniqueOrThrow({ where: { id } });
      expect(job.error).toMatch(/more than 120 MB of memory \(PLAN_MEMORY_MB\)/);
      expect(job.attempts).toBe(1);
    }
    // pg-boss is done with them too: nothing is delivered again.
    const { rows } = await boss.getDb().executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND id = ANY($2::uuid[]) AND state IN ('created','retry','active')`, [PLAN_QUEUE, ids]);
    expect(rows[0].n).toBe(0);
  } finally {
    worker.kill();
  }
}, 180_000);
