// Polling truck makers' rFMS 4.0 endpoints against a fixture OEM server written from the standard's
// OpenAPI file (tests/support/rfms-fixture.ts: api/rFMS_4_0.yaml of way-platform/rfms-go; http on
// 127.0.0.1, which this file's operator settings allow): OAuth2 client credentials (token fetched
// once, kept, fetched again when refused) and basic authentication; both resources paged by
// moreDataAvailable / lastVin; fleet vehicles matched by vin, unknown VINs ignored, another tenant's
// vehicles untouched; newer reports replace, older ones do not; a source that is down, slow,
// malformed, too large, stuck in paging or refuses the token keeps the last state, records the
// error with a later next poll, and throws nothing; one process polls a due source at a time.
import { appRouter } from "@/server/trpc/routers";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { pollDueSources, pollOptions, pollSourceNow, startTelematicsLoop, type PollOptions } from "@/server/telematics/poll";
import { dropToken } from "@/server/telematics/token";
import { call } from "../support/api";
import { docValidator } from "../support/openapi-ajv";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { positionReport, startRfmsFixture, statusReport, type RfmsFixture } from "../support/rfms-fixture";

vi.hoisted(() => {
  process.env.TELEMATICS_ALLOW_HTTP = "true";
  process.env.TELEMATICS_ALLOWED_HOSTS = "127.0.0.1";
});

const VIN_A1 = "WDB9634031L738291";
const VIN_A2 = "WDB9634031L738292";
const VIN_B = "YS2R4X20005399401";
const VIN_UNKNOWN = "XLRTEH4300G123456";
const T0 = "2026-11-25T09:00:00Z";
const T1 = "2026-11-25T09:05:00Z";

let t: TestTenants;
let memberA: string;
let oem: RfmsFixture;
const opts = (over: Partial<PollOptions> = {}): PollOptions => ({ ...pollOptions(), ...over });
const documented = docValidator();
/** An answer, checked against its schema in the OpenAPI document. */
async function get(path: string, key: string, schema: string) {
  const res = await call("GET", path, { key });
  expect(res.status, res.text).toBe(200);
  const check = documented.schema({ $ref: `#/components/schemas/${schema}` });
  expect(check(res.json), JSON.stringify(check.errors)).toBe(true);
  return res.json;
}
const state = (vehicleId: string, key = t.a.key) => get(`/vehicles/${vehicleId}/state`, key, "VehicleState");
const source = (id: string, key = t.a.key) => get(`/telematics/sources/${id}`, key, "TelematicsSource");

function oauthSource(over: Record<string, unknown> = {}) {
  return {
    base_url: oem.base,
    auth: { type: "oauth2_client_credentials", token_url: oem.tokenUrl, client_id: oem.client.id, client_secret: oem.client.secret, scope: "rfms" },
    ...over,
  };
}

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  memberA = (await createApiKey(db(), t.a.id, "member", "member")).key;
  oem = await startRfmsFixture({
    pageSize: 2,
    vehicles: [
      { vin: VIN_A1, position: positionReport(T0, 53.55, 9.99), status: statusReport(T0) },
      { vin: VIN_UNKNOWN, position: positionReport(T0, 48.1, 11.5), status: statusReport(T0) },
      { vin: VIN_B, position: positionReport(T0, 52.37, 9.73), status: statusReport(T0) },
      { vin: VIN_A2, position: positionReport(T0, 50.11, 8.68) },
    ],
  });
  expect((await call("PATCH", "/vehicles/mb-eactros-600", { key: t.a.key, body: { vin: VIN_A1 } })).status).toBe(200);
  expect((await call("POST", "/vehicles", { key: t.a.key, body: { vehicle_id: "truck-2", model_code: "MB_EACTROS_600", name: "Two", vin: VIN_A2 } })).status).toBe(201);
  expect((await call("PATCH", "/vehicles/mb-eactros-600", { key: t.b.key, body: { vin: VIN_B } })).status).toBe(200);
  expect((await call("PUT", "/telematics/sources/oem", { key: t.a.key, body: oauthSource() })).status).toBe(201);
});
afterAll(async () => {
  await oem?.close();
  await closeDatabase();
});

