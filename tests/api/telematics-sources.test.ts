// Telematics sources (PUT|GET|DELETE /telematics/sources/{source_id}) and fleet VINs: a tenant admin
// stores a truck maker's rFMS endpoint with OAuth2 client credentials or basic authentication; no answer
// ever carries a secret, nor does the database in the clear when TELEMATICS_CREDENTIALS_KEY is set; a
// replacement keeps the stored secret only while the address it goes to is unchanged; addresses are
// checked as the operator's settings say; members read but may not write; tenants see only their own.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { openSecret } from "@/server/telematics/credentials";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";

vi.hoisted(() => {
  process.env.TELEMATICS_ALLOW_HTTP = "false";
  process.env.TELEMATICS_ALLOWED_HOSTS = "rfms.internal";
  process.env.TELEMATICS_CREDENTIALS_KEY = "a".repeat(64);
});

type Loc = (string | number)[];
let t: TestTenants;
let memberA: string;

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  memberA = (await createApiKey(db(), t.a.id, "member", "member")).key;
});
afterAll(closeDatabase);

const SECRET = "s3cr3t-client-secret-value";
const oauth = (over: Record<string, unknown> = {}) => ({
  name: "Trucks of brand X",
  base_url: "https://rfms.oem.example/rfms4/",
  auth: { type: "oauth2_client_credentials", token_url: "https://auth.oem.example/token", client_id: "fleet-42", client_secret: SECRET, scope: "rfms", ...over },
});
const basic = (over: Record<string, unknown> = {}) => ({ base_url: "https://api.oem.example/rfms", auth: { type: "basic", username: "fleet", password: "pw-123456", ...over } });

function expectDetail(res: { status: number; json: any; text: string }, loc: Loc, type: string) {
  expect(res.status, res.text).toBe(422);
  const hit = res.json.detail.find((d: { loc: Loc }) => JSON.stringify(d.loc) === JSON.stringify(loc));
  expect(hit, `expected ${JSON.stringify(loc)} in ${res.text}`).toBeTruthy();
  expect(hit.type).toBe(type);
  return hit.msg as string;
}

