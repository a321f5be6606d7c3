// The web thread's budget while PUT /poi/prices reads the largest CSV allowed and 1 MB hostile ones:
// /healthz answers within 100 ms throughout. A budget probe (tests/vitest.config.ts BUDGET_PROBES): run
// alone after the stages that share the cores, so that only the server's own work is measured.
import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../support/api";
import { closeDatabase, freshDatabase, twoTenants, type TestTenants } from "../support/env";
import { whileProbingHealthz } from "../support/healthz-probe";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  // Warm, as a running server is: a price list set once as JSON and once as a small CSV (the first request of a
  // process compiles the reader; that is start-up, not the budget of a request).
  expect((await call("PUT", "/poi/prices", { key: t.a.key, body: { contracts: [{ operator: "Kept", energy_price_per_kWh: 0.3 }] } })).status).toBe(200);
  expect((await putCsv(rows(20))).status).toBe(200);
});
afterAll(closeDatabase);

const HEADER = "operator;country;connector;min_power_kW;max_power_kW;currency;energy_price_per_kWh;session_fee;price_per_min;per_min_after_min;note\n";
const row = (i: number, note = 400) => `Operator ${String(i).padStart(4, "0")} GmbH;DE;CCS;50;350;EUR;0,39;1,5;0,1;30;${"n".repeat(note)}\n`;
const rows = (n: number, note?: number) => HEADER + Array.from({ length: n }, (_, i) => row(i, note)).join("");
const putCsv = (csv: string) => call("PUT", "/poi/prices", { key: t.a.key, rawBody: csv, contentType: "text/csv" });
const storedContracts = async () => (await call("GET", "/poi/prices", { key: t.a.key })).json.contracts;

it("/healthz answers within 100 ms while the largest CSV allowed and 1 MB hostile ones are served", async () => {
  const largest = rows(2_000, Math.floor((999_900 - HEADER.length) / 2_000) - row(0, 0).length);
  expect(Buffer.byteLength(largest)).toBeGreaterThan(990_000);
  expect(Buffer.byteLength(largest)).toBeLessThan(1_000_000);
  const invalid = "operator;country;connector;min_power_kW;max_power_kW;currency;energy_price_per_kWh;session_fee;price_per_min;per_min_after_min;note\n" +
    `x${";x".repeat(9)};${"n".repeat(470)}\n`.repeat(2_000);
  const hostile: [string, string, number][] = [
    ["the largest valid", largest, 200],
    ["every cell of 2,000 rows invalid", invalid.slice(0, 999_000), 422],
    ["rows past 2,000", "operator;energy_price_per_kWh\n" + "X;0.3\n".repeat(160_000), 422],
    ["400,000 columns", "operator" + ",x".repeat(499_000), 422],
    ["one quoted cell", `operator\n"${'""'.repeat(499_000)}"`, 422],
    ["blank lines", "operator\n" + "\r\n".repeat(499_000), 200],
  ];
  for (const [what, csv, status] of hostile) {
    expect(Buffer.byteLength(csv), what).toBeLessThan(1_000_000);
    const probed = await whileProbingHealthz(() => putCsv(csv));
    expect(probed.value.status, `${what}: ${probed.value.text.slice(0, 300)}`).toBe(status);
    expect(probed.slowestMs, what).toBeLessThan(100);
  }
  expect(await storedContracts()).toEqual([]); // the blank lines' CSV: no contracts
});
