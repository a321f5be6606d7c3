// Fleet management: REST and tRPC over the same server functions, each 422 rule
// on its loc, tenant isolation, and overrides reaching the planner.
import { beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { db } from "@/server/db/client";
import { runNextJob } from "@/server/jobs/table-queue";
import { appRouter } from "@/server/trpc/routers";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { newSessionCookie, sessionCookie } from "../support/session";

const WORKER = { leaseS: 60, maxAttempts: 2 };
type Loc = (string | number)[];
let t: TestTenants;

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

const truck = (over: Record<string, unknown> = {}) => ({ vehicle_id: "truck-1", model_code: "MB_EACTROS_600", name: "Truck one", ...over });

async function expect422(method: "POST" | "PATCH", path: string, body: unknown, loc: Loc, type: string) {
  const res = await call(method, path, { key: t.a.key, body });
  expect(res.status, res.text).toBe(422);
  const hit = res.json.detail.find((d: { loc: Loc }) => JSON.stringify(d.loc) === JSON.stringify(loc));
  expect(hit, `expected loc ${JSON.stringify(loc)} in ${res.text}`).toBeTruthy();
  expect(hit.type).toBe(type);
  return hit as { msg: string };
}

async function plan(vehicleId: string) {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ vehicle_id: vehicleId }) });
  expect(submit.status, submit.text).toBe(200);
  while (await runNextJob(db(), WORKER)) {
    /* drain the queue */
  }
  const r = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  expect(r.status, r.text).toBe(200);
  return { ...r.json, stops: r.json.sections.filter((s: any) => s.poi_summary?.name !== "Destination").length };
}

describe("REST happy paths", () => {
  it("create -> get -> list -> patch -> delete", async () => {
    const created = await call("POST", "/vehicles", { key: t.a.key, body: truck({ overrides: { usableBatteryKWh: 500, auxiliaryKW: 6 } }) });
    expect(created.status, created.text).toBe(201);
    expect(created.headers.get("location")).toBe("/vehicles/truck-1");
    expect(created.json).toMatchObject({
      vehicle_id: "truck-1", model_code: "MB_EACTROS_600", manufacturer: "Mercedes-Benz", name: "Truck one",
      overrides: { usableBatteryKWh: 500, auxiliaryKW: 6 },
      effective: { usableBatteryKWh: 500, auxiliaryKW: 6, tareKg: 19_500, maxGrossKg: 44_000, referenceConsumptionKWhPerKm: 1.2, maxCcsKW: 400, maxMcsKW: 1000 },
    });

    const got = await call("GET", "/vehicles/truck-1", { key: t.a.key });
    expect(got.status).toBe(200);
    expect(got.json).toEqual(created.json);

    const list = await call("GET", "/vehicles", { key: t.a.key });
    expect(list.json).toContainEqual(created.json);
    const seeded = list.json.find((v: any) => v.vehicle_id === "mb-eactros-600");
    expect(seeded).toMatchObject({ overrides: {}, effective: { usableBatteryKWh: 600 } });

    const patched = await call("PATCH", "/vehicles/truck-1", { key: t.a.key, body: { name: "Renamed", overrides: { maxCcsKW: null } } });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.json).toMatchObject({ name: "Renamed", model_code: "MB_EACTROS_600", overrides: { maxCcsKW: null }, effective: { maxCcsKW: null, usableBatteryKWh: 600 } });
    const remodelled = await call("PATCH", "/vehicles/truck-1", { key: t.a.key, body: { model_code: "MAN_ETGX", overrides: null } });
    expect(remodelled.json).toMatchObject({ name: "Renamed", model_code: "MAN_ETGX", manufacturer: "MAN", overrides: {}, effective: { usableBatteryKWh: 480 } });

    const deleted = await call("DELETE", "/vehicles/truck-1", { key: t.a.key });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe("");
    expect((await call("GET", "/vehicles/truck-1", { key: t.a.key })).status).toBe(404);
  });

  it("a duplicate vehicle_id in the same fleet is 409; another tenant may use it", async () => {
    expect((await call("POST", "/vehicles", { key: t.a.key, body: truck({ vehicle_id: "dup" }) })).status).toBe(201);
    const again = await call("POST", "/vehicles", { key: t.a.key, body: truck({ vehicle_id: "dup" }) });
    expect(again.status).toBe(409);
    expect(again.json.detail).toMatch(/dup/);
    expect((await call("POST", "/vehicles", { key: t.b.key, body: truck({ vehicle_id: "dup" }) })).status).toBe(201);
  });

  it("another tenant's vehicle answers 404 exactly like a missing one", async () => {
    await call("POST", "/vehicles", { key: t.b.key, body: truck({ vehicle_id: "b-only" }) });
    for (const [method, body] of [["GET", undefined], ["PATCH", { name: "x" }], ["DELETE", undefined]] as const) {
      const foreign = await call(method, "/vehicles/b-only", { key: t.a.key, body });
      const missing = await call(method, "/vehicles/no-such", { key: t.a.key, body });
      expect(foreign.status, method).toBe(404);
      expect(missing.status, method).toBe(404);
      expect(foreign.json.detail.replace("b-only", "X")).toBe(missing.json.detail.replace("no-such", "X"));
    }
    expect((await call("GET", "/vehicles/b-only", { key: t.b.key })).json.name).toBe("Truck one");
    expect((await call("GET", "/vehicles", { key: t.a.key })).json.map((v: any) => v.vehicle_id)).not.toContain("b-only");
  });
});

