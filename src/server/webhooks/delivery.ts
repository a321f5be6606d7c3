// The delivery loop, run by every process that runs a job worker: it picks
// outbox rows whose job is final and whose attempt is due, claims each by a
// conditional update that moves its next attempt past a lease (so no two
// processes send the same attempt, and one killed mid-delivery leaves the row
// due again after the lease), POSTs it signed, and records the outcome.
import { config } from "../config";
import type { Db } from "../db/client";
import { FINAL_STATUSES } from "../jobs/types";
import { startLoop, type RunningWorker } from "../jobs/worker-loop";
import { log } from "../log";
import { parsePolicy, type AddressPolicy } from "./address-policy";
import type { DeliveryRow } from "./outbox";
import { signingSecrets } from "./secrets";
import { AddressRefused, checkedAddresses, postJson, systemResolver, type PostOutcome, type Resolver } from "./send";
import { webhookHeaders } from "./signing";

export interface DeliveryOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  retryBaseMs: number;
  giveUpMs: number;
  resolve?: Resolver;
  /** Rows sent at once by one step. */
  batch?: number;
}

const MAX_RETRY_DELAY_MS = 3_600_000;

export function deliveryOptions(): DeliveryOptions {
  const cfg = config();
  return {
    policy: parsePolicy(cfg.WEBHOOK_ALLOW_HTTP === "true", cfg.WEBHOOK_ALLOWED_HOSTS),
    timeoutMs: cfg.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: cfg.WEBHOOK_RETRY_BASE_MS,
    giveUpMs: cfg.WEBHOOK_GIVE_UP_S * 1000,
  };
}

/** A claimed attempt's lease: longer than the attempt's time limit, so a live sender keeps it. */
export const leaseMs = (timeoutMs: number) => timeoutMs * 2 + 5_000;

/** Delay after the `failed`-th failed attempt: doubling from the base, at most 1 h, jittered down to half. */
export function retryDelayMs(failed: number, baseMs: number, random = Math.random): number {
  const full = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(failed - 1, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

type Due = DeliveryRow & { job: { id: string; optimizationId: number; tourId: number; status: string } };

/** Sends every due delivery (up to a batch); returns how many it found. */
export async function deliverDue(db: Db, opts: DeliveryOptions): Promise<number> {
  const due = await db.webhookDelivery.findMany({
    // A completion waits for its job to be final; an event with its own body (plan.replanned) is due at once.
    where: { status: "pending", nextAttemptAt: { lte: new Date() }, OR: [{ payload: { not: null } }, { job: { status: { in: [...FINAL_STATUSES] } } }] },
    include: { job: { select: { id: true, optimizationId: true, tourId: true, status: true } } },
    orderBy: { nextAttemptAt: "asc" },
    take: opts.batch ?? 8,
  });
  await Promise.all(due.map((row) => attempt(db, row, opts)));
  return due.length;
}

async function attempt(db: Db, row: Due, opts: DeliveryOptions): Promise<void> {
  const now = new Date();
  const attempts = row.attempts + 1;
  const claim = await db.webhookDelivery.updateMany({
    where: { id: row.id, status: "pending", attempts: row.attempts, nextAttemptAt: { lte: now } },
    data: { attempts, lastAttemptAt: now, firstAttemptAt: row.firstAttemptAt ?? now, nextAttemptAt: new Date(now.getTime() + leaseMs(opts.timeoutMs)) },
  });
  if (claim.count !== 1) return; // another process has it

  const body = row.payload ?? JSON.stringify({ job_id: row.job.id, optimization_id: row.job.optimizationId, tour_id: row.job.tourId, status: row.job.status });
  const outcome = await send(db, row, body, opts, now);
  const done = new Date();
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const firstAt = (row.firstAttemptAt ?? now).getTime();
  const next = new Date(done.getTime() + retryDelayMs(attempts, opts.retryBaseMs));
  const gone = outcome.statusCode === 410;
  const givingUp = !ok && (gone || next.getTime() - firstAt > opts.giveUpMs);
  const error = ok ? null
    : gone ? "410 Gone: the receiver asked for no more deliveries"
    : outcome.error ?? `answered ${outcome.statusCode}`;
  // Fenced by the attempt count: a sender whose lease ran out and whose row another process took writes nothing.
  await db.webhookDelivery.updateMany({
    where: { id: row.id, attempts },
    data: {
      status: ok ? "delivered" : givingUp ? "failed" : "pending",
      lastStatusCode: outcome.statusCode,
      lastError: givingUp && !gone ? `${error}; given up after ${attempts} attempts` : error,
      deliveredAt: ok ? done : null,
      nextAttemptAt: ok || givingUp ? done : next,
    },
  });
  const fields = { webhookId: row.id, event: row.event, jobId: row.job.id, attempt: attempts, statusCode: outcome.statusCode, error, ...(outcome.detail && outcome.detail !== outcome.error ? { detail: outcome.detail } : {}) };
  if (ok) log.info(fields, "webhook delivered");
  else log.warn({ ...fields, retryAt: givingUp ? null : next.toISOString() }, givingUp ? "webhook given up" : "webhook attempt failed");
}

async function send(db: Db, row: Due, body: string, opts: DeliveryOptions, now: Date): Promise<PostOutcome> {
  try {
    const secrets = await signingSecrets(db, row.tenantId, now);
    if (!secrets.length) return { statusCode: null, error: "the tenant has no webhook secret (POST /webhooks/secret creates one)" };
    const url = new URL(row.url);
    const addresses = await checkedAddresses(url, opts.policy, opts.resolve ?? systemResolver);
    return await postJson(url, addresses, body, webhookHeaders(secrets, row.id, body, now), opts.timeoutMs);
  } catch (e) {
    if (e instanceof AddressRefused) return { statusCode: null, error: `refused: ${e.message}`, detail: `refused: ${e.detail}` };
    // DNS errors ("getaddrinfo ENOTFOUND hooks.example.com") name only the host.
    return { statusCode: null, error: e instanceof Error ? e.message : String(e) };
  }
}

/** The loop of one process: sends while it finds work, else waits WEBHOOK_POLL_MS (or a wake-up). */
export function startDeliveryLoop(db: Db, opts: DeliveryOptions = deliveryOptions(), pollMs = config().WEBHOOK_POLL_MS): RunningWorker {
  return startLoop(async () => (await deliverDue(db, opts)) > 0, pollMs);
}
