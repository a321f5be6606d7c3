import { describe, expect, it } from "vitest";
import { bounds, lowerBound } from "@/engine/charging/bounds";
import { startSet } from "@/engine/charging/labels";
import { prepare } from "@/engine/charging/grid";
import { optimizeCharging, sweep } from "@/engine/charging/optimize";
import { EU_BREAK_RULES, type OptimizeInput, type OptimizePlan, type OptimizeResult } from "@/engine/charging/types";
import { findModel } from "@/engine/vehicles/catalog";
import { chargeDurationMin, type ChargeConnector } from "@/engine/vehicles/charging";
import { analyticCharge, corridor, DEPARTURE_MS, generate, line, withPrices, type Conn } from "./fixtures";
import { replay } from "./simulate";

function plan(inp: OptimizeInput<Conn>): OptimizePlan {
  const r: OptimizeResult = optimizeCharging(inp);
  if (!r.ok) throw new Error(r.message);
  const rep = replay(inp, r);
  expect(rep.violations).toEqual([]);
  expect(rep.totalMin).toBeCloseTo(r.totals.totalMin, 6);
  return r;
}

describe("charging optimizer: stops and charge amounts", () => {
  it("needs no stop when the battery suffices", () => {
    const r = plan(line({ km: 300, stations: [{ km: 150 }] }));
    expect(r.stops).toEqual([]);
    expect(r.totals.totalMin).toBeCloseTo(225, 9);
    expect(r.endSoc).toBeCloseTo(1 - 360 / 600, 9);
  });

  it("charges just enough for battery_level_end at one fast station", () => {
    // 400 km x 1.2 kWh/km = 480 kWh from 80 %: 120 kWh short of 20 % at the end.
    const r = plan(line({ km: 400, startSoc: 0.8, stations: [{ km: 100, powerKW: 150 }, { km: 200, powerKW: 1000, connector: "MCS" }] }));
    expect(r.stops.map((s) => s.key)).toEqual(["S1@200"]);
    expect(r.endSoc).toBeCloseTo(0.2, 6);
    expect(r.stops[0].energyKWh).toBeCloseTo(120, 3);
  });

  it("floors pure charging time at min_charge_duration_min", () => {
    const r = plan(line({ km: 500, minChargeMin: 40, startSoc: 0.9, stations: [{ km: 150 }, { km: 300, powerKW: 150 }] }));
    expect(r.stops.length).toBeGreaterThan(0);
    for (const s of r.stops) expect(s.chargeMin).toBeGreaterThanOrEqual(40 - 1e-9);
  });

  it("stays the floor even when the battery is full sooner", () => {
    // Needs 0.66 -> 0.96 at 60 km (90 kWh, under 10 min at 1 MW); the floor keeps it 30 min, to full.
    const r = plan(line({ km: 250, cap: 300, startSoc: 0.9, minChargeMin: 30, stations: [{ km: 60, powerKW: 1000, connector: "MCS" }] }));
    expect(r.stops).toHaveLength(1);
    expect(r.stops[0].departureSoc).toBeCloseTo(1, 6);
    expect(r.stops[0].chargeMin).toBeCloseTo(30, 9);
  });

  it("never undercuts the reserve, also on a crest that recuperation pays back", () => {
    // +60 kWh over a pass at 390 km, given back on the way down.
    const crest = (x: number) => 1.2 * x + 60 * Math.max(0, 1 - Math.abs(x - 390) / 20);
    const base = line({ km: 420, startSoc: 0.75, endSoc: 0.1, stations: [{ km: 100 }, { km: 200 }] });
    const inp: OptimizeInput<Conn> = {
      ...base,
      peakEnergyKWh: (a, b) => {
        let m = -Infinity;
        for (let x = a / 1000; x <= b / 1000; x += 0.25) m = Math.max(m, crest(x));
        return Math.max(m, crest(b / 1000));
      },
    };
    const r = plan(inp);
    expect(replay(inp, r).minSoc).toBeCloseTo(0.1, 6);
    // 504 kWh + 10 % at the end from 450 kWh: 114 kWh; the pass needs 138 kWh.
    expect(plan(base).totals.chargedKWh).toBeCloseTo(114, 3);
    expect(r.totals.chargedKWh).toBeCloseTo(138, 3);
  });

  it("re-simulates every random plan within the rules (reserve, pauses, floor, end SoC)", () => {
    let checked = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const inp = generate(seed, { stations: [5, 40], km: [200, 900], waypoints: [0, 3], windows: 0.3, minCharge: [0, 10, 30], hills: 2 });
      const r = optimizeCharging(inp);
      if (!r.ok) continue;
      const rep = replay(inp, r);
      expect(rep.violations, `seed ${seed}`).toEqual([]);
      expect(rep.minSoc).toBeGreaterThanOrEqual(inp.reserveSoc - 1e-9);
      expect(Math.abs(rep.totalMin - r.totals.totalMin) / r.totals.totalMin).toBeLessThan(0.005);
      checked++;
    }
    expect(checked).toBeGreaterThan(30);
  });

  it("works with the vehicle's own charging curve", () => {
    const m = findModel("MB_EACTROS_600")!;
    const fn = (p: number, c: ChargeConnector, a: number, b: number) => chargeDurationMin(m, p, c, a, b);
    const base = generate(7, { stations: [20, 20], km: [700, 700], waypoints: [1, 1] });
    const inp: OptimizeInput<ChargeConnector> = { ...base, capacityKWh: m.usableBatteryKWh, chargeMinutes: fn };
    const r = optimizeCharging(inp);
    if (!r.ok) throw new Error(r.message);
    expect(replay(inp, r).violations).toEqual([]);
    // The table the optimizer charges by matches the curve within 0.5 %.
    expect(Math.abs(r.totals.totalMin - r.stats.dpMin) / r.totals.totalMin).toBeLessThan(0.005);
  });
});