describe("422 rules", () => {
  it("vehicle_id characters", () => expect422("POST", "/vehicles", truck({ vehicle_id: "truck one/2" }), ["body", "vehicle_id"], "string_pattern_mismatch"));
  it("vehicle_id length", () => expect422("POST", "/vehicles", truck({ vehicle_id: "x".repeat(101) }), ["body", "vehicle_id"], "string_too_long"));
  it("vehicle_id in the path", () => expect422("PATCH", "/vehicles/bad%20id", { name: "x" }, ["path", "vehicle_id"], "string_pattern_mismatch"));
  it("name required", () => expect422("POST", "/vehicles", truck({ name: undefined }), ["body", "name"], "missing"));
  it("unknown model_code lists the valid codes", async () => {
    const hit = await expect422("POST", "/vehicles", truck({ model_code: "TESLA_SEMI_X" }), ["body", "model_code"], "enum");
    expect(hit.msg).toMatch(/TESLA_SEMI_X/);
    expect(hit.msg).toMatch(/MB_EACTROS_600/);
  });
  it("unknown model_code on PATCH", () => expect422("PATCH", "/vehicles/mb-eactros-300", { model_code: "NOPE" }, ["body", "model_code"], "enum"));
  it("unknown override key", () => expect422("POST", "/vehicles", truck({ overrides: { batteryKWh: 300 } }), ["body", "overrides", "batteryKWh"], "extra_forbidden"));
  it("unknown body key", () => expect422("PATCH", "/vehicles/mb-eactros-300", { vehicle_id: "renamed" }, ["body", "vehicle_id"], "extra_forbidden"));
  it.each([
    ["rollingResistance", 0.001, "greater_than_equal"],
    ["rollingResistance", 0.03, "less_than_equal"],
    ["dragAreaM2", 20, "less_than_equal"],
    ["drivetrainEfficiency", 0.4, "greater_than_equal"],
    ["recuperationEfficiency", 1.1, "less_than_equal"],
    ["auxiliaryKW", -1, "greater_than_equal"],
    ["usableBatteryKWh", 0, "greater_than"],
  ])("override %s = %s out of range", async (field, value, type) => {
    await expect422("POST", "/vehicles", truck({ overrides: { [field]: value } }), ["body", "overrides", field], type);
  });
  it("tare >= max gross after overrides, on the field", async () => {
    await expect422("POST", "/vehicles", truck({ overrides: { tareKg: 44_000 } }), ["body", "overrides", "tareKg"], "value_error");
    await expect422("POST", "/vehicles", truck({ overrides: { maxGrossKg: 19_000 } }), ["body", "overrides", "maxGrossKg"], "value_error");
  });
  it("a model change that clashes with stored overrides is on model_code", async () => {
    await call("POST", "/vehicles", { key: t.a.key, body: truck({ vehicle_id: "heavy", overrides: { tareKg: 42_000 } }) });
    await expect422("PATCH", "/vehicles/heavy", { model_code: "MB_EACTROS_300" }, ["body", "model_code"], "value_error");
  });
  it("every violation at once; nothing is stored", async () => {
    const res = await call("POST", "/vehicles", { key: t.a.key, body: { vehicle_id: "ok-id", model_code: "NOPE", name: "", overrides: { dragAreaM2: 1 } } });
    expect(res.json.detail.map((d: { loc: Loc }) => d.loc.join("."))).toEqual(expect.arrayContaining(["body.name", "body.overrides.dragAreaM2", "body.model_code"]));
    expect((await call("GET", "/vehicles/ok-id", { key: t.a.key })).status).toBe(404);
  });
  it("malformed JSON is json_invalid", async () => {
    const res = await call("POST", "/vehicles", { key: t.a.key, rawBody: "{nope" });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].type).toBe("json_invalid");
  });
});

