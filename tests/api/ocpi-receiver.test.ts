// The OCPI 2.2.1 Receiver interface driven as a CPO drives it, written from the specification
// (github.com/ocpi/ocpi, tag 2.2.1: mod_locations.asciidoc, transport_and_format.asciidoc,
// version_information_endpoint.asciidoc, status_codes.asciidoc; the Location below is the spec's
// examples/location_example.json with DC connectors): versions and version details, PUT / PATCH / GET
// of a Location, an EVSE and a Connector, OCPI's envelope and status codes on every answer, the party's
// own objects only, and the pushed sites in the station lists of the tenants they belong to, only.
import { execFile } from "node:child_process";
import fc from "fast-check";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { configureOcpiRateLimit } from "@/server/http/rate-limit";
import { MAX_BODY_BYTES } from "@/server/http/request";
import { createParty } from "@/server/ocpi/parties";
import { storedSites, storeVersion } from "@/server/stations/store";
import { call, type ApiResponse } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
/** The operator's CLI registering a party for every tenant: it runs (a few seconds) beside the other tests. */
let cli: Promise<{ stdout: string }>;
/** Tokens: tenant A's party NL/TNM, tenant B's DE/ABC (from the REST API). */
let tokenA: string;
let tokenB: string;
let partyB: number;

const b64 = (token: string) => Buffer.from(token, "utf8").toString("base64");
type Method = "GET" | "PUT" | "PATCH" | "POST" | "DELETE";
const ocpi = (method: Method, path: string, token: string | null, body?: unknown, opts: { raw?: string; plain?: boolean; headers?: Record<string, string> } = {}): Promise<ApiResponse> =>
  call(method, path, {
    key: null,
    headers: { ...(token ? { authorization: `Token ${opts.plain ? token : b64(token)}` } : {}), ...opts.headers },
    ...(opts.raw !== undefined ? { rawBody: opts.raw } : body !== undefined ? { body } : {}),
  });

/** The envelope of every OCPI answer (transport_and_format.asciidoc, Response format). */
function expectEnvelope(r: ApiResponse, httpStatus: number, statusCode: number): any {
  expect(r.status, r.text).toBe(httpStatus);
  expect(r.json.status_code, r.text).toBe(statusCode);
  expect(typeof r.json.timestamp).toBe("string");
  expect(Number.isFinite(Date.parse(r.json.timestamp))).toBe(true);
  return r.json.data;
}

const connector = (id: string, kW: number, at = "2026-11-20T10:00:00Z") => ({
  id, standard: "IEC_62196_T2_COMBO", format: "CABLE", power_type: "DC", max_voltage: 920, max_amperage: 500, max_electric_power: kW * 1000, tariff_ids: ["11"], last_updated: at,
});
const evse = (uid: string, status = "AVAILABLE", at = "2026-11-20T10:00:00Z") => ({
  uid, evse_id: `NL*TNM*E${uid}`, status, capabilities: ["RESERVABLE"], connectors: [connector("1", 400, at)], physical_reference: uid, last_updated: at,
});
const location = (over: Record<string, unknown> = {}) => ({
  country_code: "NL", party_id: "TNM", id: "LOC1", publish: true, name: "Truck Hub Gent Zuid", address: "F.Rooseveltlaan 3A", city: "Gent",
  postal_code: "9000", country: "BEL", coordinates: { latitude: "51.047599", longitude: "3.729944" }, parking_type: "ON_STREET",
  evses: [evse("3256"), evse("3257", "RESERVED")], operator: { name: "BeCharged" }, time_zone: "Europe/Brussels",
  opening_times: { twentyfourseven: true }, last_updated: "2026-11-20T10:00:00Z", ...over,
});
const LOC = "/ocpi/2.2.1/locations/NL/TNM/LOC1";
const SITE = "ocpi:NL:TNM:LOC1";
/** The site as the tenant's station list is built from it (server/packs.ts: the store's sites the tenant sees). */
const siteOf = async (tenantId: number, id = SITE) => (await storedSites(db(), tenantId)).find((s) => s.draft.externalId === id)?.draft;

beforeAll(async () => {
  const dbUrl = await freshDatabase();
  t = await twoTenants();
  tokenA = (await createParty(db(), { tenantId: t.a.id, countryCode: "NL", partyId: "TNM", label: "TNM" })).token;
  cli = promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/ocpi.ts", "add-party", "--all-tenants", "--country", "be", "--party", "opr", "--label", "Operator's feed"], {
    encoding: "utf8", env: { ...process.env, DATABASE_URL: dbUrl }, timeout: 60_000,
  });
  // (Its writes meet this process's: on SQLite a write then starts over, OCPI answers never show it.)
});
afterAll(closeDatabase);

