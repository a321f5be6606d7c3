// GET .../result?include_available_charging_stations=false leaves the corridor's stations out (most of
// a result's bytes); without it the result keeps them, as the spec says.
import { beforeAll, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { runNextJob } from "@/server/jobs/table-queue";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
let url: string;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich() });
  expect(submit.status, submit.text).toBe(200);
  while (await runNextJob(db(), { leaseS: 60, maxAttempts: 1 })) {
    /* drain */
  }
  url = `/planner/optimizations/${submit.json.optimization_id}/result`;
});

it("keeps available_charging_stations by default and leaves them out on request, the rest unchanged", async () => {
  const full = await call("GET", url, { key: t.a.key });
  expect(full.status, full.text).toBe(200);
  expect(full.json.available_charging_stations.length).toBeGreaterThan(100);
  for (const value of ["false", "0", "no", "off"]) {
    const compact = await call("GET", `${url}?include_available_charging_stations=${value}`, { key: t.a.key });
    expect(compact.status, compact.text).toBe(200);
    expect(compact.json).not.toHaveProperty("available_charging_stations");
    const { available_charging_stations: _, ...rest } = full.json;
    expect(compact.json).toEqual(rest);
    // Measured on this Hamburg -> Munich (no station filter): 570,949 bytes with the stations, 125,640 without.
    expect(compact.text.length).toBeLessThan(full.text.length / 3);
  }
  const explicit = await call("GET", `${url}?include_available_charging_stations=true`, { key: t.a.key });
  expect(explicit.text).toBe(full.text);
});

it("answers 422 on a value that is not a boolean", async () => {
  const res = await call("GET", `${url}?include_available_charging_stations=maybe`, { key: t.a.key });
  expect(res.status).toBe(422);
  expect(res.json.detail).toEqual([expect.objectContaining({ loc: ["query", "include_available_charging_stations"], type: "bool_parsing" })]);
  expect(res.json.request_id).toEqual(expect.any(String));
});
