// The OCPI 2.2.1 pull side, the service as an eMSP, against a fixture CPO written from the specification
// (tests/support/ocpi-cpo-fixture.ts; github.com/ocpi/ocpi, tag 2.2.1: version_information_endpoint,
// credentials, transport_and_format, mod_locations, status_codes): a tenant admin registers a source
// (POST /ocpi/sources, its token never shown again); the handshake (versions, 2.2.1 details, the
// credentials POST with the service's token B and EMSP role, the CPO's token C used from then on, token B
// good for the service's versions endpoints during the POST and for pushes after it); a full pull over
// several pages and an incremental one with date_from; a full pull's new truth; every fault (down, slow,
// malformed, too large, token refused, 3001, 3002, 3003) recorded on the source with backoff and the data
// left as it was; one puller per source; tenants see only their own sources' sites; the operator's CLI.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { pullOptions, type PullOptions } from "@/server/ocpi/pull/options";
import { pullDue, pullSourceNow, startPullLoop } from "@/server/ocpi/pull/schedule";
import { storedSites, storeVersion } from "@/server/stations/store";
import { call, type ApiResponse } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { fixtureLocation, startCpo, type CpoFixture } from "../support/ocpi-cpo-fixture";

vi.hoisted(() => {
  process.env.OCPI_PULL_ALLOW_HTTP = "true";
  process.env.OCPI_PULL_ALLOWED_HOSTS = "127.0.0.1";
});

let t: TestTenants;
/** The operator's CLI registering a source for every tenant: it runs (a few seconds) beside the other tests. */
let cli: Promise<{ stdout: string; stderr: string }>;
const fixtures: CpoFixture[] = [];
/** Short limits for the tests; the address policy is the one configured above. */
const opts = (over: Partial<PullOptions> = {}): PullOptions => ({ ...pullOptions(), timeoutMs: 400, retryBaseMs: 60_000, ...over });

const b64 = (token: string) => Buffer.from(token, "utf8").toString("base64");
/** The tenant's own OCPI sites (not the operator's, seen by every tenant: the CLI's test looks at those). */
const sitesOf = async (tenantId: number, own = true) =>
  (await storedSites(db(), tenantId)).filter((s) => s.tenantId === (own ? tenantId : 0)).map((s) => s.draft.externalId).filter((id) => id.startsWith("ocpi:")).sort();
const statusOf = async (evseKey: string) => (await db().ocpiEvseStatus.findMany({ where: { evseKey } })).map((r) => r.status);
const source = async (id: number, key = t.a.key) => (await call("GET", `/ocpi/sources/${id}`, { key })).json;

async function cpo(locations: Record<string, unknown>[] = []): Promise<CpoFixture> {
  const f = await startCpo({ locations, pageSize: 2 });
  // The CPO reads the client's versions with token B during the POST, as the specification asks.
  f.checkClient = async (url, tokenB) => url === "http://planner.test/ocpi/versions" && (await call("GET", "/ocpi/versions", { key: null, headers: { authorization: `Token ${b64(tokenB)}` } })).status === 200;
  fixtures.push(f);
  return f;
}

async function register(f: CpoFixture, key = t.a.key, label = "TNM"): Promise<number> {
  const r = await call("POST", "/ocpi/sources", { key, body: { versions_url: f.versionsUrl, token: f.tokenA, label } });
  expect(r.status, r.text).toBe(201);
  return r.json.id;
}

beforeAll(async () => {
  const dbUrl = await freshDatabase();
  t = await twoTenants();
  const f = await cpo([fixtureLocation("O1", { name: "Everyone's hub" })]);
  const run = promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/ocpi.ts", "add-source", "--all-tenants", "--versions-url", f.versionsUrl, "--token", "-", "--label", "operator"], {
    encoding: "utf8", timeout: 60_000, env: { ...process.env, DATABASE_URL: dbUrl, OCPI_PUBLIC_URL: "http://planner.test", LOG_LEVEL: "error" },
  });
  run.child.stdin!.end(f.tokenA);
  cli = run;
});
afterAll(async () => {
  await Promise.all(fixtures.map((f) => f.close()));
  await closeDatabase();
});

