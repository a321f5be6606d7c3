// The pull loop, run by every process that runs a job worker (as the webhook deliveries are): it picks
// sources due, claims each with a lease (a conditional update: no two processes pull one source at once,
// and one killed mid-pull leaves it to another after the lease), runs the handshake if the source has not
// had it, then a full or incremental pull, and records the outcome, fenced by the claim. A failure, of
// whatever kind, is recorded on the source and retried with exponential backoff; it changes no data
// (Locations written before it are valid ones the party sent; nothing is removed and date_from stays).
import { randomInt } from "node:crypto";
import type { OcpiPullSummary, OcpiSourceError } from "../../../contract/ocpi-sources";
import { config } from "../../config";
import type { Db } from "../../db/client";
import { startLoop, type RunningWorker } from "../../jobs/worker-loop";
import { log } from "../../log";
import { PullError } from "./client";
import { handshake, LeaseLost } from "./handshake";
import { leaseMs, MAX_RETRY_DELAY_MS, pullOptions, type PullOptions } from "./options";
import { DATE_FROM_OVERLAP_MS, pullLocations, type PullContext } from "./pull-locations";
import { dropPulledFeeds, rolesOf } from "./sources";

/** Delay after the `failures`-th failure in a row: doubling from the base, at most 6 h, jittered down to half. */
export function retryDelayMs(failures: number, baseMs: number, random = Math.random): number {
  const full = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** The interval, give or take 10 % (OCPI advises pullers to spread their polls: transport_and_format.asciidoc, Pull and Push). */
const splayed = (ms: number) => Math.round(ms * (0.9 + randomInt(0, 2001) / 10_000));

/** A source whose token the party calls with was revoked is not pulled. */
const pullable = { OR: [{ partyRef: null }, { party: { revokedAt: null } }] };

/** The process is stopping (PullOptions.signal). */
class Interrupted extends Error {}

export type RunOutcome = { ok: true; summary: OcpiPullSummary } | { ok: false; error: OcpiSourceError };

/** Pulls every due source (up to a batch, at once); returns how many it claimed. */
export async function pullDue(db: Db, opts: PullOptions): Promise<number> {
  const now = new Date();
  const due = await db.ocpiSource.findMany({
    where: { nextPullAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }], AND: [pullable] },
    select: { id: true, claims: true },
    orderBy: { nextPullAt: "asc" },
    take: opts.batch,
  });
  const runs = await Promise.all(due.map(async (row) => {
    const claims = await claim(db, row, opts, true);
    return claims === null ? false : (await run(db, row.id, claims, opts), true);
  }));
  return runs.filter(Boolean).length;
}

/** Runs one pull of the source now, due or not (tests; npm run ocpi -- pull-source); null when another process holds it, or it is gone or revoked. */
export async function pullSourceNow(db: Db, sourceId: number, opts: PullOptions = pullOptions()): Promise<RunOutcome | null> {
  const row = await db.ocpiSource.findUnique({ where: { id: sourceId }, select: { id: true, claims: true } });
  if (!row) return null;
  const claims = await claim(db, row, opts, false);
  return claims === null ? null : run(db, row.id, claims, opts);
}

async function claim(db: Db, row: { id: number; claims: number }, opts: PullOptions, dueOnly: boolean): Promise<number | null> {
  const now = new Date();
  const claimed = await db.ocpiSource.updateMany({
    where: {
      id: row.id, claims: row.claims, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }], AND: [pullable],
      ...(dueOnly ? { nextPullAt: { lte: now } } : {}),
    },
    data: { claims: row.claims + 1, leaseUntil: new Date(now.getTime() + leaseMs(opts)), lastAttemptAt: now },
  });
  return claimed.count === 1 ? row.claims + 1 : null;
}

