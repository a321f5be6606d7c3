// npm run bench:fairness: one tenant floods the queue, another plans small trips.
// The built server on its embedded defaults (SQLite, the worker in the web
// process with one planning process per core), or on PostgreSQL with
// BENCH_DATABASE=postgresql (one web process, one `npm run worker` of the same slots).
// First tenant B's small plan alone (the baseline, same server), then while tenant
// A's flood (BENCH_FLOOD heavy tours: Hamburg <-> Munich five times, and a fleet day
// of BENCH_FLEET tours) is queued: submit -> final of each of B's plans p50/p95, the
// ratio to the baseline, how many of A's plans each waited behind, and /healthz over
// HTTP every 20 ms throughout (p50/p99/max). Needs the built app (npx next build).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApiKey } from "../src/server/auth/keys";
import { closeDb, db } from "../src/server/db/client";
import { migrate } from "../src/server/db/migrate";
import { ensureTenant } from "../src/server/tenants";
import { databaseUrlFor, pgAdmin } from "../tests/support/pg-admin";

const PORT = Number(process.env.BENCH_PORT ?? 3460);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 10);
const FLEET = Number(process.env.BENCH_FLEET ?? 20);
const SMALL = Number(process.env.BENCH_SMALL ?? 10);
const POSTGRES = process.env.BENCH_DATABASE === "postgresql";
const BASE = `http://127.0.0.1:${PORT}`;

const HAMBURG = [53.55, 9.99], MUNICH = [48.14, 11.58], HANNOVER = [52.37, 9.73];
const heavy = {
  vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {},
  section_list: Array.from({ length: 5 }, (_, i) => ({ start_pos: i % 2 ? MUNICH : HAMBURG, stop_pos: i % 2 ? HAMBURG : MUNICH, payload_kg: 20000 })),
};
const fleetTour = (i: number) => ({
  vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {}, start_time_tour: new Date(Date.UTC(2027, 0, 1 + i, 6)).toISOString(),
  section_list: [{ start_pos: HAMBURG, stop_pos: MUNICH, payload_kg: 20000 }],
});
const small = { vehicle_id: "mb-eactros-600", battery_level_start: 0.8, poi_info: {}, section_list: [{ start_pos: HAMBURG, stop_pos: HANNOVER, payload_kg: 10000 }] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};