describe("polling an rFMS 4.0 source", () => {
  it("OAuth2: pages through positions and statuses, keeps the matched vehicles' state, ignores unknown VINs", async () => {
    expect((await state("mb-eactros-600")).position).toBeNull();
    expect(await pollSourceNow(db(), t.a.id, "oem", opts())).toBe(true);

    const asked = oem.requests.map((r) => `${r.method} ${r.url}`);
    expect(asked).toEqual([
      "POST /token",
      "GET /rfms/vehiclepositions?latestOnly=true",
      `GET /rfms/vehiclepositions?latestOnly=true&lastVin=${VIN_UNKNOWN}`,
      "GET /rfms/vehiclestatuses?latestOnly=true&contentFilter=SNAPSHOT",
      `GET /rfms/vehiclestatuses?latestOnly=true&contentFilter=SNAPSHOT&lastVin=${VIN_UNKNOWN}`,
    ]);
    const [tokenRequest, ...pages] = oem.requests;
    expect(new URLSearchParams(tokenRequest.body).get("grant_type")).toBe("client_credentials");
    expect(new URLSearchParams(tokenRequest.body).get("scope")).toBe("rfms");
    expect(tokenRequest.body).not.toContain(oem.client.secret); // sent by HTTP Basic, not in the form
    expect(pages[0].headers.accept).toBe("application/json; rfms=vehiclepositions.v4.0");
    expect(pages[2].headers.accept).toBe("application/json; rfms=vehiclestatuses.v4.0");
    for (const p of pages) {
      expect(p.headers.authorization).toBe("Bearer tok-1");
      expect(String(p.headers["x-correlation-id"]).length).toBeLessThanOrEqual(40);
    }

    expect(await state("mb-eactros-600")).toEqual({
      vehicle_id: "mb-eactros-600",
      vin: VIN_A1,
      position: { latitude: 53.55, longitude: 9.99, heading_deg: 182, speed_kmh: 62.3, at: "2026-11-25T09:00:00.000Z", source_id: "oem" },
      state_of_charge: { percent: 41.5, estimated_range_m: 180_000, at: "2026-11-25T09:00:00.000Z", source_id: "oem" },
      charging: { status: "CHARGING_DC", connection_status: "CONNECTED", power_w: 350_000, estimated_completion_at: "2026-11-25T11:40:00.000Z", at: "2026-11-25T09:00:00.000Z", source_id: "oem" },
      driver_working_state: { driver1: "REST", driver2: null, at: "2026-11-25T09:00:00.000Z", source_id: "oem" },
      updated_at: expect.any(String),
    });
    // Reported by /vehiclepositions only: the rest stays null.
    expect(await state("truck-2")).toMatchObject({ position: { latitude: 50.11, longitude: 8.68 }, state_of_charge: null, charging: null, driver_working_state: null });
    expect(await source("oem")).toMatchObject({
      status: "ok", vehicles_reported: 4, vehicles_matched: 2, reports_skipped: 0, consecutive_failures: 0, last_error: null,
    });
    const s = await source("oem");
    expect(Date.parse(s.next_poll_at) - Date.parse(s.last_success_at)).toBe(300_000);
    // Tenant B's vehicle with a reported VIN is none of tenant A's source's business.
    expect(await state("mb-eactros-600", t.b.key)).toMatchObject({ vin: VIN_B, position: null, state_of_charge: null, updated_at: null });
    expect(await db().vehicleTelematics.count()).toBe(2);
  });

  it("the fleet page's states (tRPC fleet.states): the tenant's reporting vehicles only, as GET /vehicles/{id}/state answers", async () => {
    const as = (tenantId: number) => appRouter.createCaller({ auth: { tenantId, tenantName: "t", keyId: 0, role: "member" }, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });
    const states = await as(t.a.id).fleet.states();
    expect(states.map((s) => s.vehicle_id)).toEqual(["mb-eactros-600", "truck-2"]);
    expect(states[0]).toEqual(await state("mb-eactros-600"));
    expect(await as(t.b.id).fleet.states()).toEqual([]);
  });

  it("tenants and roles: B sees neither A's vehicle state nor its source; a member key reads but may not PUT", async () => {
    expect((await call("GET", "/vehicles/truck-2/state", { key: t.b.key })).status).toBe(404);
    expect((await call("GET", "/vehicles/no-such-truck/state", { key: t.a.key })).status).toBe(404);
    expect((await call("GET", "/telematics/sources/oem", { key: t.b.key })).status).toBe(404);
    expect((await call("GET", "/vehicles/truck-2/state", { key: memberA })).status).toBe(200);
    expect((await call("PUT", "/telematics/sources/oem", { key: memberA, body: oauthSource() })).status).toBe(403);
  });

  it("keeps the token until it expires, and fetches a new one once when the API refuses it", async () => {
    oem.requests.length = 0;
    await pollSourceNow(db(), t.a.id, "oem", opts());
    expect(oem.requests.filter((r) => r.url === "/token")).toHaveLength(0);
    oem.tokens.clear(); // the OEM revoked it
    oem.requests.length = 0;
    await pollSourceNow(db(), t.a.id, "oem", opts());
    expect(oem.requests.map((r) => r.url).filter((u) => u === "/token")).toHaveLength(1);
    expect(oem.tokensIssued).toBe(2);
    expect((await source("oem")).status).toBe("ok");
  });

  it("a newer report replaces a value, an older one or NOT_AVAILABLE does not", async () => {
    const older = "2026-11-25T08:00:00Z";
    oem.vehicles[0] = { vin: VIN_A1, position: positionReport(older, 1, 1), status: statusReport(older, { hybridBatteryPackRemainingCharge: 5 }) };
    await pollSourceNow(db(), t.a.id, "oem", opts());
    expect(await state("mb-eactros-600")).toMatchObject({ position: { latitude: 53.55 }, state_of_charge: { percent: 41.5 } });

    oem.vehicles[0] = {
      vin: VIN_A1,
      position: positionReport(T1, 53.6, 10.01),
      status: statusReport(T1, { hybridBatteryPackRemainingCharge: 63, driver1WorkingState: "NOT_AVAILABLE", batteryPackChargingStatus: "NOT_CHARGING", batteryPackChargingPower: 0 }),
    };
    await pollSourceNow(db(), t.a.id, "oem", opts());
    const now = await state("mb-eactros-600");
    expect(now).toMatchObject({
      position: { latitude: 53.6, longitude: 10.01, at: "2026-11-25T09:05:00.000Z" },
      state_of_charge: { percent: 63, at: "2026-11-25T09:05:00.000Z" },
      charging: { status: "NOT_CHARGING", power_w: 0, at: "2026-11-25T09:05:00.000Z" },
      // The report said NOT_AVAILABLE for driver 1: the last known state and its time stay.
      driver_working_state: { driver1: "REST", at: "2026-11-25T09:00:00.000Z" },
    });
  });

  it("basic authentication, and a report that breaks the schema is skipped and counted", async () => {
    oem.vehicles.push({ vin: VIN_A2, status: { ...statusReport(T1), createdDateTime: "yesterday" } });
    const put = await call("PUT", "/telematics/sources/volvo", { key: t.a.key, body: { base_url: oem.base, auth: { type: "basic", ...oem.basic } } });
    expect(put.status, put.text).toBe(201);
    oem.requests.length = 0;
    expect(await pollSourceNow(db(), t.a.id, "volvo", opts())).toBe(true);
    expect(oem.requests.every((r) => r.headers.authorization === `Basic ${Buffer.from(`${oem.basic.username}:${oem.basic.password}`).toString("base64")}`)).toBe(true);
    expect(await source("volvo")).toMatchObject({ status: "ok", vehicles_matched: 2, reports_skipped: 1 });
    oem.vehicles.pop();
    await call("DELETE", "/telematics/sources/volvo", { key: t.a.key });
  });

  it("a new VIN on a vehicle drops the state reported under the old one", async () => {
    expect((await state("truck-2")).position).not.toBeNull();
    await call("PATCH", "/vehicles/truck-2", { key: t.a.key, body: { vin: "WDB9634031L738293" } });
    expect(await state("truck-2")).toMatchObject({ vin: "WDB9634031L738293", position: null, updated_at: null });
    await call("PATCH", "/vehicles/truck-2", { key: t.a.key, body: { vin: VIN_A2 } });
  });
});