describe("telematics sources", () => {
  it("PUT creates (201), then replaces (200); GET and the list answer without the secret", async () => {
    const created = await call("PUT", "/telematics/sources/oem-x", { key: t.a.key, body: oauth() });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("location")).toBe("/telematics/sources/oem-x");
    expect(created.json).toMatchObject({
      source_id: "oem-x", name: "Trucks of brand X", base_url: "https://rfms.oem.example/rfms4", enabled: true, poll_interval_s: 300, status: "pending",
      auth: { type: "oauth2_client_credentials", token_url: "https://auth.oem.example/token", client_id: "fleet-42", scope: "rfms", client_authentication: "basic_header", has_secret: true },
      last_poll_at: null, last_success_at: null, last_error: null, consecutive_failures: 0, vehicles_reported: null,
    });
    expect(Date.parse(created.json.next_poll_at)).toBeLessThanOrEqual(Date.now());
    const got = await call("GET", "/telematics/sources/oem-x", { key: memberA });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(created.json);
    const list = await call("GET", "/telematics/sources", { key: t.a.key });
    expect(list.json).toEqual([created.json]);
    for (const text of [created.text, got.text, list.text]) expect(text).not.toContain(SECRET);

    const replaced = await call("PUT", "/telematics/sources/oem-x", { key: t.a.key, body: { ...oauth(), enabled: false, poll_interval_s: 900 } });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.json).toMatchObject({ enabled: false, poll_interval_s: 900, status: "disabled", next_poll_at: null });
  });

  it("seals the secret in the database, bound to its tenant and source", async () => {
    const row = await db().telematicsSource.findUniqueOrThrow({ where: { tenantId_sourceId: { tenantId: t.a.id, sourceId: "oem-x" } } });
    expect(row.secret).not.toContain(SECRET);
    expect(row.secret).toMatch(/^aes256gcm:/);
    expect(openSecret(row.secret, t.a.id, "oem-x")).toBe(SECRET);
    expect(() => openSecret(row.secret, t.b.id, "oem-x")).toThrow(/do not open/);
  });

  it("a replacement keeps the stored secret only while token_url and client_id are unchanged", async () => {
    const { client_secret: _, ...noSecret } = oauth().auth;
    const kept = await call("PUT", "/telematics/sources/oem-x", { key: t.a.key, body: { ...oauth(), auth: { ...noSecret, scope: null } } });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.json.auth).toMatchObject({ has_secret: true, scope: null });
    const row = await db().telematicsSource.findUniqueOrThrow({ where: { tenantId_sourceId: { tenantId: t.a.id, sourceId: "oem-x" } } });
    expect(openSecret(row.secret, t.a.id, "oem-x")).toBe(SECRET);
    // Sent elsewhere, the stored secret would leave: it must be given again.
    const moved = await call("PUT", "/telematics/sources/oem-x", { key: t.a.key, body: { ...oauth(), auth: { ...noSecret, token_url: "https://evil.example/token" } } });
    expect(expectDetail(moved, ["body", "auth", "client_secret"], "missing")).toMatch(/token_url and client_id are unchanged/);
    const otherClient = await call("PUT", "/telematics/sources/oem-x", { key: t.a.key, body: { ...oauth(), auth: { ...noSecret, client_id: "someone-else" } } });
    expectDetail(otherClient, ["body", "auth", "client_secret"], "missing");
    const { password: __, ...noPassword } = basic().auth;
    expectDetail(await call("PUT", "/telematics/sources/oem-x", { key: t.a.key, body: { ...basic(), auth: noPassword } }), ["body", "auth", "password"], "missing");
    expectDetail(await call("PUT", "/telematics/sources/new-one", { key: t.a.key, body: { ...oauth(), auth: noSecret } }), ["body", "auth", "client_secret"], "missing");
  });

  it("basic authentication: the user name is answered, the password never", async () => {
    const res = await call("PUT", "/telematics/sources/volvo", { key: t.a.key, body: basic() });
    expect(res.status, res.text).toBe(201);
    expect(res.json.auth).toEqual({ type: "basic", username: "fleet", has_secret: true });
    expect(res.text).not.toContain("pw-123456");
  });

  it("422 on each problem at its loc: addresses, tags, lengths, unknown fields", async () => {
    expect(expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), base_url: "http://rfms.oem.example/rfms" } }), ["body", "base_url"], "value_error"))
      .toMatch(/https/);
    expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), base_url: "https://rfms.oem.example/rfms?x=1" } }), ["body", "base_url"], "value_error");
    expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), base_url: "https://u:p@rfms.oem.example/" } }), ["body", "base_url"], "value_error");
    expect(expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: oauth({ token_url: "https://169.254.169.254/token" }) }), ["body", "auth", "token_url"], "value_error"))
      .toMatch(/link-local.*TELEMATICS_ALLOWED_HOSTS/);
    expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), base_url: "https://10.0.0.8/rfms" } }), ["body", "base_url"], "value_error");
    // A host the operator allows may be named (it is resolved and checked at every poll).
    expect((await call("PUT", "/telematics/sources/internal", { key: t.a.key, body: { ...oauth(), base_url: "https://rfms.internal/rfms" } })).status).toBe(201);
    expect(expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), auth: { type: "apikey" } } }), ["body", "auth", "type"], "literal_error"))
      .toBe("Input should be 'oauth2_client_credentials' or 'basic'");
    expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), auth: {} } }), ["body", "auth", "type"], "missing");
    expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), poll_interval_s: 10 } }), ["body", "poll_interval_s"], "greater_than_equal");
    expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: { ...oauth(), secret: "x" } }), ["body", "secret"], "extra_forbidden");
    expectDetail(await call("PUT", "/telematics/sources/x", { key: t.a.key, body: basic({ username: "" }) }), ["body", "auth", "username"], "string_too_short");
    expectDetail(await call("PUT", "/telematics/sources/bad%20id", { key: t.a.key, body: oauth() }), ["path", "source_id"], "string_pattern_mismatch");
    expect(await db().telematicsSource.count({ where: { sourceId: "x" } })).toBe(0);
  });

  it("member keys read but may not write (403); other tenants see nothing of it (404)", async () => {
    expect((await call("PUT", "/telematics/sources/oem-x", { key: memberA, body: oauth() })).status).toBe(403);
    expect((await call("DELETE", "/telematics/sources/oem-x", { key: memberA })).status).toBe(403);
    expect((await call("GET", "/telematics/sources/oem-x", { key: t.b.key })).status).toBe(404);
    expect((await call("DELETE", "/telematics/sources/oem-x", { key: t.b.key })).status).toBe(404);
    expect((await call("GET", "/telematics/sources", { key: t.b.key })).json).toEqual([]);
    expect((await call("GET", `/telematics/sources?tenant_id=${t.a.id}`, { key: t.b.key })).status).toBe(403);
    // B's source of the same id is B's own.
    expect((await call("PUT", "/telematics/sources/oem-x", { key: t.b.key, body: basic() })).status).toBe(201);
    expect((await call("GET", "/telematics/sources/oem-x", { key: t.a.key })).json.auth.type).toBe("oauth2_client_credentials");
  });

  it("DELETE removes it (204), then 404", async () => {
    expect((await call("DELETE", "/telematics/sources/volvo", { key: t.a.key })).status).toBe(204);
    expect((await call("GET", "/telematics/sources/volvo", { key: t.a.key })).status).toBe(404);
    expect((await call("DELETE", "/telematics/sources/volvo", { key: t.a.key })).status).toBe(404);
  });
});