describe("tRPC fleet router", () => {
  const caller = () => appRouter.createCaller({ auth: { tenantId: t.a.id, tenantName: "tenant-a", keyId: 0, role: "admin" }, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });

  it("create, get, update, list, remove", async () => {
    const c = caller();
    const created = await c.fleet.create(truck({ vehicle_id: "trpc-1", overrides: { dragAreaM2: 5 } }));
    expect(created.effective?.dragAreaM2).toBe(5);
    expect(await c.fleet.get({ vehicle_id: "trpc-1" })).toEqual(created);
    expect((await c.fleet.update({ vehicle_id: "trpc-1", patch: { name: "Via tRPC" } })).name).toBe("Via tRPC");
    expect((await c.fleet.list()).map((v) => v.vehicle_id)).toContain("trpc-1");
    await c.fleet.remove({ vehicle_id: "trpc-1" });
    await expect(c.fleet.get({ vehicle_id: "trpc-1" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await c.fleet.create(truck({ vehicle_id: "trpc-2" }));
    await expect(c.fleet.create(truck({ vehicle_id: "trpc-2" }))).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("validation failures carry the REST details", async () => {
    const bad = truck({ vehicle_id: "a b", model_code: "NOPE", overrides: { tareKg: 1, foo: 1 } });
    const rest = await call("POST", "/vehicles", { key: t.a.key, body: bad });
    const err = await caller().fleet.create(bad).catch((e) => e);
    expect(err.code).toBe("UNPROCESSABLE_CONTENT");
    expect(err.cause.details).toEqual(rest.json.detail);

    // Over HTTP the details are in the error's data.
    const res = await trpcRoute.POST(new Request("http://planner.test/api/trpc/fleet.create", {
      method: "POST", headers: { "content-type": "application/json", cookie: await sessionCookie(t.a.key) }, body: JSON.stringify(bad),
    }));
    const body = await res.json();
    expect(res.status).toBe(422);
    expect(body.error.data.details).toEqual(rest.json.detail);
  });
});

describe("overrides reach the planner", () => {
  it("a smaller battery needs more stops or is not drivable; deleting keeps planned tours' figures", async () => {
    const base = await plan("mb-eactros-600");
    expect(base.status).toBe("succeeded");
    expect((await call("POST", "/vehicles", { key: t.a.key, body: truck({ vehicle_id: "small", overrides: { usableBatteryKWh: 200 } }) })).status).toBe(201);
    const small = await plan("small");
    expect(small.status === "not_drivable" || small.stops > base.stops, `base ${base.stops} stops, small ${small.status} ${small.stops}`).toBe(true);

    // Queued with the small battery, then deleted: the job plans with the frozen figures.
    const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ vehicle_id: "small" }) });
    expect((await call("DELETE", "/vehicles/small", { key: t.a.key })).status).toBe(204);
    while (await runNextJob(db(), WORKER)) {
      /* drain */
    }
    const later = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
    expect(later.json.status).toBe(small.status);
    expect(later.json.sections.length).toBe(small.sections.length);
    const gone = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ vehicle_id: "small" }) });
    expect(gone.status).toBe(422);
  });
});

describe("OpenAPI", () => {
  it("documents the fleet operations from the zod contract", async () => {
    const doc = (await call("GET", "/openapi.json")).json;
    expect(Object.keys(doc.paths["/vehicles"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/vehicles/{vehicle_id}"]).sort()).toEqual(["delete", "get", "patch"]);
    expect(doc.paths["/vehicles"].post.responses["409"]).toBeTruthy();
    expect(doc.paths["/vehicles/{vehicle_id}"].delete.responses["204"]).toBeTruthy();
    const s = doc.components.schemas;
    expect(s.FleetVehicleInput.required).toEqual(expect.arrayContaining(["vehicle_id", "model_code", "name"]));
    expect(s.VehicleOverrides.additionalProperties).toBe(false);
    expect(s.VehicleOverrides.properties.dragAreaM2).toMatchObject({ minimum: 2, maximum: 15 });
    expect(s.FleetVehicle.properties.effective).toBeTruthy();
  });
});
