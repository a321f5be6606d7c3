// The history list's totals are cut out of a stored result by their brackets: nested objects
// (totals.cost) and brackets inside strings included; the whole result only when they cannot be.
import { expect, it } from "vitest";
import { totalsOf } from "@/server/trpc/plan-totals";

it("cuts the totals out of a result, nested objects and bracketed strings included", () => {
  const totals = { distance_m: 1, cost: { total: 2, exchange_rates: [{ currency: "CZK", source: "ECB {daily} \"[rates]\"" }] }, end_time: null };
  const result = JSON.stringify({ sections: [{ poi_summary: { name: "A {b}" } }], warnings: ["\"totals\": {"], totals, planned_on: { europe: "1" } });
  expect(totalsOf(result)).toEqual(totals);
  expect(totalsOf(JSON.stringify({ sections: [], totals: null }))).toBeNull();
  expect(totalsOf(null)).toBeNull();
  expect(totalsOf('{"totals":{"distance_m":1')).toBeNull(); // damaged: no totals, no error
});
