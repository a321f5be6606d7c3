// Web app sessions: sign-in exchanges the API key for a server-side session
// (the cookie holds a random token, never the key); sign-out, key revocation
// and an admin's "end session" end it server-side; Secure and __Host- over
// https (also behind a proxy); idle and absolute expiry on a controlled clock.
import { beforeAll, describe, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { createApiKey, revokeApiKey, verifyKey } from "@/server/auth/keys";
import { createSession, resolveSession } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { freshDatabase, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

const BASE = "http://planner.test";

async function trpc(path: string, opts: { cookie?: string; input?: unknown; headers?: Record<string, string>; base?: string } = {}) {
  const url = new URL(`/api/trpc/${path}`, opts.base ?? BASE);
  const mutation = /^session\.(signIn|signOut|end)$/.test(path);
  if (!mutation && opts.input !== undefined) url.searchParams.set("input", JSON.stringify(opts.input));
  const headers: Record<string, string> = { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(mutation ? { "content-type": "application/json" } : {}), ...opts.headers };
  const res = mutation
    ? await trpcRoute.POST(new Request(url, { method: "POST", headers, body: JSON.stringify(opts.input ?? {}) }))
    : await trpcRoute.GET(new Request(url, { headers }));
  const json = await res.json();
  return { status: res.status, json, setCookie: res.headers.get("set-cookie") };
}

/** Signs in with `key`; returns the Cookie header value the browser would send back. */
async function signIn(key: string, headers: Record<string, string> = {}, base?: string) {
  const res = await trpc("session.signIn", { input: { apiKey: key }, headers, base });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const setCookie = res.setCookie!;
  return { cookie: setCookie.split(";")[0], setCookie };
}

describe("sign-in", () => {
  it("puts a random token in the cookie, never the key or a part of it", async () => {
    const { cookie, setCookie } = await signIn(t.a.key);
    const [name, value] = cookie.split("=");
    expect(name).toBe("etp_session");
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const [, prefix, secret] = /^etp_([a-z0-9]+)_(.+)$/.exec(t.a.key)!;
    for (const part of [t.a.key, prefix, secret, encodeURIComponent(t.a.key)]) expect(setCookie).not.toContain(part);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here
    // Only a hash of the token is stored.
    const rows = await db().webSession.findMany();
    expect(JSON.stringify(rows)).not.toContain(value);
    expect(JSON.stringify(rows)).not.toContain(secret);
    const me = await trpc("session.me", { cookie });
    expect(me.json.result.data).toMatchObject({ tenantId: t.a.id, role: "admin" });
  });

  it("is Secure with the __Host- prefix over https, and behind a proxy that says X-Forwarded-Proto: https", async () => {
    for (const via of [{ base: "https://planner.test" }, { headers: { "x-forwarded-proto": "https" } }]) {
      const { cookie, setCookie } = await signIn(t.a.key, via.headers, via.base);
      expect(setCookie).toMatch(/^__Host-etp_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
      expect((await trpc("fleet.list", { cookie, headers: via.headers, base: via.base })).status).toBe(200);
    }
  });

  it("rotates: signing in again ends the session the browser held", async () => {
    const first = await signIn(t.a.key);
    const second = await signIn(t.a.key, { cookie: first.cookie });
    expect(second.cookie).not.toBe(first.cookie);
    expect((await trpc("fleet.list", { cookie: first.cookie })).status).toBe(401);
    expect((await trpc("fleet.list", { cookie: second.cookie })).status).toBe(200);
  });

  it("the API key itself is no session cookie", async () => {
    expect((await trpc("fleet.list", { cookie: `etp_session=${encodeURIComponent(t.a.key)}` })).status).toBe(401);
  });
});

describe("ending a session", () => {
  it("sign-out ends it server-side: a copied cookie replayed afterwards is refused", async () => {
    const { cookie } = await signIn(t.a.key);
    expect((await trpc("fleet.list", { cookie })).status).toBe(200);
    const out = await trpc("session.signOut", { cookie });
    expect(out.status).toBe(200);
    expect(out.setCookie).toMatch(/^etp_session=; .*Max-Age=0/);
    // The copy: the same cookie sent again.
    expect((await trpc("fleet.list", { cookie })).status).toBe(401);
    expect((await trpc("session.me", { cookie })).json.result.data).toBeNull();
  });

  it("revoking a key ends every session made from it at once", async () => {
    const k = await createApiKey(db(), t.a.id, "laptop", "member");
    const one = await signIn(k.key);
    const two = await signIn(k.key);
    const other = await signIn(t.a.key);
    await revokeApiKey(db(), k.prefix);
    expect((await trpc("fleet.list", { cookie: one.cookie })).status).toBe(401);
    expect((await trpc("fleet.list", { cookie: two.cookie })).status).toBe(401);
    expect((await trpc("fleet.list", { cookie: other.cookie })).status).toBe(200);
    expect(await db().webSession.count({ where: { apiKeyId: (await db().apiKey.findUniqueOrThrow({ where: { prefix: k.prefix } })).id } })).toBe(0);
  });

  it("an admin lists the tenant's sessions and ends one; a member may not; other tenants' are not listed", async () => {
    const member = await createApiKey(db(), t.a.id, "member", "member");
    const memberSession = await signIn(member.key);
    const admin = await signIn(t.a.key, { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0" });
    const other = await signIn(t.b.key);
    const list = await trpc("session.list", { cookie: admin.cookie, input: {} });
    expect(list.status).toBe(200);
    const sessions = list.json.result.data as { id: string; key_prefix: string; current: boolean; user_agent: string | null }[];
    expect(sessions.find((s) => s.current)).toMatchObject({ user_agent: expect.stringContaining("Firefox") });
    const mine = sessions.find((s) => s.key_prefix === `etp_${member.prefix}`)!;
    expect(mine).toBeTruthy();
    expect(JSON.stringify(sessions)).not.toContain(memberSession.cookie.split("=")[1]);
    const bSession = await db().webSession.findFirstOrThrow({ where: { tenantId: t.b.id } });
    expect(sessions.map((s) => s.id)).not.toContain(bSession.id);
    expect((await trpc("session.list", { cookie: memberSession.cookie, input: {} })).status).toBe(403);
    // Another tenant's session cannot be ended from here.
    expect((await trpc("session.end", { cookie: admin.cookie, input: { id: bSession.id } })).status).toBe(404);
    expect((await trpc("fleet.list", { cookie: other.cookie })).status).toBe(200);
    expect((await trpc("session.end", { cookie: admin.cookie, input: { id: mine.id } })).status).toBe(200);
    expect((await trpc("fleet.list", { cookie: memberSession.cookie })).status).toBe(401);
  });
});

describe("expiry", () => {
  const limits = { idleMs: 30 * 60_000, maxMs: 8 * 3_600_000 };
  it("ends after the idle time without use, and at the absolute limit however it is used", async () => {
    const auth = await verifyKey(db(), t.a.key);
    const t0 = new Date("2026-11-25T08:00:00Z");
    const at = (min: number) => new Date(t0.getTime() + min * 60_000);
    const idle = await createSession(db(), auth, { now: t0, limits });
    expect(await resolveSession(db(), idle.token, { now: at(29), limits })).toMatchObject({ tenantId: t.a.id });
    // Used at 29 min: the idle time counts from there.
    expect(await resolveSession(db(), idle.token, { now: at(58), limits })).not.toBeNull();
    expect(await resolveSession(db(), idle.token, { now: at(58 + 31), limits })).toBeNull();
    // Gone for good (deleted), even at a time it would have been live.
    expect(await resolveSession(db(), idle.token, { now: at(1), limits })).toBeNull();

    const busy = await createSession(db(), auth, { now: t0, limits });
    for (let min = 20; min < 8 * 60; min += 20) expect(await resolveSession(db(), busy.token, { now: at(min), limits }), `at ${min} min`).not.toBeNull();
    expect(await resolveSession(db(), busy.token, { now: at(8 * 60), limits })).toBeNull();
  });
});
