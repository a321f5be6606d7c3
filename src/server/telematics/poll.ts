// Polling a tenant's rFMS 4.0 sources, in every process that runs a job worker (as webhooks are
// sent: webhooks/delivery.ts). A due source is claimed by a conditional update that moves its
// next poll past a lease and counts the claim, so no two processes poll it at once and one killed
// mid-poll leaves it due again after the lease; the outcome is written only while that claim is
// the last (a PUT meanwhile counts one too). A poll reads the latest positions, then the latest
// statuses (every page: moreDataAvailable / lastVin), and only then stores anything: the state of
// each fleet vehicle whose vin was reported (others are counted, not kept), each group replaced only by a
// newer report, by a conditional update (two sources reporting one vehicle at once cannot undo
// each other). Any failure (address refused, network, time limit, an answer too large or not
// rFMS, the token refused) stores nothing, leaves the last state in place and is recorded on the
// source with a later next poll (backoff). Nothing here throws into the loop.
import { randomUUID } from "node:crypto";
import {
  applyReadings, EMPTY_STATE, lastVinOf, latestPageUrl, readPage, readReport, RFMS_MEDIA_TYPES, RfmsAnswerError,
  type Readings, type RfmsResource, type TelematicsState,
} from "../../engine/telematics/rfms";
import { config } from "../config";
import type { Db } from "../db/client";
import { nextTurn, pacer } from "../http/pace";
import { JsonSyntaxError, parseJsonPaced } from "../http/paced-json";
import type { RunningWorker } from "../jobs/worker-loop";
import { startLoop } from "../jobs/worker-loop";
import { log } from "../log";
import { CredentialsUnreadable, openSecret } from "./credentials";
import { boundedRequest, SourceFailure, type Bounds } from "./http";
import { telematicsPolicy, type SourceRow } from "./sources";
import { bearerToken, dropToken, oauthError } from "./token";

export interface PollOptions extends Bounds {
  /** Pages read of each resource at most in one poll. */
  maxPages: number;
  /** Sources polled at once by one step. */
  batch?: number;
  now?: () => Date;
}

/** Pages of one resource a poll reads at most: 200 pages of 100 vehicles, more than a fleet of MAX_FLEET_VEHICLES. */
export const MAX_PAGES = 200;
/** Backoff after failures in a row never waits longer than this (or the source's interval, when longer). */
export const MAX_BACKOFF_MS = 3_600_000;
/** Rows read per query: on SQLite a query runs on this thread, and 500 rows of state took 35-70 ms. */
const READS_AT_ONCE = 100;

export function pollOptions(): PollOptions {
  const cfg = config();
  return { policy: telematicsPolicy(), timeoutMs: cfg.TELEMATICS_TIMEOUT_MS, maxBytes: cfg.TELEMATICS_PAGE_MAX_BYTES, maxPages: MAX_PAGES };
}

/** A poll's requests end by this long after it started (each within its own time limit too). */
export const POLL_DEADLINE_MS = 5 * 60_000;
/** A claimed poll's lease: its deadline, its last request's time limit and a margin to store what it read. */
export const pollLeaseMs = (o: PollOptions) => POLL_DEADLINE_MS + o.timeoutMs + 30_000;

/** Delay after the `failures`-th failure in a row: the interval doubled each time, at most 1 h (or the interval), jittered down to 3/4. */
export function backoffMs(failures: number, intervalMs: number, random = Math.random): number {
  const full = Math.min(Math.max(intervalMs, MAX_BACKOFF_MS), intervalMs * 2 ** Math.min(failures - 1, 20));
  return Math.round(full * (0.75 + random() / 4));
}

interface Collected {
  /** The tenant's fleet: vehicle row by VIN, read when the poll starts. Readings of other VINs are not kept. */
  fleet: Map<string, number>;
  /** Each fleet vehicle's readings in the order read. */
  byVin: Map<string, Readings[]>;
  /** Every VIN reported. */
  seen: Set<string>;
  skipped: number;
}

const printable = (s: string, max = 200) => s.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, max);

class StaleToken extends Error {}

/** How a poll authenticates: a Bearer token (fetched, cached, dropped on 401) or basic. */
interface Credentials {
  header(): Promise<string>;
  /** The API refused it: a Bearer token is dropped and may be fetched once more. */
  refused(): boolean;
}