async function run(db: Db, id: number, claims: number, opts: PullOptions): Promise<RunOutcome> {
  const startedAt = new Date();
  const deadline = startedAt.getTime() + opts.runLimitMs;
  const touched = new Set<number>();
  const fenced = { id, claims };
  const stillOurs = async () => {
    if (opts.signal?.aborted) throw new Interrupted();
    if (!(await db.ocpiSource.count({ where: fenced }))) throw new LeaseLost();
  };
  let stage: OcpiSourceError["stage"] = "versions";
  try {
    let s = await db.ocpiSource.findUniqueOrThrow({ where: { id } });
    if (!s.registeredAt) {
      const client = { policy: opts.policy, resolve: opts.resolve, timeoutMs: opts.timeoutMs, maxBytes: opts.maxPageBytes, deadline };
      await handshake(db, s, claims, opts.us, client);
      s = await db.ocpiSource.findUniqueOrThrow({ where: { id } });
    }
    stage = "locations";
    const full = !s.syncedAt || !s.lastFullAt || startedAt.getTime() - s.lastFullAt.getTime() >= opts.fullEveryMs;
    const ctx: PullContext = {
      source: { id, tenantId: s.tenantId, token: s.token, locationsUrl: s.locationsUrl!, roles: rolesOf(s.roles) },
      kind: full ? "full" : "incremental",
      startedAt,
      dateFrom: full ? null : new Date(s.syncedAt!.getTime() - DATE_FROM_OVERLAP_MS),
      deadline, touched, stillOurs,
    };
    const summary = await pullLocations(db, ctx, opts);
    const done = new Date();
    const recorded = await db.ocpiSource.updateMany({
      where: fenced,
      data: {
        failures: 0, lastSuccessAt: done, syncedAt: startedAt, ...(full ? { lastFullAt: startedAt } : {}), lastPull: JSON.stringify(summary),
        objectsPulled: { increment: summary.objects }, leaseUntil: null, nextPullAt: new Date(done.getTime() + splayed(opts.intervalMs)),
      },
    });
    if (!recorded.count) await afterLostLease(db, id, touched);
    else log.info({ ocpiSource: id, kind: summary.kind, pages: summary.pages, objects: summary.objects, written: summary.written, skipped: summary.skipped, removed: summary.removed }, "OCPI pull done");
    return { ok: true, summary };
  } catch (e) {
    if (e instanceof Interrupted) {
      // Given back as it was: due again for any process.
      await db.ocpiSource.updateMany({ where: fenced, data: { leaseUntil: null } }).catch(() => undefined);
      return { ok: false, error: errorOf(new PullError(stage, "The process stopped: the source was given back"), startedAt) };
    }
    if (e instanceof LeaseLost) {
      await afterLostLease(db, id, touched);
      return { ok: false, error: errorOf(new PullError(stage, "The source was deleted, or another process took it over"), startedAt) };
    }
    const error = errorOf(e instanceof PullError ? e : asStorageError(e), startedAt);
    const failed = await db.ocpiSource.findUnique({ where: { id }, select: { failures: true } }).catch(() => null);
    const failures = (failed?.failures ?? 0) + 1;
    const next = new Date(Date.now() + retryDelayMs(failures, opts.retryBaseMs));
    const recorded = await db.ocpiSource.updateMany({ where: fenced, data: { failures, lastError: JSON.stringify(error), leaseUntil: null, nextPullAt: next } }).catch(() => ({ count: -1 }));
    if (recorded.count === 0) await afterLostLease(db, id, touched);
    log.warn({ ocpiSource: id, stage: error.stage, error: error.message, ...(e instanceof PullError && e.detail ? { detail: e.detail } : {}), retryAt: next.toISOString() }, "OCPI pull failed");
    return { ok: false, error };
  }
}

function errorOf(e: PullError, at: Date): OcpiSourceError {
  return { at: at.toISOString(), stage: e.stage, message: e.message.slice(0, 1000), http_status: e.httpStatus, status_code: e.statusCode };
}

/** Anything but the party's answers (the database, a bug): the stage "storage", logged in full. */
function asStorageError(e: unknown): PullError {
  log.error({ err: e instanceof Error ? e.stack : String(e) }, "OCPI pull: storage error");
  return new PullError("storage", `Storing what was pulled failed: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
}

/** A run that finds its source deleted: the feeds it wrote into lose their data unless something else keeps them. */
async function afterLostLease(db: Db, id: number, touched: Set<number>): Promise<void> {
  if (await db.ocpiSource.count({ where: { id } })) return;
  await dropPulledFeeds(db, [...touched], null).catch((e) => log.warn({ ocpiSource: id, err: String(e) }, "OCPI pull: cleanup of a deleted source's feeds failed"));
}

/** The loop of one process: pulls while sources are due, else waits OCPI_PULL_POLL_MS (or a wake-up). */
export function startPullLoop(db: Db, opts: PullOptions = pullOptions(), pollMs = config().OCPI_PULL_POLL_MS): RunningWorker {
  const stopping = new AbortController();
  const loop = startLoop(async () => !stopping.signal.aborted && (await pullDue(db, { ...opts, signal: stopping.signal })) > 0, pollMs);
  return {
    wake: loop.wake,
    stop: async () => {
      stopping.abort();
      await loop.stop();
    },
  };
}
