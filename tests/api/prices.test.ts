// What a plan minimizes (objective) and a tenant's own prices (GET|PUT
// /poi/prices): contracts that make an operator cheap move the cheapest plan's
// charging there, never the fastest plan's.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { call, dispatch } from "../support/api";
import { closeDatabase, freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";
import { plannedV2 } from "../support/jobs";

let t: TestTenants;
let member: string;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  member = (await createApiKey(db(), t.a.id, "member", "member")).key;
});
afterAll(closeDatabase);

const stopsOf = (r: any) => r.sections.map((s: any) => s.poi_summary).filter((p: any) => p.energy_kWh > 0);
const trip = (objective: string) => hamburgMunich({ start_time_tour: "2026-11-25T06:00:00Z", objective });

it("objective is validated, defaults to balanced and is reported", async () => {
  const bad = await call("POST", "/planner/v2", { key: t.a.key, body: trip("quickest") });
  expect(bad.status).toBe(422);
  expect(bad.json.detail.map((d: any) => d.loc)).toEqual([["body", "objective"]]);
  const r = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: "2026-11-25T06:00:00Z" }));
  expect(r.totals.cost.objective).toBe("balanced");
});

it("balanced costs no more than fastest, cheapest buys no dearer energy than balanced, fastest is no slower", async () => {
  const [fastest, balanced, cheapest] = [await plannedV2(t.a.key, trip("fastest")), await plannedV2(t.a.key, trip("balanced")), await plannedV2(t.a.key, trip("cheapest"))];
  for (const r of [fastest, balanced, cheapest]) expect(r.status).toBe("succeeded");
  expect(fastest.totals.cost.objective).toBe("fastest");
  expect(balanced.totals.cost.total).toBeLessThanOrEqual(fastest.totals.cost.total + 0.5);
  expect(cheapest.totals.cost.energy).toBeLessThanOrEqual(balanced.totals.cost.energy + 0.5);
  expect(fastest.totals.duration_min).toBeLessThanOrEqual(Math.min(balanced.totals.duration_min, cheapest.totals.duration_min) + 0.5);
});

it("the price list: every key reads it, only an admin sets it, as JSON or CSV, per tenant", async () => {
  expect((await call("GET", "/poi/prices", { key: t.a.key })).json).toEqual({ contracts: [], depot_energy_price_per_kWh: null, value_of_time_eur_per_h: null, updated_at: null });
  const body = { contracts: [{ operator: "IONITY", energy_price_per_kWh: 0.39, session_fee: 0.5 }], depot_energy_price_per_kWh: 0.18, value_of_time_eur_per_h: 65 };
  expect((await call("PUT", "/poi/prices", { key: member, body })).status).toBe(403);
  const put = await call("PUT", "/poi/prices", { key: t.a.key, body });
  expect(put.status, put.text).toBe(200);
  expect(put.json).toMatchObject({ ...body, updated_at: expect.any(String) });
  expect((await call("GET", "/poi/prices", { key: member })).json.contracts).toHaveLength(1);
  expect((await call("GET", "/poi/prices", { key: t.b.key })).json.contracts).toEqual([]);

  const csv = "operator;country;connector;energy_price_per_kWh;session_fee\nAllego;DE;CCS;0,25;\nFastned;;;0.31;1\n";
  const fromCsv = await call("PUT", "/poi/prices", { key: t.a.key, rawBody: csv, contentType: "text/csv" });
  expect(fromCsv.status, fromCsv.text).toBe(200);
  expect(fromCsv.json.contracts).toEqual([
    { operator: "Allego", country: "DE", connector: "CCS", energy_price_per_kWh: 0.25 },
    { operator: "Fastned", energy_price_per_kWh: 0.31, session_fee: 1 },
  ]);
  expect(fromCsv.json.depot_energy_price_per_kWh).toBe(0.18); // CSV replaces the contracts only

  const badCsv = await call("PUT", "/poi/prices", { key: t.a.key, rawBody: "operator,energy_price_per_kWh\nIONITY,cheap\n,0.3\n", contentType: "text/csv" });
  expect(badCsv.status).toBe(422);
  expect(badCsv.json.detail.map((d: any) => d.loc)).toEqual([["body", 1, "energy_price_per_kWh"], ["body", 2, "operator"]]);
  const badJson = await call("PUT", "/poi/prices", { key: t.a.key, body: { contracts: [{ operator: "X", energy_price_per_kWh: -1 }] } });
  expect(badJson.status).toBe(422);
  expect(badJson.json.detail[0].loc).toEqual(["body", "contracts", 0, "energy_price_per_kWh"]);
  expect((await call("GET", "/poi/prices", { key: t.a.key })).json.contracts).toHaveLength(2); // nothing stored
});

