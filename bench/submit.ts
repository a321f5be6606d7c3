// npm run bench:submit: what one POST /planner/v2 costs a web process on
// PostgreSQL, in process (no HTTP server): 500 sequential submits of the
// bench:load trip mix after 50 to warm up, on a fresh database, rate limit off.
// Baseline in the same process: an authenticated read (GET /vehicles/info/models:
// key check and routing, no write), so the ratio is the submit's own work.
// Prints p50/p90 in ms of both and the ratio of the medians.
import { migrate } from "../src/server/db/migrate";
import { databaseUrlFor, pgAdmin } from "../tests/support/pg-admin";
import { tripBody } from "../tests/support/trips";

const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const name = `planner_bench_submit_${process.pid}`;
await pgAdmin(`CREATE DATABASE "${name}"`);
const url = databaseUrlFor(name);
process.env.DATABASE_URL = url;
process.env.RATE_LIMIT_PER_MIN = "0";
// 550 jobs of one tenant that no worker plans: its backlog limit would refuse them past 200.
process.env.TENANT_MAX_QUEUED_JOBS = "0";
process.env.LOG_LEVEL ??= "silent";
try {
  await migrate(url);
  const { db, closeDb } = await import("../src/server/db/client");
  const { ensureTenant } = await import("../src/server/tenants");
  const { createApiKey } = await import("../src/server/auth/keys");
  const { prepareQueue } = await import("../src/server/jobs/enqueue");
  const { closeQueue } = await import("../src/server/jobs/queue");
  const { POST } = await import("../src/app/planner/v2/route");
  const { GET } = await import("../src/app/vehicles/info/models/route");
  await prepareQueue();
  const tenant = await ensureTenant(db(), "bench");
  const { key } = await createApiKey(db(), tenant.id);
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const ctx = { params: Promise.resolve({}) };
  const submit = async (i: number) => {
    const res = await POST(new Request("http://localhost/planner/v2", { method: "POST", headers, body: JSON.stringify(tripBody(i)) }), ctx);
    if (res.status !== 200) throw new Error(await res.text());
  };
  const read = async () => {
    const res = await GET(new Request("http://localhost/vehicles/info/models", { headers }), ctx);
    if (res.status !== 200) throw new Error(await res.text());
    await res.text();
  };
  const time = async (fn: (i: number) => Promise<void>) => {
    for (let i = 0; i < 50; i++) await fn(i);
    const ms: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await fn(i);
      ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    return { p50: ms[Math.floor(RUNS / 2)], p90: ms[Math.floor(RUNS * 0.9)] };
  };
  const base = await time(read);
  const sub = await time(submit);
  console.log(`authenticated read: p50 ${base.p50.toFixed(2)} ms, p90 ${base.p90.toFixed(2)} ms`);
  console.log(`submit:             p50 ${sub.p50.toFixed(2)} ms, p90 ${sub.p90.toFixed(2)} ms`);
  console.log(`submit / read (medians): ${(sub.p50 / base.p50).toFixed(2)}x`);
  await closeQueue();
  await closeDb();
} finally {
  await pgAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}
process.exit(0);
