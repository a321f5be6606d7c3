// Operations: /healthz, /readyz, /metrics (route patterns, never raw ids),
// request log lines, the cross-site check on tRPC and the security headers.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as healthz from "@/app/healthz/route";
import * as readyz from "@/app/readyz/route";
import * as metricsRoute from "@/app/metrics/route";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { proxy } from "@/proxy";
import { closeDb, db } from "@/server/db/client";
import { endpoint } from "@/server/http/endpoint";
import { crossSiteReason } from "@/server/http/csrf";
import { HttpError, jsonResponse } from "@/server/http/errors";
import { log } from "@/server/log";
import { noteTenant } from "@/server/observability/context";
import { observePlanDuration } from "@/server/observability/metrics";
import { routePattern, UNMATCHED_ROUTE } from "@/server/observability/route-pattern";
import { contentSecurityPolicy, tileSource } from "@/server/observability/security-headers";
import { tileUrlTemplate } from "@/server/observability/static-headers.mjs";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { newSessionCookie, sessionCookie } from "../support/session";

let t: TestTenants;
let goodDatabaseUrl: string;

/** A SQLite URL that cannot be opened: its directory would be inside a regular file. */
function badSqliteUrl(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "planner-bad-")), "not-a-directory");
  fs.writeFileSync(file, "");
  return `file:${file}/planner.db`;
}

beforeAll(async () => {
  goodDatabaseUrl = await freshDatabase();
  t = await twoTenants();
  process.env.METRICS_PUBLIC = "true";
});

afterEach(async () => {
  vi.restoreAllMocks();
  delete process.env.METRICS_TOKEN;
  if (process.env.DATABASE_URL !== goodDatabaseUrl) {
    process.env.DATABASE_URL = goodDatabaseUrl;
    await closeDb();
  }
});

