// tRPC stations.prices.checkCsv, the prices page's import check: an admin's CSV is read as PUT
// /poi/prices reads it, nothing is stored, and its 422 reaches the browser with each line; a
// member key cannot use it (it is part of changing the prices).
import { afterAll, beforeAll, expect, it } from "vitest";
import * as trpcRoute from "@/app/api/trpc/[trpc]/route";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { whileProbingHealthz } from "../support/healthz-probe";
import { sessionCookie } from "../support/session";

let t: TestTenants;
let member: string;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  member = (await createApiKey(db(), t.a.id, "member", "member")).key;
});
afterAll(closeDatabase);

async function checkCsv(key: string, csv: string) {
  const req = new Request("http://planner.test/api/trpc/stations.prices.checkCsv", {
    method: "POST",
    headers: { cookie: await sessionCookie(key), "content-type": "application/json" },
    body: JSON.stringify({ csv }),
  });
  const res = await trpcRoute.POST(req);
  return { status: res.status, json: await res.json() };
}

it("reads the contracts and stores nothing", async () => {
  const before = (await call("GET", "/poi/prices", { key: t.a.key })).json;
  const r = await checkCsv(t.a.key, "operator;country;energy_price_per_kWh\nIONITY;DE;0,39\n\nMilence;;0.42\n");
  expect(r.status).toBe(200);
  expect(r.json.result.data.contracts).toEqual([{ operator: "IONITY", country: "DE", energy_price_per_kWh: 0.39 }, { operator: "Milence", energy_price_per_kWh: 0.42 }]);
  expect((await call("GET", "/poi/prices", { key: t.a.key })).json).toEqual(before);
});

it("answers 422 with every bad cell at its row and the text's line", async () => {
  const r = await checkCsv(t.a.key, "operator,energy_price_per_kWh\n\nIONITY,cheap\nAral,0.5\n,11\n");
  expect(r.status).toBe(422);
  expect(r.json.error.data.details.map((d: any) => [d.loc, d.line])).toEqual([
    [["body", 1, "energy_price_per_kWh"], 3],
    [["body", 3, "operator"], 5],
    [["body", 3, "energy_price_per_kWh"], 5],
  ]);
});

it("a member key is refused, as for every change of the prices", async () => {
  const r = await checkCsv(member, "operator,energy_price_per_kWh\nIONITY,0.3\n");
  expect(r.status).toBe(403);
  expect(r.json.error.data.code).toBe("FORBIDDEN");
});

it("1 MB of lines, each with a bad cell: every one reported at its line, the web thread never held for long", async () => {
  // One bad cell a line keeps the answer small (2,000 details): what is timed is reading the text and finding the lines.
  const header = "operator,country,connector,min_power_kW,max_power_kW,currency,energy_price_per_kWh,session_fee,price_per_min,per_min_after_min,note";
  const row = `IONITY,DE,CCS,150,,EUR,cheap,,,,"${"n".repeat(220)}\n${"n".repeat(220)}"`;
  const csv = `${header}\n${Array(2000).fill(row).join("\n\n")}\n`;
  expect(JSON.stringify({ csv }).length).toBeGreaterThan(960_000); // near the 1 MB a request may carry
  // Once unprobed: the first run of the process also compiles the code it runs.
  expect((await checkCsv(t.a.key, csv)).status).toBe(422);
  const probed = await whileProbingHealthz(() => checkCsv(t.a.key, csv));
  expect(probed.value.status).toBe(422);
  const details = probed.value.json.error.data.details;
  expect(details).toHaveLength(2000);
  // Each row spans two lines of the text (its quoted note), and a blank line separates rows.
  expect(details.at(-1)).toMatchObject({ loc: ["body", 2000, "energy_price_per_kWh"], line: 2 + 3 * 1999 });
  expect(probed.slowestMs).toBeLessThan(100);
});
