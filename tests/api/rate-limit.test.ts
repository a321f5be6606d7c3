// docs/API.md, Limits: requests per API key (token bucket, 429 + Retry-After),
// the 1,000,000-byte body limit (413) and at most 25 sections (422).
import { execFileSync } from "node:child_process";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { configureRateLimit, rateLimiter } from "@/server/http/rate-limit";
import { TokenBuckets } from "@/server/http/token-buckets";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import * as exportRoute from "@/app/plans/[optimization_id]/export/route";
import { AUTHED_ENDPOINTS, call, type ApiResponse } from "../support/api";
import { freshDatabase, HAMBURG, hamburgMunich, HANNOVER, twoTenants, type TestTenants } from "../support/env";
import { newSessionCookie, sessionCookie } from "../support/session";

// Before anything reads the configuration: this file's limit is small.
vi.hoisted(() => {
  process.env.RATE_LIMIT_PER_MIN = "6";
  process.env.RATE_LIMIT_BURST = "3";
});

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

let now = 0;
/** A limiter on a clock the test moves. */
function limit(perMin: number, burst: number) {
  now = 1_700_000_000_000;
  configureRateLimit({ perMin, burst }, () => now);
}

const vehicles = (key: string) => call("GET", "/vehicles", { key });

function expect429(res: ApiResponse, retryAfterS: number) {
  expect(res.status, res.text).toBe(429);
  expect(res.headers.get("retry-after")).toBe(String(retryAfterS));
  expect(res.headers.get("content-type")).toContain("application/json");
  expect(Object.keys(res.json).sort()).toEqual(["detail", "request_id"]);
  expect(res.json.detail).toMatch(/^Rate limit exceeded/);
  expect(res.json.request_id).toBe(res.headers.get("x-request-id"));
}

describe("rate limit of the web app", () => {
  afterEach(() => configureRateLimit());

  const trpc = async (key: string, path: string) =>
    trpcRoute.GET(new Request(`http://planner.test/api/trpc/${path}`, { headers: { cookie: await sessionCookie(key) } }));
  const exportPlan = async (key: string) =>
    exportRoute.GET(new Request("http://planner.test/plans/999999/export?format=gpx", { headers: { cookie: await sessionCookie(key) } }), { params: Promise.resolve({ optimization_id: "999999" }) });

  it("has its own budget per signed-in key (tRPC and plan export): 429 with Retry-After, the API's budget untouched", async () => {
    now = 1_700_000_000_000;
    configureRateLimit({ perMin: 6, burst: 3 }, () => now, { perMin: 60, burst: 3 });
    const key = (await createApiKey(db(), t.a.id, "ui")).key;
    expect((await trpc(key, "fleet.list")).status).toBe(200);
    expect((await trpc(key, "fleet.list")).status).toBe(200);
    expect((await exportPlan(key)).status).toBe(404);
    const tooMany = await trpc(key, "fleet.list");
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get("retry-after")).toBe("1");
    expect((await tooMany.json()).error.data.code).toBe("TOO_MANY_REQUESTS");
    const exportTooMany = await exportPlan(key);
    expect([exportTooMany.status, exportTooMany.headers.get("retry-after")]).toEqual([429, "1"]);
    // The same key's API budget is its own.
    expect((await vehicles(key)).status).toBe(200);
    now += 1000; // a token a second
    expect((await trpc(key, "fleet.list")).status).toBe(200);
  });
});

