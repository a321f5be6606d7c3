// Prometheus metrics (prom-client), served as text at GET /metrics.
// - http_requests_total, http_request_duration_seconds {method, route, status}:
//   every REST route (server/http/endpoint.ts) and the tRPC route; `route` is the
//   route pattern (`/planner/jobs/{job_id}`, `/api/trpc/planner.submit`), never a raw path.
// - planner_jobs {status}, planner_queue_depth, planner_queue_oldest_seconds: counted in the database on each scrape
//   (when the database does not answer: no planner_jobs series, queue depth NaN).
// - planner_plan_duration_seconds {status}: observePlanDuration(), called by the job worker.
// - Node's default process metrics (process_*, nodejs_*).
// One registry per process (globalThis): Next's bundles may each load this module.
import { createHash, timingSafeEqual } from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { JOB_STATUSES } from "../../contract/result";
import { db } from "../db/client";
import { HttpError } from "../http/errors";
import { log } from "../log";

interface Metrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route" | "status">;
  jobs: Gauge<"status">;
  queueDepth: Gauge;
  oldestQueued: Gauge;
  planDuration: Histogram<"status">;
}

const holder = globalThis as unknown as { __plannerMetrics?: Metrics };

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request (until the response is ready), by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    jobs: new Gauge({
      name: "planner_jobs",
      help: "Planning jobs in the database by status (counted on scrape)",
      labelNames: ["status"] as const,
      registers,
    }),
    queueDepth: new Gauge({
      name: "planner_queue_depth",
      help: "Jobs waiting for a worker (status queued; counted on scrape)",
      registers,
    }),
    oldestQueued: new Gauge({
      name: "planner_queue_oldest_seconds",
      help: "Age of the oldest job waiting for a worker, 0 when none waits (counted on scrape): alert when it grows",
      registers,
    }),
    planDuration: new Histogram({
      name: "planner_plan_duration_seconds",
      help: "Time a worker spent on one planning attempt, by outcome: succeeded, not_drivable, failed, requeued (observed in the process that ran it)",
      labelNames: ["status"] as const,
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600],
      registers,
    }),
  };
}

function metrics(): Metrics {
  return (holder.__plannerMetrics ??= create());
}

/** Records one answered HTTP request. */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method: method.toUpperCase(), route, status: String(status) };
  const m = metrics();
  m.httpRequests.inc(labels);
  m.httpDuration.observe(labels, seconds);
}

/** How a planning attempt ended: a final job status, or `requeued` for an attempt that will be retried. */
export const PLAN_OUTCOMES = ["succeeded", "not_drivable", "failed", "requeued"] as const;
const PLAN_STATUSES = new Set<string>(PLAN_OUTCOMES);

/**
 * Records how long one planning attempt took (milliseconds) and how it ended
 * (PLAN_OUTCOMES; anything else is counted as `other`). Call it from the job
 * worker once the attempt's outcome is stored.
 */
export function observePlanDuration(ms: number, status: string): void {
  if (!Number.isFinite(ms) || ms < 0) return;
  metrics().planDuration.observe({ status: PLAN_STATUSES.has(status) ? status : "other" }, ms / 1000);
}

/** How long a scrape waits for the job counts before answering without them. */
export const JOB_COUNT_TIMEOUT_MS = 2000;

async function countJobs(): Promise<{ counts: Map<string, number>; oldestQueued: Date | null }> {
  const query = Promise.all([
    db().job.groupBy({ by: ["status"], _count: { _all: true } }),
    db().job.findFirst({ where: { status: "queued" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
  ]);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${JOB_COUNT_TIMEOUT_MS} ms`)), JOB_COUNT_TIMEOUT_MS);
  });
  try {
    const [rows, oldest] = await Promise.race([query, timeout]);
    return { counts: new Map(rows.map((r) => [r.status, r._count._all])), oldestQueued: oldest?.createdAt ?? null };
  } finally {
    clearTimeout(timer);
  }
}

/** The registry in Prometheus' text format, with the job gauges counted now. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const m = metrics();
  m.jobs.reset();
  m.queueDepth.reset();
  m.oldestQueued.reset();
  try {
    const { counts, oldestQueued } = await countJobs();
    for (const status of new Set<string>([...JOB_STATUSES, ...counts.keys()])) m.jobs.set({ status }, counts.get(status) ?? 0);
    m.queueDepth.set(counts.get("queued") ?? 0);
    m.oldestQueued.set(oldestQueued ? Math.max(0, (Date.now() - oldestQueued.getTime()) / 1000) : 0);
  } catch (e) {
    // The scrape still answers (process and HTTP metrics): no planner_jobs series,
    // and the queue gauges are NaN (unknown), not a reassuring 0.
    m.queueDepth.set(Number.NaN);
    m.oldestQueued.set(Number.NaN);
    log.warn({ err: e instanceof Error ? e.message : String(e) }, "metrics: job counts unavailable");
  }
  return { contentType: m.registry.contentType, body: await m.registry.metrics() };
}

/**
 * GET /metrics needs `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise; the
 * comparison takes the same time for any wrong token). Without a token it is
 * closed (403) unless the operator opened it with METRICS_PUBLIC=true. Both are
 * read from the environment on every scrape.
 */
export function authorizeScrape(req: Request): void {
  // Read at each scrape (not cached with the rest of the settings): an operator's change needs no restart of the check.
  const token = process.env.METRICS_TOKEN?.trim();
  if (!token) {
    if (process.env.METRICS_PUBLIC === "true") return;
    throw new HttpError(403, { detail: "Metrics are closed: set METRICS_TOKEN (scrapers send it as a Bearer token), or METRICS_PUBLIC=true to open them to anyone" });
  }
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "")?.[1] ?? "";
  const digest = (s: string) => createHash("sha256").update(s).digest();
  if (!timingSafeEqual(digest(presented), digest(token))) {
    throw new HttpError(401, { detail: "Metrics need 'Authorization: Bearer <METRICS_TOKEN>'" }, { "www-authenticate": 'Bearer realm="metrics"' });
  }
}