describe("fleet VINs", () => {
  const VIN = "YS2R4X20005399401";
  it("a vehicle takes an optional vin (ISO 3779), unique in the fleet, not across tenants", async () => {
    const created = await call("POST", "/vehicles", { key: t.a.key, body: { vehicle_id: "scania-1", model_code: "MB_EACTROS_600", name: "S1", vin: VIN } });
    expect(created.status, created.text).toBe(201);
    expect(created.json.vin).toBe(VIN);
    expect((await call("GET", "/vehicles/mb-eactros-600", { key: t.a.key })).json.vin).toBeNull();
    const taken = await call("POST", "/vehicles", { key: t.a.key, body: { vehicle_id: "scania-2", model_code: "MB_EACTROS_600", name: "S2", vin: VIN } });
    expect(taken.status).toBe(409);
    expect(taken.json.detail).toMatch(/already that of vehicle 'scania-1'/);
    const patchTaken = await call("PATCH", "/vehicles/mb-eactros-600", { key: t.a.key, body: { vin: VIN } });
    expect(patchTaken.status).toBe(409);
    // Another tenant's fleet may hold the same VIN (its own account of the truck).
    expect((await call("PATCH", "/vehicles/mb-eactros-600", { key: t.b.key, body: { vin: VIN } })).status).toBe(200);
    for (const bad of ["YS2R4X2000539940", "YS2R4X200053994011", "ys2r4x20005399401", "YS2R4X2000539940I", "YS2R4X2000539940O", "YS2R4X2000539940Q"]) {
      expectDetail(await call("PATCH", "/vehicles/scania-1", { key: t.a.key, body: { vin: bad } }), ["body", "vin"], "string_pattern_mismatch");
    }
    const cleared = await call("PATCH", "/vehicles/scania-1", { key: t.a.key, body: { vin: null } });
    expect(cleared.json.vin).toBeNull();
    expect((await call("PATCH", "/vehicles/mb-eactros-600", { key: t.a.key, body: { vin: VIN } })).json.vin).toBe(VIN);
  });
});
