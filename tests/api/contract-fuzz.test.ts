// Contract fuzz from the OpenAPI document alone (what Schemathesis does, with fast-check and Ajv): for
// every operation the document lists, requests generated from its own schemas (valid bodies, queries,
// path and header values, and values one step from valid), sent through the route modules in process.
// Every answer: not 5xx, a status the operation documents, and a body valid for that status's schema.
// (tests/api/fuzz.test.ts sends hostile requests and checks that nothing is stored; this one checks
// that the document tells the truth.) CONTRACT_FUZZ_RUNS per operation (default 40); FUZZ_SEED replays.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { configureRateLimit } from "@/server/http/rate-limit";
import { log } from "@/server/log";
import { packs } from "@/server/packs";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants } from "../support/env";
import { nearlyValid, valid } from "../support/fuzz-schema";
import { planNextJob } from "../support/jobs";
import { docValidator, type Doc, type DocValidator } from "../support/openapi-ajv";


const RUNS = Number(process.env.CONTRACT_FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface Req {
  path: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body?: unknown;
  key: string | null;
}

let v: DocValidator;
let keys: { admin: string; member: string };
/** Ids that exist, mixed into generated path values so that requests reach more than a 404. */
let known: Record<string, string[]>;
const seen: Record<string, Record<number, number>> = {};

// A line per request would be a thousand lines (the logger exists before this file runs); errors still show.
const logLevel = log.level;
beforeAll(async () => {
  log.level = "error";
  await freshDatabase();
  configureRateLimit({ perMin: 0, burst: 0 });
  const t = await twoTenants();
  keys = { admin: t.a.key, member: (await createApiKey(db(), t.a.id, "member", "member")).key };
  const finished = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect(await planNextJob(db(), { leaseS: 60, maxAttempts: 1 })).toBe(true);
  const queued = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect((await call("PUT", "/poi/depots/home", { key: t.a.key, body: { name: "Yard", latitude: 52.4, longitude: 9.7, power_kW: 350, connectors: ["CCS"] } })).status).toBe(201);
  const source = { base_url: "https://rfms.oem.example/rfms4", auth: { type: "basic", username: "fleet", password: "pass" } };
  expect((await call("PUT", "/telematics/sources/oem", { key: t.a.key, body: source })).status).toBe(201);
  const stations = (await packs.stationsForTenant(db(), t.a.id)).filter((s) => !s.externalId.startsWith("depot:"));
  const vehicles = await db().vehicle.findMany({ where: { tenantId: t.a.id }, select: { vehicleId: true } });
  known = {
    optimization_id: [finished.json.optimization_id, queued.json.optimization_id].map(String),
    job_id: [finished.json.job_id, queued.json.job_id],
    vehicle_id: vehicles.slice(0, 3).map((x) => x.vehicleId),
    depot_id: ["home"],
    source_id: ["oem"],
    external_id: stations.slice(0, 3).map((s) => s.externalId),
  };
  v = docValidator((await call("GET", "/openapi.json")).json);
});

afterAll(async () => {
  log.level = logLevel;
  await closeDatabase();
  const lines = Object.entries(seen).map(([op, byStatus]) => `  ${op}: ${Object.entries(byStatus).map(([s, n]) => `${s}×${n}`).join(" ")}`);
  console.info(`contract fuzz: ${Object.values(seen).flatMap(Object.values).reduce((a, b) => a + b, 0)} requests\n${lines.join("\n")}`);
});

/** Requests for one operation: each parameter and the body valid, nearly valid, or (path) an id that exists. */
function requests(op: Doc): fc.Arbitrary<Req> {
  const params = (op.parameters ?? []) as Doc[];
  const of = (where: string) => params.filter((p) => p.in === where);
  const path = fc.record(Object.fromEntries(of("path").map((p) => [p.name, fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(known[p.name] ?? ["1"])) },
    // "." and ".." fit the id patterns, but every URL parser resolves them as dot segments: no client can send them.
    { weight: 2, arbitrary: valid(p.schema, v).map(String).filter((x) => x !== "." && x !== "..") },
    { weight: 1, arbitrary: fc.constantFrom("0", "-1", "x", "%20", "99999999999999999999") },
  )])));
  const value = (p: Doc) => fc.oneof({ weight: 4, arbitrary: valid(p.schema, v) }, { weight: 1, arbitrary: fc.constantFrom("x", "", "-1", "1.5") });
  const query = fc.tuple(...of("query").map((p) => fc.option(value(p), { nil: undefined, freq: 2 }).map((x) => [p.name, x] as const)))
    .map((pairs) => pairs.flatMap(([name, x]) => (x == null ? [] : (Array.isArray(x) ? x : [x]).map((item) => [name, String(item)] as [string, string]))));
  const headers = fc.tuple(...of("header").map((p) => fc.option(value(p), { nil: undefined }).map((x) => [p.name, x] as const)))
    .map((pairs) => Object.fromEntries(pairs.filter(([, x]) => x != null).map(([n, x]) => [n, String(x)])));
  const media = op.requestBody?.content?.["application/json"];
  // The document's own request examples (recorded from real requests) reach the answers random bodies rarely do.
  const examples = Object.values((media?.examples ?? {}) as Doc).map((e) => e.value);
  const body = media
    ? fc.oneof(
        { weight: 5, arbitrary: valid(media.schema, v) },
        { weight: 4, arbitrary: nearlyValid(media.schema, v) },
        { weight: examples.length ? 1 : 0, arbitrary: examples.length ? fc.constantFrom(...examples) : fc.constant(undefined) },
      )
    : fc.constant(undefined);
  const key = fc.oneof({ weight: 8, arbitrary: fc.constant(keys.admin) }, { weight: 1, arbitrary: fc.constant(keys.member) },
    { weight: 1, arbitrary: fc.constantFrom(null, "etp_unknown_key") });
  return fc.record({ path, query, headers, body, key });
}