describe("charging optimizer: search", () => {
  it("a re-plan with shorter days (and another effort) reuses the tour's bounds; any other change builds its own", () => {
    const inp = corridor(2, 20, 1200);
    const first = bounds(prepare(inp));
    expect(bounds(prepare({ ...inp, breaks: { ...EU_BREAK_RULES, dayCaps: [400, 450] }, effort: "beam" }))).toBe(first);
    expect(bounds(prepare({ ...inp, startSoc: inp.startSoc - 0.01 }))).not.toBe(first);
    expect(bounds(prepare({ ...inp, breaks: { ...EU_BREAK_RULES, restMin: 540 } }))).not.toBe(first);
  });

  it("prunes nothing the unpruned search would keep (bounds are lower bounds)", () => {
    const stats = () => ({ sets: 0, maxSetsAtPoint: 0, cells: 0, passes: 0, dpMin: NaN });
    const cases: OptimizeInput<Conn>[] = [
      // Small batteries: several stops, so the pause layers of the bound are used.
      ...[1, 2, 3, 4, 5, 6].map((seed) => ({ ...corridor(seed, 35), capacityKWh: 300, chargeMinutes: analyticCharge(300) })),
      ...[7, 8].map((seed) => ({ ...corridor(seed, 35), capacityKWh: 300, chargeMinutes: analyticCharge(300), minChargeMin: 20 })),
      ...[11, 12, 13, 14].map((seed) => corridor(seed, 40)),
    ];
    for (const inp of cases) {
      const r = optimizeCharging(inp);
      const full = sweep(prepare(inp), "keep", stats());
      expect(r.ok).toBe(full.ok);
      if (!r.ok || !full.ok) continue;
      expect(r.stats.dpMin).toBeCloseTo(full.objective, 6);
      expect(full.rootBound).toBeLessThanOrEqual(full.objective + 1e-6);
    }
  });

  it("under a cost objective too: its own bound (time and money in one) is a lower bound, and tighter than the two apart", () => {
    const stats = () => ({ sets: 0, maxSetsAtPoint: 0, cells: 0, passes: 0, dpMin: NaN });
    let tighter = 0;
    for (let seed = 1; seed <= 14; seed++) {
      const base = seed % 2 ? { ...corridor(seed, 35), capacityKWh: 300, chargeMinutes: analyticCharge(300) } : corridor(seed, 40);
      // Prices by station, some by the time of day; a section end's charger; a value of time from cheapest to fastest.
      const inp = withPrices(base, seed, { timeOfDay: seed % 3 === 0 ? 0.4 : 0, eurPerMin: [1, 0.5, 0.05] });
      const r = optimizeCharging(inp);
      const full = sweep(prepare(inp), "keep", stats());
      expect(r.ok, `seed ${seed}`).toBe(full.ok);
      if (!r.ok || !full.ok) continue;
      expect(r.stats.dpMin, `seed ${seed}`).toBeCloseTo(full.objective, 6);
      expect(full.rootBound, `seed ${seed}`).toBeLessThanOrEqual(full.objective + 1e-6);
      // The same root without the objective's own layer: never above, and below on some tours.
      const prep = prepare(inp), bd = bounds(prep);
      const start = startSet(prep.startCell, 0, 0, true);
      const plain = lowerBound({ ...bd, hCost: null }, start, 0).lb, own = lowerBound(bd, start, 0).lb;
      expect(own).toBeGreaterThanOrEqual(plain - 1e-9);
      if (own > plain + 1e-6) tighter++;
    }
    expect(tighter).toBeGreaterThan(3);
  });

  it("an exact sweep bounded below every plan keeps no set and says nothing beats the bound", () => {
    // Where arrivals are refused by time (opening hours, a fleet's busy chargers), the exact sweep's sets can
    // all be cut; it must end as 'none better' (the caller keeps the beam's plan), not fail on an empty list.
    const stats = { sets: 0, maxSetsAtPoint: 0, cells: 0, passes: 0, dpMin: NaN };
    const inp = { ...corridor(3, 35), capacityKWh: 300, chargeMinutes: analyticCharge(300) };
    expect(optimizeCharging(inp).ok).toBe(true);
    expect(sweep(prepare(inp), "keep", stats, 1)).toEqual({ ok: false, code: "none_better" });
  });
});