function credentialsOf(src: SourceRow, secret: string, o: PollOptions): Credentials {
  if (src.authType === "basic") {
    const header = `Basic ${Buffer.from(`${src.clientId}:${secret}`, "utf8").toString("base64")}`;
    return { header: async () => header, refused: () => false };
  }
  const key = `${src.id}:${src.updatedAt.getTime()}`;
  let retried = false;
  return {
    header: async () => `Bearer ${await bearerToken({
      key, tokenUrl: src.tokenUrl ?? "", clientId: src.clientId, secret, scope: src.scope,
      clientAuth: src.clientAuth === "request_body" ? "request_body" : "basic_header",
    }, o)}`,
    refused: () => {
      dropToken(key);
      if (retried) return false;
      retried = true;
      return true;
    },
  };
}

/** One page's body; SourceFailure for anything but a 200 with JSON within the byte cap. */
async function page(url: URL, resource: RfmsResource, creds: Credentials, o: PollOptions): Promise<unknown> {
  const res = await boundedRequest(url, {
    method: "GET",
    headers: { accept: RFMS_MEDIA_TYPES[resource], authorization: await creds.header(), "x-correlation-id": randomUUID() },
  }, o);
  const path = `/${resource}`;
  if (res.status === 401) throw new StaleToken();
  if (res.status !== 200) {
    const why = oauthError(res.text); // rFMS ErrorObject: error, error_description
    throw new SourceFailure(`HTTP ${res.status} from ${path}${why ? ` (${why})` : ""}`);
  }
  if (res.text === null) throw new SourceFailure(`answer of ${path} over ${o.maxBytes} bytes (TELEMATICS_PAGE_MAX_BYTES)`);
  try {
    return await parseJsonPaced(res.text);
  } catch (e) {
    if (e instanceof JsonSyntaxError || e instanceof SyntaxError) throw new SourceFailure(`malformed answer of ${path}: not JSON`);
    throw e;
  }
}

/** Every page of the latest reports of one resource. */
async function collect(src: SourceRow, resource: RfmsResource, creds: Credentials, o: PollOptions, now: Date, into: Collected): Promise<number> {
  const pace = pacer();
  let lastVin: string | undefined;
  for (let n = 1; ; n++) {
    const url = latestPageUrl(src.baseUrl, resource, lastVin);
    let body: unknown;
    for (;;) {
      try {
        body = await page(url, resource, creds, o);
        break;
      } catch (e) {
        if (!(e instanceof StaleToken)) throw e;
        if (!creds.refused()) throw new SourceFailure(`HTTP 401 from /${resource}: the credentials were refused`);
      }
    }
    let read: { items: unknown[]; more: boolean };
    try {
      read = readPage(resource, body);
    } catch (e) {
      if (e instanceof RfmsAnswerError) throw new SourceFailure(`malformed answer: ${printable(e.message, 300)}`);
      throw e;
    }
    for (const item of read.items) {
      const report = readReport(resource, item, now);
      if (!report) into.skipped++;
      else {
        into.seen.add(report.vin);
        const list = into.byVin.get(report.vin);
        if (list) list.push(report.readings);
        else if (into.fleet.has(report.vin)) into.byVin.set(report.vin, [report.readings]);
      }
      await pace();
    }
    if (!read.more) return n;
    const next = lastVinOf(read.items);
    if (next === undefined || next === lastVin) throw new SourceFailure(`/${resource} said moreDataAvailable but its page ${n} gave no new lastVin: paging stopped`);
    if (n >= o.maxPages) throw new SourceFailure(`/${resource} has more than ${o.maxPages} pages: the poll stopped there`);
    lastVin = next;
  }
}

type StateRow = NonNullable<Awaited<ReturnType<Db["vehicleTelematics"]["findFirst"]>>>;

function stateOf(r: StateRow | undefined): TelematicsState {
  if (!r) return EMPTY_STATE;
  return {
    position: r.positionAt && r.latitude !== null && r.longitude !== null
      ? { latitude: r.latitude, longitude: r.longitude, headingDeg: r.headingDeg, speedKmh: r.speedKmh, at: r.positionAt, source: r.positionSource ?? "" } : null,
    soc: r.socAt && r.socPercent !== null ? { percent: r.socPercent, rangeM: r.rangeM, at: r.socAt, source: r.socSource ?? "" } : null,
    charging: r.chargingAt
      ? { status: r.chargingStatus as never, connection: r.chargingConnection as never, powerW: r.chargingPowerW, doneAt: r.chargingDoneAt, at: r.chargingAt, source: r.chargingSource ?? "" } : null,
    driver: r.driverAt ? { driver1: r.driver1State as never, driver2: r.driver2State as never, at: r.driverAt, source: r.driverSource ?? "" } : null,
  };
}