describe("registering parties", () => {
  it("a tenant admin registers a party over REST: the token once, never again; a member key may not", async () => {
    const created = await call("POST", "/ocpi/parties", { key: t.b.key, body: { country_code: "DE", party_id: "ABC", label: "ABC Laden" } });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ country_code: "DE", party_id: "ABC", label: "ABC Laden", revoked_at: null, versions_url: "http://planner.test/ocpi/versions" });
    tokenB = created.json.token;
    partyB = created.json.id;
    expect(created.json.token_prefix).toBe(tokenB.slice(0, 12));
    const listed = await call("GET", "/ocpi/parties", { key: t.b.key });
    expect(listed.status).toBe(200);
    expect(listed.json.map((p: any) => p.id)).toEqual([partyB]);
    expect(listed.text).not.toContain(tokenB);
    // Each tenant lists its own; the operator's (tenant 0) are listed by npm run ocpi -- list-parties.
    expect((await call("GET", "/ocpi/parties", { key: t.a.key })).json.map((p: any) => `${p.country_code}/${p.party_id}`)).toEqual(["NL/TNM"]);
    const member = (await createApiKey(db(), t.b.id, "member", "member")).key;
    expect((await call("POST", "/ocpi/parties", { key: member, body: { country_code: "DE", party_id: "ABC" } })).status).toBe(403);
    const bad = await call("POST", "/ocpi/parties", { key: t.b.key, body: { country_code: "DEU", party_id: "AB" } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.map((d: any) => d.loc.join("."))).toEqual(["body.country_code", "body.party_id"]);
  });
});

describe("versions and version details", () => {
  it("list 2.2.1 and the Locations module's Receiver endpoint, with absolute URLs; the token Base64-encoded or as it is", async () => {
    const versions = expectEnvelope(await ocpi("GET", "/ocpi/versions", tokenA), 200, 1000);
    expect(versions).toEqual([{ version: "2.2.1", url: "http://planner.test/ocpi/2.2.1" }]);
    const details = expectEnvelope(await ocpi("GET", "/ocpi/2.2.1", tokenA, undefined, { plain: true }), 200, 1000);
    expect(details).toEqual({ version: "2.2.1", endpoints: [{ identifier: "locations", role: "RECEIVER", url: "http://planner.test/ocpi/2.2.1/locations" }] });
  });

  it("no token, an unknown one, or a REST API key: 401 in OCPI's envelope", async () => {
    for (const r of [await ocpi("GET", "/ocpi/versions", null), await ocpi("GET", "/ocpi/2.2.1", "ocpi_" + "x".repeat(43)), await call("GET", "/ocpi/versions", { key: t.a.key })]) {
      expectEnvelope(r, 401, 2000);
      expect(r.headers.get("www-authenticate")).toBe("Token");
    }
  });
});