describe("charging optimizer: drivers' breaks (EU 561/2006)", () => {
  it("charges during a due break instead of stopping twice", () => {
    // 375 min of driving: a 45 min break is due at 360 km. The MCS station at
    // 120 km is faster, but charging at 350 km fits inside the break.
    const r = plan(line({ km: 500, stations: [{ km: 120, powerKW: 1000, connector: "MCS" }, { km: 350 }] }));
    expect(r.stops.map((s) => [s.key, s.breakKind])).toEqual([["S1@350", "break"]]);
    expect(r.breaks.map((b) => b.at)).toEqual(["charger"]);
    expect(r.stops[0].chargeMin).toBeLessThanOrEqual(45);
    expect(r.totals.totalMin).toBeCloseTo(375 + 5 + 45, 6);
  });

  it("takes the break as its own roadside stop where no charger fits", () => {
    const r = plan(line({ km: 500, stations: [{ km: 120, powerKW: 1000, connector: "MCS" }] }));
    expect(r.stops[0].breakKind).toBeNull();
    expect(r.breaks).toHaveLength(1);
    expect(r.breaks[0]).toMatchObject({ kind: "break", at: "roadside", minutes: 45, routeDriveMin: 270 });
    expect(r.breaks[0].distM).toBeCloseTo(360_000, 3);
    expect(r.breaks[0].startMs).toBe(DEPARTURE_MS + (270 + r.stops[0].dwellMin) * 60_000);
  });

  it("pauses at least every 4.5 h of driving", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const inp = generate(seed, { stations: [3, 30], km: [400, 1200], waypoints: [0, 2] });
      const r = optimizeCharging(inp);
      if (!r.ok) continue;
      const rep = replay(inp, r);
      expect(rep.violations, `seed ${seed}`).toEqual([]);
      expect(rep.maxSinceBreak).toBeLessThanOrEqual(270 + 1e-6);
      const drive = inp.waypoints.at(-1)!.driveMin;
      expect(r.breaks.length).toBeGreaterThanOrEqual(Math.ceil(drive / 270) - 1 - (drive > 540 ? 1 : 0));
    }
  });

  it("rests 11 h after 9 h of driving, charging during the rest where a station allows", () => {
    // 600 min of driving: one break and one daily rest (or a rest and a break).
    const r = plan(line({ km: 800, stations: Array.from({ length: 7 }, (_, i) => ({ km: 100 * (i + 1) })) }));
    const rests = r.breaks.filter((b) => b.kind === "rest");
    expect(rests).toHaveLength(1);
    expect(rests[0].minutes).toBe(660);
    expect(r.breaks.filter((b) => b.kind === "break")).toHaveLength(1);
    expect(r.breaks.every((b) => b.at === "charger")).toBe(true);
    expect(r.totals.totalMin).toBeCloseTo(600 + 45 + 660 + 2 * 5, 6);
    const inp = line({ km: 800, stations: Array.from({ length: 7 }, (_, i) => ({ km: 100 * (i + 1) })) });
    expect(replay(inp, r).maxToday).toBeLessThanOrEqual(540);
  });

  it("counts driving already done before departure", () => {
    const r = plan({ ...line({ km: 200 }), driver: { sinceBreakMin: 200, todayMin: 200 } });
    expect(r.breaks).toHaveLength(1);
    expect(r.breaks[0].routeDriveMin).toBeCloseTo(70, 9);
  });
});

