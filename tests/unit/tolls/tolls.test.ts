import { describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import { buildGraph } from "@/engine/network/graph";
import { shortestPath } from "@/engine/network/route";
import type { RoadClass, RoadNetwork } from "@/engine/network/types";
import type { RoadWay } from "@/engine/network/ways";
import { VEHICLE_MODELS } from "@/engine/vehicles/catalog";
import { DEFAULT_AXLES, rateFor, roundCents, tollDate, tollSummary, tollsForEdges, tollVehicle } from "@/engine/tolls/compute";
import { TOLL_RATES } from "@/engine/tolls/rates";

interface Leg { cls: RoadClass; country?: string; link?: boolean; dLon?: number }

/** A west-east chain of roads at 50°N, one way per leg; returns the routed path's edges. */
function route(legs: Leg[]): { net: RoadNetwork; edges: number[]; km: (pred: (l: Leg) => boolean) => number } {
  let lon = 8;
  const ways: RoadWay[] = [], spans: [Leg, number][] = [];
  for (const l of legs) {
    const next = lon + (l.dLon ?? 0.5);
    ways.push({ coords: [[50, lon], [50, next]], cls: l.cls, oneway: 0, country: l.country, link: l.link });
    spans.push([l, haversineM(50, lon, 50, next) / 1000]);
    lon = next;
  }
  const { net } = buildGraph(ways, { id: "t", version: "1", attribution: "test" });
  const at = (x: number) => [...net.nodeLon].findIndex((v, i) => net.nodeLat[i] === 50 && Math.abs(v - x) < 1e-9);
  const p = shortestPath(net, at(8), at(lon))!;
  return { net, edges: p.edges, km: (pred) => spans.filter(([l]) => pred(l)).reduce((s, [, k]) => s + k, 0) };
}

const TRUCK_40T = { grossKg: 40_000, axles: 5, zeroEmission: true };
const DIESEL_40T = { ...TRUCK_40T, zeroEmission: false };
const day = (d: string) => new Date(`${d}T10:00:00Z`);

describe("Germany (LKW-Maut)", () => {
  const r = route([
    { cls: "motorway", country: "DE" }, { cls: "motorway", country: "DE", link: true, dLon: 0.01 },
    { cls: "primary", country: "DE" }, { cls: "secondary", country: "DE" },
  ]);
  const tolledKm = r.km((l) => !l.link && (l.cls === "motorway" || l.cls === "primary"));

  it("charges a ZEV nothing during the exemption (2025) and its extension (2026)", () => {
    for (const [d, until] of [["2025-06-01", "2025-12-31"], ["2026-06-01", "2031-06-30"]]) {
      const t = tollsForEdges(r.net, r.edges, TRUCK_40T, day(d));
      expect(t.unknown).toEqual([]);
      expect(t.perSystem).toHaveLength(1);
      expect(t.perSystem[0].total).toBe(0);
      expect(t.perSystem[0].km).toBeCloseTo(tolledKm, 3);
      expect(tollSummary(t)).toEqual([{ tollSystem: "DE LKW-Maut (Toll Collect)", currency: "EUR", total: 0, km: Math.round(tolledKm * 10) / 10, note: `zero-emission trucks exempt until ${until}`,
        note_message: { code: "tolls.notes", values: { notes_list: [{ code: "tolls.zero_emission_exempt", values: { until } }] } } }]);
    }
  });

  it("applies the reduced ZEV rate (25 % infrastructure + air G + noise) after the exemption, flagged unconfirmed", () => {
    const t = tollsForEdges(r.net, r.edges, TRUCK_40T, day("2031-07-01"));
    const perKm = 0.155 * 0.25 + 0.001 + 0.012;
    expect(t.perSystem[0].rate.rate).toBeCloseTo(0.05175, 10);
    expect(t.perSystem[0].total).toBeCloseTo(tolledKm * perKm, 6);
    const [s] = tollSummary(t);
    expect(s.total).toBe(roundCents(tolledKm * perKm));
    expect(s.note).toMatch(/unconfirmed/);
  });

  it("prices a Euro VI diesel, CO2 class 1, by axles (0.348 EUR/km with 5 axles)", () => {
    expect(rateFor("DE", DIESEL_40T, "2026-06-01")!.rate).toBeCloseTo(0.348, 10);
    expect(rateFor("DE", { ...DIESEL_40T, axles: 4 }, "2026-06-01")!.rate).toBeCloseTo(0.324, 10);
    expect(rateFor("DE", { ...DIESEL_40T, axles: 3 }, "2026-06-01")!.rate).toBeCloseTo(0.303, 10);
    const t = tollsForEdges(r.net, r.edges, DIESEL_40T, day("2026-06-01"));
    expect(t.perSystem[0].total).toBeCloseTo(tolledKm * 0.348, 6);
  });

  it("has no rate before the 2023 Annex: unknown, not zero", () => {
    const t = tollsForEdges(r.net, r.edges, TRUCK_40T, day("2023-06-01"));
    expect(t.perSystem).toEqual([]);
    expect(t.unknown).toEqual([{ country: "DE", tollSystem: "DE LKW-Maut (Toll Collect)", km: expect.closeTo(tolledKm, 3), roadClasses: ["motorway", "primary"] }]);
    expect(tollSummary(t)[0].total).toBeNull();
  });
});

describe("Austria (GO-Maut)", () => {
  const r = route([{ cls: "motorway", country: "AT" }, { cls: "primary", country: "AT" }]);
  const km = r.km((l) => l.cls === "motorway");

  it("charges CO2 class 5 per km by axles on motorways only (2026)", () => {
    for (const [axles, cents] of [[2, 5.47], [3, 7.66], [4, 11.49], [5, 11.49]]) {
      const t = tollsForEdges(r.net, r.edges, { ...TRUCK_40T, axles }, day("2026-06-01"));
      expect(t.perSystem[0].km).toBeCloseTo(km, 3);
      expect(t.perSystem[0].total).toBeCloseTo((km * cents) / 100, 6);
    }
    const [s] = tollSummary(tollsForEdges(r.net, r.edges, TRUCK_40T, day("2026-06-01")));
    expect(s).toMatchObject({ tollSystem: "AT GO-Maut (ASFINAG)", currency: "EUR", total: roundCents((km * 11.49) / 100) });
    expect(s.note).toMatch(/infrastructure part only/);
  });

  it("reports diesels as unknown (rate not confirmed)", () => {
    expect(tollsForEdges(r.net, r.edges, DIESEL_40T, day("2026-06-01")).unknown[0].km).toBeCloseTo(km, 3);
  });

  it("reports dates outside the 2026 table as unknown", () => {
    for (const d of ["2025-06-01", "2027-01-02"]) {
      const t = tollsForEdges(r.net, r.edges, TRUCK_40T, day(d));
      expect(t.perSystem).toEqual([]);
      expect(t.unknown[0]).toMatchObject({ country: "AT", tollSystem: "AT GO-Maut (ASFINAG)" });
      expect(t.unknown[0].km).toBeCloseTo(km, 3);
    }
  });
});

describe("countries without a rate", () => {
  const r = route([{ cls: "motorway", country: "DE" }, { cls: "motorway", country: "FR" }, { cls: "primary", country: "FR" }, { cls: "motorway" }]);

  it("lists their motorway km as unknown and never as a zero total", () => {
    const t = tollsForEdges(r.net, r.edges, TRUCK_40T, day("2026-06-01"));
    expect(t.perSystem.map((s) => s.country)).toEqual(["DE"]);
    const fr = t.unknown.find((u) => u.country === "FR")!;
    expect(fr.tollSystem).toBe("FR autoroutes à péage (concessions)");
    expect(fr.km).toBeCloseTo(r.km((l) => l.country === "FR" && l.cls === "motorway"), 3);
    const nowhere = t.unknown.find((u) => u.country === "unknown")!;
    expect(nowhere.km).toBeCloseTo(r.km((l) => l.country === undefined), 3);

    const summary = tollSummary(t);
    const frSummary = summary.find((s) => s.tollSystem.startsWith("FR"))!;
    expect(frSummary.total).toBeNull();
    expect(frSummary.note).toMatch(/not priced/);
    expect(summary.find((s) => s.tollSystem === "unknown (toll system unknown)")!.total).toBeNull();
    expect(summary.filter((s) => s.total === 0).map((s) => s.tollSystem)).toEqual(["DE LKW-Maut (Toll Collect)"]);
  });

  it("does not report a country whose route has no motorway", () => {
    const q = route([{ cls: "primary", country: "FR" }, { cls: "secondary", country: "FR" }]);
    expect(tollsForEdges(q.net, q.edges, TRUCK_40T, day("2026-06-01"))).toEqual({ date: "2026-06-01", perSystem: [], unknown: [] });
  });
});

describe("Switzerland (LSVA) and Denmark", () => {
  it("exempts electric trucks from LSVA on all roads until 2028, unknown from 2029 and for diesels", () => {
    const r = route([{ cls: "motorway", country: "CH" }, { cls: "secondary", country: "CH" }, { cls: "other", country: "CH", link: true, dLon: 0.01 }]);
    const t = tollsForEdges(r.net, r.edges, TRUCK_40T, day("2026-06-01"));
    expect(t.perSystem[0]).toMatchObject({ tollSystem: "CH LSVA", currency: "CHF", total: 0 });
    expect(t.perSystem[0].km).toBeCloseTo(r.km(() => true), 3);
    expect(tollsForEdges(r.net, r.edges, TRUCK_40T, day("2029-01-01")).unknown[0].km).toBeCloseTo(r.km(() => true), 3);
    expect(tollsForEdges(r.net, r.edges, DIESEL_40T, day("2026-06-01")).unknown[0].tollSystem).toBe("CH LSVA");
  });

  it("charges 0.13 DKK/km for a ZEV of 12 t and more in 2025-2027", () => {
    const r = route([{ cls: "motorway", country: "DK" }, { cls: "primary", country: "DK" }]);
    const t = tollsForEdges(r.net, r.edges, TRUCK_40T, day("2026-06-01"));
    expect(t.perSystem[0]).toMatchObject({ currency: "DKK" });
    expect(t.perSystem[0].total).toBeCloseTo(r.km(() => true) * 0.13, 6);
  });
});

describe("dates, vehicles and rounding", () => {
  it("uses the Central European date of the departure", () => {
    expect(tollDate(new Date("2025-12-31T23:30:00Z"))).toBe("2026-01-01");
    expect(tollDate(new Date("2025-12-31T22:30:00Z"))).toBe("2025-12-31");
    expect(() => tollDate(new Date("nope"))).toThrow(RangeError);
  });

  it("defaults to 5 axles and the catalog's permissible mass", () => {
    expect(DEFAULT_AXLES).toBe(5);
    const v = tollVehicle(VEHICLE_MODELS[0]);
    expect(v).toEqual({ grossKg: VEHICLE_MODELS[0].maxGrossKg, axles: 5, zeroEmission: true });
    expect(rateFor("DE", { grossKg: 40_000, zeroEmission: false }, "2026-06-01")!.rate).toBeCloseTo(0.348, 10);
  });

  it("rounds summary totals half-up to cents", () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(2.344999)).toBe(2.34);
    expect(roundCents(0.125)).toBe(0.13);
    expect(roundCents(0)).toBe(0);
  });
});