/** The columns of the groups a poll changed. */
function columnsOf(s: TelematicsState, changed: Set<keyof TelematicsState>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const p = s.position;
  if (changed.has("position") && p) Object.assign(data, { latitude: p.latitude, longitude: p.longitude, headingDeg: p.headingDeg, speedKmh: p.speedKmh, positionAt: p.at, positionSource: p.source });
  if (changed.has("soc") && s.soc) Object.assign(data, { socPercent: s.soc.percent, rangeM: s.soc.rangeM, socAt: s.soc.at, socSource: s.soc.source });
  const c = s.charging;
  if (changed.has("charging") && c) Object.assign(data, { chargingStatus: c.status, chargingConnection: c.connection, chargingPowerW: c.powerW, chargingDoneAt: c.doneAt, chargingAt: c.at, chargingSource: c.source });
  const d = s.driver;
  if (changed.has("driver") && d) Object.assign(data, { driver1State: d.driver1, driver2State: d.driver2, driverAt: d.at, driverSource: d.source });
  return data;
}

/** The groups of a stored state that a poll's readings replace, and the state after them. */
function merged(row: StateRow | null | undefined, readingsOfVin: Readings[], source: string): { state: TelematicsState; changed: Set<keyof TelematicsState> } {
  let state = stateOf(row ?? undefined);
  const changed = new Set<keyof TelematicsState>();
  for (const readings of readingsOfVin) {
    const next = applyReadings(state, readings, source);
    if (!next.changed) continue;
    for (const k of Object.keys(readings) as (keyof TelematicsState)[]) if (next.state[k] !== state[k]) changed.add(k);
    state = next.state;
  }
  return { state, changed };
}

/** The tenant's vehicles that have a VIN (at most MAX_FLEET_VEHICLES): row id by VIN, read a page at a time. */
async function fleetByVin(db: Db, tenantId: number): Promise<Map<string, number>> {
  const fleet = new Map<string, number>();
  for (let after = 0; ;) {
    const rows = await db.vehicle.findMany({ where: { tenantId, vin: { not: null }, id: { gt: after } }, select: { id: true, vin: true }, orderBy: { id: "asc" }, take: READS_AT_ONCE });
    for (const r of rows) fleet.set(r.vin!, r.id);
    if (rows.length < READS_AT_ONCE) return fleet;
    after = rows[rows.length - 1].id;
    await nextTurn();
  }
}

const prismaCode = (e: unknown) => (e as { code?: string } | null)?.code;

/**
 * Stores what a poll read for the tenant's vehicles: one statement per vehicle whose state changes,
 * written only over the row as it was read (`version`); a row another poll wrote meanwhile is read
 * again and merged anew, so a newer value stored by another source stands. The event loop is served
 * between vehicles (on SQLite each statement runs on this thread).
 */
async function store(db: Db, src: SourceRow, got: Collected): Promise<void> {
  const pace = pacer();
  const vins = [...got.byVin.keys()];
  for (let i = 0; i < vins.length; i += READS_AT_ONCE) {
    const chunk = vins.slice(i, i + READS_AT_ONCE).map((vin) => ({ vin, id: got.fleet.get(vin)! }));
    const rows = await db.vehicleTelematics.findMany({ where: { vehicleRowId: { in: chunk.map((v) => v.id) } } });
    const rowById = new Map(rows.map((r) => [r.vehicleRowId, r]));
    for (const v of chunk) {
      let row: StateRow | null | undefined = rowById.get(v.id);
      for (let attempt = 0; attempt < 3; attempt++) {
        if (attempt > 0) row = await db.vehicleTelematics.findUnique({ where: { vehicleRowId: v.id } });
        const { state, changed } = merged(row, got.byVin.get(v.vin) ?? [], src.sourceId);
        if (changed.size === 0) break;
        const data = columnsOf(state, changed);
        if (row) {
          const written = await db.vehicleTelematics.updateMany({ where: { vehicleRowId: v.id, version: row.version }, data: { ...data, version: { increment: 1 } } });
          if (written.count === 1) break;
          continue;
        }
        try {
          await db.vehicleTelematics.create({ data: { vehicleRowId: v.id, tenantId: src.tenantId, ...data } });
          break;
        } catch (e) {
          if (prismaCode(e) === "P2002") continue; // another poll created it meanwhile
          if (prismaCode(e) === "P2003") break; // the vehicle was deleted meanwhile
          throw e;
        }
      }
      await pace();
    }
  }
}

