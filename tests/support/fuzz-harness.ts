// The API fuzz's machinery: every route module the server has (the partner API,
// the open documents, the plan export, tRPC), generated requests for each that
// the service must refuse (or, for reads, may answer), the checks on every
// answer, and a snapshot of every table to prove nothing was written.
import { writeFileSync } from "node:fs";
import fc from "fast-check";
import * as submitV2 from "@/app/planner/v2/route";
import * as planV1 from "@/app/planner/route";
import * as job from "@/app/planner/jobs/[job_id]/route";
import * as result from "@/app/planner/optimizations/[optimization_id]/result/route";
import * as models from "@/app/vehicles/info/models/route";
import * as fleet from "@/app/vehicles/route";
import * as fleetVehicle from "@/app/vehicles/[vehicle_id]/route";
import * as geocode from "@/app/routing/geocode/route";
import * as cpos from "@/app/poi/cpos/route";
import * as openapi from "@/app/openapi.json/route";
import * as overlays from "@/app/poi/overlays/route";
import * as overlay from "@/app/poi/overlays/[external_id]/route";
import * as depots from "@/app/poi/depots/route";
import * as depot from "@/app/poi/depots/[depot_id]/route";
import * as prices from "@/app/poi/prices/route";
import * as fleetDay from "@/app/planner/fleet/route";
import * as fleetDayStatus from "@/app/planner/fleet/[fleet_id]/route";
import * as commit from "@/app/planner/optimizations/[optimization_id]/commit/route";
import * as replan from "@/app/planner/optimizations/[optimization_id]/replan/route";
import * as planWatch from "@/app/planner/optimizations/[optimization_id]/watch/route";
import * as webhookSecret from "@/app/webhooks/secret/route";
import * as telematicsSources from "@/app/telematics/sources/route";
import * as telematicsSource from "@/app/telematics/sources/[source_id]/route";
import * as vehicleState from "@/app/vehicles/[vehicle_id]/state/route";
import * as ocpiParties from "@/app/ocpi/parties/route";
import * as ocpiParty from "@/app/ocpi/parties/[party_ref]/route";
import * as ocpiSources from "@/app/ocpi/sources/route";
import * as ocpiSource from "@/app/ocpi/sources/[source_ref]/route";
import * as exportRoute from "@/app/plans/[optimization_id]/export/route";
import * as countries from "@/app/basemap/countries/route";
import * as roads from "@/app/basemap/roads/route";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { OptimizationPath } from "@/contract/request";
import { boolFromText, parseIntText } from "@/contract/text-values";
import { db } from "@/server/db/client";
import { databaseUrl, isPostgresUrl } from "@/server/db/url";
import { appRouter } from "@/server/trpc/routers";
import {
  bodies, describeBody, depotBody, fleetCreateBody, fleetPatchBody, fleetSubmitBody, ocpiPartyBody, ocpiSourceBody, overlayBody, plannerBody, pricesBody, replanBody,
  telematicsSourceBody,
  type Body, type BodySchema,
} from "./fuzz-bodies";
import { headerValue, hostileJson, hostileSegment, hostileString, short, toJson } from "./fuzz-values";

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
const BASE = "http://planner.test";

/** Every route module and method, keyed "METHOD /template". */
export const TARGETS: Record<string, Handler> = {
  "POST /planner/v2": submitV2.POST,
  "POST /planner": planV1.POST,
  "GET /planner/jobs/{job_id}": job.GET,
  "GET /planner/optimizations/{optimization_id}/result": result.GET,
  "GET /vehicles/info/models": models.GET,
  "GET /vehicles": fleet.GET,
  "POST /vehicles": fleet.POST,
  "GET /vehicles/{vehicle_id}": fleetVehicle.GET,
  "PATCH /vehicles/{vehicle_id}": fleetVehicle.PATCH,
  "DELETE /vehicles/{vehicle_id}": fleetVehicle.DELETE,
  "GET /routing/geocode": geocode.GET,
  "GET /poi/cpos": cpos.GET,
  "GET /poi/overlays": overlays.GET,
  "PUT /poi/overlays/{external_id}": overlay.PUT,
  "DELETE /poi/overlays/{external_id}": overlay.DELETE,
  "GET /poi/depots": depots.GET,
  "PUT /poi/depots/{depot_id}": depot.PUT,
  "DELETE /poi/depots/{depot_id}": depot.DELETE,
  "GET /poi/prices": prices.GET,
  "PUT /poi/prices": prices.PUT,
  "POST /planner/fleet": fleetDay.POST,
  "GET /planner/fleet/{fleet_id}": fleetDayStatus.GET,
  "POST /planner/optimizations/{optimization_id}/commit": commit.POST,
  "DELETE /planner/optimizations/{optimization_id}/commit": commit.DELETE,
  "POST /planner/optimizations/{optimization_id}/replan": replan.POST,
  "GET /planner/optimizations/{optimization_id}/watch": planWatch.GET,
  "GET /webhooks/secret": webhookSecret.GET,
  "POST /webhooks/secret": webhookSecret.POST,
  "GET /telematics/sources": telematicsSources.GET,
  "GET /telematics/sources/{source_id}": telematicsSource.GET,
  "PUT /telematics/sources/{source_id}": telematicsSource.PUT,
  "DELETE /telematics/sources/{source_id}": telematicsSource.DELETE,
  "GET /vehicles/{vehicle_id}/state": vehicleState.GET,
  "GET /ocpi/parties": ocpiParties.GET,
  "POST /ocpi/parties": ocpiParties.POST,
  "DELETE /ocpi/parties/{party_ref}": ocpiParty.DELETE,
  "GET /ocpi/sources": ocpiSources.GET,
  "POST /ocpi/sources": ocpiSources.POST,
  "GET /ocpi/sources/{source_ref}": ocpiSource.GET,
  "DELETE /ocpi/sources/{source_ref}": ocpiSource.DELETE,
  "GET /openapi.json": openapi.GET as Handler,
  "GET /plans/{optimization_id}/export": exportRoute.GET as Handler,
  "GET /basemap/countries": countries.GET as Handler,
  "GET /basemap/roads": roads.GET as Handler,
  "GET /api/trpc/{procedure}": trpcRoute.GET as Handler,
  "POST /api/trpc/{procedure}": trpcRoute.POST as Handler,
};

/** "METHOD /path" of an AUTHED_ENDPOINTS entry, as a TARGETS key. */
export function targetOf(method: Method, path: string): string {
  const pathname = new URL(path, BASE).pathname;
  const key = Object.keys(TARGETS).find((k) => {
    const [m, template] = k.split(" ");
    const re = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+").replace(/\./g, "\\.")}$`);
    return m === method && re.test(pathname);
  });
  if (!key) throw new Error(`no fuzz target for ${method} ${path}`);
  return key;
}