describe("registering a source", () => {
  it("a tenant admin registers one: 201 without the token, listed for its tenant only; bad input 422, member keys 403, duplicates 409", async () => {
    const f = await cpo();
    const r = await call("POST", "/ocpi/sources", { key: t.a.key, body: { versions_url: f.versionsUrl, token: f.tokenA, label: "probe" } });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("location")).toBe(`/ocpi/sources/${r.json.id}`);
    expect(r.json).toMatchObject({ versions_url: f.versionsUrl, label: "probe", status: "pending", roles: [], party_ref: null, failures: 0, last_error: null, last_pull: null, objects_pulled: 0 });
    expect(r.text).not.toContain(f.tokenA);
    const listed = await call("GET", "/ocpi/sources", { key: t.a.key });
    expect(listed.json.map((s: any) => s.id)).toEqual([r.json.id]);
    expect(listed.text).not.toContain(f.tokenA);
    expect((await call("GET", "/ocpi/sources", { key: t.b.key })).json).toEqual([]);
    expect((await call("GET", `/ocpi/sources/${r.json.id}`, { key: t.b.key })).status).toBe(404);
    expect((await call("DELETE", `/ocpi/sources/${r.json.id}`, { key: t.b.key })).status).toBe(404);
    expect((await call("POST", "/ocpi/sources", { key: t.a.key, body: { versions_url: f.versionsUrl, token: "other" } })).status).toBe(409);
    const member = (await createApiKey(db(), t.a.id, "member", "member")).key;
    expect((await call("POST", "/ocpi/sources", { key: member, body: { versions_url: f.versionsUrl, token: f.tokenA } })).status).toBe(403);
    expect((await call("GET", "/ocpi/sources", { key: member })).status).toBe(403);
    const bad = await call("POST", "/ocpi/sources", { key: t.a.key, body: { versions_url: 42, token: "has space" } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.map((d: any) => d.loc.join("."))).toEqual(["body.versions_url", "body.token"]);
    for (const url of ["ftp://cpo.example.com/versions", "http://user:pw@127.0.0.1/versions", "http://10.0.0.1/versions", "not a url", "https://cpo.example.com/versions#f"]) {
      const refused = await call("POST", "/ocpi/sources", { key: t.a.key, body: { versions_url: url, token: "abc" } });
      expect(refused.status, url).toBe(422);
      expect(refused.json.detail[0].loc).toEqual(["body", "versions_url"]);
    }
    expect((await call("DELETE", `/ocpi/sources/${r.json.id}`, { key: t.a.key })).status).toBe(204);
    expect((await call("GET", `/ocpi/sources/${r.json.id}`, { key: t.a.key })).status).toBe(404);
  });

  it("addresses as for webhooks: a private literal is refused at once, a name resolving to loopback at the first request, without saying where it pointed", async () => {
    const refused = await call("POST", "/ocpi/sources", { key: t.a.key, body: { versions_url: "https://10.0.0.1/versions", token: "abc" } });
    expect(refused.json.detail[0].msg).toBe("versions_url is refused: 10.0.0.1 is a private (RFC 1918) address; only public addresses are called unless the operator's OCPI_PULL_ALLOWED_HOSTS lists it");
    const r = await call("POST", "/ocpi/sources", { key: t.a.key, body: { versions_url: "https://cpo.internal.test/versions", token: "abc" } });
    expect(r.status, r.text).toBe(201);
    const outcome = await pullSourceNow(db(), r.json.id, opts({ resolve: async () => [{ address: "10.1.2.3", family: 4 }] }));
    expect(outcome).toMatchObject({ ok: false, error: { stage: "versions", message: expect.stringMatching(/^refused: cpo\.internal\.test resolves to an address that is not allowed .* OCPI_PULL_ALLOWED_HOSTS lists it$/) } });
    expect(JSON.stringify(outcome)).not.toContain("10.1.2.3");
    expect((await call("DELETE", `/ocpi/sources/${r.json.id}`, { key: t.a.key })).status).toBe(204);
  });
});

