// Idempotency-Key on POST /planner/v2, and the job time limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { planNextJob } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const submit = (key: string, idem: string | null, body: unknown = hamburgMunich()) =>
  call("POST", "/planner/v2", { key, body, headers: idem === null ? {} : { "idempotency-key": idem } });

describe("Idempotency-Key", () => {
  it("the same key and body returns the first response and creates nothing new", async () => {
    const first = await submit(t.a.key, "order-4711");
    expect(first.status, first.text).toBe(200);
    const tours = await db().tour.count();
    const again = await submit(t.a.key, "order-4711");
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().tour.count()).toBe(tours);
    expect(await db().job.count()).toBe(tours);
  });

  it("the same body written differently is the same request", async () => {
    const body = hamburgMunich();
    const a = await call("POST", "/planner/v2", { key: t.a.key, rawBody: JSON.stringify(body), headers: { "idempotency-key": "spacing" } });
    const b = await call("POST", "/planner/v2", { key: t.a.key, rawBody: JSON.stringify(body, null, 2), headers: { "idempotency-key": "spacing" } });
    expect(b.json.tour_id).toBe(a.json.tour_id);
  });

  it("the same key with another body is a 422 on the header that says so, and creates nothing", async () => {
    await submit(t.a.key, "order-4712");
    const tours = await db().tour.count();
    const other = await submit(t.a.key, "order-4712", hamburgMunich({ battery_level_start: 0.9 }));
    expect(other.status).toBe(422);
    expect(other.json.detail[0]).toMatchObject({ loc: ["header", "Idempotency-Key"], type: "value_error" });
    expect(other.json.detail[0].msg).toMatch(/different request/);
    expect(await db().tour.count()).toBe(tours);
  });

  it("keys are per tenant; without a key every submit is new; a malformed key is a 422", async () => {
    const a = await submit(t.a.key, "shared-key");
    const b = await submit(t.b.key, "shared-key");
    expect(b.status).toBe(200);
    expect(b.json.tour_id).not.toBe(a.json.tour_id);
    const x = await submit(t.a.key, null), y = await submit(t.a.key, null);
    expect(y.json.tour_id).not.toBe(x.json.tour_id);
    const bad = await submit(t.a.key, "has space");
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(["header", "Idempotency-Key"]);
  });

  it("two submits with one key at once create one tour", async () => {
    const before = await db().tour.count();
    const [r1, r2] = await Promise.all([submit(t.a.key, "race"), submit(t.a.key, "race")]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(r2.json.tour_id).toBe(r1.json.tour_id);
    expect(await db().tour.count()).toBe(before + 1);
  });

  it("a key older than 24 h is a new key", async () => {
    const first = await submit(t.a.key, "yesterday");
    await db().idempotencyKey.updateMany({ where: { key: "yesterday" }, data: { createdAt: new Date(Date.now() - 25 * 3600 * 1000) } });
    const later = await submit(t.a.key, "yesterday", hamburgMunich({ battery_level_start: 0.7 }));
    expect(later.status).toBe(200);
    expect(later.json.tour_id).not.toBe(first.json.tour_id);
  });
});

describe("job time limit", () => {
  it("a job that plans past its time limit is stopped and ends failed with the reason, not retried", async () => {
    while (await planNextJob(db(), { leaseS: 60, maxAttempts: 3 })) {
      /* drain what the tests above queued */
    }
    const r = await submit(t.a.key, null);
    expect(await planNextJob(db(), { leaseS: 60, maxAttempts: 3, timeLimitMs: -1 })).toBe(true);
    const job = await call("GET", `/planner/jobs/${r.json.job_id}`, { key: t.a.key });
    expect(job.json).toMatchObject({ status: "failed", attempts: 1 });
    expect(job.json.error).toMatch(/time limit/);
  });
});
