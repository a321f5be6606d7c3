// Plans are made in planning processes, never on the thread that serves requests
// or holds jobs: a heavy plan leaves /healthz and other tenants answering; a plan
// that outgrows its memory or stops answering fails its job alone.
import { afterAll, beforeAll, expect, it } from "vitest";
import * as healthz from "@/app/healthz/route";
import { TimeLimitExceeded } from "@/engine/charging/types";
import { db } from "@/server/db/client";
import { PlanningProcess, PlanningProcessDied } from "@/server/planning/planner-process";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { planNextJob } from "../support/jobs";
import { FINAL, startWorkerProcess, waitForStatus, type WorkerProcess } from "../support/worker-process";

let t: TestTenants;
let url: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  url = await freshDatabase();
  t = await twoTenants();
});
afterAll(async () => {
  workers.forEach((w) => w.kill());
  await closeDatabase();
});

const MADRID = [40.42, -3.7], COPENHAGEN = [55.68, 12.57];

/** Five sections alternating Madrid and Copenhagen: within every documented limit, the heaviest body of its size. */
function madridCopenhagen() {
  const points = [MADRID, COPENHAGEN, MADRID, COPENHAGEN, MADRID, COPENHAGEN];
  return hamburgMunich({ section_list: points.slice(1).map((stop, i) => ({ start_pos: points[i], stop_pos: stop, payload_kg: 15000 })) });
}

/** The plan input of a Hamburg -> Munich tour, as the submit stored it. */
async function storedInput() {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  const tour = await db().tour.findUniqueOrThrow({ where: { id: submit.json.tour_id } });
  return JSON.parse(tour.request).input;
}

async function healthLatencies(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const ms: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await healthz.GET(new Request("http://planner.test/healthz"));
    expect(res.status).toBe(200);
    ms.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  return ms.sort((a, b) => a - b);
}

it("a five-section Madrid <-> Copenhagen job plans in its planning process to a final state, /healthz and another tenant answering meanwhile", async () => {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: madridCopenhagen() });
  expect(submit.status).toBe(200);
  const planning = planNextJob(db(), { leaseS: 600, maxAttempts: 3 });
  const [ms] = await Promise.all([
    healthLatencies(planning),
    (async () => {
      // Another tenant's requests go on while the plan is made.
      const other = await call("GET", "/vehicles", { key: t.b.key });
      expect(other.status).toBe(200);
    })(),
  ]);
  expect(await planning).toBe(true);
  const job = await call("GET", `/planner/jobs/${submit.json.job_id}`, { key: t.a.key });
  expect(FINAL).toContain(job.json.status);
  // p99 of /healthz while planning (nearest rank).
  expect(ms.length).toBeGreaterThan(3);
  expect(ms[Math.ceil(0.99 * ms.length) - 1]).toBeLessThan(100);
}, 180_000);

it("POST /planner plans in a planning process too: /healthz answers while it waits", async () => {
  const request = call("POST", "/planner", { key: t.a.key, body: madridCopenhagen() });
  const ms = await healthLatencies(request);
  const res = await request;
  expect([200, 422]).toContain(res.status);
  expect(ms[Math.ceil(0.99 * ms.length) - 1]).toBeLessThan(100);
}, 180_000);

it("a planning process that outgrows PLAN_MEMORY_MB fails its job with the reason, the worker plans the next job, and a restart plans neither again", async () => {
  const ids = await Promise.all([0.7, 0.8].map(async (b) => (await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ battery_level_start: b }) })).json.job_id as string));
  // 120 MB: less than a planning process needs for the data packs alone.
  const worker = startWorkerProcess(url, { PLAN_MEMORY_MB: "120" });
  workers.push(worker);
  for (const id of ids) expect(await waitForStatus(id, FINAL)).toBe("failed");
  expect(worker.child.exitCode).toBeNull(); // the worker itself lives on
  for (const id of ids) {
    const job = await db().job.findUniqueOrThrow({ where: { id } });
    expect(job.error).toMatch(/more than 120 MB of memory \(PLAN_MEMORY_MB\)/);
    expect(job.attempts).toBe(1); // out of memory is final: no retry that would end the same way
  }
  const res = await call("GET", `/planner/jobs/${ids[0]}`, { key: t.a.key });
  expect(res.json.status).toBe("failed");
  worker.kill();

  // A restart (recovering everything left running) leaves failed jobs alone.
  const again = startWorkerProcess(url, {}, ["--recover-all"]);
  workers.push(again);
  const fresh = (await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() })).json.job_id as string;
  expect(await waitForStatus(fresh, FINAL)).toBe("succeeded");
  for (const id of ids) expect((await db().job.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);
  again.kill();
}, 180_000);

it("a planning process that stops answering is ended once its plan is past the deadline and the grace period", async () => {
  const p = new PlanningProcess({ name: "test", memoryMb: 2048, graceMs: 300 });
  try {
    // A first plan starts the process; then it is frozen, as a process stuck in a loop would be.
    const input = await storedInput();
    await p.plan(t.a.id, input, Date.now() + 60_000);
    const pid = (p as unknown as { child: { pid: number } }).child.pid;
    process.kill(pid, "SIGSTOP");
    const t0 = Date.now();
    await expect(p.plan(t.a.id, input, Date.now() + 500)).rejects.toBeInstanceOf(TimeLimitExceeded);
    expect(Date.now() - t0).toBeLessThan(5_000);
    // The next plan gets a new process.
    expect((await p.plan(t.a.id, input, Date.now() + 60_000)).status).toBe("succeeded");
    expect((p as unknown as { child: { pid: number } }).child.pid).not.toBe(pid);
  } finally {
    p.close();
  }
}, 120_000);

it("a planning process killed from outside fails only the plan in hand, saying so", async () => {
  const p = new PlanningProcess({ name: "test", memoryMb: 2048, graceMs: 30_000 });
  try {
    const input = await storedInput();
    await p.plan(t.a.id, input, Date.now() + 60_000);
    const pid = (p as unknown as { child: { pid: number } }).child.pid;
    process.kill(pid, "SIGSTOP");
    const inHand = p.plan(t.a.id, input, Date.now() + 60_000);
    setTimeout(() => process.kill(pid, "SIGKILL"), 200);
    const err = await inHand.catch((e) => e);
    expect(err).toBeInstanceOf(PlanningProcessDied);
    expect(err.outOfMemory).toBe(false);
    expect(err.message).toMatch(/signal SIGKILL/);
  } finally {
    p.close();
  }
}, 120_000);
