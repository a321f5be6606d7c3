// The fleet day pages' tRPC (SQLite and PostgreSQL): a CSV's places resolved by the service's geocoder,
// a day's tours named from their stored sections, and the tenant's days for History, each with its
// date, tours, status and conflicts; another tenant sees none of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/trpc/routers";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { planNextJob } from "../support/jobs";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});
afterAll(closeDatabase);

const caller = (tenant: { id: number }) =>
  appRouter.createCaller({ auth: { tenantId: tenant.id, tenantName: "t", keyId: 0, role: "admin" }, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });

describe("fleetDay.resolvePlaces", () => {
  it("resolves names by the geocoder and names coordinates, each with its zone; a name it does not know is null", async () => {
    const [hamburg, nowhere, coords, lisboa] = await caller(t.a).fleetDay.resolvePlaces({
      places: [{ address: "Hamburg" }, { address: "Xqzvy Plonkton" }, { lat: 48.14, lon: 11.58 }, { address: "Lisboa" }],
    });
    expect(hamburg).toMatchObject({ label: "Hamburg, DE", time_zone: "Europe/Berlin", approximate: false });
    expect(hamburg!.lat).toBeCloseTo(53.55, 1);
    expect(nowhere).toBeNull();
    expect(coords).toMatchObject({ lat: 48.14, lon: 11.58, time_zone: "Europe/Berlin" });
    expect(coords!.label).toMatch(/München/);
    expect(lisboa).toMatchObject({ time_zone: "Europe/Lisbon" });
  });

  it("refuses more places than a day's tours have ends", async () => {
    await expect(caller(t.a).fleetDay.resolvePlaces({ places: Array.from({ length: 101 }, () => ({ address: "Hamburg" })) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("fleet days of a tenant", () => {
  it("lists a day with its first departure, tours, status and conflicts; names its tours; only for its tenant", async () => {
    const tour = (name: string, priority: number) => ({
      ...hamburgMunich({ start_time_tour: "2026-12-01T07:00:00+01:00", battery_level_start: 0.6 }),
      priority, section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000, section_id: name }],
    });
    const submitted = await caller(t.a).fleetDay.submit({ body: { tours: [tour("HH-MUC early", 1), tour("HH-MUC", 0)] } });
    const listed = await caller(t.a).fleetDay.list({ page: 1, pageSize: 10 });
    expect(listed.total).toBe(1);
    expect(listed.days[0]).toMatchObject({
      fleet_id: submitted.fleet_id, tours: 2, status: "queued", first_departure: "2026-12-01T06:00:00.000Z", time_zone: "Europe/Berlin",
      conflicts_alone: null, conflicts: null, error: null,
    });
    expect((await caller(t.b).fleetDay.list({ page: 1, pageSize: 10 })).total).toBe(0);
    await expect(caller(t.b).fleetDay.get({ fleetId: submitted.fleet_id })).rejects.toMatchObject({ code: "NOT_FOUND" });

    while (await planNextJob(db(), { leaseS: 600, maxAttempts: 3 })) { /* the day's lead job plans both */ }
    const day = await caller(t.a).fleetDay.get({ fleetId: submitted.fleet_id });
    expect(day.status).toBe("succeeded");
    const [first, second] = submitted.tours.map((x) => day.labels[x.tour_id]);
    expect(first).toMatchObject({ name: "HH-MUC early", via: 0, departure: "2026-12-01T06:00:00.000Z", time_zone: "Europe/Berlin" });
    expect(first.from).toMatch(/Hamburg/);
    expect(first.to).toMatch(/München/);
    expect(second.name).toBe("HH-MUC");
    const after = (await caller(t.a).fleetDay.list({})).days[0];
    expect(after).toMatchObject({ status: "succeeded", conflicts_alone: day.conflicts_alone!.length, conflicts: day.conflicts!.length });
  });
});
