// The OCPI pull's storage path on PostgreSQL (project api-pg; tests/api/ocpi-pull.test.ts covers the rest
// on SQLite): the handshake and a full pull over two pages from the fixture CPO written from OCPI 2.2.1
// (tests/support/ocpi-cpo-fixture.ts), an incremental pull that changes one EVSE status, a full pull's
// removal, one puller per source however many try at once, tenant scoping, and a deletion that takes
// the pulled sites out. On SQLite (project api) the file is skipped: ocpi-pull.test.ts runs there.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/server/db/client";
import { pullOptions, type PullOptions } from "@/server/ocpi/pull/options";
import { pullSourceNow } from "@/server/ocpi/pull/schedule";
import { storedSites } from "@/server/stations/store";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { fixtureLocation, startCpo, type CpoFixture } from "../support/ocpi-cpo-fixture";

vi.hoisted(() => {
  process.env.OCPI_PULL_ALLOW_HTTP = "true";
  process.env.OCPI_PULL_ALLOWED_HOSTS = "127.0.0.1";
});

const onPostgres = process.env.TEST_DATABASE === "postgresql";
let t: TestTenants;
let f: CpoFixture;
let id: number;
const opts = (over: Partial<PullOptions> = {}): PullOptions => ({ ...pullOptions(), timeoutMs: 2_000, ...over });
const sitesOf = async (tenantId: number) => (await storedSites(db(), tenantId)).map((s) => s.draft.externalId).filter((x) => x.startsWith("ocpi:")).sort();

describe.skipIf(!onPostgres)("OCPI pulls on PostgreSQL", () => {
  beforeAll(async () => {
    await freshDatabase();
    t = await twoTenants();
    f = await startCpo({ locations: [fixtureLocation("L1"), fixtureLocation("L2"), fixtureLocation("L3")], pageSize: 2 });
  });
  afterAll(async () => {
    await f?.close();
    await closeDatabase();
  });

  it("handshake and a full pull over two pages: the sites are the tenant's alone", async () => {
    const r = await call("POST", "/ocpi/sources", { key: t.a.key, body: { versions_url: f.versionsUrl, token: f.tokenA } });
    expect(r.status, r.text).toBe(201);
    id = r.json.id;
    const [one, two] = await Promise.all([pullSourceNow(db(), id, opts()), pullSourceNow(db(), id, opts())]);
    // One claim wins; the other finds the source leased.
    expect([one, two].filter((x) => x === null)).toHaveLength(1);
    expect(one ?? two).toMatchObject({ ok: true, summary: { kind: "full", pages: 2, objects: 3, written: 3 } });
    expect(await sitesOf(t.a.id)).toEqual(["ocpi:NL:TNM:L1", "ocpi:NL:TNM:L2", "ocpi:NL:TNM:L3"]);
    expect(await sitesOf(t.b.id)).toEqual([]);
    expect((await call("GET", `/ocpi/sources/${id}`, { key: t.a.key })).json).toMatchObject({ status: "ok", objects_pulled: 3, roles: [{ role: "CPO" }] });
  });

  it("an incremental pull changes one EVSE's status; a full one removes what is no longer listed", async () => {
    const now = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    const l1 = fixtureLocation("L1") as any;
    l1.evses[1] = { ...l1.evses[1], status: "OUTOFORDER", last_updated: now };
    l1.last_updated = now;
    f.locations[0] = l1;
    expect(await pullSourceNow(db(), id, opts())).toMatchObject({ ok: true, summary: { kind: "incremental", objects: 1, written: 1 } });
    expect((await db().ocpiEvseStatus.findFirstOrThrow({ where: { evseKey: "l1-2" } })).status).toBe("OUTOFORDER");
    f.locations.splice(1, 1);
    expect(await pullSourceNow(db(), id, opts({ fullEveryMs: 0 }))).toMatchObject({ ok: true, summary: { kind: "full", objects: 2, removed: 1 } });
    expect(await sitesOf(t.a.id)).toEqual(["ocpi:NL:TNM:L1", "ocpi:NL:TNM:L3"]);
  });

  it("a source that is down keeps the data; deleting the source takes its sites out", async () => {
    f.mode = "down";
    expect(await pullSourceNow(db(), id, opts())).toMatchObject({ ok: false, error: { stage: "locations" } });
    f.mode = "ok";
    expect(await sitesOf(t.a.id)).toEqual(["ocpi:NL:TNM:L1", "ocpi:NL:TNM:L3"]);
    expect((await call("DELETE", `/ocpi/sources/${id}`, { key: t.a.key })).status).toBe(204);
    expect(await sitesOf(t.a.id)).toEqual([]);
    expect(await db().ocpiLocation.count()).toBe(0);
  });
});
