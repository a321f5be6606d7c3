// Completion webhooks against a local receiver (http on 127.0.0.1, which this
// file's operator settings allow): signed as Standard Webhooks specify (checked
// with the standardwebhooks library, not the service's code), retried with the
// same webhook-id, shown on the job, sent once per attempt however many
// processes look, and signed by both secrets during a rotation's grace period.
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/trpc/routers";
import { parsePolicy } from "@/server/webhooks/address-policy";
import { deliverDue, deliveryOptions, startDeliveryLoop, type DeliveryOptions } from "@/server/webhooks/delivery";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { planNextJob } from "../support/jobs";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_HTTP = "true";
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1";
});

let t: TestTenants;
let secretA: string;
let receiver: Receiver;
/** Short retries for the test; the address policy is the one configured above. */
const opts = (): DeliveryOptions => ({ ...deliveryOptions(), retryBaseMs: 100, timeoutMs: 3_000 });

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  const created = await call("POST", "/webhooks/secret", { key: t.a.key });
  expect(created.status, created.text).toBe(200);
  secretA = created.json.secret;
});
afterAll(closeDatabase);
afterEach(async () => receiver?.close());

async function submit(url: string, key = t.a.key): Promise<{ job_id: string; optimization_id: number; tour_id: number }> {
  const res = await call("POST", "/planner/v2", { key, body: hamburgMunich({ callback_url: url }) });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** Ends a job as its worker would (failed), where the test is about delivery, not planning. */
async function finish(jobId: string, status = "failed"): Promise<void> {
  await db().job.update({ where: { id: jobId }, data: { status, error: status === "failed" ? "ended by the test" : null, finishedAt: new Date() } });
}

const job = async (jobId: string, key = t.a.key) => (await call("GET", `/planner/jobs/${jobId}`, { key })).json;

describe("completion webhooks", () => {
  it("a planned job's webhook arrives once, signed, with the job's ids and final status", async () => {
    receiver = await startReceiver();
    const ids = await submit(receiver.url);
    const queued = await job(ids.job_id);
    expect(queued.callback).toMatchObject({ url: receiver.url, status: "pending", attempts: 0, next_attempt_at: null });
    // Nothing is sent before the job is final.
    expect(await deliverDue(db(), opts())).toBe(0);
    expect(await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })).toBe(true);
    expect(await deliverDue(db(), opts())).toBe(1);
    const [got] = await receiver.waitFor(1);
    const final = await job(ids.job_id);
    expect(JSON.parse(got.body)).toEqual({ job_id: ids.job_id, optimization_id: ids.optimization_id, tour_id: ids.tour_id, status: final.status });
    expect(["succeeded", "not_drivable"]).toContain(final.status);
    expect(got.headers["content-type"]).toBe("application/json");
    // Standard Webhooks: the library throws on a bad signature or a stale timestamp.
    expect(new Webhook(secretA).verify(got.body, got.headers as Record<string, string>)).toEqual(JSON.parse(got.body));
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(got.body, got.headers as Record<string, string>)).toThrow();
    expect(got.headers["webhook-id"]).toBe(final.callback.webhook_id);
    expect(Math.abs(Number(got.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(30);
    expect(final.callback).toMatchObject({ status: "delivered", attempts: 1, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(final.callback.delivered_at).toBeTruthy();
    expect(await deliverDue(db(), opts())).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it("retries after two 500s with the same webhook-id, backing off, each attempt signed", async () => {
    receiver = await startReceiver();
    receiver.plan.push(500, 500);
    const ids = await submit(receiver.url);
    await finish(ids.job_id);
    const loop = startDeliveryLoop(db(), opts(), 20);
    try {
      const got = await receiver.waitFor(3);
      const view = await vi.waitFor(async () => {
        const j = await job(ids.job_id);
        expect(j.callback.status).toBe("delivered");
        return j;
      }, { timeout: 5_000 });
      expect(new Set(got.map((r) => r.headers["webhook-id"]))).toEqual(new Set([view.callback.webhook_id]));
      for (const r of got) expect(new Webhook(secretA).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ job_id: ids.job_id, status: "failed" });
      // Backoff: the second retry waits longer than half of twice the base (jitter keeps at least half).
      expect(got[1].at - got[0].at).toBeGreaterThanOrEqual(50);
      expect(got[2].at - got[1].at).toBeGreaterThanOrEqual(100);
      expect(view.callback).toMatchObject({ attempts: 3, last_status_code: 200, last_error: null });
    } finally {
      await loop.stop();
    }
    expect(receiver.received).toHaveLength(3);
  });

  it("a failed attempt is shown on the job with its status code and next attempt", async () => {
    receiver = await startReceiver();
    receiver.plan.push(503);
    const ids = await submit(receiver.url);
    await finish(ids.job_id);
    await deliverDue(db(), { ...opts(), retryBaseMs: 60_000 });
    const view = await job(ids.job_id);
    expect(view.callback).toMatchObject({ status: "pending", attempts: 1, last_status_code: 503, last_error: "answered 503" });
    const wait = Date.parse(view.callback.next_attempt_at) - Date.parse(view.callback.last_attempt_at);
    expect(wait).toBeGreaterThanOrEqual(30_000);
    expect(wait).toBeLessThanOrEqual(61_000);
  });

  it("410 Gone stops the retries; past the give-up time a delivery is failed", async () => {
    receiver = await startReceiver();
    receiver.plan.push(410, 500);
    const gone = await submit(receiver.url);
    await finish(gone.job_id);
    await deliverDue(db(), opts());
    expect((await job(gone.job_id)).callback).toMatchObject({ status: "failed", attempts: 1, last_status_code: 410, next_attempt_at: null });

    const late = await submit(receiver.url);
    await finish(late.job_id);
    await deliverDue(db(), { ...opts(), giveUpMs: 50 });
    const view = (await job(late.job_id)).callback;
    expect(view).toMatchObject({ status: "failed", attempts: 1, last_status_code: 500 });
    expect(view.last_error).toMatch(/given up after 1 attempts/);
    expect(await deliverDue(db(), opts())).toBe(0);
    expect(receiver.received).toHaveLength(2);
  });

  it("two processes looking at once send one attempt; a network error is retried", async () => {
    receiver = await startReceiver();
    const ids = await submit(receiver.url);
    await finish(ids.job_id);
    await Promise.all([deliverDue(db(), opts()), deliverDue(db(), opts()), deliverDue(db(), opts())]);
    expect(receiver.received).toHaveLength(1);
    expect((await job(ids.job_id)).callback.attempts).toBe(1);

    // Nobody listens on the receiver's port any more: a connection error, retried.
    await receiver.close();
    const down = await submit(receiver.url);
    await finish(down.job_id);
    await deliverDue(db(), { ...opts(), retryBaseMs: 60_000 });
    expect((await job(down.job_id)).callback).toMatchObject({ status: "pending", attempts: 1, last_status_code: null, last_error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it("a hostname that resolves to a refused address is not called, whatever the allow-list says of other addresses", async () => {
    receiver = await startReceiver();
    const ids = await submit(`http://hooks.example.test:${receiver.port}/hook`);
    await finish(ids.job_id);
    const rebinding = async () => [{ address: "169.254.169.254", family: 4 }, { address: "127.0.0.1", family: 4 }];
    await deliverDue(db(), { ...opts(), resolve: rebinding, retryBaseMs: 60_000 });
    const view = (await job(ids.job_id)).callback;
    expect(view).toMatchObject({ status: "pending", attempts: 1, last_status_code: null });
    // Refused without telling the tenant what the server resolved the name to.
    expect(view.last_error).toBe("refused: hooks.example.test resolves to an address that is not allowed (private, loopback or otherwise special); only public addresses are called unless the operator's WEBHOOK_ALLOWED_HOSTS lists it");
    expect(view.last_error).not.toMatch(/169\.254|127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(0);
    // The same name allowed by the operator connects to the address it resolved to (no second lookup).
    await db().webhookDelivery.updateMany({ where: { jobId: ids.job_id }, data: { nextAttemptAt: new Date() } });
    const allowed = { ...opts(), policy: parsePolicy(true, "hooks.example.test"), resolve: async () => [{ address: "127.0.0.1", family: 4 }] };
    await deliverDue(db(), allowed);
    const [got] = await receiver.waitFor(1);
    expect(got.headers.host).toBe(`hooks.example.test:${receiver.port}`);
    expect((await job(ids.job_id)).callback).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("another tenant does not see the callback; a tenant without a secret cannot submit one", async () => {
    receiver = await startReceiver();
    const ids = await submit(receiver.url);
    expect((await call("GET", `/planner/jobs/${ids.job_id}`, { key: t.b.key })).status).toBe(404);
    const res = await call("POST", "/planner/v2", { key: t.b.key, body: hamburgMunich({ callback_url: receiver.url }) });
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual([expect.objectContaining({ loc: ["body", "callback_url"], msg: expect.stringMatching(/no webhook secret/) })]);
    // A job without a callback has no callback field.
    const plain = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
    expect(await job(plain.json.job_id)).not.toHaveProperty("callback");
    // POST /planner (synchronous) has no use for one.
    const legacy = await call("POST", "/planner", { key: t.a.key, body: hamburgMunich({ callback_url: receiver.url }) });
    expect(legacy.status).toBe(422);
    expect(legacy.json.detail[0].loc).toEqual(["body", "callback_url"]);
  });
});

describe("the signing secret", () => {
  it("is shown once; a member can read its dates but not rotate it", async () => {
    const info = await call("GET", "/webhooks/secret", { key: t.a.key });
    expect(info.status).toBe(200);
    expect(info.json).toEqual({ exists: true, created_at: expect.any(String), previous_valid_until: null });
    expect(info.text).not.toContain(secretA);
    expect(secretA).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const none = await call("GET", "/webhooks/secret", { key: t.b.key });
    expect(none.json).toEqual({ exists: false, created_at: null, previous_valid_until: null });
    const { createApiKey } = await import("@/server/auth/keys");
    const member = (await createApiKey(db(), t.a.id, "member", "member")).key;
    expect((await call("POST", "/webhooks/secret", { key: member })).status).toBe(403);
    expect((await call("POST", "/webhooks/secret")).status).toBe(401);
  });

  it("tRPC: anyone reads its dates; an admin rotates it with { rotate: true }, a member may not", async () => {
    const { createApiKey } = await import("@/server/auth/keys");
    const caller = async (key: string) => appRouter.createCaller({ auth: await verifyKey(db(), key), sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });
    const member = (await createApiKey(db(), t.b.id, "member", "member")).key;
    expect(await (await caller(member)).keys.webhookSecret()).toEqual({ exists: false, created_at: null, previous_valid_until: null });
    await expect((await caller(member)).keys.rotateWebhookSecret({ rotate: true })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const admin = await caller(t.b.key);
    const missing = await admin.keys.rotateWebhookSecret(undefined as never).catch((e) => e);
    expect(missing.code).toBe("UNPROCESSABLE_CONTENT");
    expect(await db().webhookSecret.count({ where: { tenantId: t.b.id } })).toBe(0);
    const created = await admin.keys.rotateWebhookSecret({ rotate: true });
    expect(created).toMatchObject({ exists: true, previous_valid_until: null, secret: expect.stringMatching(/^whsec_/) });
    const again = await admin.keys.rotateWebhookSecret({ rotate: true });
    expect(again.secret).not.toBe(created.secret);
    expect(again.previous_valid_until).toBeTruthy();
    expect(JSON.stringify(await admin.keys.webhookSecret())).not.toContain(again.secret.slice(6));
  });

  it("rotation: the new secret signs at once, the old one beside it until its grace period ends", async () => {
    receiver = await startReceiver();
    const rotated = await call("POST", "/webhooks/secret", { key: t.a.key });
    expect(rotated.status).toBe(200);
    const secretB = rotated.json.secret as string;
    expect(secretB).not.toBe(secretA);
    const graceH = (Date.parse(rotated.json.previous_valid_until) - Date.now()) / 3_600_000;
    expect(graceH).toBeGreaterThan(23.9);
    expect(graceH).toBeLessThanOrEqual(24);

    const during = await submit(receiver.url);
    await finish(during.job_id);
    await deliverDue(db(), opts());
    const [first] = await receiver.waitFor(1);
    expect(String(first.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    expect(new Webhook(secretB).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ job_id: during.job_id });
    expect(new Webhook(secretA).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ job_id: during.job_id });

    // The grace period over, only the new secret signs.
    await db().webhookSecret.update({ where: { tenantId: t.a.id }, data: { previousUntil: new Date(Date.now() - 1000) } });
    expect((await call("GET", "/webhooks/secret", { key: t.a.key })).json.previous_valid_until).toBeNull();
    const after = await submit(receiver.url);
    await finish(after.job_id);
    await deliverDue(db(), opts());
    const second = (await receiver.waitFor(2))[1];
    expect(String(second.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(new Webhook(secretB).verify(second.body, second.headers as Record<string, string>)).toMatchObject({ job_id: after.job_id });
    expect(() => new Webhook(secretA).verify(second.body, second.headers as Record<string, string>)).toThrow();
  });
});