describe("rate table", () => {
  it("has a source, a valid date range and no overlapping entries", () => {
    const iso = /^\d{4}-\d{2}-\d{2}$/;
    for (const r of TOLL_RATES) {
      expect(r.source.length).toBeGreaterThan(10);
      expect(r.from).toMatch(iso);
      if (r.until !== null) { expect(r.until).toMatch(iso); expect(r.until >= r.from).toBe(true); }
      expect(r.rate).toBeGreaterThanOrEqual(0);
      if (r.rate === 0) expect(r.note?.text).toMatch(/exempt/);
    }
    const span = (lo = -Infinity, hi = Infinity) => [lo, hi];
    for (let i = 0; i < TOLL_RATES.length; i++) for (let j = i + 1; j < TOLL_RATES.length; j++) {
      const a = TOLL_RATES[i], b = TOLL_RATES[j];
      if (a.country !== b.country || a.vehicle.zeroEmission !== b.vehicle.zeroEmission) continue;
      const dates = a.from <= (b.until ?? "9999") && b.from <= (a.until ?? "9999");
      const [aw0, aw1] = span(a.vehicle.minGrossKg, a.vehicle.maxGrossKg), [bw0, bw1] = span(b.vehicle.minGrossKg, b.vehicle.maxGrossKg);
      const [ax0, ax1] = span(a.vehicle.minAxles, a.vehicle.maxAxles), [bx0, bx1] = span(b.vehicle.minAxles, b.vehicle.maxAxles);
      const overlap = dates && aw0 < bw1 && bw0 < aw1 && ax0 <= bx1 && bx0 <= ax1;
      expect(overlap, `${i} vs ${j} (${a.country})`).toBe(false);
    }
  });
});