describe("rate limit per API key", () => {
  afterEach(() => {
    vi.useRealTimers();
    configureRateLimit();
  });

  it("takes RATE_LIMIT_PER_MIN and RATE_LIMIT_BURST from the environment, on first use", () => {
    configureRateLimit();
    expect(rateLimiter().settings).toEqual({ perMin: 6, burst: 3 });
  });

  it("defaults to 120 per minute with bursts of 120", () => {
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("RATE_LIMIT_"))) as NodeJS.ProcessEnv;
    const script = "import { config } from './src/server/config.ts'; const c = config(); console.log(JSON.stringify([c.RATE_LIMIT_PER_MIN, c.RATE_LIMIT_BURST]));";
    const out = execFileSync("npx", ["tsx", "--eval", script], { env, encoding: "utf8", timeout: 60_000 });
    expect(JSON.parse(out.trim().split("\n").pop()!)).toEqual([120, 120]);
  });

  it("lets the burst through, then answers 429 with Retry-After and the documented error body", async () => {
    limit(6, 3);
    for (let i = 0; i < 3; i++) expect((await vehicles(t.a.key)).status).toBe(200);
    expect429(await vehicles(t.a.key), 10); // 6 per minute: one every 10 s
    expect429(await vehicles(t.a.key), 10); // a refused request takes nothing
  });

  it("recovers as time passes, never beyond the burst", async () => {
    limit(6, 3);
    for (let i = 0; i < 3; i++) await vehicles(t.a.key);
    expect429(await vehicles(t.a.key), 10);
    now += 9_000;
    expect429(await vehicles(t.a.key), 1);
    now += 1_000;
    expect((await vehicles(t.a.key)).status).toBe(200);
    expect429(await vehicles(t.a.key), 10);
    now += 10 * 60_000; // a long pause refills the bucket, to its size only
    for (let i = 0; i < 3; i++) expect((await vehicles(t.a.key)).status).toBe(200);
    expect429(await vehicles(t.a.key), 10);
  });

  it("recovers on the real clock too (fake Date), with the environment's settings", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T08:00:00Z"));
    configureRateLimit();
    for (let i = 0; i < 3; i++) expect((await vehicles(t.b.key)).status).toBe(200);
    expect429(await vehicles(t.b.key), 10);
    vi.setSystemTime(new Date("2026-03-01T08:00:10Z"));
    expect((await vehicles(t.b.key)).status).toBe(200);
    expect429(await vehicles(t.b.key), 10);
  });

  it("keys do not share a bucket: not across tenants, not two keys of one tenant", async () => {
    limit(6, 2);
    for (let i = 0; i < 2; i++) expect((await vehicles(t.a.key)).status).toBe(200);
    expect429(await vehicles(t.a.key), 10);
    for (let i = 0; i < 2; i++) expect((await vehicles(t.b.key)).status).toBe(200);
    const second = (await createApiKey(db(), t.a.id, "second key of A", "member")).key;
    for (let i = 0; i < 2; i++) expect((await vehicles(second)).status).toBe(200);
    expect429(await vehicles(second), 10);
    expect429(await vehicles(t.a.key), 10);
    expect429(await vehicles(t.b.key), 10);
  });

  it("applies to every API-key endpoint, before the request is validated", async () => {
    limit(6, 1);
    expect((await vehicles(t.a.key)).status).toBe(200);
    for (const [method, path] of AUTHED_ENDPOINTS) {
      const body = ["POST", "PUT", "PATCH"].includes(method) ? { not: "even valid" } : undefined;
      expect429(await call(method, path, { key: t.a.key, body }), 10);
    }
  });

  it("only verified keys count: unknown keys are 401 and use up nobody's rate", async () => {
    limit(6, 1);
    const wrong = t.a.key.slice(0, -2) + (t.a.key.endsWith("xx") ? "yy" : "xx");
    for (let i = 0; i < 20; i++) {
      expect((await vehicles(wrong)).status).toBe(401);
      expect((await call("GET", "/vehicles")).status).toBe(401);
    }
    expect((await vehicles(t.a.key)).status).toBe(200);
    expect429(await vehicles(t.a.key), 10);
    // A limited key's wrong twin is still 401, not 429.
    expect((await vehicles(wrong)).status).toBe(401);
  });

  it("0 turns the limit off", async () => {
    for (const settings of [{ perMin: 0, burst: 3 }, { perMin: 6, burst: 0 }]) {
      configureRateLimit(settings, () => now);
      for (let i = 0; i < 15; i++) expect((await vehicles(t.a.key)).status).toBe(200);
    }
  });
});

