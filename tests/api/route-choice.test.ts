// Route choice through POST /planner/v2: the result lists the routes considered (route_alternatives,
// valid for the contract), route_choice plans a listed route, avoid_tolls is read, and a route_choice
// of the wrong length is a 422 at its field.
import { beforeAll, expect, it } from "vitest";
import { OptimizationResultResponse } from "@/contract/result";
import { db } from "@/server/db/client";
import { runNextJob } from "@/server/jobs/table-queue";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

async function planned(body: Record<string, unknown>) {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body });
  expect(submit.status, submit.text).toBe(200);
  while (await runNextJob(db(), { leaseS: 60, maxAttempts: 1 })) {
    /* drain */
  }
  const r = (await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key })).json;
  return OptimizationResultResponse.parse(r);
}

it("lists the routes considered, and plans the one route_choice names", async () => {
  const r = await planned(hamburgMunich({ battery_level_start: 0.8, avoid_tolls: false }));
  expect(r.status).toBe("succeeded");
  const routes = r.route_alternatives!;
  expect(routes.length).toBeGreaterThanOrEqual(2);
  expect(routes.filter((a) => a.chosen)).toHaveLength(1);
  expect(routes[0].route_choice).toEqual([0]);
  for (const a of routes) expect(a.polyline.length).toBeGreaterThan(10);
  const other = routes.find((a) => !a.chosen)!;
  const forced = await planned(hamburgMunich({ battery_level_start: 0.8, route_choice: other.route_choice }));
  const chosen = forced.route_alternatives!.find((a) => a.chosen)!;
  expect(chosen.route_choice).toEqual(other.route_choice);
  // Planned, its line is the plan (detours to chargers included); not planned, its road alone.
  expect(chosen.distance_m).toBe(forced.totals!.distance_m);
  expect(chosen.distance_m).toBeGreaterThanOrEqual(other.distance_m);
  expect(chosen.distance_m).toBeLessThan(other.distance_m + 20_000);
  expect(forced.route_alternatives!.filter((a) => !a.chosen).every((a) => a.reason === "route_choice" && a.status === "not_evaluated")).toBe(true);
}, 120_000);

it("refuses a route_choice that is not one entry per section, and indices out of range", async () => {
  const wrong = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ route_choice: [0, 1] }) });
  expect(wrong.status).toBe(422);
  expect(wrong.json.detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(["body", "route_choice"]);
  const range = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ route_choice: [4] }) });
  expect(range.status).toBe(422);
  expect(range.json.detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(["body", "route_choice", 0]);
  const tolls = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ avoid_tolls: "yes" }) });
  expect(tolls.status).toBe(422);
  expect(tolls.json.detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(["body", "avoid_tolls"]);
});

it("a tour of two days whose fastest road waits for the Sunday ban: that road is planned last, under the best plan's cutoff, and every road is settled", async () => {
  // Amsterdam -> Munich -> Berlin leaving on a Friday: the fastest road's plan waits 11 h for the Sunday ban,
  // so the probes of the other roads find better plans, and those roads are planned first (route-choice.ts).
  const r = await planned({
    vehicle_id: "volvo-fh-electric", start_time_tour: "2026-11-20T06:00:00Z", battery_level_start: 0.8, battery_level_end: 0.2, poi_info: {},
    section_list: [{ start_pos: [52.37, 4.9], stop_pos: [48.14, 11.58], payload_kg: 20000 }, { start_pos: [48.14, 11.58], stop_pos: [52.52, 13.4], payload_kg: 20000 }],
  });
  expect(r.status).toBe("succeeded");
  const routes = r.route_alternatives!;
  const chosen = routes.find((a) => a.chosen)!;
  expect(routes[0].route_choice).toEqual([0, 0]);
  expect(chosen.route_choice).not.toEqual([0, 0]);
  expect(r.warnings!.some((w) => w.includes("another road than the fastest"))).toBe(true);
  // The fastest road's search showed it cannot beat the chosen plan; no road was left to route choice's limit of work.
  expect(routes[0]).toMatchObject({ reason: "lower_bound", chosen: false });
  expect(routes[0].note).toMatch(/^not planned to the end: its charging search showed that no plan on it beats the chosen one/);
  for (const a of routes) expect(a.reason).not.toBe("search_limit");
  for (const a of routes.filter((x) => x.objective_value != null)) expect(a.objective_value!).toBeGreaterThanOrEqual(chosen.objective_value!);
}, 120_000);