describe("the Receiver interface", () => {
  it("PUT of a new Location is 201, of the same again 200; GET gives it back with the routing headers and the request ids", async () => {
    expectEnvelope(await ocpi("PUT", LOC, tokenA, location()), 201, 1000);
    expectEnvelope(await ocpi("PUT", LOC, tokenA, location()), 200, 1000);
    const r = await ocpi("GET", LOC, tokenA, undefined, { headers: { "x-request-id": "req-1", "x-correlation-id": "corr-1" } });
    expect(expectEnvelope(r, 200, 1000)).toEqual(location());
    expect([r.headers.get("x-request-id"), r.headers.get("x-correlation-id"), r.headers.get("ocpi-to-country-code"), r.headers.get("ocpi-to-party-id")]).toEqual(["req-1", "corr-1", "NL", "TNM"]);
  });

  it("the pushed Location is a site of tenant A's station list, as an imported one would be; tenant B never sees it (its plans: ocpi-live-plans.test.ts)", async () => {
    const site = await siteOf(t.a.id);
    expect(site).toMatchObject({ name: "Truck Hub Gent Zuid", operator: "BeCharged", points: 2, dcPowerKW: 400, connectors: ["CCS"], source: "ocpi-live:NL:TNM", timeZone: "Europe/Brussels", bookable: true });
    expect(site!.lat).toBeCloseTo(51.047599, 6);
    expect(await siteOf(t.b.id)).toBeUndefined();
  });

  it("a PATCH of an EVSE's status is applied without rebuilding anyone's station list; the parents' last_updated follow it", async () => {
    const before = await storeVersion(db(), t.a.id);
    expectEnvelope(await ocpi("PATCH", `${LOC}/3256`, tokenA, { status: "CHARGING", last_updated: "2026-11-20T10:05:00Z" }), 200, 1000);
    expect(await storeVersion(db(), t.a.id)).toBe(before);
    const e = expectEnvelope(await ocpi("GET", `${LOC}/3256`, tokenA), 200, 1000);
    expect(e).toMatchObject({ uid: "3256", status: "CHARGING", last_updated: "2026-11-20T10:05:00Z" });
    expect(expectEnvelope(await ocpi("GET", LOC, tokenA), 200, 1000).last_updated).toBe("2026-11-20T10:05:00Z");
    // An older status arriving late does not overwrite the newer one.
    const late = await ocpi("PATCH", `${LOC}/3256`, tokenA, { status: "AVAILABLE", last_updated: "2026-11-20T10:01:00Z" });
    expectEnvelope(late, 200, 1000);
    expect(late.json.status_message).toMatch(/newer/);
    expect(expectEnvelope(await ocpi("GET", `${LOC}/3256`, tokenA), 200, 1000).status).toBe("CHARGING");
    const row = await db().ocpiEvseStatus.findFirstOrThrow({ where: { evseKey: "3256" } });
    expect(row.status).toBe("CHARGING");
  });

  it("PATCH of the Location's name and PUT of a Connector with more power change the site; PUT of a new EVSE adds a point", async () => {
    expectEnvelope(await ocpi("PATCH", LOC, tokenA, { name: "Interparking Gent Zuid", last_updated: "2026-11-20T11:00:00Z" }), 200, 1000);
    expectEnvelope(await ocpi("PUT", `${LOC}/3257/1`, tokenA, { ...connector("1", 1000, "2026-11-20T11:10:00Z"), standard: "MCS" }), 200, 1000);
    expectEnvelope(await ocpi("PUT", `${LOC}/3258`, tokenA, evse("3258", "AVAILABLE", "2026-11-20T11:20:00Z")), 201, 1000);
    const loc = expectEnvelope(await ocpi("GET", LOC, tokenA), 200, 1000);
    expect(loc.name).toBe("Interparking Gent Zuid");
    expect(loc.last_updated).toBe("2026-11-20T11:20:00Z");
    expect(loc.evses.find((e: any) => e.uid === "3257").last_updated).toBe("2026-11-20T11:10:00Z");
    expect(loc.evses.find((e: any) => e.uid === "3256").status).toBe("CHARGING"); // the status row, not the stored object's
    expect(await siteOf(t.a.id)).toMatchObject({ name: "Interparking Gent Zuid", points: 3, dcPowerKW: 1000, connectors: ["CCS", "MCS"] });
    const c = expectEnvelope(await ocpi("GET", `${LOC}/3257/1`, tokenA), 200, 1000);
    expect(c).toMatchObject({ id: "1", standard: "MCS", max_electric_power: 1_000_000 });
  });

  it("EVSEs set to REMOVED leave the site; with none left the Location is expired and no site at all", async () => {
    expectEnvelope(await ocpi("PATCH", `${LOC}/3258`, tokenA, { status: "REMOVED", last_updated: "2026-11-20T12:00:00Z" }), 200, 1000);
    expect((await siteOf(t.a.id))?.points).toBe(2);
    for (const uid of ["3256", "3257"]) expectEnvelope(await ocpi("PATCH", `${LOC}/${uid}`, tokenA, { status: "REMOVED", last_updated: "2026-11-20T12:01:00Z" }), 200, 1000);
    expect(await siteOf(t.a.id)).toBeUndefined();
    // Still stored, as OCPI keeps it: a GET shows it, and an EVSE brought back brings the site back.
    expect(expectEnvelope(await ocpi("GET", `${LOC}/3256`, tokenA), 200, 1000).status).toBe("REMOVED");
    expectEnvelope(await ocpi("PATCH", `${LOC}/3256`, tokenA, { status: "AVAILABLE", last_updated: "2026-11-20T12:02:00Z" }), 200, 1000);
    expect((await siteOf(t.a.id))?.points).toBe(1);
  });

  it("a party reaches only its own objects: another party's path is 404 with status_code 2003", async () => {
    expectEnvelope(await ocpi("PUT", "/ocpi/2.2.1/locations/DE/ABC/LOC1", tokenA, location({ country_code: "DE", party_id: "ABC" })), 404, 2003);
    expectEnvelope(await ocpi("GET", LOC, tokenB), 404, 2003);
    expectEnvelope(await ocpi("PATCH", `${LOC}/3256`, tokenB, { status: "OUTOFORDER", last_updated: "2026-11-20T13:00:00Z" }), 404, 2003);
  });

  it("unknown objects: GET and PATCH 404 (2003), PUT of an EVSE of an unknown Location too", async () => {
    expectEnvelope(await ocpi("GET", "/ocpi/2.2.1/locations/NL/TNM/NOPE", tokenA), 404, 2003);
    expectEnvelope(await ocpi("GET", `${LOC}/9999`, tokenA), 404, 2003);
    expectEnvelope(await ocpi("PATCH", `${LOC}/9999`, tokenA, { status: "AVAILABLE", last_updated: "2026-11-20T13:00:00Z" }), 404, 2003);
    expectEnvelope(await ocpi("PUT", "/ocpi/2.2.1/locations/NL/TNM/NOPE/1", tokenA, evse("1")), 404, 2003);
  });

  it("bad bodies are HTTP 400 with status_code 2001 and what is wrong in data; too large is 413; nothing is stored", async () => {
    const malformed = await ocpi("PUT", LOC, tokenA, undefined, { raw: "{\"id\": " });
    expectEnvelope(malformed, 400, 2001);
    const missing = await ocpi("PUT", "/ocpi/2.2.1/locations/NL/TNM/LOC2", tokenA, { ...location({ id: "LOC2" }), coordinates: undefined, time_zone: undefined });
    const data = expectEnvelope(missing, 400, 2001);
    expect(data.map((d: any) => d.loc.join("."))).toEqual(["body.coordinates", "body.time_zone"]);
    expectEnvelope(await ocpi("PUT", "/ocpi/2.2.1/locations/NL/TNM/LOC2", tokenA, location()), 400, 2001); // the object's id is LOC1
    expectEnvelope(await ocpi("PATCH", `${LOC}/3256`, tokenA, { status: "CHARGING" }), 400, 2001); // no last_updated
    expectEnvelope(await ocpi("PATCH", `${LOC}/3256`, tokenA, { status: "BROKEN", last_updated: "2026-11-20T13:00:00Z" }), 400, 2001);
    expectEnvelope(await ocpi("PUT", `${LOC}/3256`, tokenA, { ...evse("3256"), connectors: [] }), 400, 2001); // an EVSE has 1+ connectors
    expectEnvelope(await ocpi("PUT", "/ocpi/2.2.1/locations/NL/TNM/LOC2", tokenA, location({ id: "LOC2", evses: [evse("X"), evse("x")] })), 400, 2001); // uids are CiStrings
    expectEnvelope(await ocpi("GET", "/ocpi/2.2.1/locations/NLD/TNM/LOC1", tokenA), 400, 2001);
    const big = await ocpi("PUT", "/ocpi/2.2.1/locations/NL/TNM/LOC2", tokenA, undefined, { raw: JSON.stringify({ ...location({ id: "LOC2" }), name: "x".repeat(MAX_BODY_BYTES) }) });
    expectEnvelope(big, 413, 2000);
    expect(await db().ocpiLocation.count({ where: { locationKey: "loc2" } })).toBe(0);
  });
});