describe("faults: the last state stays, the error is on the source, nothing throws", () => {
  async function expectFailure(sourceId: string, run: () => Promise<unknown>, error: RegExp) {
    const before = await state("mb-eactros-600");
    const was = await source(sourceId);
    const started = Date.now();
    await run();
    const after = await source(sourceId);
    expect(after.status).toBe("failing");
    expect(after.last_error).toMatch(error);
    expect(after.consecutive_failures).toBe(was.consecutive_failures + 1);
    expect(Date.parse(after.next_poll_at)).toBeGreaterThan(started + 60_000);
    expect(await state("mb-eactros-600")).toEqual(before);
    return after;
  }

  it("down: connection refused", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const put = await call("PUT", "/telematics/sources/down", { key: t.a.key, body: { base_url: `http://127.0.0.1:${port}/rfms`, auth: { type: "basic", username: "u", password: "p" } } });
    expect(put.status, put.text).toBe(201);
    await expectFailure("down", () => pollSourceNow(db(), t.a.id, "down", opts()), /ECONNREFUSED/);
    // Failures in a row wait longer (backoff).
    const first = await source("down");
    const second = await expectFailure("down", () => pollSourceNow(db(), t.a.id, "down", opts()), /ECONNREFUSED/);
    expect(Date.parse(second.next_poll_at) - Date.parse(second.last_poll_at)).toBeGreaterThan(Date.parse(first.next_poll_at) - Date.parse(first.last_poll_at));
  });

  it("slow: no answer within the time limit", async () => {
    oem.mode = "slow";
    try {
      const started = Date.now();
      await expectFailure("oem", () => pollSourceNow(db(), t.a.id, "oem", opts({ timeoutMs: 300 })), /no answer within 300 ms/);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      oem.mode = "ok";
    }
  });

  it("malformed: not JSON, or JSON that is no rFMS answer", async () => {
    oem.mode = "malformed";
    try {
      await expectFailure("oem", () => pollSourceNow(db(), t.a.id, "oem", opts()), /malformed answer of \/vehiclepositions: not JSON/);
    } finally {
      oem.mode = "ok";
    }
    oem.mode = "huge";
    try {
      await expectFailure("oem", () => pollSourceNow(db(), t.a.id, "oem", opts({ maxBytes: 100_000 })), /over 100000 bytes/);
      await expectFailure("oem", () => pollSourceNow(db(), t.a.id, "oem", opts()), /malformed answer: not an rFMS 4\.0 vehiclepositions answer/);
    } finally {
      oem.mode = "ok";
    }
  });

  it("the token refused (401 at the token URL)", async () => {
    dropToken();
    oem.mode = "refuse-token";
    try {
      await expectFailure("oem", () => pollSourceNow(db(), t.a.id, "oem", opts()), /token refused: HTTP 401 from the token URL \(invalid_client: Client authentication failed\)/);
    } finally {
      oem.mode = "ok";
    }
  });

  it("paging that does not advance stops", async () => {
    oem.mode = "no-paging";
    try {
      await expectFailure("oem", () => pollSourceNow(db(), t.a.id, "oem", opts()), /moreDataAvailable but its page \d+ gave no new lastVin|more than \d+ pages/);
    } finally {
      oem.mode = "ok";
    }
  });

  it("recovers: the next poll succeeds and the source says ok, keeping the last error for reference", async () => {
    await pollSourceNow(db(), t.a.id, "oem", opts());
    expect(await source("oem")).toMatchObject({ status: "ok", consecutive_failures: 0, last_error: expect.stringMatching(/paging|pages/) });
  });
});