type GetHandler = (req: Request, ctx?: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function get(mod: { GET: GetHandler }, path: string, headers: Record<string, string> = {}) {
  const res = await mod.GET(new Request(new URL(path, "http://planner.test"), { headers }));
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The value of one sample of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const scrape = async () => (await get(metricsRoute, "/metrics")).text;

/** Captures the JSON lines the logger writes while `fn` runs. */
async function logLines(fn: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const stream = (log as unknown as Record<symbol, { write(s: string): unknown }>)[pino.symbols.streamSym];
  const lines: string[] = [];
  const spy = vi.spyOn(stream, "write").mockImplementation((s: string) => {
    lines.push(s);
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return lines.flatMap((l) => l.split("\n").filter(Boolean)).map((l) => JSON.parse(l));
}

describe("GET /healthz", () => {
  it("answers 200 {status: ok} with a request id, no key and no database", async () => {
    process.env.DATABASE_URL = badSqliteUrl();
    await closeDb();
    const res = await get(healthz, "/healthz");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("content-type")).toContain("application/json");
  });
});

describe("GET /readyz", () => {
  it("is 200 when the database answers and the packs are in place", async () => {
    const res = await get(readyz, "/readyz");
    expect(res.status, res.text).toBe(200);
    expect(res.json.status).toBe("ok");
    expect(res.json.not_ready).toEqual([]);
    expect(res.json.checks.database.ok).toBe(true);
    expect(res.json.checks.packs).toMatchObject({ ok: true, missing: [] });
    expect(res.json.checks.packs.networks).toContain("europe");
    expect(Object.keys(res.json.checks.packs.loaded).sort()).toEqual(["gazetteer", "networks", "stations"]);
  });

  it("is 503 naming the database when the SQLite URL cannot be opened, without leaking the URL", async () => {
    process.env.DATABASE_URL = badSqliteUrl();
    await closeDb();
    const res = await get(readyz, "/readyz");
    expect(res.status).toBe(503);
    expect(res.json.status).toBe("not_ready");
    expect(res.json.not_ready).toEqual(["database"]);
    expect(res.json.checks.database).toMatchObject({ ok: false, error: "unreachable" });
    expect(res.json.checks.packs.ok).toBe(true);
    expect(res.headers.get("retry-after")).toBe("10");
    expect(res.text).not.toContain(os.tmpdir());
  });

  it("is 503 within the time limit when a PostgreSQL server is not there", async () => {
    process.env.DATABASE_URL = "postgresql://planner:s3cret-pw@127.0.0.1:1/planner";
    await closeDb();
    const t0 = Date.now();
    const res = await get(readyz, "/readyz");
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(res.status).toBe(503);
    expect(res.json.not_ready).toEqual(["database"]);
    expect(res.text).not.toContain("s3cret");
  });

  it("is ready again once the database is back", async () => {
    process.env.DATABASE_URL = goodDatabaseUrl;
    await closeDb();
    expect((await get(readyz, "/readyz")).status).toBe(200);
  });
});

describe("GET /metrics", () => {
  it("counts requests by route pattern and status, never by raw id", async () => {
    const jobId = randomUUID();
    const before = await scrape();
    const jobLabels = { method: "GET", route: "/planner/jobs/{job_id}", status: "404" };
    const countBefore = sample(before, "http_requests_total", jobLabels) ?? 0;
    for (let i = 0; i < 3; i++) expect((await call("GET", `/planner/jobs/${jobId}`, { key: t.a.key })).status).toBe(404);
    expect((await call("GET", "/vehicles/mb-eactros-600", { key: t.a.key })).status).toBe(200);
    expect((await call("DELETE", "/poi/overlays/bnetza%3A999999", { key: t.a.key })).status).toBeGreaterThanOrEqual(200);
    expect((await call("GET", "/vehicles")).status).toBe(401);

    const res = await get(metricsRoute, "/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.text;
    expect(text).toContain("# TYPE http_requests_total counter");
    expect(sample(text, "http_requests_total", jobLabels)).toBe(countBefore + 3);
    expect(sample(text, "http_requests_total", { method: "GET", route: "/vehicles/{vehicle_id}", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "http_requests_total", { method: "GET", route: "/vehicles", status: "401" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "http_requests_total", { method: "DELETE", route: "/poi/overlays/{external_id}" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "http_request_duration_seconds_count", jobLabels)).toBe(countBefore + 3);
    expect(sample(text, "http_request_duration_seconds_bucket", { ...jobLabels, le: "+Inf" })).toBe(countBefore + 3);
    // No raw ids in any label.
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|mb-eactros|bnetza/);
    expect(text).not.toContain(jobId);
    expect(routes).toContain("/planner/jobs/{job_id}");
    // Default process metrics.
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it("counts jobs by status and the queue depth from the database", async () => {
    const queuedBefore = sample(await scrape(), "planner_queue_depth") ?? 0;
    const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
    expect(submit.status, submit.text).toBe(200);
    const text = await scrape();
    expect(sample(text, "planner_queue_depth")).toBe(queuedBefore + 1);
    expect(sample(text, "planner_jobs", { status: "queued" })).toBe(queuedBefore + 1);
    // The oldest waiting job's age: made an hour old, it says so.
    await db().job.update({ where: { id: submit.json.job_id }, data: { createdAt: new Date(Date.now() - 3_600_000) } });
    const age = sample(await scrape(), "planner_queue_oldest_seconds")!;
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3700);
    for (const status of ["running", "succeeded", "not_drivable", "failed"]) expect(sample(text, "planner_jobs", { status })).toBe(0);
  });

  it("observes plan durations by final status", async () => {
    const before = sample(await scrape(), "planner_plan_duration_seconds_count", { status: "succeeded" }) ?? 0;
    observePlanDuration(1500, "succeeded");
    observePlanDuration(800, "not_drivable");
    observePlanDuration(300, "requeued");
    observePlanDuration(5, "something odd");
    const text = await scrape();
    expect(sample(text, "planner_plan_duration_seconds_count", { status: "succeeded" })).toBe(before + 1);
    expect(sample(text, "planner_plan_duration_seconds_bucket", { status: "succeeded", le: "2.5" })).toBeGreaterThanOrEqual(before + 1);
    expect(sample(text, "planner_plan_duration_seconds_count", { status: "requeued" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "planner_plan_duration_seconds_count", { status: "other" })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("something odd");
  });

  it("still answers when the database is down: no job series, queue depth unknown", async () => {
    process.env.DATABASE_URL = badSqliteUrl();
    await closeDb();
    const res = await get(metricsRoute, "/metrics");
    expect(res.status).toBe(200);
    expect(sample(res.text, "planner_queue_depth")).toBeNaN();
    expect(sample(res.text, "planner_queue_oldest_seconds")).toBeNaN();
    expect(sample(res.text, "planner_jobs", { status: "queued" })).toBeUndefined();
    expect(res.text).toContain("http_requests_total");
  });

  it("is closed without METRICS_TOKEN unless the operator opened it (METRICS_PUBLIC=true)", async () => {
    delete process.env.METRICS_PUBLIC;
    try {
      const closed = await get(metricsRoute, "/metrics");
      expect(closed.status).toBe(403);
      expect(closed.json.detail).toMatch(/METRICS_TOKEN.*METRICS_PUBLIC=true/);
      expect(closed.text).not.toContain("http_requests_total");
    } finally {
      process.env.METRICS_PUBLIC = "true";
    }
  });

  it("needs the bearer token when METRICS_TOKEN is set", async () => {
    process.env.METRICS_TOKEN = "scrape-secret-123";
    const anon = await get(metricsRoute, "/metrics");
    expect(anon.status).toBe(401);
    expect(anon.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(anon.json.request_id).toBe(anon.headers.get("x-request-id"));
    expect((await get(metricsRoute, "/metrics", { authorization: "Bearer wrong" })).status).toBe(401);
    const ok = await get(metricsRoute, "/metrics", { authorization: "Bearer scrape-secret-123" });
    expect(ok.status).toBe(200);
    expect(ok.text).not.toContain("scrape-secret-123");
  });
});

describe("route patterns", () => {
  it("replaces params by their names, from the right", () => {
    expect(routePattern("/planner/jobs/0f8c", { job_id: "0f8c" })).toBe("/planner/jobs/{job_id}");
    expect(routePattern("/planner/optimizations/7/result", { optimization_id: "7" })).toBe("/planner/optimizations/{optimization_id}/result");
    expect(routePattern("/poi/depots/poi", { depot_id: "poi" })).toBe("/poi/depots/{depot_id}");
    expect(routePattern("/poi/overlays/bnetza%3A1", { external_id: "bnetza:1" })).toBe("/poi/overlays/{external_id}");
    expect(routePattern("/files/a/b/c", { rest: ["a", "b", "c"] })).toBe("/files/{rest}");
    expect(routePattern("/vehicles", {})).toBe("/vehicles");
    expect(routePattern("/vehicles/x", { vehicle_id: "y" })).toBe(UNMATCHED_ROUTE);
  });
});

describe("request log lines", () => {
  it("one JSON line per request: method, route pattern, status, ms, request id and the tenant once known", async () => {
    const handler = endpoint(async (_req, params) => {
      noteTenant(t.a.id);
      log.info({ vehicle: params.vehicle_id }, "inside the handler");
      return jsonResponse(200, { ok: true });
    });
    const lines = await logLines(() =>
      handler(new Request("http://planner.test/vehicles/truck-42", { headers: { "x-request-id": "req-abc-1" } }), { params: Promise.resolve({ vehicle_id: "truck-42" }) }),
    );
    const request = lines.find((l) => l.msg === "request");
    expect(request).toMatchObject({ level: "info", method: "GET", route: "/vehicles/{vehicle_id}", path: "/vehicles/truck-42", status: 200, requestId: "req-abc-1", tenantId: t.a.id });
    expect(typeof request!.ms).toBe("number");
    expect(request!.time).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Lines written inside the request carry its id and tenant too.
    expect(lines.find((l) => l.msg === "inside the handler")).toMatchObject({ requestId: "req-abc-1", tenantId: t.a.id, vehicle: "truck-42" });
    expect(lines.filter((l) => l.msg === "request")).toHaveLength(1);
  });

  it("an error body names the request id of the header and of the log line", async () => {
    const handler = endpoint(async () => {
      throw new HttpError(409, { detail: "busy" });
    });
    let res!: Response;
    const lines = await logLines(async () => {
      res = await handler(new Request("http://planner.test/things"));
    });
    const body = await res.json();
    expect(res.status).toBe(409);
    expect(body.request_id).toBe(res.headers.get("x-request-id"));
    expect(lines.find((l) => l.msg === "request")).toMatchObject({ status: 409, requestId: body.request_id, route: "/things" });
  });

  it("a 500 is logged with the stack, and the body says only that it failed", async () => {
    const handler = endpoint(async () => {
      throw new Error("boom at the database");
    });
    let res!: Response;
    const lines = await logLines(async () => {
      res = await handler(new Request("http://planner.test/boom", { headers: { authorization: "Bearer etp_secret" } }));
    });
    const body = await res.json();
    expect(body).toEqual({ detail: "Internal server error", request_id: res.headers.get("x-request-id") });
    const unhandled = lines.find((l) => l.msg === "unhandled error");
    expect(unhandled).toMatchObject({ level: "error", requestId: body.request_id });
    expect(String(unhandled!.err)).toContain("boom at the database");
    expect(lines.find((l) => l.msg === "request")).toMatchObject({ level: "error", status: 500 });
    expect(JSON.stringify(lines)).not.toContain("etp_secret");
  });

  it("probes are counted but not logged", async () => {
    const lines = await logLines(() => get(healthz, "/healthz"));
    expect(lines.filter((l) => l.msg === "request")).toHaveLength(0);
  });
});

describe("tRPC: cross-site requests and metrics", () => {
  const trpc = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    trpcRoute.POST(new Request(new URL(path, "http://planner.test"), init));
  // Each sign-out ends its session: a new one each time.
  const signOut = async (headers: Record<string, string>) =>
    trpc("/api/trpc/session.signOut?batch=1", { method: "POST", headers: { "content-type": "application/json", cookie: await newSessionCookie(t.a.key), ...headers }, body: JSON.stringify({ 0: {} }) });

  it("refuses a POST that the browser marks cross-site or same-site (403, JSON, request id)", async () => {
    for (const site of ["cross-site", "same-site", "none"]) {
      const res = await signOut({ "sec-fetch-site": site });
      expect(res.status, site).toBe(403);
      const body = await res.json();
      expect(body.request_id).toBe(res.headers.get("x-request-id"));
      expect(res.headers.get("set-cookie")).toBeNull();
    }
  });
  it("refuses a POST whose Origin is another host when Sec-Fetch-Site is absent", async () => {
    expect((await signOut({ origin: "https://evil.example" })).status).toBe(403);
    expect((await signOut({ origin: "null" })).status).toBe(403);
  });
  it("admits same-origin POSTs and non-browser clients", async () => {
    expect((await signOut({ "sec-fetch-site": "same-origin", origin: "http://planner.test" })).status).toBe(200);
    expect((await signOut({ origin: "http://planner.test" })).status).toBe(200);
    expect((await signOut({})).status).toBe(200);
    expect(crossSiteReason(new Request("http://planner.test/api/trpc/x", { method: "POST", headers: { origin: "https://app.example", "x-forwarded-host": "app.example" } }))).toBeNull();
  });
  it("leaves queries (GET) to SameSite and the procedure's own checks", async () => {
    const res = await trpcRoute.GET(new Request("http://planner.test/api/trpc/session.me?batch=1&input=%7B%7D", { headers: { "sec-fetch-site": "cross-site", cookie: await sessionCookie(t.a.key) } }));
    expect(res.status).toBe(200);
  });
  it("answers a body over 1,000,000 bytes with 413, declared or streamed, and reads one just under it whole", async () => {
    const headers = { "content-type": "application/json", cookie: await newSessionCookie(t.a.key) };
    const padded = (bytes: number) => {
      const json = JSON.stringify({ 0: { note: "" } });
      return JSON.stringify({ 0: { note: "x".repeat(bytes - json.length) } });
    };
    const over = await trpc("/api/trpc/session.signOut?batch=1", { method: "POST", headers, body: padded(1_000_001) });
    expect(over.status).toBe(413);
    expect((await over.json()).detail).toBe("Request body exceeds 1000000 bytes");
    // Streamed with no length: reading stops past the limit (10 MB offered).
    const chunk = new TextEncoder().encode("x".repeat(65_536));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 10_000_000) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const streamed = await trpc("/api/trpc/session.signOut?batch=1", { method: "POST", headers, body: stream, duplex: "half" } as RequestInit & { headers: Record<string, string> });
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(2_000_000);
    // Just under: the procedure gets the whole body (an unknown field is ignored, not cut mid-string).
    expect((await trpc("/api/trpc/session.signOut?batch=1", { method: "POST", headers, body: padded(999_990) })).status).toBe(200);
  });
  it("labels tRPC requests by procedure, batches and unknown names by placeholders, and logs the session's tenant", async () => {
    let lines: Record<string, unknown>[] = [];
    lines = await logLines(() => signOut({ "sec-fetch-site": "same-origin" }));
    expect(lines.find((l) => l.msg === "request")).toMatchObject({ route: "/api/trpc/session.signOut", status: 200, tenantId: t.a.id });
    await trpcRoute.GET(new Request("http://planner.test/api/trpc/session.me,fleet.list?batch=1&input=%7B%7D", { headers: { cookie: await sessionCookie(t.a.key) } }));
    await trpcRoute.GET(new Request("http://planner.test/api/trpc/no.such.procedure-123?batch=1&input=%7B%7D"));
    const text = await scrape();
    expect(sample(text, "http_requests_total", { route: "/api/trpc/session.signOut", method: "POST" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "http_requests_total", { route: "/api/trpc/{batch}" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "http_requests_total", { route: "/api/trpc/{unknown}" })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("no.such.procedure");
  });
});

describe("security headers", () => {
  it("builds the CSP from the tile URL", () => {
    expect(tileUrlTemplate(undefined)).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(tileUrlTemplate("none")).toBe("");
    expect(tileSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe("https://tile.openstreetmap.org");
    expect(tileSource("https://{s}.tile.example.org:8443/{z}/{x}/{y}.png")).toBe("https://*.tile.example.org:8443");
    expect(tileSource("http://localhost:8080/tiles/{z}/{x}/{y}.png")).toBe("http://localhost:8080");
    expect(tileSource("/tiles/{z}/{x}/{y}.png")).toBeNull();
    expect(tileSource("")).toBeNull();
    expect(tileSource("https://tiles.example.org;script-src *")).toBe("https:");
    const csp = contentSecurityPolicy({ nonce: "abc", https: false, tileUrl: "https://{s}.tiles.example.org/{z}/{x}/{y}.png" });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("img-src 'self' data: blob: https://*.tiles.example.org");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(contentSecurityPolicy({ nonce: "abc", https: false, tileUrl: "" })).toContain("img-src 'self' data: blob:;");
  });
  it("the proxy sends a fresh nonce per request, and HSTS only over https", () => {
    const plain = proxy(new NextRequest("http://planner.test/"));
    const csp = plain.headers.get("content-security-policy")!;
    expect(csp).toMatch(/'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const again = proxy(new NextRequest("http://planner.test/")).headers.get("content-security-policy");
    expect(again).not.toBe(csp);
    const tls = proxy(new NextRequest("http://planner.test/", { headers: { "x-forwarded-proto": "https" } }));
    expect(tls.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
    expect(tls.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    expect(proxy(new NextRequest("https://planner.test/")).headers.get("strict-transport-security")).not.toBeNull();
  });
});