describe("handshake and pulls", () => {
  let f: CpoFixture;
  let id: number;

  it("the handshake: versions, 2.2.1 details, the credentials POST; then a full pull over two pages makes the sites the tenant's", async () => {
    f = await cpo([fixtureLocation("L1"), fixtureLocation("L2"), fixtureLocation("L3")]);
    id = await register(f);
    const outcome = await pullSourceNow(db(), id, opts());
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ ok: true, summary: { kind: "full", pages: 2, objects: 3, written: 3, skipped: 0, removed: 0, total_count: 3 } });
    expect(f.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /versions", "GET /2.2.1", "POST /2.2.1/credentials", "GET /2.2.1/locations", "GET /2.2.1/locations"]);
    // Token A (Base64-encoded) for the handshake, token C from then on; X-Request-ID and X-Correlation-ID on each.
    expect(f.requests.map((r) => (r.token === f.tokenA ? "A" : r.token === f.tokenC ? "C" : "?"))).toEqual(["A", "A", "A", "C", "C"]);
    for (const r of f.requests) expect(r.headers["x-request-id"] && r.headers["x-correlation-id"]).toBeTruthy();
    expect(f.requests[3].headers).toMatchObject({ "ocpi-to-country-code": "NL", "ocpi-to-party-id": "TNM", "ocpi-from-country-code": "ZZ", "ocpi-from-party-id": "ETP" });
    expect(f.requests[3].query.get("date_from")).toBeNull();
    expect(f.clientCredentials).toMatchObject({ url: "http://planner.test/ocpi/versions", roles: [{ role: "EMSP", country_code: "ZZ", party_id: "ETP", business_details: { name: "etruck-planner" } }] });
    const s = await source(id);
    expect(s).toMatchObject({ status: "ok", roles: [{ role: "CPO", country_code: "NL", party_id: "TNM", name: "NL/TNM fixture" }], locations_url: `${f.url}/2.2.1/locations`, failures: 0, objects_pulled: 3 });
    expect(Date.parse(s.next_pull_at)).toBeGreaterThan(Date.now() + 500_000);
    expect(s.last_success_at && s.last_full_pull_at && s.registered_at).toBeTruthy();
    expect(JSON.stringify(s)).not.toMatch(new RegExp(`${f.tokenA}|${f.tokenC}`));
    expect(await sitesOf(t.a.id)).toEqual(["ocpi:NL:TNM:L1", "ocpi:NL:TNM:L2", "ocpi:NL:TNM:L3"]);
    expect(await sitesOf(t.b.id)).toEqual([]);
    expect(await statusOf("l2-1")).toEqual(["AVAILABLE"]);
    // Token B is the party's registration for this tenant (it may push with it); token A is spent.
    const parties = (await call("GET", "/ocpi/parties", { key: t.a.key })).json;
    expect(parties).toEqual([expect.objectContaining({ id: s.party_ref, country_code: "NL", party_id: "TNM", label: `pull source ${id}: TNM`, revoked_at: null })]);
    expect((await db().ocpiFeed.findFirstOrThrow({ where: { tenantId: t.a.id } })).seenAt).not.toBeNull();
  });

  it("an incremental pull asks with date_from and changes one EVSE's status, rebuilding no station list", async () => {
    const synced = (await db().ocpiSource.findUniqueOrThrow({ where: { id } })).syncedAt!;
    const now = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    const l2 = fixtureLocation("L2", {}, "2026-11-20T10:00:00Z") as any;
    l2.evses[0] = { ...l2.evses[0], status: "CHARGING", last_updated: now };
    l2.last_updated = now;
    f.locations[1] = l2;
    await cli; // the operator's public source written, not racing the comparison (see the faults below)
    const version = await storeVersion(db(), t.a.id);
    const seen = f.requests.length;
    const outcome = await pullSourceNow(db(), id, opts());
    expect(outcome).toMatchObject({ ok: true, summary: { kind: "incremental", pages: 1, objects: 1, written: 1, total_count: 1 } });
    // date_from: the last complete pull's start, less a minute for clocks that disagree.
    expect(f.requests[seen].query.get("date_from")).toBe(new Date(synced.getTime() - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"));
    expect(await statusOf("l2-1")).toEqual(["CHARGING"]);
    expect(await statusOf("l2-2")).toEqual(["AVAILABLE"]);
    expect(await storeVersion(db(), t.a.id)).toBe(version);
    // The Receiver's GET with token B shows the pulled Location with the new status.
    const tokenB = f.clientCredentials!.token;
    const got = await call("GET", "/ocpi/2.2.1/locations/NL/TNM/L2/L2-1", { key: null, headers: { authorization: `Token ${b64(tokenB)}` } });
    expect(got.json.data).toMatchObject({ uid: "L2-1", status: "CHARGING" });
  });

  it("the party pushes with token B into the same data; an older pulled copy does not undo the push", async () => {
    const tokenB = f.clientCredentials!.token;
    const later = new Date(Date.now() + 1000).toISOString().replace(/\.\d+Z$/, "Z");
    const r = await call("PATCH", "/ocpi/2.2.1/locations/NL/TNM/L1/L1-1", { key: null, headers: { authorization: `Token ${b64(tokenB)}` }, body: { status: "OUTOFORDER", last_updated: later } });
    expect(r.json.status_code, r.text).toBe(1000);
    expect(await statusOf("l1-1")).toEqual(["OUTOFORDER"]);
    const outcome = await pullSourceNow(db(), id, opts({ fullEveryMs: 0 }));
    expect(outcome).toMatchObject({ ok: true, summary: { kind: "full", objects: 3, written: 0 } });
    expect(await statusOf("l1-1")).toEqual(["OUTOFORDER"]);
  });

  it("a full pull is the new truth: a Location the party no longer lists leaves", async () => {
    f.locations.splice(2, 1);
    const outcome = await pullSourceNow(db(), id, opts({ fullEveryMs: 0 }));
    expect(outcome).toMatchObject({ ok: true, summary: { kind: "full", pages: 1, objects: 2, removed: 1 } });
    expect(await sitesOf(t.a.id)).toEqual(["ocpi:NL:TNM:L1", "ocpi:NL:TNM:L2"]);
    expect(await db().ocpiEvseStatus.count({ where: { locationKey: "l3" } })).toBe(0);
  });

  it.each([
    ["down", "down", /socket hang up|ECONNRESET/, {}],
    ["slow", "slow", /no complete answer within 400 ms/, {}],
    ["malformed", "malformed", /not OCPI's JSON envelope/, {}],
    ["refusing the token", "refuse", /HTTP 401: the party refused the token \(OCPI 2000/, {}],
    ["answering too much", "huge", /over 1,000,000 bytes/, { maxPageBytes: 1_000_000 }],
    ["listing more Locations than a pull takes", "ok", /lists 2 Locations \(X-Total-Count\), more than the 1 a pull takes/, { maxObjects: 1 }],
    ["paging past the limit", "ok", /More than 1 pages: stopped/, { maxPages: 1, pageLimit: 1 }],
  ] as const)("a source %s: the error recorded, backoff, the data as it was", async (_name, mode, message, over) => {
    // The operator's CLI (started in beforeAll) writes its public source whenever its process gets there,
    // which counts in the store's version: compare with that write done, not racing it.
    await cli;
    const before = { sites: await sitesOf(t.a.id), statuses: await db().ocpiEvseStatus.findMany({ orderBy: { id: "asc" } }), version: await storeVersion(db(), t.a.id) };
    const failuresBefore = (await source(id)).failures;
    f.mode = mode;
    f.slowMs = 1_000;
    const started = Date.now();
    const outcome = await pullSourceNow(db(), id, opts({ fullEveryMs: 0, ...over }));
    f.mode = "ok";
    expect(outcome).toMatchObject({ ok: false, error: { stage: "locations", message: expect.stringMatching(message) } });
    const s = await source(id);
    expect(s).toMatchObject({ status: "failing", failures: failuresBefore + 1, last_error: { stage: "locations", message: expect.stringMatching(message) } });
    // Backoff: the base (60 s) doubling with each failure in a row, jittered down to half.
    expect(Date.parse(s.next_pull_at) - started).toBeGreaterThanOrEqual((60_000 * 2 ** failuresBefore) / 2 - 1000);
    expect(await sitesOf(t.a.id)).toEqual(before.sites);
    expect(await db().ocpiEvseStatus.findMany({ orderBy: { id: "asc" } })).toEqual(before.statuses);
    expect(await storeVersion(db(), t.a.id)).toBe(before.version);
  });

  it("after the faults, the next pull succeeds and the failures are reset (the last error kept for reference)", async () => {
    const outcome = await pullSourceNow(db(), id, opts());
    expect(outcome?.ok).toBe(true);
    expect(await source(id)).toMatchObject({ status: "ok", failures: 0, last_error: { stage: "locations" } });
  });

  it("a source is pulled by one process at a time", async () => {
    await cli; // its source, due until the CLI pulls it, would be claimed here too
    await db().ocpiSource.update({ where: { id }, data: { nextPullAt: new Date(0) } });
    const claims = (await db().ocpiSource.findUniqueOrThrow({ where: { id } })).claims;
    const [a, b] = await Promise.all([pullDue(db(), opts()), pullDue(db(), opts())]);
    expect(a + b).toBe(1);
    expect((await db().ocpiSource.findUniqueOrThrow({ where: { id } })).claims).toBe(claims + 1);
    // A leased source is not taken by a pull now either.
    await db().ocpiSource.update({ where: { id }, data: { leaseUntil: new Date(Date.now() + 60_000) } });
    expect(await pullSourceNow(db(), id, opts())).toBeNull();
    await db().ocpiSource.update({ where: { id }, data: { leaseUntil: null } });
  });
});

describe("handshake faults", () => {
  it.each([
    ["3001: the CPO cannot use the service's API", (f: CpoFixture): void => void (f.checkClient = async () => false), "credentials", 3001, /OCPI 3001: unable to use the client's API/],
    ["3002: no 2.2.1", (f: CpoFixture): void => void (f.mode = "no221"), "versions", 3002, /offers OCPI 2\.1\.1, 2\.2, not 2\.2\.1/],
    ["3003: no Locations Sender endpoint", (f: CpoFixture): void => void (f.mode = "nolocations"), "details", 3003, /lack locations SENDER/],
    ["a refused token A", (f: CpoFixture): void => void (f.tokenA = "rotated"), "versions", 2000, /HTTP 401: the party refused the token/],
  ] as const)("%s: recorded on the source, nothing stored, retried later", async (_name, spoil, stage, code, message) => {
    const f = await cpo([fixtureLocation("X1")]);
    const id = await register(f, t.b.key, "faulty");
    spoil(f);
    const outcome = await pullSourceNow(db(), id, opts());
    expect(outcome).toMatchObject({ ok: false, error: { stage, status_code: code, message: expect.stringMatching(message) } });
    const s = await source(id, t.b.key);
    expect(s).toMatchObject({ status: "failing", failures: 1, party_ref: null, roles: [], last_error: { stage, status_code: code } });
    if (stage !== "credentials") expect(f.requests.some((r) => r.method === "POST")).toBe(false);
    expect(await sitesOf(t.b.id)).toEqual([]);
    expect((await call("DELETE", `/ocpi/sources/${id}`, { key: t.b.key })).status).toBe(204);
  });
});

describe("whose Locations", () => {
  it("a hub's Locations of any party land in each party's feed; a CPO's of other parties, and invalid ones, are skipped and said", async () => {
    const hub = await cpo([
      fixtureLocation("H1"),
      fixtureLocation("H2", { country_code: "DE", party_id: "ABC" }),
      fixtureLocation("H3", { coordinates: undefined }),
    ]);
    hub.role = { role: "HUB", country_code: "DE", party_id: "HUB" };
    const hubId = await register(hub, t.b.key, "hub");
    const pulled = await pullSourceNow(db(), hubId, opts());
    expect(pulled).toMatchObject({ ok: true, summary: { objects: 3, written: 2, skipped: 1, problems: [expect.stringMatching(/^Location 'H3': coordinates: /)] } });
    expect(await sitesOf(t.b.id)).toEqual(["ocpi:DE:ABC:H2", "ocpi:NL:TNM:H1"]);
    const single = await cpo([fixtureLocation("C1"), fixtureLocation("C2", { country_code: "DE", party_id: "XYZ" })]);
    const singleId = await register(single, t.b.key, "cpo");
    expect(await pullSourceNow(db(), singleId, opts())).toMatchObject({ ok: true, summary: { written: 1, skipped: 1, problems: ["Location 'C2': of DE/XYZ, which the source's roles do not name"] } });
    expect(await sitesOf(t.b.id)).toEqual(["ocpi:DE:ABC:H2", "ocpi:NL:TNM:C1", "ocpi:NL:TNM:H1"]);
    // Deleting the hub takes its feeds' sites out, but not the NL/TNM feed the other source still fills.
    expect((await call("DELETE", `/ocpi/sources/${hubId}`, { key: t.b.key })).status).toBe(204);
    expect(await sitesOf(t.b.id)).toEqual(["ocpi:NL:TNM:C1", "ocpi:NL:TNM:H1"]);
    expect((await call("DELETE", `/ocpi/sources/${singleId}`, { key: t.b.key })).status).toBe(204);
    expect(await sitesOf(t.b.id)).toEqual([]);
  });
});

describe("tenants and the operator", () => {
  it("tenant B's source of the same party is B's alone, pulled by the worker's loop; A's sites stay A's", async () => {
    const f = await cpo([fixtureLocation("B1", { coordinates: { latitude: "52.100000", longitude: "9.900000" } })]);
    const id = await register(f, t.b.key, "B's CPO");
    const loop = startPullLoop(db(), opts(), 50);
    try {
      for (let i = 0; i < 100 && !(await source(id, t.b.key)).last_success_at; i++) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await loop.stop();
    }
    expect(await source(id, t.b.key)).toMatchObject({ status: "ok", objects_pulled: 1 });
    expect(await sitesOf(t.b.id)).toEqual(["ocpi:NL:TNM:B1"]);
    expect(await sitesOf(t.a.id)).toEqual(["ocpi:NL:TNM:L1", "ocpi:NL:TNM:L2"]);
    // Deleting it revokes token B and takes B's sites out; A's are untouched.
    const tokenB = f.clientCredentials!.token;
    expect((await call("DELETE", `/ocpi/sources/${id}`, { key: t.b.key })).status).toBe(204);
    expect((await call("GET", "/ocpi/versions", { key: null, headers: { authorization: `Token ${b64(tokenB)}` } })).status).toBe(401);
    expect(await sitesOf(t.b.id)).toEqual([]);
    expect(await sitesOf(t.a.id)).toEqual(["ocpi:NL:TNM:L1", "ocpi:NL:TNM:L2"]);
  });

  it("revoking the token a handshake gave (DELETE /ocpi/parties/{party_ref}) stops the source and takes its sites out", async () => {
    await cli;
    const id = (await call("GET", "/ocpi/sources", { key: t.a.key })).json.find((s: any) => s.label === "TNM").id;
    const s = await source(id);
    expect((await call("DELETE", `/ocpi/parties/${s.party_ref}`, { key: t.a.key })).status).toBe(200);
    expect(await source(id)).toMatchObject({ status: "revoked" });
    expect(await sitesOf(t.a.id)).toEqual([]);
    await db().ocpiSource.update({ where: { id }, data: { nextPullAt: new Date(0) } });
    expect(await pullDue(db(), opts())).toBe(0);
    expect(await pullSourceNow(db(), id, opts())).toBeNull();
  });

  it("npm run ocpi -- add-source --all-tenants (the token from stdin) registers, shakes hands and pulls at once: every tenant sees the sites", async () => {
    const { stdout, stderr } = await cli;
    expect(stdout.trim()).toMatch(/^\d+$/);
    expect(stderr).toMatch(/full pull, 1 page\(s\), 1 Location\(s\), 1 written/);
    expect(await sitesOf(t.a.id, false)).toEqual(["ocpi:NL:TNM:O1"]);
    expect(await sitesOf(t.b.id, false)).toEqual(["ocpi:NL:TNM:O1"]);
    expect((await call("GET", "/ocpi/sources", { key: t.a.key })).json.some((s: any) => s.label === "operator")).toBe(false);
  });
});