function url(template: string, r: Req): string {
  const p = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(r.path[name]));
  const q = new URLSearchParams(r.query).toString();
  return q ? `${p}?${q}` : p;
}

/** The status is one the operation documents and the body valid for it. */
function checkAnswer(name: string, op: Doc, status: number, text: string, json: unknown): void {
  if (status >= 500) throw new Error(`${name}: ${status} ${text.slice(0, 500)}`);
  const documented = op.responses[String(status)] ?? op.responses.default;
  if (!documented) throw new Error(`${name}: status ${status} is not documented (${Object.keys(op.responses).join(", ")}): ${text.slice(0, 300)}`);
  const response = documented.$ref ? v.at(documented.$ref) : documented;
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) {
    if (text !== "") throw new Error(`${name}: ${status} documents no body, got ${text.slice(0, 200)}`);
    return;
  }
  const check = v.schema(schema);
  if (!check(json)) throw new Error(`${name}: ${status} body violates its schema: ${JSON.stringify(check.errors?.slice(0, 3))}\n${text.slice(0, 400)}`);
}

describe("every documented operation answers as documented", () => {
  it("covers every operation of the document", () => {
    const ops = Object.values(v.doc.paths as Doc).flatMap((item) => Object.keys(item as Doc));
    expect(ops.length).toBeGreaterThanOrEqual(22);
  });

  // Listed from the document itself at collection time would need it before beforeAll: the paths are
  // read here from the same module the route serves.
  const doc = docValidator().doc;
  for (const [template, item] of Object.entries(doc.paths as Doc)) {
    for (const method of Object.keys(item as Doc)) {
      const name = `${method.toUpperCase()} ${template}`;
      it(name, async () => {
        const op = v.doc.paths[template][method];
        const byStatus = (seen[name] ??= {});
        await fc.assert(
          fc.asyncProperty(requests(op), async (r) => {
            const res = await call(method.toUpperCase() as Method, url(template, r), { key: r.key, body: r.body, headers: r.headers });
            byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
            checkAnswer(name, op, res.status, res.text, res.json);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      });
    }
  }
});
