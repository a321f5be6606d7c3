// No tenant can stall another (SQLite and PostgreSQL): jobs are taken tenants in
// turn, so another tenant's small plan waits for the heavy plans already running,
// not for the flood queued behind them; a tenant's unfinished jobs and its
// synchronous plans in hand are bounded (429 with Retry-After), checked before
// anything is stored or planned.
process.env.WORKER_POLL_MS = "100";
process.env.TENANT_MAX_QUEUED_JOBS = "12";
process.env.TENANT_MAX_SYNC_PLANS = "1";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { startQueueWorker } from "@/server/jobs/queue";
import { ensureTenant } from "@/server/tenants";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, HAMBURG, HANNOVER, hamburgMunich, MUNICH, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

/** Hamburg <-> Munich five times: some seconds of planning each. */
const heavy = hamburgMunich({
  section_list: Array.from({ length: 5 }, (_, i) => ({ start_pos: i % 2 ? MUNICH : HAMBURG, stop_pos: i % 2 ? HAMBURG : MUNICH, payload_kg: 20000 })),
});
const small = hamburgMunich({ section_list: [{ start_pos: HAMBURG, stop_pos: HANNOVER, payload_kg: 10000 }] });

const job = (id: string) => db().job.findUniqueOrThrow({ where: { id } });

async function until<T>(what: () => Promise<T | null | undefined | false>, timeoutMs = 300_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("tenants take turns", () => {
  it("another tenant's small plan waits for the heavy plans in hand, not for the ten queued behind them", async () => {
    const worker = await startQueueWorker(db(), { slots: 2, workerId: "fairness" });
    try {
      const flood: string[] = [];
      for (let i = 0; i < 10; i++) {
        const r = await call("POST", "/planner/v2", { key: t.a.key, body: heavy });
        expect(r.status, r.text).toBe(200);
        flood.push(r.json.job_id);
      }
      // Both slots busy with the flood, eight of its plans still queued.
      await until(async () => (await db().job.count({ where: { id: { in: flood }, status: "running" } })) === 2);
      const inHand = await db().job.findMany({ where: { id: { in: flood }, status: "running" } });
      const submitted = await call("POST", "/planner/v2", { key: t.b.key, body: small });
      expect(submitted.status, submitted.text).toBe(200);
      const b = await until(async () => {
        const j = await job(submitted.json.job_id);
        return j.status === "succeeded" ? j : null;
      });
      const ended = await Promise.all(inHand.map((j) => job(j.id)));
      const firstEnd = Math.min(...ended.map((j) => j.finishedAt?.getTime() ?? Infinity));
      // It started as soon as a slot came free (the next claim follows at once), before any other of the flood.
      expect(b.startedAt!.getTime()).toBeLessThanOrEqual(firstEnd + 1000);
      const startedBefore = await db().job.count({ where: { id: { in: flood }, startedAt: { lt: b.startedAt! } } });
      expect(startedBefore).toBe(2);
      // In the fair order it comes before the flood's queued jobs.
      const queued = await db().job.findMany({ where: { id: { in: flood }, startedAt: null } });
      expect(queued.length).toBeGreaterThan(0);
      for (const q of queued) expect(b.fairStart).toBeLessThan(q.fairStart);
    } finally {
      await worker.stop();
    }
  }, 600_000);
});

describe("per-tenant limits", () => {
  it("a tenant's unfinished jobs are bounded: the submit past TENANT_MAX_QUEUED_JOBS is 429 with Retry-After and stores nothing", async () => {
    const c = await ensureTenant(db(), "tenant-c");
    const key = (await createApiKey(db(), c.id)).key;
    for (let i = 0; i < 11; i++) expect((await call("POST", "/planner/v2", { key, body: small })).status).toBe(200);
    const jobs = await db().job.count();
    const fleet = await call("POST", "/planner/fleet", { key, body: { tours: [small, small] } });
    expect(fleet.status).toBe(429);
    expect(Number(fleet.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(fleet.json.detail).toMatch(/TENANT_MAX_QUEUED_JOBS/);
    expect((await call("POST", "/planner/v2", { key, body: small })).status).toBe(200);
    const over = await call("POST", "/planner/v2", { key, body: small });
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({ detail: expect.stringMatching(/has 12 queued or running and the limit is 12/), request_id: expect.any(String) });
    expect(await db().job.count()).toBe(jobs + 1);
    // Other tenants are not held to tenant c's count.
    expect((await call("POST", "/planner/v2", { key: t.b.key, body: small })).status).toBe(200);
  });

  it("POST /planner holds TENANT_MAX_SYNC_PLANS of a tenant's plans at once: the next is 429, another tenant's is planned", async () => {
    const [first, second, other] = await Promise.all([
      call("POST", "/planner", { key: t.a.key, body: small }),
      call("POST", "/planner", { key: t.a.key, body: small }),
      call("POST", "/planner", { key: t.b.key, body: small }),
    ]);
    // Whichever of the two reached the planner first is planned (on PostgreSQL either may).
    expect([first.status, second.status].sort()).toEqual([200, 429]);
    const refused = first.status === 429 ? first : second;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.json.detail).toMatch(/TENANT_MAX_SYNC_PLANS/);
    expect(other.status, other.text).toBe(200);
    // Once answered, the tenant plans again.
    expect((await call("POST", "/planner", { key: t.a.key, body: small })).status).toBe(200);
  }, 300_000);
});
