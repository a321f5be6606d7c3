// The charge tables the search reads (grid.ts, 1,000 calls of the charge-time function each) are made once per
// function and power: the searches of a plan and a fleet's tours of one model pass the same function
// (vehicles/charging.ts chargeTimeFunction), which stays the same only while what it reads does.
import { describe, expect, it } from "vitest";
import { prepare, tableKey } from "@/engine/charging/grid";
import { findModel } from "@/engine/vehicles/catalog";
import { chargeDurationMin, chargeTimeFunction } from "@/engine/vehicles/charging";
import { analyticCharge, line } from "./fixtures";

describe("charge tables shared between searches", () => {
  it("one function per way of charging: an equal copy of a model shares it; the cold, another battery or inlet does not", () => {
    const m = findModel("MB_EACTROS_600")!;
    const fn = chargeTimeFunction(m);
    expect(chargeTimeFunction({ ...m })).toBe(fn);
    expect(chargeTimeFunction(m, { temperatureC: -10, preconditioned: true })).not.toBe(fn);
    expect(chargeTimeFunction({ ...m, usableBatteryKWh: m.usableBatteryKWh - 50 })).not.toBe(fn);
    expect(chargeTimeFunction({ ...m, maxCcsKW: 150 })).not.toBe(fn);
    const cold = { temperatureC: -10, preconditioned: true };
    for (const [kw, c, a, b] of [[400, "CCS", 0.1, 0.8], [1000, "MCS", 0.2, 0.95], [150, "CCS", 0.55, 0.6]] as const) {
      expect(fn(kw, c, a, b)).toBe(chargeDurationMin(m, kw, c, a, b));
      expect(chargeTimeFunction(m, cold)(kw, c, a, b)).toBe(chargeDurationMin(m, kw, c, a, b, cold));
    }
  });

  it("two searches given the same function read the same table; another function gets its own", () => {
    const minutes = analyticCharge(600);
    const tour = (fn: typeof minutes) => ({ ...line({ km: 600, stations: [{ km: 200, powerKW: 400 }, { km: 400, powerKW: 400 }] }), chargeMinutes: fn });
    const key = tableKey(400, "CCS");
    const a = prepare(tour(minutes)).tables.get(key)!;
    expect(a).toBeDefined();
    expect(prepare(tour(minutes)).tables.get(key)).toBe(a);
    const other = prepare(tour(analyticCharge(600))).tables.get(key)!;
    expect(other).not.toBe(a);
    expect(Array.from(other)).toEqual(Array.from(a));
  });
});