describe("charging optimizer: time windows and service", () => {
  it("waits for an opening window and spends the wait on the due break", () => {
    const r = plan(line({ km: 400, waypoints: [{ km: 100, serviceMin: 20, window: [120, 200] }] }));
    expect(r.timeWindowsReachable).toBe(true);
    const w = r.waypoints[0];
    expect(w.arrivalMs).toBe(DEPARTURE_MS + 75 * 60_000);
    expect(w.serviceStartMs).toBe(DEPARTURE_MS + 120 * 60_000);
    expect(r.breaks).toMatchObject([{ kind: "break", at: "waypoint" }]);
    expect(r.totals.totalMin).toBeCloseTo(300 + 45 + 20, 6);
  });

  it("waits where nothing else fills the time", () => {
    const r = plan(line({ km: 200, waypoints: [{ km: 100, window: [200, null] }] }));
    expect(r.waypoints[0].waitMin).toBeCloseTo(125, 9);
    expect(r.totals.waitMin).toBeCloseTo(125, 9);
  });

  it("reports windows it cannot reach and plans the fastest tour", () => {
    const r = plan(line({ km: 300, waypoints: [{ km: 200, window: [0, 100] }] }));
    expect(r.timeWindowsReachable).toBe(false);
    expect(r.waypoints[0].lateMin).toBeCloseTo(50, 9);
    expect(r.totals.totalMin).toBeCloseTo(225, 9);
    expect(r.stats.passes).toBeGreaterThanOrEqual(4); // a second search without the latest times
  });

  it("splits the charging around a window it would otherwise miss", () => {
    // 360 kWh to charge; a 45 min break is due. Fastest: all of it at 150 km
    // during the break (436 min), but that reaches 300 km at 286 min. With the
    // window closing at 250 min: 120 kWh at 150 km (18 min, enough to reach
    // 350 km), the rest at 350 km during the break: 375 + 23 + 50 = 448 min.
    const stations = [{ km: 150 }, { km: 350 }];
    const free = plan(line({ km: 500, startSoc: 0.6, stations }));
    expect(free.stops.map((s) => s.key)).toEqual(["S0@150"]);
    const r = plan(line({ km: 500, startSoc: 0.6, stations, waypoints: [{ km: 300, window: [null, 250] }] }));
    expect(r.timeWindowsReachable).toBe(true);
    expect(r.stops.map((s) => [s.key, s.breakKind])).toEqual([["S0@150", null], ["S1@350", "break"]]);
    expect(r.waypoints[0].serviceStartMs).toBeLessThanOrEqual(DEPARTURE_MS + 250 * 60_000);
    expect(r.totals.totalMin).toBeCloseTo(448, 6);
  });

  it("has no window verdict without windows", () => {
    expect(plan(line({ km: 100 })).timeWindowsReachable).toBeNull();
  });
});

describe("charging optimizer: infeasible tours", () => {
  it("says where the battery reaches the reserve", () => {
    const r = optimizeCharging(line({ km: 600, stations: [{ km: 500 }] }));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.code).toBe("battery_depleted");
    expect(r.atM).toBeCloseTo(450_000, 0); // (100 % - 10 %) x 600 kWh / 1.2 kWh/km
    expect(r.atEnergyKWh).toBeCloseTo(540, 6);
    expect(r.message).toContain("450 km");
    expect(r.message).toContain("500 km");
  });

  it("says where, after the best possible charging", () => {
    const r = optimizeCharging(line({ km: 1000, stations: [{ km: 300 }] }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.atM).toBeCloseTo(300_000 + 450_000, 0);
  });

  it("reports an end SoC out of reach", () => {
    const r = optimizeCharging(line({ km: 300, endSoc: 0.9 }));
    expect(r).toMatchObject({ ok: false, code: "end_soc_unreachable", atM: 300_000 });
  });

  it("reports a start below the reserve", () => {
    const r = optimizeCharging(line({ km: 100, startSoc: 0.05 }));
    expect(r).toMatchObject({ ok: false, code: "battery_depleted", atM: 0 });
  });
});

