// API keys through the tRPC keys router: admins only for changes, tenant
// isolation, the plain key returned once, hashes never listed, revocation.
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey, verifyKey, type AuthContext } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { appRouter } from "@/server/trpc/routers";
import { call } from "../support/api";
import { freshDatabase, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
let adminA: AuthContext;
let memberA: AuthContext;
let adminB: AuthContext;
let memberKeyA: string;

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  adminA = await verifyKey(db(), t.a.key);
  adminB = await verifyKey(db(), t.b.key);
  memberKeyA = (await createApiKey(db(), t.a.id, "member key", "member")).key;
  memberA = await verifyKey(db(), memberKeyA);
});

const caller = (auth: AuthContext) => appRouter.createCaller({ auth, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });

describe("tRPC keys router", () => {
  it("an admin creates a key: the plain key is in that answer only, and it verifies", async () => {
    const created = await caller(adminA).keys.create({ label: "Dispatch system", role: "member" });
    expect(created.key).toMatch(new RegExp(`^etp_${created.record.prefix}_[A-Za-z0-9_-]{43}$`));
    expect(created.record).toMatchObject({ label: "Dispatch system", role: "member", revoked_at: null, last_used_at: null, current: false });

    const listed = (await caller(adminA).keys.list()).find((k) => k.id === created.record.id);
    expect(listed).toMatchObject({ prefix: created.record.prefix, label: "Dispatch system" });
    // Nothing in the list carries the key, its secret or its hash.
    const row = await db().apiKey.findUniqueOrThrow({ where: { id: created.record.id } });
    const text = JSON.stringify(await caller(adminA).keys.list());
    expect(text).not.toContain(created.key);
    expect(text).not.toContain(created.key.slice(`etp_${created.record.prefix}_`.length));
    expect(text).not.toContain(row.hash);
    expect(Object.keys(listed!).sort()).toEqual(["created_at", "current", "id", "label", "last_used_at", "prefix", "revoked_at", "role"]);

    const auth = await verifyKey(db(), created.key);
    expect(auth).toMatchObject({ tenantId: t.a.id, role: "member", keyId: created.record.id });
    // Using the key is recorded for the list.
    expect((await caller(adminA).keys.list()).find((k) => k.id === created.record.id)?.last_used_at).not.toBeNull();
    // Works on REST too.
    expect((await call("GET", "/vehicles", { key: created.key })).status).toBe(200);
  });

  it("a member may list but gets FORBIDDEN for create and revoke", async () => {
    const list = await caller(memberA).keys.list();
    expect(list.find((k) => k.id === memberA.keyId)?.current).toBe(true);
    await expect(caller(memberA).keys.create({ label: "nope", role: "admin" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(caller(memberA).keys.revoke({ id: adminA.keyId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await verifyKey(db(), t.a.key)).toMatchObject({ role: "admin" });
  });

  it("keys are tenant-scoped: another tenant's key id is not found, like a missing one", async () => {
    const listA = await caller(adminA).keys.list();
    const listB = await caller(adminB).keys.list();
    expect(listA.map((k) => k.id)).not.toContain(adminB.keyId);
    expect(listB.map((k) => k.id)).toEqual([adminB.keyId]);

    const foreign = await caller(adminA).keys.revoke({ id: adminB.keyId }).catch((e) => e);
    const missing = await caller(adminA).keys.revoke({ id: 999_999 }).catch((e) => e);
    expect(foreign.code).toBe("NOT_FOUND");
    expect(missing.code).toBe("NOT_FOUND");
    expect(foreign.message.replace(String(adminB.keyId), "X")).toBe(missing.message.replace("999999", "X"));
    // B's key still works.
    expect(await verifyKey(db(), t.b.key)).toMatchObject({ tenantId: t.b.id });
  });

  it("revoking makes the key fail verifyKey; revoking again keeps the first date", async () => {
    const { key, record } = await caller(adminA).keys.create({ label: "to revoke", role: "admin" });
    await verifyKey(db(), key);
    const revoked = await caller(adminA).keys.revoke({ id: record.id });
    expect(revoked.revoked_at).not.toBeNull();
    expect(revoked.signedOut).toBe(false);
    await expect(verifyKey(db(), key)).rejects.toMatchObject({ status: 401 });
    expect((await call("GET", "/vehicles", { key })).status).toBe(401);
    const again = await caller(adminA).keys.revoke({ id: record.id });
    expect(again.revoked_at).toBe(revoked.revoked_at);
    expect((await caller(adminA).keys.list()).find((k) => k.id === record.id)?.revoked_at).toBe(revoked.revoked_at);
  });

  it("the session's own key is revoked only when that is asked for explicitly", async () => {
    const { key } = await caller(adminA).keys.create({ label: "my session", role: "admin" });
    const self = await verifyKey(db(), key);
    await expect(caller(self).keys.revoke({ id: self.keyId })).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    expect(await verifyKey(db(), key)).toMatchObject({ keyId: self.keyId });
    const done = await caller(self).keys.revoke({ id: self.keyId, revokeCurrentSession: true });
    expect(done).toMatchObject({ current: true, signedOut: true });
    await expect(verifyKey(db(), key)).rejects.toMatchObject({ status: 401 });
  });

  it("invalid input is 422 with REST-style details on the field", async () => {
    const err = await caller(adminA).keys.create({ label: "  ", role: "owner" as "admin" }).catch((e) => e);
    expect(err.code).toBe("UNPROCESSABLE_CONTENT");
    const locs = err.cause.details.map((d: { loc: string[] }) => d.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.label", "body.role"]));
    const extra = await caller(adminA).keys.create({ label: "x", role: "admin", hash: "x" } as never).catch((e) => e);
    expect(extra.cause.details[0]).toMatchObject({ loc: ["body", "hash"], type: "extra_forbidden" });
    const badId = await caller(adminA).keys.revoke({ id: -1 }).catch((e) => e);
    expect(badId.cause.details[0].loc).toEqual(["body", "id"]);
  });

  it("without a session every procedure is UNAUTHORIZED", async () => {
    const anon = appRouter.createCaller({ auth: null, sessionId: null, sessionToken: null, resHeaders: new Headers(), secure: false });
    await expect(anon.keys.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anon.keys.create({ label: "x", role: "admin" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});