// ---- requests -------------------------------------------------------------------------

export class FuzzRequest {
  constructor(
    readonly target: string,
    readonly who: string,
    readonly params: Record<string, string>,
    readonly query: [string, string][],
    readonly headers: [string, string][],
    readonly body: Body | undefined,
    /** A 2xx answer would be a bug: the request writes, and must have been refused. */
    readonly mustReject: boolean,
    readonly rawQuery = "",
  ) {}

  get method(): Method {
    return this.target.split(" ")[0] as Method;
  }

  url(): URL {
    const template = this.target.split(" ")[1];
    const url = new URL(template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(this.params[name])), BASE);
    if (this.rawQuery) url.search = this.rawQuery;
    for (const [k, v] of this.query) url.searchParams.append(k, v);
    return url;
  }

  toRequest(): Request {
    const headers = new Headers();
    for (const [k, v] of this.headers) headers.append(k, v);
    if (this.body?.contentType != null) headers.set("content-type", this.body.contentType);
    if (this.body?.contentLength !== undefined) headers.set("content-length", this.body.contentLength);
    return new Request(this.url(), { method: this.method, headers, body: this.body?.data as BodyInit | undefined });
  }

  [fc.toStringMethod](): string {
    const headers = this.headers.map(([k, v]) => `${k}: ${short(v, 80)}`).join("; ");
    return `${this.method} ${short(this.url().pathname + this.url().search, 300)} as ${this.who}${headers ? ` [${headers}]` : ""}${
      this.body ? ` body: ${describeBody(this.body)}` : ""
    }${this.mustReject ? " (must be refused)" : ""}`;
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export let requestsSent = 0;

/** FUZZ_TRACE=<file>: each request is written there before it is sent (to find one that hangs the process). */
const TRACE = process.env.FUZZ_TRACE;

export async function send(r: FuzzRequest): Promise<Answer> {
  const handler = TARGETS[r.target];
  if (TRACE) writeFileSync(TRACE, `${new Date().toISOString()} ${fc.stringify(r)}\n`);
  const res = await handler(r.toRequest(), { params: Promise.resolve({ ...r.params }) });
  requestsSent++;
  const text = await res.text();
  let json: unknown;
  try {
    json = text === "" ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

// ---- checks ---------------------------------------------------------------------------

function fail(r: FuzzRequest, a: Answer, why: string): never {
  throw new Error(`${why}\n  request: ${fc.stringify(r)}\n  answer: ${a.status} ${a.headers.get("content-type")} ${short(a.text, 600)}`);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** docs/API.md, Errors: JSON with `detail` and `request_id`; 422 in FastAPI's shape; never a 5xx. */
export function checkRestAnswer(r: FuzzRequest, a: Answer): void {
  if (a.status >= 500) fail(r, a, "5xx");
  if (a.status >= 200 && a.status < 300 && r.mustReject) fail(r, a, "accepted a request that must be refused");
  if (a.status < 400) {
    if (a.status === 204 || a.status === 304) return;
    const type = a.headers.get("content-type") ?? "";
    if (/json/.test(type) && a.json === undefined) fail(r, a, "a JSON content type with a body that is not JSON");
    return;
  }
  if (!(a.headers.get("content-type") ?? "").startsWith("application/json")) fail(r, a, "error without a JSON content type");
  if (!isObject(a.json)) fail(r, a, "error body is not a JSON object");
  const body = a.json;
  if (typeof body.request_id !== "string" || body.request_id === "") fail(r, a, "error body without request_id");
  if (a.headers.get("x-request-id") !== body.request_id) fail(r, a, "request_id differs from the X-Request-Id header");
  if (a.status === 422) {
    const detail = body.detail;
    if (!Array.isArray(detail) || detail.length === 0) fail(r, a, "422 without a list of details");
    for (const d of detail) {
      if (!isObject(d)) fail(r, a, "422 detail entry is not an object");
      const { loc, msg, type } = d;
      if (!Array.isArray(loc) || loc.length === 0 || !loc.every((p) => typeof p === "string" || Number.isInteger(p))) fail(r, a, "422 loc is not a list of names and indexes");
      if (!["body", "query", "path", "header"].includes(loc[0] as string)) fail(r, a, `422 loc starts with ${JSON.stringify(loc[0])}`);
      if (typeof msg !== "string" || msg === "" || typeof type !== "string" || type === "") fail(r, a, "422 msg/type not non-empty strings");
    }
  } else if (typeof body.detail !== "string" || body.detail === "") {
    fail(r, a, "error detail is not a non-empty string");
  }
  if (a.status === 401 && !(a.headers.get("www-authenticate") ?? "").startsWith("Bearer") && !r.target.includes("/plans/")) fail(r, a, "401 without WWW-Authenticate: Bearer");
  if (a.status === 413 && !/exceeds 1000000 bytes/.test(body.detail as string)) fail(r, a, "413 without the limit");
}

/** tRPC answers in its own envelope (or the REST shape for a refused cross-site request); never a 5xx. */
export function checkTrpcAnswer(r: FuzzRequest, a: Answer, batch: boolean): void {
  if (a.status >= 500) fail(r, a, "5xx");
  if (a.json === undefined) fail(r, a, "body is not JSON");
  const one = (item: unknown) => {
    if (!isObject(item)) fail(r, a, "answer item is not an object");
    if ("result" in item) return;
    if (isObject(item.error)) {
      const data = item.error.data;
      if (typeof item.error.message !== "string" || !isObject(data) || typeof data.code !== "string" || typeof data.httpStatus !== "number") fail(r, a, "tRPC error envelope incomplete");
      if (data.httpStatus >= 500) fail(r, a, "tRPC error with a 5xx httpStatus");
      return;
    }
    if (typeof item.detail === "string" && typeof item.request_id === "string") return; // cross-site refusal
    fail(r, a, "neither a tRPC result nor an error");
  };
  if (batch && Array.isArray(a.json)) a.json.forEach(one);
  else one(a.json);
}

const builtins = new Set(Object.getOwnPropertyNames(Object.prototype));
/** Nothing a request sent reached Object.prototype. */
export function checkNoPollution(r: FuzzRequest): void {
  const added = Object.getOwnPropertyNames(Object.prototype).filter((k) => !builtins.has(k));
  // eslint-disable-next-line guard-for-in
  for (const k in {}) added.push(k);
  if (added.length) throw new Error(`Object.prototype polluted with ${added.join(", ")} after ${fc.stringify(r)}`);
}

// ---- the database ---------------------------------------------------------------------------

// SQLite: every table of the file. PostgreSQL: every table of schema public
// and pg-boss's job table (a rejected submit must not leave a delivery either).

const onPostgres = () => isPostgresUrl(databaseUrl());
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const BOSS_JOB = "pgboss.job";

/** A name tableNames() returned, as SQL. */
function tableSql(t: string): string {
  if (!onPostgres()) return quoteIdent(t);
  return t === BOSS_JOB ? `"pgboss"."job"` : `"public".${quoteIdent(t)}`;
}

export async function tableNames(): Promise<string[]> {
  if (onPostgres()) {
    const rows = await db().$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const [boss] = await db().$queryRawUnsafe<{ exists: boolean }[]>(`SELECT to_regclass('pgboss.job') IS NOT NULL AS exists`);
    return [...rows.map((r) => r.name), ...(boss.exists ? [BOSS_JOB] : [])];
  }
  const rows = await db().$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`);
  return rows.map((r) => r.name);
}

/**
 * One query: the row count of every table, and on SQLite the AUTOINCREMENT
 * counters (a row added and removed again moves them). Not PostgreSQL's
 * sequences: a rolled-back insert advances them too, and leaves nothing behind.
 */
export async function rowCounts(tables: string[]): Promise<string> {
  const counts = tables.map((t, i) => `(SELECT count(*) FROM ${tableSql(t)}) AS c${i}`).join(", ");
  const sequences = tables.includes("sqlite_sequence") ? `, (SELECT group_concat(name || ':' || seq, ',') FROM (SELECT name, seq FROM sqlite_sequence ORDER BY name)) AS seqs` : "";
  const [row] = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT ${counts}${sequences}`);
  return `${tables.map((t, i) => `${t}=${String(row[`c${i}`])}`).join(" ")}${sequences ? ` ids ${String(row.seqs)}` : ""}`;
}

/** Columns that change without a write of the request's own: reading with a key updates its last-used time. */
const VOLATILE: Record<string, string[]> = { ApiKey: ["lastUsedAt"], WebSession: ["lastSeenAt"] };

/**
 * Every row of every table, but the VOLATILE columns. pgboss.job is compared
 * whole: its rows change only when a worker fetches, completes or fails a
 * delivery, or when maintenance expires an active one (none is: the fuzz
 * takes its baseline after its last worker run) or archives one completed
 * 12 hours ago (pg-boss's default). A request that changes one is a finding.
 */
export async function snapshot(tables: string[]): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const t of tables) {
    if (onPostgres()) {
      // PostgreSQL writes each row as JSON itself (timestamps, bigint, bytea and jsonb deterministically);
      // ordered by that text: a stable order for tables of any primary key.
      const dropped = (VOLATILE[t] ?? []).map((c) => ` - '${c.replace(/'/g, "''")}'`).join("");
      const rows = await db().$queryRawUnsafe<{ row: string }[]>(`SELECT (to_jsonb(r)${dropped})::text AS row FROM ${tableSql(t)} r ORDER BY 1`);
      out[t] = rows.map((r) => r.row);
      continue;
    }
    const rows = await db().$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${t.replace(/"/g, '""')}" ORDER BY rowid`);
    // Ordered by content, as on PostgreSQL: a row put back (a session a fuzzed sign-out ended) gets a new rowid.
    out[t] = rows
      .map((row) => {
        const copy = { ...row };
        for (const c of VOLATILE[t] ?? []) delete copy[c];
        return JSON.stringify(copy, plainJson);
      })
      .sort();
  }
  return JSON.stringify(out);
}

const plainJson = (_: string, v: unknown) => (typeof v === "bigint" ? v.toString() : v instanceof Uint8Array ? Buffer.from(v).toString("hex") : v);

// ---- who is asking --------------------------------------------------------------------------

export interface FuzzWorld {
  keys: { adminA: string; memberA: string; adminB: string; memberB: string; revokedA: string };
  /** Web app session tokens made from those keys (revokedA's before its key was revoked, so it ended with it). */
  sessions: { adminA: string; memberA: string; adminB: string; revokedA: string };
  tenants: { a: number; b: number };
  /** Every vehicle_id in the database (of any tenant). */
  vehicleIds: Set<string>;
  /** Vehicle ids of tenant A. */
  fleetA: string[];
  /** External ids of stations tenant A sees (a sample), and every one of them (to tell a fuzzed id from a real one). */
  stationSample: string[];
  stationIds: Set<string>;
  /** Ids that exist, of each tenant: aFinished is committed (it has held slots); every id of tenant A's in `allA`. */
  optimizations: { aFinished: number; aQueued: number; b: number; allA: number[] };
  /** A fleet day of each tenant (queued). */
  fleets: { a: string; b: string };
  jobs: { a: string; b: string };
  bDepot: string;
  /** A telematics source of tenant B (tenant A has none). */
  bSource: string;
  /** An OCPI party and an OCPI pull source of tenant B, by their ids (tenant A has neither). */
  bOcpiParty: string;
  bOcpiSource: string;
  bOverlay: string;
  operatorOverlay: string;
}

type Who = "adminA" | "memberA" | "adminB" | "memberB";

interface Auth {
  who: Who | null;
  label: string;
  header: string | null;
}

function validAuth(w: FuzzWorld, allowed: Who[]): fc.Arbitrary<Auth> {
  return fc.tuple(fc.constantFrom(...allowed), fc.nat({ max: 4 })).map(([who, form]) => {
    const key = w.keys[who];
    const header = [`Bearer ${key}`, `bearer ${key}`, `BEARER \t ${key}`, `Bearer ${key}\u00a0`, `Bearer ${key}`][form];
    return { who, label: `${who}${form ? ` (form ${form})` : ""}`, header };
  });
}

function invalidAuth(w: FuzzWorld): fc.Arbitrary<Auth> {
  const k = w.keys.adminA;
  const secret = k.slice(-43);
  const fixed: [string, string | null][] = [
    ["no header", null], ["empty", ""], ["scheme only", "Bearer"], ["scheme and space", "Bearer "], ["basic", "Basic dXNlcjpwYXNzd29yZA=="],
    ["revoked key", `Bearer ${w.keys.revokedA}`], ["wrong secret", `Bearer ${k.slice(0, -43)}${secret.split("").reverse().join("")}`],
    ["key plus word", `Bearer ${k} extra`], ["other scheme", `Token ${k}`], ["no scheme", k], ["two keys", `Bearer ${k}, Bearer ${w.keys.adminB}`],
    ["upper-case key", `Bearer ${k.toUpperCase()}`], ["unknown prefix", `Bearer etp_0000000000_${"A".repeat(43)}`], ["truncated", `Bearer ${k.slice(0, -1)}`],
    ["longer", `Bearer ${k}A`], ["quoted", `Bearer "${k}"`], ["prefix only", `Bearer etp_${k.slice(4, 14)}`], ["huge", `Bearer ${"A".repeat(8000)}`],
  ];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fixed).map(([label, header]): Auth => ({ who: null, label, header })) },
    { weight: 1, arbitrary: headerValue.map((v): Auth => ({ who: null, label: "hostile", header: `Bearer ${v}` })) },
    { weight: 1, arbitrary: headerValue.map((v): Auth => ({ who: null, label: "hostile, no scheme", header: v })) },
  );
}

/** Three in four requests carry a key that may use the endpoint: they get past authentication. */
function auth(w: FuzzWorld, allowed: Who[]): fc.Arbitrary<Auth> {
  return fc.oneof({ weight: 3, arbitrary: validAuth(w, allowed) }, { weight: 1, arbitrary: invalidAuth(w) });
}

// ---- queries and headers ------------------------------------------------------------------------

const queryKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "__proto__[polluted]", "constructor[prototype][polluted]", "a[]", "", "%00", "tenant_id", "corridor", "format", "address", "manufacturer", "input", "batch") },
  { weight: 1, arbitrary: hostileString },
);
const queryValue = fc.oneof(hostileString, fc.constantFrom("1", "0", "-1", "true", "yes", "1e400", "NaN", "gpx", "x".repeat(5000)));
const junkQuery = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 3 });
const rawQuery = fc.oneof(
  { weight: 6, arbitrary: fc.constant("") },
  { weight: 1, arbitrary: fc.constantFrom("?%", "?%ZZ", "?a=%E0%A4%A", "?&&&", "?=", "?a==b", "?__proto__[x]=1", "?a[b][c]=d", "?;", "?a=1;b=2", "?%00=%00", "?+=+") },
);

/** Text a query integer in [min, max] must refuse (or two values, the last such text: the last counts). */
function badQueryInt(min: number, max: number): fc.Arbitrary<string[]> {
  const single = fc.oneof(
    fc.oneof(fc.bigInt({ min: -(10n ** 40n), max: BigInt(min) - 1n }), fc.bigInt({ min: BigInt(max) + 1n, max: 10n ** 40n })).map((n) => [String(n)]),
    hostileString.filter((s) => parseIntText(s) === undefined).map((s) => [s]),
    fc.integer({ min, max }).map((n) => [`${n}.5`]),
  );
  return fc.oneof(single, fc.tuple(fc.integer({ min, max }), single).map(([x, [bad]]) => [String(x), bad]));
}

/** Any value for a query integer: valid or not. */
const anyQueryInt = (min: number, max: number) => fc.oneof(badQueryInt(min, max), fc.integer({ min, max }).map((n) => [String(n)]));

/** Query pairs; a name with several values repeats. */
function qp(values: readonly (readonly [string, readonly string[]])[]): [string, string][] {
  return values.flatMap(([k, vs]) => vs.map((v): [string, string] => [k, v]));
}


const extraHeaders = fc.array(
  fc.oneof(
    fc.tuple(fc.constant("x-request-id"), fc.oneof(fc.stringMatching(/^[\x21-\x7e]{1,120}$/), headerValue)),
    fc.tuple(fc.constant("accept"), fc.constantFrom("text/html", "application/xml", "*/*", "application/json;q=0", "")),
    fc.tuple(fc.constant("idempotency-key"), headerValue),
    fc.tuple(fc.constant("cookie"), headerValue),
    fc.tuple(fc.constant("origin"), fc.constantFrom("https://evil.example", "null", "http://planner.test")),
    fc.tuple(fc.constant("x-forwarded-for"), headerValue),
    fc.tuple(fc.constant("if-none-match"), headerValue),
    fc.tuple(fc.constant("accept-encoding"), fc.constantFrom("gzip", "br", "identity;q=0", "*;q=0")),
  ),
  { maxLength: 3 },
);

// ---- the endpoints ---------------------------------------------------------------------------

export interface EndpointFuzz {
  target: string;
  /** Share of the runs: reads of heavy documents get fewer. */
  weight: number;
  arb: fc.Arbitrary<FuzzRequest>;
  trpcBatch?: (r: FuzzRequest) => boolean;
}

type ParamValue = { value: string; exists: boolean };
const fuzzed = (taken: (s: string) => boolean) => hostileSegment.filter((s) => !taken(s)).map((value): ParamValue => ({ value, exists: false }));
const real = (...values: string[]) => fc.constantFrom(...values).map((value): ParamValue => ({ value, exists: true }));

function build(target: string, a: Auth, p: Record<string, string>, query: [string, string][], headers: [string, string][], body: Body | undefined, mustReject: boolean, raw = ""): FuzzRequest {
  const all: [string, string][] = [...headers];
  if (a.header !== null) all.push(["authorization", a.header]);
  return new FuzzRequest(target, a.label, p, query, all, body, mustReject, raw);
}

/**
 * A GET of the API: any key, any path value, any query; it may be answered, unless `refuse` says
 * the request must not be (another tenant's id, a tenant_id naming another tenant).
 */
function read(
  w: FuzzWorld,
  target: string,
  opts: { param?: [string, fc.Arbitrary<ParamValue>]; query?: fc.Arbitrary<[string, string][]>; refuse?: (who: Who | null, r: FuzzRequest) => boolean } = {},
): EndpointFuzz {
  const param = opts.param ? opts.param[1].map((v) => ({ [opts.param![0]]: v.value })) : fc.constant({});
  const arb = fc
    .tuple(auth(w, ["adminA", "memberA", "adminB", "memberB"]), param, opts.query ?? fc.constant([]), junkQuery, extraHeaders, rawQuery)
    .map(([a, p, q, junk, h, raw]) => {
      const r = build(target, a, p, [...q, ...junk], h, undefined, false, raw);
      return opts.refuse?.(a.who, r) ? build(target, a, p, [...q, ...junk], h, undefined, true, raw) : r;
    });
  return { target, weight: 1, arb };
}

const MAX_DB_ID = 2_147_483_647;
const tenantOf = (w: FuzzWorld, who: Who) => (who.endsWith("A") ? w.tenants.a : w.tenants.b);
const otherTenantOf = (w: FuzzWorld, who: Who) => (who.endsWith("A") ? w.tenants.b : w.tenants.a);

/** Whether the request's tenant_id (the last one, read as the server reads it) names a tenant not the key's: 403 (docs/API.md). */
function namesOtherTenant(w: FuzzWorld, who: Who | null, r: FuzzRequest): boolean {
  if (who === null) return false;
  const named = r.url().searchParams.getAll("tenant_id").at(-1);
  const id = named === undefined ? undefined : parseIntText(named);
  return id !== undefined && id >= 1 && id <= MAX_DB_ID && id !== tenantOf(w, who);
}

/** Spellings the server reads as the id itself ("7", "+7", "7.0", "0007", " 7 "). */
const spellings = (id: number) =>
  fc.constantFrom(String(id), `+${id}`, `${id}.0`, `000${id}`, ` ${id} `, `${id}.000`, `\t${id}`).filter((s) => parseIntText(s) === id);

/** A query whose last tenant_id names the other tenant than the key's (after any junk): 403 whatever else it holds. */
const foreignTenantQuery = (w: FuzzWorld, who: Who) =>
  fc.tuple(junkQuery, spellings(otherTenantOf(w, who))).map(([junk, t]): [string, string][] => [...junk, ["tenant_id", t]]);

/** A body an endpoint without one ignores (docs: "no body"): JSON of any shape, or none. */
const ignoredBody: fc.Arbitrary<Body | undefined> = fc.option(
  fc.oneof(
    hostileJson.map((v): Body => ({ kind: "ignored JSON", data: toJson(v), contentType: "application/json" })),
    fc.tuple(hostileString, fc.constantFrom("text/plain", "application/json", "")).map(([t, ct]): Body => ({ kind: "ignored text", data: t, contentType: ct })),
  ),
  { nil: undefined, freq: 3 },
);

/**
 * A request that may write: with a key that may use the endpoint, the body must
 * be invalid unless `bodyMayBeValid` says the path alone refuses it.
 */
function write(
  w: FuzzWorld,
  target: string,
  schema: BodySchema | null,
  opts: {
    param?: [string, fc.Arbitrary<ParamValue>];
    adminOnly?: boolean;
    /** Whether a valid body is refused anyway (e.g. the path names nothing). */
    bodyMayBeValid?: (p: ParamValue | undefined) => boolean;
    query?: fc.Arbitrary<[string, string][]>;
    /** For valid bodies: a query that alone refuses the request. */
    breakingQuery?: fc.Arbitrary<[string, string][]>;
  } = {},
): EndpointFuzz {
  const param: fc.Arbitrary<ParamValue | undefined> = opts.param ? opts.param[1] : fc.constant(undefined);
  const arb = fc.tuple(auth(w, ["adminA", "memberA"]), param).chain(([a, p]) => {
    const refusedByRole = a.who === "memberA" && opts.adminOnly === true;
    const mayWrite = a.who !== null && !refusedByRole;
    const pathRefuses = opts.bodyMayBeValid?.(p) ?? false;
    const anyBody = !mayWrite || pathRefuses;
    const params = p && opts.param ? { [opts.param[0]]: p.value } : {};
    const mustReject = mayWrite;
    const bodyArb: fc.Arbitrary<Body | undefined> = schema ? bodies(schema, anyBody) : fc.constant(undefined);
    const plain = fc
      .tuple(bodyArb, opts.query ?? fc.constant([]), junkQuery, extraHeaders, rawQuery)
      .map(([body, q, junk, h, raw]) => build(target, a, params, [...q, ...junk], h, body, mustReject, raw));
    if (!schema || !opts.breakingQuery || anyBody) return plain;
    // A valid body refused by its query alone.
    const byQuery = fc
      .tuple(bodies(schema, true), opts.breakingQuery, extraHeaders)
      .map(([body, q, h]) => build(target, a, params, q, h, body, mustReject));
    return fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: byQuery });
  });
  return { target, weight: 1, arb };
}

export function endpoints(w: FuzzWorld): EndpointFuzz[] {
  const vehicleTaken = (s: string) => w.fleetA.includes(s);
  const stationTaken = (s: string) => w.stationIds.has(s);
  const plannerQuery = (legacy: boolean) =>
    fc
      .tuple(
        fc.option(anyQueryInt(1000, 20_000), { nil: [] }),
        fc.option(anyQueryInt(0, 100), { nil: [] }),
        fc.option(fc.oneof(anyQueryInt(1, 2_147_483_647), fc.constantFrom([String(w.tenants.a)], [String(w.tenants.b)])), { nil: [] }),
        legacy ? fc.option(fc.oneof(hostileString, fc.constantFrom("true", "YES", "0", "no")).map((v) => [v]), { nil: [] }) : fc.constant([]),
      )
      .map(([c, m, t, i]) => qp([["corridor", c], ["min_charge_duration_min", m], ["tenant_id", t], ["include_available_charging_stations", i]]));
  const plannerBreakingQuery = (legacy: boolean) =>
    fc.oneof(
      badQueryInt(1000, 20_000).map((v) => qp([["corridor", v]])),
      badQueryInt(0, 100).map((v) => qp([["min_charge_duration_min", v]])),
      fc.oneof(badQueryInt(1, 2_147_483_647), fc.constant([String(w.tenants.b)])).map((v) => qp([["tenant_id", v]])),
      ...(legacy
        ? [hostileString.filter((s) => boolFromText(s) === undefined).map((v) => qp([["include_available_charging_stations", [v]]]))]
        : []),
    );
  const planner = plannerBody(w.vehicleIds);
  const optimizationIds = fc.oneof(
    { weight: 3, arbitrary: hostileSegment },
    { weight: 1, arbitrary: fc.constantFrom(String(w.optimizations.aFinished), String(w.optimizations.aQueued), String(w.optimizations.b), "0", "2147483647") },
  );

  const list: EndpointFuzz[] = [
    write(w, "POST /planner/v2", planner, { query: plannerQuery(false), breakingQuery: plannerBreakingQuery(false) }),
    write(w, "POST /planner", planner, { query: plannerQuery(true), breakingQuery: plannerBreakingQuery(true) }),
    read(w, "GET /planner/jobs/{job_id}", {
      param: ["job_id", fc.oneof(hostileSegment, fc.constantFrom(w.jobs.a, w.jobs.b, w.jobs.a.toUpperCase(), `{${w.jobs.a}}`, `${w.jobs.a} `)).map((value) => ({ value, exists: true }))],
    }),
    read(w, "GET /planner/optimizations/{optimization_id}/result", {
      param: ["optimization_id", optimizationIds.map((value) => ({ value, exists: true }))],
      query: fc.option(anyQueryInt(1, 2_147_483_647), { nil: [] }).map((v) => qp([["tenant_id", v]])),
    }),
    read(w, "GET /planner/optimizations/{optimization_id}/watch", {
      param: ["optimization_id", optimizationIds.map((value) => ({ value, exists: true }))],
      query: fc.option(anyQueryInt(1, 2_147_483_647), { nil: [] }).map((v) => qp([["tenant_id", v]])),
    }),
    read(w, "GET /vehicles/info/models", { query: fc.array(hostileString, { maxLength: 4 }).map((v) => qp([["manufacturer", v]])) }),
    read(w, "GET /vehicles"),
    write(w, "POST /vehicles", fleetCreateBody()),
    read(w, "GET /vehicles/{vehicle_id}", { param: ["vehicle_id", fc.oneof(fuzzed(() => false), real(...w.fleetA.slice(0, 3), "b-private"))] }),
    write(w, "PATCH /vehicles/{vehicle_id}", fleetPatchBody(), {
      param: ["vehicle_id", fc.oneof(fuzzed(vehicleTaken), real(...w.fleetA.slice(0, 5)), fc.constant({ value: "b-private", exists: false }))],
      bodyMayBeValid: (p) => !p!.exists,
    }),
    // With a key that may delete, only ids tenant A does not have.
    {
      target: "DELETE /vehicles/{vehicle_id}",
      weight: 1,
      arb: fc.oneof(
        write(w, "DELETE /vehicles/{vehicle_id}", null, { param: ["vehicle_id", fc.oneof(fuzzed(vehicleTaken), fc.constant({ value: "b-private", exists: false }))] }).arb,
        fc
          .tuple(invalidAuth(w), fc.constantFrom(...w.fleetA.slice(0, 5)), extraHeaders)
          .map(([a, v, h]) => build("DELETE /vehicles/{vehicle_id}", a, { vehicle_id: v }, [], h, undefined, false)),
      ),
    },
    read(w, "GET /routing/geocode", {
      query: fc.oneof(
        fc.constant<[string, string][]>([]),
        fc.array(fc.oneof(hostileString, fc.constantFrom("Hamburg", "80331 München", "  ", "x".repeat(301))), { minLength: 1, maxLength: 2 }).map((v) => qp([["address", v]])),
      ),
    }),
    read(w, "GET /poi/cpos"),
    read(w, "GET /poi/overlays"),
    write(w, "PUT /poi/overlays/{external_id}", overlayBody(), {
      param: ["external_id", fc.oneof(fuzzed(stationTaken), real(...w.stationSample))],
      adminOnly: true,
      bodyMayBeValid: (p) => !p!.exists,
    }),
    // Tenant A has no overlay of its own: every delete is refused.
    write(w, "DELETE /poi/overlays/{external_id}", null, {
      param: ["external_id", fc.oneof(fuzzed(() => false), real(w.bOverlay, w.operatorOverlay, ...w.stationSample.slice(0, 3)))],
      adminOnly: true,
    }),
    read(w, "GET /poi/depots"),
    write(w, "PUT /poi/depots/{depot_id}", depotBody(), {
      param: ["depot_id", fc.oneof(fuzzed(() => false), real(w.bDepot, "fuzz-yard"))],
      adminOnly: true,
    }),
    // Tenant A has no depot: every delete is refused.
    write(w, "DELETE /poi/depots/{depot_id}", null, { param: ["depot_id", fc.oneof(fuzzed(() => false), real(w.bDepot))], adminOnly: true }),
    read(w, "GET /poi/prices"),
    write(w, "PUT /poi/prices", pricesBody(), { adminOnly: true }),
    read(w, "GET /vehicles/{vehicle_id}/state", { param: ["vehicle_id", fc.oneof(fuzzed(() => false), real(...w.fleetA.slice(0, 3), "b-private"))] }),
    read(w, "GET /telematics/sources"),
    read(w, "GET /telematics/sources/{source_id}", { param: ["source_id", fc.oneof(fuzzed(() => false), real(w.bSource))] }),
    write(w, "PUT /telematics/sources/{source_id}", telematicsSourceBody(), {
      param: ["source_id", fc.oneof(fuzzed(() => false), real(w.bSource, "fuzz-oem"))],
      adminOnly: true,
    }),
    // Tenant A has no source: every delete is refused.
    write(w, "DELETE /telematics/sources/{source_id}", null, { param: ["source_id", fc.oneof(fuzzed(() => false), real(w.bSource))], adminOnly: true }),
    // OCPI connections: tenant A has none, so every delete is refused; a create only with a body the contract refuses.
    read(w, "GET /ocpi/parties"),
    write(w, "POST /ocpi/parties", ocpiPartyBody(), { adminOnly: true }),
    write(w, "DELETE /ocpi/parties/{party_ref}", null, { param: ["party_ref", fc.oneof(fuzzed(() => false), real(w.bOcpiParty))], adminOnly: true }),
    read(w, "GET /ocpi/sources"),
    write(w, "POST /ocpi/sources", ocpiSourceBody(), { adminOnly: true }),
    read(w, "GET /ocpi/sources/{source_ref}", { param: ["source_ref", fc.oneof(fuzzed(() => false), real(w.bOcpiSource))] }),
    write(w, "DELETE /ocpi/sources/{source_ref}", null, { param: ["source_ref", fc.oneof(fuzzed(() => false), real(w.bOcpiSource))], adminOnly: true }),
    ...fleetDayAndSecret(w, plannerQuery(false), plannerBreakingQuery(false)),
    replanFuzz(w),
  ];

  // Open documents: anyone, any query and header; read-only.
  for (const target of ["GET /openapi.json", "GET /basemap/countries", "GET /basemap/roads"]) {
    list.push({
      target,
      weight: target.endsWith("roads") ? 0.1 : 0.25,
      arb: fc.tuple(invalidAuth(w), junkQuery, extraHeaders, rawQuery).map(([a, q, h, raw]) => build(target, a, {}, q, h, undefined, false, raw)),
    });
  }

  // The plan export: the session cookie, the id, the format.
  const sessions = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom<[string, string | null]>(
        ["adminA", `etp_session=${w.sessions.adminA}`],
        ["memberA", `__Host-etp_session=${w.sessions.memberA}`],
        ["adminB", `theme=dark; etp_session=${encodeURIComponent(w.sessions.adminB)}; x=1`],
      ),
    },
    fc.constantFrom<[string, string | null]>(
      ["revoked", `etp_session=${w.sessions.revokedA}`],
      // The API key itself is no session.
      ["api key as cookie", `etp_session=${encodeURIComponent(w.keys.adminA)}`],
      ["no cookie", null],
      ["empty", "etp_session="],
      ["two sessions", `etp_session=${w.sessions.adminB}; etp_session=${w.sessions.adminA}`],
    ),
    // A malformed %-escape in the cookie is no session (it was a 500 before server/trpc/init.ts caught it).
    { weight: 1, arbitrary: headerValue.map((v): [string, string | null] => ["hostile", `etp_session=${v}`]) },
  );
  list.push({
    target: "GET /plans/{optimization_id}/export",
    weight: 1,
    arb: fc
      .tuple(sessions, optimizationIds, fc.option(fc.array(fc.oneof(fc.constantFrom("gpx", "geojson", "GPX", "kml", ""), hostileString), { maxLength: 2 }), { nil: ["gpx"] }), junkQuery, extraHeaders)
      .map(([[who, cookie], id, formats, junk, h]) => {
        const headers: [string, string][] = cookie === null ? h : [...h.filter(([k]) => k !== "cookie"), ["cookie", cookie]];
        return new FuzzRequest("GET /plans/{optimization_id}/export", who, { optimization_id: id }, [...qp([["format", formats]]), ...junk], headers, undefined, false);
      }),
  });

  // tRPC: every procedure, batches, unknown names; hostile inputs; any session.
  const procedures = Object.keys(appRouter._def.procedures);
  const procedure = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...procedures) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...procedures), fc.constantFrom(...procedures)).map(([x, y]) => `${x},${y}`) },
    { weight: 1, arbitrary: fc.oneof(hostileString.filter((s) => s.length > 0), fc.constantFrom("__proto__", "constructor", "keys.__proto__", "keys", "..", "session.me.x")) },
  );
  const trpcInput = fc.oneof(
    { weight: 4, arbitrary: hostileJson.map((v) => toJson(v)) },
    { weight: 1, arbitrary: fc.constantFrom("", "{", "undefined", "NaN", '{"0":', "[1,]", '{"__proto__":{"polluted":1}}', '{"0":{"__proto__":{"polluted":1}}}') },
    // Key ids that are no key of tenant A's (keys.revoke must refuse them all).
    { weight: 1, arbitrary: fc.record({ id: fc.oneof(fc.integer().filter((n) => n < 1 || n > 1000), hostileString) }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.record({ optimizationId: fc.integer(), jobId: hostileString }).map((v) => JSON.stringify(v)) },
  );
  const trpcSession = fc.oneof(sessions, fc.constant<[string, string | null]>(["no cookie", null]));
  const batchOf = (r: FuzzRequest) => r.params.procedure.includes(",") || r.query.some(([k]) => k === "batch");
  list.push({
    target: "GET /api/trpc/{procedure}",
    weight: 1.5,
    trpcBatch: batchOf,
    arb: fc.tuple(trpcSession, procedure, fc.option(trpcInput, { nil: undefined }), fc.boolean(), junkQuery, extraHeaders).map(([[who, cookie], proc, input, batch, junk, h]) => {
      const q: [string, string][] = [...(batch ? ([["batch", "1"]] as [string, string][]) : []), ...(input !== undefined ? ([["input", input]] as [string, string][]) : []), ...junk];
      const headers: [string, string][] = cookie === null ? h : [...h.filter(([k]) => k !== "cookie"), ["cookie", cookie]];
      return new FuzzRequest("GET /api/trpc/{procedure}", who, { procedure: proc }, q, headers, undefined, false);
    }),
  });
  list.push({
    target: "POST /api/trpc/{procedure}",
    weight: 1.5,
    trpcBatch: batchOf,
    arb: fc
      .tuple(trpcSession, procedure, trpcInput, fc.boolean(), fc.oneof({ weight: 6, arbitrary: fc.constant("application/json") }, { weight: 1, arbitrary: fc.constantFrom("text/plain", "", "application/x-www-form-urlencoded") }), extraHeaders)
      .map(([[who, cookie], proc, input, batch, ct, h]) => {
        const headers: [string, string][] = cookie === null ? h : [...h.filter(([k]) => k !== "cookie"), ["cookie", cookie]];
        return new FuzzRequest("POST /api/trpc/{procedure}", who, { procedure: proc }, batch ? [["batch", "1"]] : [], headers, { kind: "tRPC input", data: input, contentType: ct }, false);
      }),
  });
  return list;
}

/** Path values that are no plan of tenant A's in any spelling (the contract reads "+7", "7.0"). */
function notPlansOfA(w: FuzzWorld): fc.Arbitrary<string> {
  const optimizationOf = (s: string) => {
    const p = OptimizationPath.safeParse({ optimization_id: s });
    return p.success ? p.data.optimization_id : undefined;
  };
  const ofA = new Set(w.optimizations.allA);
  return fc.oneof(
    { weight: 3, arbitrary: hostileSegment.filter((s) => { const id = optimizationOf(s); return id === undefined || !ofA.has(id); }) },
    { weight: 1, arbitrary: fc.oneof(spellings(w.optimizations.b), fc.constantFrom("0", String(MAX_DB_ID), String(MAX_DB_ID + 1), "-1")) },
  );
}

/**
 * Re-plans (POST /planner/optimizations/{optimization_id}/replan), each of which would queue a tour: A's keys on A's
 * plans only with a body that must be refused; any body on ids that are no plan of A's (404, 422), with B's keys on
 * A's finished plan (404), naming tenant B (403), or without a valid key (401).
 */
function replanFuzz(w: FuzzWorld): EndpointFuzz {
  const target = "POST /planner/optimizations/{optimization_id}/replan";
  const schema = replanBody();
  const id = (v: string) => ({ optimization_id: v });
  const plansOfA = fc.constantFrom(...w.optimizations.allA).chain(spellings);
  return {
    target,
    weight: 1,
    arb: fc.oneof(
      {
        weight: 5,
        arbitrary: fc.tuple(validAuth(w, ["adminA", "memberA"]), plansOfA, bodies(schema, false), junkQuery, extraHeaders, rawQuery)
          .map(([k, v, b, q, h, raw]) => build(target, k, id(v), q, h, b, true, raw)),
      },
      {
        weight: 3,
        arbitrary: fc.tuple(validAuth(w, ["adminA", "memberA"]), notPlansOfA(w), bodies(schema, true), junkQuery, extraHeaders, rawQuery)
          .map(([k, v, b, q, h, raw]) => build(target, k, id(v), q, h, b, true, raw)),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(validAuth(w, ["adminB", "memberB"]), spellings(w.optimizations.aFinished), bodies(schema, true), junkQuery, extraHeaders)
          .map(([k, v, b, q, h]) => build(target, k, id(v), q, h, b, true)),
      },
      {
        weight: 1,
        arbitrary: validAuth(w, ["adminA", "memberA"])
          .chain((k) => fc.tuple(fc.constant(k), plansOfA, foreignTenantQuery(w, k.who!), extraHeaders, bodies(schema, true)))
          .map(([k, v, q, h, b]) => build(target, k, id(v), q, h, b, true)),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(invalidAuth(w), fc.oneof(plansOfA, hostileSegment), bodies(schema, true), junkQuery, extraHeaders, rawQuery)
          .map(([k, v, b, q, h, raw]) => build(target, k, id(v), q, h, b, false, raw)),
      },
    ),
  };
}

/**
 * The endpoints added with the fleet day: POST /planner/fleet and GET /planner/fleet/{fleet_id}, held
 * slots (POST and DELETE /planner/optimizations/{optimization_id}/commit), the webhook secret (GET and
 * POST /webhooks/secret). Every request that could write is one the service must refuse: a fleet day with a
 * broken body (or a query that alone refuses it); a commit or release of no plan of the key's tenant (tenant
 * A's committed plan only with B's keys, a tenant_id naming B, or no valid key); a rotation with a member
 * key, a tenant_id naming the other tenant, or no valid key. Releasing A's plans that hold nothing
 * is answered (200) and writes nothing: the row snapshot proves it.
 */
function fleetDayAndSecret(w: FuzzWorld, plannerQuery: fc.Arbitrary<[string, string][]>, plannerBreakingQuery: fc.Arbitrary<[string, string][]>): EndpointFuzz[] {
  const fleetIds = [w.fleets.a, w.fleets.b];
  const fleetStatus = "GET /planner/fleet/{fleet_id}";
  const fleetOf = (who: Who) => (who.endsWith("A") ? w.fleets.a : w.fleets.b);
  const a = w.fleets.a;
  /** A UUID's 32 hex digits however it is written (case, braces, urn:uuid:, hyphens, whitespace). */
  const bareUuid = (v: string) => v.trim().toLowerCase().replace(/^urn:uuid:/, "").replace(/^\{(.*)\}$/, "$1").replace(/-/g, "");

  const notOfA = notPlansOfA(w);
  const committed = w.optimizations.aFinished;
  const holdingNothing = w.optimizations.allA.filter((id) => id !== committed);
  const commit = (method: "POST" | "DELETE"): EndpointFuzz => {
    const target = `${method} /planner/optimizations/{optimization_id}/commit`;
    const body = method === "POST" ? ignoredBody : fc.constant(undefined);
    const id = (v: string) => ({ optimization_id: v });
    return {
      target,
      weight: 1,
      arb: fc.oneof(
        // Tenant A's keys, ids that are no plan of A's (B's, none, malformed): 404 or 422.
        {
          weight: 4,
          arbitrary: fc.tuple(validAuth(w, ["adminA", "memberA"]), notOfA, junkQuery, extraHeaders, rawQuery, body)
            .map(([k, v, q, h, raw, b]) => build(target, k, id(v), q, h, b, true, raw)),
        },
        // A's own plans without held slots: a commit is 409 (no drivable plan yet); a release is answered and writes nothing.
        {
          weight: 1,
          arbitrary: fc.tuple(validAuth(w, ["adminA", "memberA"]), fc.constantFrom(...holdingNothing).chain(spellings), junkQuery, extraHeaders, body)
            .map(([k, v, q, h, b]) => build(target, k, id(v), q, h, b, method === "POST")),
        },
        // Tenant B's keys on A's committed plan: 404.
        {
          weight: 2,
          arbitrary: fc.tuple(validAuth(w, ["adminB", "memberB"]), spellings(committed), junkQuery, extraHeaders, rawQuery, body)
            .map(([k, v, q, h, raw, b]) => build(target, k, id(v), q, h, b, true, raw)),
        },
        // A's keys on it, naming tenant B: 403.
        {
          weight: 1,
          arbitrary: validAuth(w, ["adminA", "memberA"])
            .chain((k) => fc.tuple(fc.constant(k), spellings(committed), foreignTenantQuery(w, k.who!), extraHeaders, body))
            .map(([k, v, q, h, b]) => build(target, k, id(v), q, h, b, true)),
        },
        // No key or an invalid one, on the committed plan too: 401.
        {
          weight: 2,
          arbitrary: fc.tuple(invalidAuth(w), fc.oneof(spellings(committed), hostileSegment), junkQuery, extraHeaders, rawQuery, body)
            .map(([k, v, q, h, raw, b]) => build(target, k, id(v), q, h, b, false, raw)),
        },
      ),
    };
  };

  // Mostly none: a tenant_id naming the other tenant is a 403 before anything else is looked at.
  const tenantQuery = fc
    .oneof(
      { weight: 2, arbitrary: fc.constant<string[]>([]) },
      { weight: 1, arbitrary: fc.oneof(anyQueryInt(1, MAX_DB_ID), spellings(w.tenants.a).map((s) => [s]), spellings(w.tenants.b).map((s) => [s])) },
    )
    .map((v) => qp([["tenant_id", v]]));
  const rotate = "POST /webhooks/secret";
  return [
    write(w, "POST /planner/fleet", fleetSubmitBody(w.vehicleIds, "b-private"), { query: plannerQuery, breakingQuery: plannerBreakingQuery }),
    read(w, fleetStatus, {
      param: [
        "fleet_id",
        fc
          .oneof(
            { weight: 3, arbitrary: hostileSegment },
            { weight: 2, arbitrary: fc.constantFrom(...fleetIds, a.toUpperCase(), `{${a}}`, `urn:uuid:${a}`, a.replace(/-/g, ""), `${a} `, ` ${a}`, `${a}/`, `${a}%00`, w.fleets.b.toUpperCase(), `{${w.fleets.b}}`) },
          )
          .map((value) => ({ value, exists: true })),
      ],
      query: tenantQuery,
      // Another tenant's fleet day, in any spelling of its id, is none of the key's: never answered.
      refuse: (who, r) => namesOtherTenant(w, who, r) || (who !== null && fleetIds.some((f) => f !== fleetOf(who) && bareUuid(r.params.fleet_id) === bareUuid(f))),
    }),
    commit("POST"),
    commit("DELETE"),
    read(w, "GET /webhooks/secret", {
      query: tenantQuery,
      refuse: (who, r) => namesOtherTenant(w, who, r),
    }),
    {
      target: rotate,
      weight: 1,
      arb: fc.oneof(
        // Member keys: 403 (a tenant admin's).
        {
          weight: 3,
          arbitrary: fc.tuple(validAuth(w, ["memberA", "memberB"]), junkQuery, extraHeaders, rawQuery, ignoredBody)
            .map(([k, q, h, raw, b]) => build(rotate, k, {}, q, h, b, true, raw)),
        },
        // Admin keys naming the other tenant: 403.
        {
          weight: 2,
          arbitrary: validAuth(w, ["adminA", "adminB"])
            .chain((k) => fc.tuple(fc.constant(k), foreignTenantQuery(w, k.who!), extraHeaders, ignoredBody))
            .map(([k, q, h, b]) => build(rotate, k, {}, q, h, b, true)),
        },
        // No key or an invalid one: 401.
        {
          weight: 2,
          arbitrary: fc.tuple(invalidAuth(w), junkQuery, extraHeaders, rawQuery, ignoredBody).map(([k, q, h, raw, b]) => build(rotate, k, {}, q, h, b, false, raw)),
        },
      ),
    },
  ];
}

/** A `%` not followed by two hex digits, or escapes that are not UTF-8: decodeURIComponent throws. */
export function hasMalformedEscape(v: string): boolean {
  try {
    decodeURIComponent(v);
    return false;
  } catch {
    return true;
  }
}