describe("charging optimizer: chargers at section ends", () => {
  // 500 km at 80 km/h and 1.2 kWh/km from 50 % of 600 kWh: the section end at 200 km is reached at the 10 % reserve.
  const tour = (chargerKW: number | undefined, serviceMin: number) =>
    line({ km: 500, startSoc: 0.5, stations: [{ km: 190, powerKW: 150, detourKm: 2 }, { km: 330, powerKW: 400 }], waypoints: [{ km: 200, serviceMin, chargerKW }] });

  it("charges during the service instead of stopping at a public station, and stays past it only as long as the charge needs", () => {
    const without = plan(tour(undefined, 120));
    expect(without.stops.length).toBeGreaterThan(0);
    const r = plan(tour(150, 120));
    expect(r.stops).toEqual([]);
    const v = r.waypoints[0], c = v.charge!;
    // The break is taken there too: 45 + 120 min standing, while the tour needs 420 kWh = 168 min at 150 kW.
    expect(r.breaks.map((b) => b.at)).toEqual(["waypoint"]);
    expect(c.energyKWh).toBeCloseTo(420, 6);
    expect(c.chargeMin).toBeCloseTo(168, 6);
    expect(c.extraMin).toBeCloseTo(3, 6);
    expect((v.departureMs - v.arrivalMs) / 60_000).toBeCloseTo(168, 6);
    expect(r.totals.totalMin).toBeCloseTo(375 + 168, 6);
    expect(r.totals.waitMin).toBeCloseTo(3, 6);
    expect(r.totals.totalMin).toBeLessThan(without.totals.totalMin);
    expect(r.endSoc).toBeCloseTo(0.2, 6);
  });

  it("charges for as long as the truck stands there, also beyond what the plan needs", () => {
    const r = plan(tour(150, 300));
    const c = r.waypoints[0].charge!;
    expect(c.departureSoc).toBeCloseTo(1, 6);
    expect(c.extraMin).toBe(0);
    expect(r.totals.totalMin).toBeCloseTo(375 + 300 + 45, 6);
  });

  it("charges through the wait for a window", () => {
    // Arrives at 150 min, takes the break, waits to 300 min, serves 30: 180 min at 150 kW, more than the tour needs.
    const r = plan(line({ km: 500, startSoc: 0.5, stations: [{ km: 300, powerKW: 400 }], waypoints: [{ km: 200, serviceMin: 30, window: [300, 400], chargerKW: 150 }] }));
    const v = r.waypoints[0];
    expect(r.stops).toEqual([]);
    expect(v.charge!.chargeMin).toBeGreaterThan(168);
    expect(v.charge!.chargeMin).toBeLessThanOrEqual(180 + 1e-6);
    expect((v.departureMs - v.arrivalMs) / 60_000).toBeCloseTo(180, 6);
    expect(r.totals.totalMin).toBeCloseTo(330 + 225, 6);
  });

  it("meets battery_level_end by charging at the destination during its service", () => {
    // 360 kWh from 80 %: 20 % on arrival, 40 % wanted: 120 kWh = 48 min at 150 kW, within the hour of service.
    const r = plan(line({ km: 300, startSoc: 0.8, endSoc: 0.4, end: { serviceMin: 60, chargerKW: 150 } }));
    expect(r.stops).toEqual([]);
    const end = r.waypoints.at(-1)!;
    expect(end.charge!.arrivalSoc).toBeCloseTo(0.2, 6);
    expect(r.endSoc).toBeGreaterThanOrEqual(0.4 - 1e-9);
    expect(r.totals.totalMin).toBeCloseTo(225 + 60, 6);
  });
});

describe("charging optimizer: a tour that runs out", () => {
  it("returns the fullest plan up to there: its stops before the gap, then driving on below the reserve", () => {
    // Full at 100 km (400 kW), then 700 km with no station: 600 kWh reach 450 km past it.
    const inp = line({ km: 900, startSoc: 0.5, stations: [{ km: 100 }] });
    const r = optimizeCharging(inp);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.atM).toBeCloseTo(100_000 + 450_000, 0);
    expect(r.nextStationM).toBeNull();
    const p = r.partial!;
    expect(p.stops.map((s) => s.key)).toEqual(["S0@100"]);
    expect(p.stops[0].departureSoc).toBeCloseTo(1, 6);
    // Driven on to the destination on paper: 800 km x 1.2 kWh/km from full.
    expect(p.endSoc).toBeCloseTo(1 - 960 / 600, 6);
  });
});