describe("rate", () => {
  it("past its budget a party is answered 429 with Retry-After in OCPI's envelope; another party's budget is its own", async () => {
    let now = 1_000_000;
    configureOcpiRateLimit({ perMin: 60, burst: 3 }, () => now);
    try {
      for (let i = 0; i < 3; i++) expectEnvelope(await ocpi("GET", `${LOC}/3256`, tokenA), 200, 1000);
      const refused = await ocpi("PATCH", `${LOC}/3256`, tokenA, { status: "OUTOFORDER", last_updated: "2026-11-20T10:09:00Z" });
      expectEnvelope(refused, 429, 2000);
      expect(refused.json.status_message).toMatch(/^Rate limit exceeded: 60 requests per minute per OCPI party/);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      // Nothing of the refused push was applied.
      expect(expectEnvelope(await ocpi("GET", "/ocpi/versions", tokenB), 200, 1000)).toHaveLength(1);
      now += 60_000;
      expect(expectEnvelope(await ocpi("GET", `${LOC}/3256`, tokenA), 200, 1000).status).not.toBe("OUTOFORDER");
    } finally {
      configureOcpiRateLimit();
    }
  });
});

describe("hostile bodies", () => {
  it("any JSON, or a valid object with a field dropped or of another type, is answered in the envelope, never with a 5xx", async () => {
    const paths = [LOC, `${LOC}/3256`, `${LOC}/3256/1`, "/ocpi/2.2.1/locations/NL/TNM/NEW"];
    const valid = [location(), evse("3256"), connector("1", 400)];
    const mutated = fc.tuple(fc.constantFrom(...valid), fc.jsonValue(), fc.nat()).map(([o, v, k]) => {
      const keys = Object.keys(o);
      return { ...o, [keys[k % keys.length]]: k % 3 === 0 ? undefined : v };
    });
    await fc.assert(fc.asyncProperty(fc.constantFrom("PUT", "PATCH") as fc.Arbitrary<Method>, fc.constantFrom(...paths), fc.oneof(fc.jsonValue(), mutated), async (method, path, body) => {
      const r = await ocpi(method, path, tokenA, undefined, { raw: JSON.stringify(body) ?? "null" });
      expect([200, 201, 400, 404], r.text).toContain(r.status);
      expect(typeof r.json.status_code).toBe("number");
      expect(r.json.status_code === 1000).toBe(r.status < 300);
    }), { numRuns: 80, seed: 33 });
  });
});