describe("TokenBuckets", () => {
  it("refills continuously at perMin / 60 per second and rounds Retry-After up to whole seconds", () => {
    let clock = 0;
    const b = new TokenBuckets({ perMin: 120, burst: 2 }, () => clock);
    expect(b.take(1)).toEqual({ ok: true, remaining: 1 });
    expect(b.take(1)).toEqual({ ok: true, remaining: 0 });
    expect(b.take(1)).toEqual({ ok: false, retryAfterS: 1 }); // 0.5 s, rounded up
    clock += 499;
    expect(b.take(1).ok).toBe(false);
    clock += 1;
    expect(b.take(1)).toEqual({ ok: true, remaining: 0 });
    const slow = new TokenBuckets({ perMin: 1, burst: 1 }, () => clock);
    slow.take("k");
    expect(slow.take("k")).toEqual({ ok: false, retryAfterS: 60 });
    clock += 59_001;
    expect(slow.take("k")).toEqual({ ok: false, retryAfterS: 1 });
  });

  it("a clock that steps back neither refills nor drains", () => {
    let clock = 1_000_000;
    const b = new TokenBuckets({ perMin: 60, burst: 1 }, () => clock);
    expect(b.take(7).ok).toBe(true);
    clock -= 3_600_000;
    expect(b.take(7)).toEqual({ ok: false, retryAfterS: 1 });
    clock = 1_001_000;
    expect(b.take(7).ok).toBe(true);
  });

  it("keeps memory bounded: idle (full) buckets are dropped when many keys were seen", () => {
    let clock = 0;
    const b = new TokenBuckets({ perMin: 60, burst: 5 }, () => clock);
    for (let id = 0; id < 10_001; id++) b.take(id);
    clock += 60_000; // every bucket full again
    b.take("new");
    expect((b as unknown as { buckets: Map<unknown, unknown> }).buckets.size).toBeLessThan(10);
  });
});

describe("request limits", () => {
  beforeAll(() => {
    configureRateLimit({ perMin: 0, burst: 0 });
  });

  const BODY_ENDPOINTS: ["POST" | "PUT" | "PATCH", string][] = [
    ["POST", "/planner/v2"],
    ["POST", "/planner"],
    ["POST", "/vehicles"],
    ["PATCH", "/vehicles/mb-eactros-600"],
    ["PUT", "/poi/overlays/bnetza%3A1"],
    ["PUT", "/poi/depots/home"],
  ];
  /** Valid JSON of exactly `bytes` bytes (UTF-8). */
  const padded = (value: object, bytes: number, pad = " ") => {
    const json = JSON.stringify(value);
    const fill = bytes - Buffer.byteLength(json);
    return json + pad.repeat(Math.floor(fill / Buffer.byteLength(pad))) + " ".repeat(fill % Buffer.byteLength(pad));
  };

  it("a body over 1,000,000 bytes is 413 on every endpoint that takes one, with the documented error body", async () => {
    const over = [
      padded({ pad: true }, 1_000_001),
      JSON.stringify({ name: "é".repeat(500_000) }), // 500,014 characters, 1,000,014 bytes
      "[" + "1,".repeat(600_000) + "1]",
    ];
    for (const [method, path] of BODY_ENDPOINTS) {
      for (const rawBody of over) {
        const res = await call(method, path, { key: t.a.key, rawBody });
        expect(res.status, `${method} ${path}`).toBe(413);
        expect(res.json).toEqual({ detail: "Request body exceeds 1000000 bytes", request_id: res.headers.get("x-request-id") });
      }
    }
    // Also when only the declared length says so.
    const declared = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich(), headers: { "content-length": "1000001" } });
    expect([declared.status, declared.json?.detail]).toEqual([413, "Request body exceeds 1000000 bytes"]);
  });

  it("a streamed body without a length stops being read just past the limit", async () => {
    const { POST } = await import("@/app/planner/v2/route");
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = new TextEncoder().encode(" ".repeat(65_536));
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost/planner/v2", {
      method: "POST",
      headers: { authorization: `Bearer ${t.a.key}`, "content-type": "application/json" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    const res = await POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(1_500_000);
  });

  it("a body of exactly 1,000,000 bytes is read", async () => {
    const rawBody = padded(hamburgMunich(), 1_000_000);
    expect(Buffer.byteLength(rawBody)).toBe(1_000_000);
    const res = await call("POST", "/planner/v2", { key: t.a.key, rawBody });
    expect(res.status, res.text.slice(0, 300)).toBe(200);
  });

  it("25 sections are accepted, 26 are a 422 on section_list", async () => {
    const sections = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ start_pos: i % 2 ? HANNOVER : HAMBURG, stop_pos: i % 2 ? HAMBURG : HANNOVER, payload_kg: 10_000 }));
    const ok = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ section_list: sections(25) }) });
    expect(ok.status, ok.text).toBe(200);
    const tooMany = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ section_list: sections(26) }) });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.detail).toContainEqual({ loc: ["body", "section_list"], msg: "List should have at most 25 items after validation, not 26", type: "too_long" });
    const legacy = await call("POST", "/planner", { key: t.a.key, body: hamburgMunich({ section_list: sections(26) }) });
    expect(legacy.status).toBe(422);
    expect(legacy.json.detail.map((d: { type: string }) => d.type)).toContain("too_long");
  });
});