/** Reads and stores one claimed source; never throws (the outcome is on the source). */
async function pollClaimed(db: Db, src: SourceRow, claims: number, o: PollOptions): Promise<void> {
  const clock = o.now ?? (() => new Date());
  const started = clock();
  let outcome: { ok: true; seen: number; matched: number; skipped: number } | { ok: false; error: string };
  try {
    let secret: string;
    try {
      secret = openSecret(src.secret, src.tenantId, src.sourceId);
    } catch (e) {
      if (e instanceof CredentialsUnreadable) throw new SourceFailure(e.message);
      throw e;
    }
    const bounded: PollOptions = { ...o, deadlineAt: Date.now() + POLL_DEADLINE_MS };
    const creds = credentialsOf(src, secret, bounded);
    const got: Collected = { fleet: await fleetByVin(db, src.tenantId), byVin: new Map(), seen: new Set(), skipped: 0 };
    await collect(src, "vehiclepositions", creds, bounded, started, got);
    await collect(src, "vehiclestatuses", creds, bounded, started, got);
    await store(db, src, got);
    outcome = { ok: true, seen: got.seen.size, matched: got.byVin.size, skipped: got.skipped };
  } catch (e) {
    // Only the source's own failures are the tenant's to read; anything else (the database) is the operator's, in the log.
    const error = e instanceof SourceFailure ? e.message : "poll failed: an error of the service (logged); it is tried again";
    if (!(e instanceof SourceFailure)) log.error({ err: e instanceof Error ? e.stack : String(e), tenantId: src.tenantId, sourceId: src.sourceId }, "telematics poll error");
    outcome = { ok: false, error };
  }
  const done = clock();
  const failures = outcome.ok ? 0 : src.failures + 1;
  const intervalMs = src.pollIntervalS * 1000;
  const next = new Date(done.getTime() + (outcome.ok ? intervalMs : backoffMs(failures, intervalMs)));
  // Fenced by the claim count: a poll whose lease ran out and whose source was claimed again, or was replaced by a PUT, writes nothing.
  const written = await db.telematicsSource.updateMany({
    where: { id: src.id, claims },
    data: outcome.ok
      ? { lastPollAt: done, lastSuccessAt: done, failures, nextPollAt: next, vehiclesSeen: outcome.seen, vehiclesMatched: outcome.matched, reportsSkipped: outcome.skipped }
      : { lastPollAt: done, lastError: outcome.error, lastErrorAt: done, failures, nextPollAt: next },
  }).catch((e: unknown) => {
    log.error({ err: e instanceof Error ? e.message : String(e), tenantId: src.tenantId, sourceId: src.sourceId }, "telematics poll outcome not stored");
    return { count: 0 };
  });
  const fields = { tenantId: src.tenantId, sourceId: src.sourceId, ms: done.getTime() - started.getTime(), stored: written.count === 1 };
  if (outcome.ok) log.info({ ...fields, vehicles: outcome.seen, matched: outcome.matched, skipped: outcome.skipped }, "telematics source polled");
  else log.warn({ ...fields, error: outcome.error, failures, nextPollAt: next.toISOString() }, "telematics poll failed; last state kept");
}

/** Claims the source (its next poll moved past the lease); the claim count to fence the outcome with, or null when another process has it. */
async function claim(db: Db, src: SourceRow, o: PollOptions, due: boolean): Promise<number | null> {
  const now = (o.now ?? (() => new Date()))();
  const got = await db.telematicsSource.updateMany({
    where: { id: src.id, claims: src.claims, ...(due ? { nextPollAt: { lte: now } } : {}) },
    data: { claims: { increment: 1 }, nextPollAt: new Date(now.getTime() + pollLeaseMs(o)) },
  });
  return got.count === 1 ? src.claims + 1 : null;
}

/** Polls every due source (up to a batch, at once); returns how many it found due. */
export async function pollDueSources(db: Db, o: PollOptions = pollOptions()): Promise<number> {
  const now = (o.now ?? (() => new Date()))();
  const due = await db.telematicsSource.findMany({ where: { enabled: true, nextPollAt: { lte: now } }, orderBy: { nextPollAt: "asc" }, take: o.batch ?? 4 });
  await Promise.all(due.map(async (src) => {
    const claims = await claim(db, src, o, true);
    if (claims !== null) await pollClaimed(db, src, claims, o);
  }));
  return due.length;
}

/** Polls one source now, due or not (tests, and whoever wants it at once); false when another process polls it. */
export async function pollSourceNow(db: Db, tenantId: number, sourceId: string, o: PollOptions = pollOptions()): Promise<boolean> {
  const src = await db.telematicsSource.findUnique({ where: { tenantId_sourceId: { tenantId, sourceId } } });
  if (!src) return false;
  const claims = await claim(db, src, o, false);
  if (claims === null) return false;
  await pollClaimed(db, src, claims, o);
  return true;
}

/** The loop of one process: polls while sources are due, else looks again every TELEMATICS_CHECK_MS. */
export function startTelematicsLoop(db: Db, o: PollOptions = pollOptions(), checkMs = config().TELEMATICS_CHECK_MS): RunningWorker {
  return startLoop(async () => (await pollDueSources(db, o)) > 0, checkMs);
}