describe("PUT /poi/prices as CSV: its limits, each refused before the rows are validated", () => {
  const HEADER = "operator;country;connector;min_power_kW;max_power_kW;currency;energy_price_per_kWh;session_fee;price_per_min;per_min_after_min;note\n";
  const row = (i: number, note = 400) => `Operator ${String(i).padStart(4, "0")} GmbH;DE;CCS;50;350;EUR;0,39;1,5;0,1;30;${"n".repeat(note)}\n`;
  const rows = (n: number, note?: number) => HEADER + Array.from({ length: n }, (_, i) => row(i, note)).join("");
  const putCsv = (csv: string) => call("PUT", "/poi/prices", { key: t.a.key, rawBody: csv, contentType: "text/csv" });
  const storedContracts = async () => (await call("GET", "/poi/prices", { key: t.a.key })).json.contracts;
  const before = { contracts: [{ operator: "Kept", energy_price_per_kWh: 0.3 }] };
  beforeEach(async () => {
    expect((await call("PUT", "/poi/prices", { key: t.a.key, body: before })).status).toBe(200);
  });

  it("413 past 1,000,000 bytes, by Content-Length and by the bytes of a body without one", async () => {
    const csv = rows(2_300, 420);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(1_000_000);
    const declared = await call("PUT", "/poi/prices", { key: t.a.key, rawBody: csv, contentType: "text/csv", headers: { "content-length": String(Buffer.byteLength(csv)) } });
    expect(declared.status).toBe(413);
    expect(declared.json).toEqual({ detail: "Request body exceeds 1000000 bytes", request_id: expect.any(String) });

    const bytes = new TextEncoder().encode(csv);
    const chunked = new ReadableStream<Uint8Array>({
      start(c) {
        for (let at = 0; at < bytes.length; at += 64_000) c.enqueue(bytes.subarray(at, at + 64_000));
        c.close();
      },
    });
    const res = await dispatch("http://planner.test/poi/prices", {
      method: "PUT", body: chunked, duplex: "half", headers: { authorization: `Bearer ${t.a.key}`, "content-type": "text/csv" },
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "Request body exceeds 1000000 bytes", request_id: expect.any(String) });
    expect(await storedContracts()).toEqual(before.contracts);
  });

  it("2,001 contract rows: one too_long, as the JSON body's for 2,001 contracts", async () => {
    const res = await putCsv(rows(2_001, 5));
    expect(res.status, res.text).toBe(422);
    const json = await call("PUT", "/poi/prices", { key: t.a.key, body: { contracts: Array.from({ length: 2_001 }, () => ({ operator: "X", energy_price_per_kWh: 0.3 })) } });
    expect(json.status).toBe(422);
    expect(res.json.detail).toEqual(json.json.detail);
    expect(res.json.detail).toEqual([{ loc: ["body", "contracts"], type: "too_long", msg: "List should have at most 2000 items after validation, not 2001" }]);
    // Blank lines are no contracts; 2,000 rows are.
    expect((await putCsv(rows(2_000, 5) + "\n;;\n\n")).status).toBe(200);
    expect(await storedContracts()).toHaveLength(2_000);
  });

  it("too many columns, a row wider than its header, unknown or repeated names: one 422 each, at the header or the row", async () => {
    const wide = await putCsv(HEADER.trim() + ";extra\n" + row(1));
    expect(wide.json.detail).toEqual([{ loc: ["body", 0], type: "too_long", msg: "The header should have at most 11 columns, the fields of a contract" }]);
    const many = await putCsv("operator" + ",x".repeat(400_000) + "\n");
    expect(many.status).toBe(422);
    expect(many.json.detail).toEqual(wide.json.detail);

    const longRow = await putCsv("operator;energy_price_per_kWh\nA;0,3\nB;0,3;;\n");
    expect(longRow.status).toBe(422);
    expect(longRow.json.detail).toEqual([{ loc: ["body", 2], type: "too_long", msg: "Row should have at most 2 cells, as the header has columns" }]);

    const unknown = await putCsv("operator,price,energy_price_per_kWh,operator\n" + "A,1,0.3,A\n".repeat(50));
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail).toEqual([
      { loc: ["body", 0, "price"], type: "extra_forbidden", msg: "Extra inputs are not permitted" },
      { loc: ["body", 0, "operator"], type: "value_error", msg: "Value error, column 'operator' is named twice" },
    ]);
    expect(await storedContracts()).toEqual(before.contracts);
  });

  it("U+0000 in a cell is refused at its row and column, and nothing is stored", async () => {
    const res = await putCsv("operator;energy_price_per_kWh;note\nA;0,3;fine\nB\u0000;0,4;x\u0000y\n");
    expect(res.status).toBe(422);
    expect(res.json.detail).toEqual([
      { loc: ["body", 2, "operator"], type: "string_nul", msg: "Text must not contain the NUL character (U+0000)" },
      { loc: ["body", 2, "note"], type: "string_nul", msg: "Text must not contain the NUL character (U+0000)" },
    ]);
    const inHeader = await putCsv("operator;energy\u0000price\nA;0,3\n");
    expect(inHeader.json.detail).toEqual([{ loc: ["body", 0, 1], type: "string_nul", msg: "Text must not contain the NUL character (U+0000)" }]);
    expect(await storedContracts()).toEqual(before.contracts);
  });

  // The web thread's budget while the largest and the most hostile CSVs are served: prices-budget.test.ts (run alone).
  it("a cell over 1,000 characters is refused at once at its row and column, its text never built", async () => {
    const long = await putCsv(`operator;note\nA;fine\nB;"${'""'.repeat(600)}"\nC;${"x".repeat(2_000)}\n`);
    expect(long.status).toBe(422);
    expect(long.json.detail).toEqual([{ loc: ["body", 2, "note"], type: "string_too_long", msg: "String should have at most 1000 characters" }]);
    const inHeader = await putCsv(`operator;${"n".repeat(1_001)}\nA\n`);
    expect(inHeader.json.detail).toEqual([{ loc: ["body", 0, 1], type: "string_too_long", msg: "String should have at most 1000 characters" }]);
    // A note of its 500 characters, quoted with a quote in it, is read as it is.
    const note = `${"q".repeat(498)}"!`;
    const ok = await putCsv(`operator;energy_price_per_kWh;note\nA;0,3;"${note.replaceAll('"', '""')}"\n`);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.contracts[0].note).toBe(note);
  });
});

