// A job left queued or running when a process stops is finished after restart:
// real worker processes against one database file.
import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { startWorkerProcess as startWorker, waitForStatus, type WorkerProcess } from "../support/worker-process";

let t: TestTenants;
let url: string;
const workers: WorkerProcess[] = [];
const children: ChildProcess[] = [];
const METRICS_PORT = Number(process.env.WORKER_METRICS_TEST_PORT ?? 3391);

beforeAll(async () => {
  url = await freshDatabase();
  t = await twoTenants();
});
afterAll(() => {
  workers.forEach((w) => w.kill());
  children.forEach((c) => c.kill("SIGKILL"));
});

function startWorkerProcess(args: string[] = []): WorkerProcess {
  const worker = startWorker(url, {}, args);
  workers.push(worker);
  return worker;
}

it("jobs left running by a killed process, and jobs still queued, are finished after restart", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect(submit.status).toBe(200);
  const jobId = submit.json.job_id as string;

  // The job as a crashed process leaves it: claimed, running, lease far in the future.
  await db().job.update({ where: { id: jobId }, data: { status: "running", attempts: 1, lockedBy: "dead-host:1", lockedUntil: new Date(Date.now() + 3_600_000), startedAt: new Date() } });
  const queuedToo = (await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ battery_level_start: 0.9 }) })).json.job_id as string;

  // A first worker process is killed with SIGKILL before it can finish anything useful.
  const doomed = startWorkerProcess();
  await new Promise((r) => setTimeout(r, 300));
  doomed.kill();

  // The restarted embedded worker requeues what the dead process held and plans everything.
  startWorkerProcess(["--recover-all"]);
  expect(await waitForStatus(jobId, ["succeeded", "not_drivable", "failed"])).toBe("succeeded");
  expect(await waitForStatus(queuedToo, ["succeeded", "not_drivable", "failed"])).toBe("succeeded");
  const result = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  expect(result.status).toBe(200);
  expect(result.json.status).toBe("succeeded");
});

it("a job whose worker was killed mid-plan is taken back by another worker within 30 s, under the default lease settings", async () => {
  // The api project sets none of JOB_LEASE_S, JOB_HEARTBEAT_S, JOB_TIME_LIMIT_S: the defaults apply.
  expect([process.env.JOB_LEASE_S, process.env.JOB_HEARTBEAT_S]).toEqual([undefined, undefined]);
  for (const w of workers.splice(0)) w.kill();
  const holder = startWorkerProcess();
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ battery_level_start: 0.85 }) });
  const jobId = submit.json.job_id as string;
  // Kill the worker (and its planning process) while it holds the job.
  let held = false;
  for (let i = 0; i < 3000 && !held; i++) {
    const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
    held = job.status === "running" && job.lockedBy?.endsWith(`:${holder.child.pid}`) === true;
    if (!held) await new Promise((r) => setTimeout(r, 5));
  }
  expect(held, "the worker never held the job").toBe(true);
  holder.kill();
  const killedAt = Date.now();
  // A worker started after the kill (no --recover-all): only the lease tells it the job is abandoned.
  startWorkerProcess();
  expect(await waitForStatus(jobId, ["succeeded", "not_drivable", "failed"], 60_000)).toBe("succeeded");
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId } });
  const recoveryS = (job.finishedAt!.getTime() - killedAt) / 1000;
  const handedS = (job.startedAt!.getTime() - killedAt) / 1000;
  console.log(JSON.stringify({ sqliteRecovery: { handedToAnotherWorkerS: handedS, finalS: recoveryS, attempts: job.attempts } }));
  expect(job.attempts).toBe(2);
  expect(handedS).toBeLessThanOrEqual(30);
});

it("WORKER_CONCURRENCY=2 runs two planning processes, restarts one that dies, serves their metrics, and stops them all on SIGTERM", async () => {
  // Only the supervisor's processes plan from here.
  for (const w of workers.splice(0)) w.kill();
  const supervisor = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: { ...process.env, DATABASE_URL: url, WORKER_POLL_MS: "100", WORKER_CONCURRENCY: "2", WORKER_METRICS_PORT: String(METRICS_PORT), METRICS_PUBLIC: "true" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(supervisor);
  let out = "";
  supervisor.stdout!.on("data", (d) => (out += d));
  const started = () => [...out.matchAll(/"pid":(\d+)[^\n]*"msg":"worker started"/g)].map((m) => Number(m[1]));
  const waitUntil = async (what: string, ok: () => boolean) => {
    for (let i = 0; i < 300 && !ok(); i++) await new Promise((r) => setTimeout(r, 100));
    if (!ok()) throw new Error(`${what}: ${out}`);
  };
  await waitUntil("two planning processes", () => started().length === 2);
  const [first] = started();
  expect(first).not.toBe(supervisor.pid);
  process.kill(first, "SIGKILL");
  await waitUntil("a replacement", () => started().length === 3);

  // The planning processes (one of them the replacement) plan what is submitted.
  const ids = await Promise.all([0.7, 0.8, 0.9].map(async (b) => (await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ battery_level_start: b }) })).json.job_id as string));
  for (const id of ids) expect(await waitForStatus(id, ["succeeded", "not_drivable", "failed"])).toBe("succeeded");
  // Each planning process serves its own metrics: together they counted the three plans.
  let planned = 0;
  for (const port of [METRICS_PORT, METRICS_PORT + 1]) {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('planner_jobs{status="succeeded"}');
    planned += Number(/planner_plan_duration_seconds_count\{status="succeeded"\} (\d+)/.exec(text)?.[1] ?? 0);
  }
  expect(planned).toBe(3);
  expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/healthz`)).status).toBe(200);

  const exited = new Promise<number | null>((resolve) => supervisor.once("exit", (code) => resolve(code)));
  supervisor.kill("SIGTERM");
  expect(await exited).toBe(0);
  const alive = started().slice(1).filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  expect(alive).toEqual([]);
});