describe("tenants", () => {
  it("tenant B's pushed site is B's alone; the party npm run ocpi -- add-party --all-tenants registered (its token alone on stdout) feeds every tenant", async () => {
    expectEnvelope(await ocpi("PUT", "/ocpi/2.2.1/locations/DE/ABC/B1", tokenB, location({ country_code: "DE", party_id: "ABC", id: "B1", name: "B's hub", coordinates: { latitude: "52.100000", longitude: "9.900000" } })), 201, 1000);
    expect(await siteOf(t.b.id, "ocpi:DE:ABC:B1")).toBeTruthy();
    expect(await siteOf(t.a.id, "ocpi:DE:ABC:B1")).toBeUndefined();
    const lines = (await cli).stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ocpi_[A-Za-z0-9_-]{43}$/);
    expectEnvelope(await ocpi("PUT", "/ocpi/2.2.1/locations/BE/OPR/O1", lines[0], location({ country_code: "BE", party_id: "OPR", id: "O1", name: "Everyone's hub", coordinates: { latitude: "50.900000", longitude: "4.400000" } })), 201, 1000);
    expect(await siteOf(t.a.id, "ocpi:BE:OPR:O1")).toBeTruthy();
    expect(await siteOf(t.b.id, "ocpi:BE:OPR:O1")).toBeTruthy();
  });

  it("writes of one Location at once are all kept (each starts over when another came first)", async () => {
    const B1 = "/ocpi/2.2.1/locations/DE/ABC/B1";
    const answers = await Promise.all([
      ocpi("PATCH", B1, tokenB, { name: "B's hub, renamed", last_updated: "2026-11-21T10:00:00Z" }),
      ocpi("PUT", `${B1}/3256/2`, tokenB, connector("2", 150, "2026-11-21T10:00:01Z")),
      ocpi("PUT", `${B1}/B-2`, tokenB, evse("B-2", "AVAILABLE", "2026-11-21T10:00:02Z")),
      ocpi("PATCH", `${B1}/3257`, tokenB, { physical_reference: "R2", last_updated: "2026-11-21T10:00:03Z" }),
    ]);
    for (const r of answers) expect(r.json.status_code, r.text).toBe(1000);
    const loc = expectEnvelope(await ocpi("GET", B1, tokenB), 200, 1000);
    expect(loc.name).toBe("B's hub, renamed");
    expect(loc.evses.map((e: any) => e.uid)).toEqual(["3256", "3257", "B-2"]);
    expect(loc.evses[0].connectors.map((c: any) => c.id)).toEqual(["1", "2"]);
    expect(loc.evses[1].physical_reference).toBe("R2");
    expect(loc.last_updated).toBe("2026-11-21T10:00:03Z");
  });

  it("revoking a party (DELETE /ocpi/parties/{id}) ends its token and takes its sites out; another tenant's id is 404", async () => {
    expect((await call("DELETE", `/ocpi/parties/${partyB}`, { key: t.a.key })).status).toBe(404);
    const revoked = await call("DELETE", `/ocpi/parties/${partyB}`, { key: t.b.key });
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.json.revoked_at).not.toBeNull();
    expectEnvelope(await ocpi("GET", "/ocpi/versions", tokenB), 401, 2000);
    expect(await siteOf(t.b.id, "ocpi:DE:ABC:B1")).toBeUndefined();
    expect(await db().ocpiLocation.count({ where: { locationKey: "b1" } })).toBe(0);
  });
});