it("Hamburg -> Munich: a contract that makes Allego cheap draws the cheapest plan there, not the fastest", async () => {
  const put = await call("PUT", "/poi/prices", { key: t.a.key, body: { contracts: [{ operator: "Allego", country: "DE", energy_price_per_kWh: 0.2, note: "framework contract" }] } });
  expect(put.status, put.text).toBe(200);
  const fastest = await plannedV2(t.a.key, trip("fastest"));
  const cheapest = await plannedV2(t.a.key, trip("cheapest"));
  expect(stopsOf(fastest).some((p: any) => /^Allego/.test(p.operator)), JSON.stringify(stopsOf(fastest).map((p: any) => p.operator))).toBe(false);
  const allego = stopsOf(cheapest).filter((p: any) => /^Allego/.test(p.operator));
  expect(allego.length, JSON.stringify(stopsOf(cheapest).map((p: any) => p.operator))).toBeGreaterThan(0);
  for (const p of allego) {
    expect(p.energy_cost).toMatchObject({ price_per_kWh: 0.2, estimated: false, source: "tenant contract: Allego in DE (framework contract)" });
    expect(p.energy_cost.amount).toBeCloseTo(0.2 * p.energy_kWh, 1);
  }
  expect(cheapest.totals.cost.energy).toBeLessThan(fastest.totals.cost.energy - 50);
  // The other tenant has no such contract: its cheapest plan does not go there for that price.
  const other = await plannedV2(t.b.key, trip("cheapest"));
  expect(stopsOf(other).every((p: any) => p.energy_cost.source !== "tenant contract: Allego in DE (framework contract)")).toBe(true);
});

