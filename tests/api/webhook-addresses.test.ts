// callback_url under the default operator settings (https only, no allow-list):
// what can be decided without DNS is a 422 at ["body", "callback_url"] and
// stores nothing; a name that resolves to a refused address passes the submit
// and is refused at delivery, before any connection, with a last_error that
// does not say what the name resolved to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { addressRefusal, parsePolicy, urlRefusal } from "@/server/webhooks/address-policy";
import { deliverDue, deliveryOptions } from "@/server/webhooks/delivery";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { startReceiver } from "../support/webhook-receiver";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  expect((await call("POST", "/webhooks/secret", { key: t.a.key })).status).toBe(200);
});
afterAll(closeDatabase);

const submit = (callback_url: unknown) => call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ callback_url }) });

describe("callback_url refused at submit", () => {
  it.each([
    ["http://hooks.example.com/done", /must be an https:\/\/ URL/],
    ["https://127.0.0.1/hook", /127\.0\.0\.1 is a loopback address/],
    ["https://2130706433/hook", /127\.0\.0\.1 is a loopback address/],
    ["https://10.0.0.1/hook", /10\.0\.0\.1 is a private \(RFC 1918\) address/],
    ["https://192.168.1.20:8443/hook", /private \(RFC 1918\)/],
    ["https://[::1]/hook", /::1 is a loopback address/],
    ["https://[::ffff:127.0.0.1]/hook", /loopback/],
    ["https://[fd00::1]/hook", /unique-local/],
    ["https://169.254.169.254/latest/meta-data", /169\.254\.169\.254 is a link-local address/],
    ["https://[fe80::1]/hook", /link-local/],
    ["https://0.0.0.0/hook", /unspecified/],
    ["https://100.64.0.1/hook", /CGNAT/],
    // IPv6 forms that carry an IPv4 address are judged by it (the URL parser writes them in hex).
    ["https://[::127.0.0.1]:9443/", /^::7f00:1 \(IPv4-compatible\) carries 127\.0\.0\.1, a loopback address/],
    ["https://[::ffff:0:10.0.0.1]/hook", /\(IPv4-translated\) carries 10\.0\.0\.1, a private/],
    ["https://[64:ff9b::169.254.169.254]/hook", /\(NAT64\) carries 169\.254\.169\.254, a link-local/],
    ["https://[2002:7f00:1::1]/hook", /\(6to4\) carries 127\.0\.0\.1, a loopback/],
    ["https://[2001:0:a00:1:8000:63bf:f7f7:fbfb]/hook", /\(Teredo\) carries the server address 10\.0\.0\.1/],
    ["https://[2001:0:808:808:8000:63bf:80ff:fffe]/hook", /\(Teredo\) carries the client address 127\.0\.0\.1/],
    // Relays and translators are refused even to public IPv4 addresses, unless the operator lists them.
    ["https://[2002:808:808::1]/hook", /is a 6to4 \(2002::\/16\) address/],
    ["https://user:pass@hooks.example.com/done", /credentials/],
  ])("%s", async (url, msg) => {
    const jobs = await db().job.count();
    const res = await submit(url);
    expect(res.status, res.text).toBe(422);
    expect(res.json.detail).toEqual([{ loc: ["body", "callback_url"], msg: expect.stringMatching(msg), type: "value_error" }]);
    expect(await db().job.count()).toBe(jobs);
  });

  it("a malformed one is the schema's 422; a public https one is stored with the job", async () => {
    for (const bad of ["not a url", "ftp://hooks.example.com/", 42, `https://example.com/${"x".repeat(2050)}`]) {
      const res = await submit(bad);
      expect(res.status, String(bad)).toBe(422);
      expect(res.json.detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(["body", "callback_url"]);
    }
    const ok = await submit("https://hooks.example.com/done?fleet=7");
    expect(ok.status, ok.text).toBe(200);
    const job = await call("GET", `/planner/jobs/${ok.json.job_id}`, { key: t.a.key });
    expect(job.json.callback).toMatchObject({ url: "https://hooks.example.com/done?fleet=7", status: "pending", attempts: 0 });
    expect(job.json.callback.webhook_id).toMatch(/^msg_[0-9a-f-]{36}$/);
  });

  it("the OpenAPI document describes the field and the job's callback", async () => {
    const doc = (await call("GET", "/openapi.json")).json;
    expect(doc.components.schemas.RouteOptimizationRequest.properties.callback_url.description).toMatch(/https/);
    expect(doc.components.schemas.JobRecord.properties.callback).toBeTruthy();
    expect(doc.paths["/webhooks/secret"].post.operationId).toBe("rotateWebhookSecret");
  });
});

describe("a name that resolves to loopback", () => {
  it("is accepted at submit and refused at delivery without a connection, and without saying what it resolved to", async () => {
    const receiver = await startReceiver();
    try {
      const res = await submit(`https://localhost:${receiver.port}/hook`);
      expect(res.status, res.text).toBe(200);
      await db().job.update({ where: { id: res.json.job_id }, data: { status: "failed", error: "ended by the test", finishedAt: new Date() } });
      expect(await deliverDue(db(), deliveryOptions())).toBe(1);
      const view = (await call("GET", `/planner/jobs/${res.json.job_id}`, { key: t.a.key })).json.callback;
      expect(view).toMatchObject({ status: "pending", attempts: 1, last_status_code: null });
      expect(view.last_error).toBe("refused: localhost resolves to an address that is not allowed (private, loopback or otherwise special); only public addresses are called unless the operator's WEBHOOK_ALLOWED_HOSTS lists it");
      expect(view.last_error).not.toMatch(/127\.0\.0\.1|::1|7f00/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});

describe("the operator's allow-list", () => {
  it("names hosts, addresses and ranges; http only when allowed", () => {
    const p = parsePolicy(true, " hooks.internal , 10.1.0.0/16,[fd12::1], 127.0.0.1");
    expect(urlRefusal("http://hooks.internal/x", p)).toBeNull();
    expect(urlRefusal("http://10.1.2.3/x", p)).toBeNull();
    expect(urlRefusal("http://10.2.0.1/x", p)).toMatch(/private/);
    expect(urlRefusal("https://[fd12::1]/x", p)).toBeNull();
    expect(urlRefusal("https://[fd12::2]/x", p)).toMatch(/unique-local/);
    expect(addressRefusal("::ffff:10.1.0.9", p)).toBeNull();
    expect(urlRefusal("https://127.0.0.1:8080/x", p)).toBeNull();
    expect(urlRefusal("https://127.0.0.2/x", p)).toMatch(/loopback/);
    expect(urlRefusal("ftp://hooks.internal/x", p)).toMatch(/https/);
    const strict = parsePolicy(false, "");
    expect(urlRefusal("http://hooks.internal/x", strict)).toMatch(/https/);
    expect(urlRefusal("https://hooks.example.com/x", strict)).toBeNull();
    expect(urlRefusal("https://8.8.8.8/x", strict)).toBeNull();
    expect(urlRefusal("https://[2001:db8::1]/x", strict)).toMatch(/reserved|special/);
    // An IPv6 form of a listed IPv4 address; a relay's range only with the IPv4 addresses behind it.
    expect(urlRefusal("https://[::127.0.0.1]:8080/x", p)).toBeNull();
    expect(urlRefusal("https://[2002:7f00:1::1]/x", p)).toMatch(/6to4/);
    expect(urlRefusal("https://[2002:7f00:1::1]/x", parsePolicy(false, "2002::/16"))).toMatch(/carries 127\.0\.0\.1, a loopback/);
    expect(urlRefusal("https://[2002:7f00:1::1]/x", parsePolicy(false, "2002::/16,127.0.0.1"))).toBeNull();
  });
});