async function api(key: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${BASE}${url}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** Submit -> final status of one small plan of tenant B, s; and how many of A's jobs started meanwhile. */
async function smallPlan(key: string, aTenant: number): Promise<{ s: number; overtaken: number }> {
  const t0 = Date.now();
  const { job_id } = await api(key, "POST", "/planner/v2", small);
  for (;;) {
    const job = await api(key, "GET", `/planner/jobs/${job_id}`);
    if (["succeeded", "not_drivable", "failed"].includes(job.status)) {
      const started = new Date(job.started_at);
      const overtaken = await db().job.count({ where: { tenantId: aTenant, startedAt: { gt: new Date(t0), lt: started } } });
      return { s: (Date.now() - t0) / 1000, overtaken };
    }
    await sleep(50);
  }
}

function probeHealthz(): { stop: () => Promise<number[]> } {
  const times: number[] = [];
  let on = true;
  const loop = (async () => {
    while (on) {
      const t0 = performance.now();
      await fetch(`${BASE}/healthz`).then((r) => r.text());
      times.push(performance.now() - t0);
      await sleep(20);
    }
  })();
  return { stop: async () => ((on = false), await loop, times) };
}

function startProcess(script: string, env: Record<string, string>, log: string): ChildProcess {
  const out = fs.openSync(log, "a");
  return spawn(process.execPath, ["--import", "tsx", script], { env: { ...process.env, ...env }, stdio: ["ignore", out, out] });
}

async function main() {
  if (!fs.existsSync(".next/BUILD_ID")) throw new Error("run `npx next build` first");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-fairness-"));
  const pgName = `planner_fairness_${process.pid}`;
  if (POSTGRES) await pgAdmin(`CREATE DATABASE "${pgName}"`);
  const url = POSTGRES ? databaseUrlFor(pgName) : `file:${path.join(dir, "planner.db")}`;
  process.env.DATABASE_URL = url;
  await migrate(url);
  const a = await ensureTenant(db(), "flooder");
  const b = await ensureTenant(db(), "neighbour");
  const aKey = (await createApiKey(db(), a.id)).key, bKey = (await createApiKey(db(), b.id)).key;
  const env = { DATABASE_URL: url, PORT: String(PORT), NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", RATE_LIMIT_PER_MIN: "0", IN_PROCESS_WORKER: POSTGRES ? "off" : "on" };
  const procs = [startProcess("scripts/start.ts", env, path.join(dir, "web.log"))];
  if (POSTGRES) procs.push(startProcess("scripts/worker.ts", env, path.join(dir, "worker.log")));
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${BASE}/readyz`).then((r) => r.ok).catch(() => false)) break;
      if (i > 600) throw new Error(`server did not start (logs in ${dir})`);
      await sleep(200);
    }
    const slots = Number(process.env.WORKER_CONCURRENCY ?? os.availableParallelism());
    console.log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores, node ${process.version}; ${POSTGRES ? "PostgreSQL, 1 web + 1 worker" : "SQLite, embedded worker"}, ${slots} planning slots`);
    // Warm up the planning processes, then the baseline: B alone.
    for (let i = 0; i < 2; i++) await smallPlan(bKey, a.id);
    const alone: number[] = [];
    for (let i = 0; i < SMALL; i++) alone.push((await smallPlan(bKey, a.id)).s);

    const healthz = probeHealthz();
    const t0 = Date.now();
    for (let i = 0; i < FLOOD; i++) await api(aKey, "POST", "/planner/v2", heavy);
    if (FLEET > 0) await api(aKey, "POST", "/planner/fleet", { tours: Array.from({ length: FLEET }, (_, i) => fleetTour(i)) });
    await sleep(2000); // the flood's first plans in hand
    const flooded: number[] = [], overtaken: number[] = [];
    for (let i = 0; i < SMALL; i++) {
      const r = await smallPlan(bKey, a.id);
      flooded.push(r.s);
      overtaken.push(r.overtaken);
      await sleep(1000);
    }
    const healthMs = await healthz.stop();
    const heavyDone = await db().job.findMany({ where: { tenantId: a.id, status: "succeeded", startedAt: { not: null } }, select: { startedAt: true, finishedAt: true } });
    const heavyS = heavyDone.map((j) => (j.finishedAt!.getTime() - j.startedAt!.getTime()) / 1000);
    const f = (x: number) => x.toFixed(2);
    console.log(`\nflood: ${FLOOD} heavy tours + a fleet day of ${FLEET} tours from tenant A (${((Date.now() - t0) / 1000).toFixed(0)} s observed); A's plans that finished meanwhile: ${heavyS.length}, p50 ${f(pct(heavyS, 50))} s, max ${f(Math.max(...heavyS))} s`);
    console.log("tenant B's small plan, submit -> final (s)        p50     p95     max");
    console.log(`  alone (baseline)                               ${f(pct(alone, 50)).padStart(5)}   ${f(pct(alone, 95)).padStart(5)}   ${f(Math.max(...alone)).padStart(5)}`);
    console.log(`  while A floods                                 ${f(pct(flooded, 50)).padStart(5)}   ${f(pct(flooded, 95)).padStart(5)}   ${f(Math.max(...flooded)).padStart(5)}`);
    console.log(`  ratio flooded / alone (p50)                    ${(pct(flooded, 50) / pct(alone, 50)).toFixed(1)}x`);
    console.log(`  A's plans started while one of B's waited: ${overtaken.join(" ")} (at most the slots in use: fair)`);
    console.log(`/healthz over HTTP during the flood (${healthMs.length} probes): p50 ${f(pct(healthMs, 50))} ms, p99 ${f(pct(healthMs, 99))} ms, max ${f(Math.max(...healthMs))} ms`);
  } finally {
    for (const p of procs) p.kill("SIGKILL");
    await closeDb();
    if (POSTGRES) await pgAdmin(`DROP DATABASE IF EXISTS "${pgName}" WITH (FORCE)`);
  }
}

await main();
process.exit(0);