it("the tenant's value of time and depot price apply where the request states none", async () => {
  await call("PUT", "/poi/prices", { key: t.a.key, body: { depot_energy_price_per_kWh: 0.15, value_of_time_eur_per_h: 70 } });
  const r = await plannedV2(t.a.key, hamburgMunich({
    vehicle_id: "mb-eactros-300", battery_level_start: 0.9, start_time_tour: "2026-11-25T06:00:00Z",
    section_list: [
      { start_pos: [52.52, 13.405], stop_pos: [51.34, 12.375], payload_kg: 15000, service_time_min: 120, power_available_kW: 150 },
      { start_pos: [51.34, 12.375], stop_pos: [48.137, 11.575], payload_kg: 15000 },
    ],
  }));
  expect(r.totals.cost.value_of_time_eur_per_h).toBe(70);
  const leipzig = r.sections.find((s: any) => s.poi_summary.name === "Stop 1").poi_summary;
  expect(leipzig.energy_cost).toMatchObject({ price_per_kWh: 0.15, estimated: false, source: "tenant's depot energy price" });
  const stated = await plannedV2(t.a.key, hamburgMunich({ start_time_tour: "2026-11-25T06:00:00Z", value_of_time_eur_per_h: 40 }));
  expect(stated.totals.cost.value_of_time_eur_per_h).toBe(40);
});

it("cost_options: the Pareto-optimal plans from the fastest to the cheapest, each in full at ?option=K", async () => {
  await call("PUT", "/poi/prices", { key: t.a.key, body: { contracts: [{ operator: "Allego", country: "DE", energy_price_per_kWh: 0.2 }] } });
  const r = await plannedV2(t.a.key, { ...trip("balanced"), cost_options: true });
  const options = r.cost_options;
  expect(options.length).toBeGreaterThanOrEqual(2);
  expect(options.length).toBeLessThanOrEqual(5);
  expect(options.filter((o: any) => o.chosen)).toHaveLength(1);
  for (let k = 1; k < options.length; k++) {
    expect(options[k].duration_min).toBeGreaterThanOrEqual(options[k - 1].duration_min);
    expect(options[k].energy_cost).toBeLessThan(options[k - 1].energy_cost); // slower only where cheaper
  }
  expect(options[0].objective).toBe("fastest");
  const chosen = options.find((o: any) => o.chosen);
  expect(chosen).toMatchObject({ objective: "balanced", duration_min: r.totals.duration_min, total_cost: r.totals.cost.total });
  for (const o of options) {
    const full = await call("GET", `/planner/optimizations/${r.optimization_id}/result?option=${o.option}`, { key: t.a.key });
    expect(full.status, full.text).toBe(200);
    expect(full.json).toMatchObject({ optimization_id: r.optimization_id, status: "succeeded" });
    expect(full.json.totals.duration_min).toBe(o.duration_min);
    expect(full.json.totals.cost.energy).toBe(o.energy_cost);
    expect(full.json.totals.cost.objective).toBe(o.objective);
  }
  const beyond = await call("GET", `/planner/optimizations/${r.optimization_id}/result?option=${options.length}`, { key: t.a.key });
  expect(beyond.status).toBe(404);
  const bad = await call("GET", `/planner/optimizations/${r.optimization_id}/result?option=9`, { key: t.a.key });
  expect(bad.status).toBe(422);
  expect(bad.json.detail[0].loc).toEqual(["query", "option"]);
  const plain = await plannedV2(t.a.key, trip("balanced"));
  expect(plain.cost_options ?? null).toBeNull();
  expect((await call("GET", `/planner/optimizations/${plain.optimization_id}/result?option=0`, { key: t.a.key })).status).toBe(404);
});

it("cost_per_km_eur prices the kilometres driven, detours included, in the total and in each section", async () => {
  const r = await plannedV2(t.a.key, { ...trip("balanced"), cost_per_km_eur: 0.3 });
  const c = r.totals.cost;
  expect(c.cost_per_km_eur).toBe(0.3);
  expect(c.distance).toBeCloseTo((r.totals.distance_m / 1000) * 0.3, 0);
  expect(c.total).toBeCloseTo(c.energy + c.tolls + c.time_value + c.distance, 1);
  expect(r.sections.reduce((a: number, s: any) => a + (s.cost.distance ?? 0), 0)).toBeCloseTo(c.distance, 0);
  const bad = await call("POST", "/planner/v2", { key: t.a.key, body: { ...trip("balanced"), cost_per_km_eur: -1 } });
  expect(bad.status).toBe(422);
  expect(bad.json.detail[0].loc).toEqual(["body", "cost_per_km_eur"]);
});