describe("the schedule", () => {
  it("a due source is polled by one of two processes looking at once; the loop polls what is due", async () => {
    await db().telematicsSource.updateMany({ where: { sourceId: "down" }, data: { enabled: false } });
    await db().telematicsSource.updateMany({ where: { tenantId: t.a.id, sourceId: "oem" }, data: { nextPollAt: new Date(Date.now() - 1000) } });
    oem.requests.length = 0;
    await Promise.all([pollDueSources(db(), opts()), pollDueSources(db(), opts())]);
    expect(oem.requests.filter((r) => r.url.startsWith("/rfms/vehiclepositions?latestOnly=true")).length).toBe(2); // one poll: two pages
    expect(await pollDueSources(db(), opts())).toBe(0); // not due again before its interval

    await db().telematicsSource.updateMany({ where: { tenantId: t.a.id, sourceId: "oem" }, data: { nextPollAt: new Date(Date.now() - 1000) } });
    const polledBefore = Date.parse((await source("oem")).last_poll_at);
    const loop = startTelematicsLoop(db(), opts(), 50);
    try {
      await vi.waitFor(async () => expect(Date.parse((await source("oem")).last_poll_at)).toBeGreaterThan(polledBefore), { timeout: 5_000, interval: 50 });
    } finally {
      await loop.stop();
    }
  });
});
