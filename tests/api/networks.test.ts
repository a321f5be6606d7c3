// Routing across Europe and on OpenStreetMap packs, through the API.
import { beforeAll, describe, expect, it } from "vitest";
import { decodePolyline } from "@/engine/network/polyline";
import { db } from "@/server/db/client";
import { runNextJob } from "@/server/jobs/table-queue";
import { packs } from "@/server/packs";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

async function planned(start: [number, number], stop: [number, number]) {
  const submit = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ section_list: [{ start_pos: start, stop_pos: stop, payload_kg: 20000 }] }) });
  expect(submit.status, submit.text).toBe(200);
  while (await runNextJob(db(), { leaseS: 60, maxAttempts: 1 })) {
    /* drain */
  }
  const res = await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

const km = (r: any) => r.sections.reduce((a: number, s: any) => a + s.length_m, 0) / 1000;

describe("cross-border trips on the Europe pack", () => {
  it.each([
    ["Hamburg -> Milan", [53.55, 9.99], [45.46, 9.19], 1000, 1400],
    ["Munich -> Paris", [48.14, 11.58], [48.86, 2.35], 800, 1100],
    ["Cologne -> Vienna", [50.94, 6.96], [48.21, 16.37], 850, 1200],
  ] as const)("%s routes on roads across the borders", async (_name, from, to, minKm, maxKm) => {
    const r = await planned([...from], [...to]);
    expect(Object.keys(r.planned_on)).toContain("europe");
    expect(km(r)).toBeGreaterThan(minKm);
    expect(km(r)).toBeLessThan(maxKm);
    const europe = packs.networks.find((e) => e.net.id === "europe")!;
    for (const s of r.sections) {
      const line = decodePolyline(s.polyline);
      // Every vertex lies on the network (first and last may be a snapped point on an edge).
      for (const [lat, lon] of line) expect(europe.snapper.snap(lat, lon).distanceM).toBeLessThan(5);
      expect(s.ascent_m).toBeGreaterThanOrEqual(0);
      expect(s.descent_m).toBeGreaterThanOrEqual(0);
    }
    // Alpine or upland crossings climb.
    expect(r.sections.reduce((a: number, s: any) => a + s.ascent_m, 0)).toBeGreaterThan(300);
  });
});

describe("charging on both sides of the borders", () => {
  // Start and end levels chosen so the truck must charge in both countries.
  it.each([
    { name: "Rotterdam -> Munich", from: [51.92, 4.48], to: [48.14, 11.58], start: 0.3, end: 0.2, countries: ["NL", "DE"] },
    { name: "Hamburg -> Prague", from: [53.55, 9.99], to: [50.08, 14.43], start: 0.8, end: 0.6, countries: ["DE", "CZ"] },
    { name: "Berlin -> Krakow", from: [52.52, 13.4], to: [50.06, 19.94], start: 0.5, end: 0.5, countries: ["DE", "PL"] },
  ])("$name charges in $countries", async ({ from, to, start, end, countries }) => {
    const body = hamburgMunich({ battery_level_start: start, battery_level_end: end, section_list: [{ start_pos: from, stop_pos: to, payload_kg: 20000 }] });
    const submit = await call("POST", "/planner/v2", { key: t.a.key, body });
    expect(submit.status, submit.text).toBe(200);
    while (await runNextJob(db(), { leaseS: 60, maxAttempts: 1 })) {
      /* drain */
    }
    const r = (await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key })).json;
    expect(r.status).toBe("succeeded");
    const stops = r.sections.filter((s: any) => s.poi_summary.energy_kWh > 0).map((s: any) => r.poi_list.find((p: any) => p.poi_id === s.poi_summary.id));
    const stopCountries = new Set(stops.map((p: any) => packs.stations.find((s) => s.poiId === p.poi_id)!.country));
    for (const c of countries) expect([...stopCountries], JSON.stringify(stops.map((p: any) => p.external_id))).toContain(c);
  });

  it("Berlin -> Warsaw is refused with the reason: the bundled network has no road near Warsaw", async () => {
    const r = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ section_list: [{ start_pos: [52.52, 13.4], stop_pos: [52.23, 21.01], payload_kg: 20000 }] }) });
    expect(r.status).toBe(422);
    expect(r.json.detail[0]).toMatchObject({ loc: ["body", "section_list", 0, "stop_pos"] });
    expect(r.json.detail[0].msg).toMatch(/nearest road of network europe is \d+(\.\d)? km away/);
  });
});

describe("OpenStreetMap packs", () => {
  it("a trip inside the Hannover region plans on the OSM pack with refs in turn-by-turn", async () => {
    const r = await planned([52.37, 9.74], [52.27, 10.52]);
    expect(Object.keys(r.planned_on)).toContain("osm-hannover-braunschweig-main-roads");
    const actions = r.sections.flatMap((s: any) => s.turnByTurnActions ?? []);
    const text = actions.map((a: any) => a.instruction).join(" | ");
    expect(text).toMatch(/on A ?2 for \d+ km/);
    expect(text).toMatch(/take the exit to /);
    expect(actions.at(-1).action).toBe("arrive");
  });
  it("a trip leaving the OSM region plans on the Europe pack", async () => {
    const r = await planned([52.37, 9.74], [48.14, 11.58]);
    expect(Object.keys(r.planned_on)).toContain("europe");
  });
});

describe("tolls", () => {
  it("prices each toll system on the trip date; an unpriced country is unknown, not zero", async () => {
    const submit = await call("POST", "/planner/v2", {
      key: t.a.key,
      body: hamburgMunich({ start_time_tour: "2026-11-21T06:00:00Z", section_list: [{ start_pos: [50.94, 6.96], stop_pos: [48.21, 16.37], payload_kg: 20000 }] }),
    });
    while (await runNextJob(db(), { leaseS: 60, maxAttempts: 1 })) {
      /* drain */
    }
    const r = (await call("GET", `/planner/optimizations/${submit.json.optimization_id}/result`, { key: t.a.key })).json;
    const bySystem = Object.fromEntries(r.toll_summary.map((s: any) => [s.tollSystem.split(" ")[0], s]));
    expect(bySystem.DE).toMatchObject({ currency: "EUR", total: 0 }); // zero-emission exemption
    expect(bySystem.AT.total).toBeGreaterThan(10);
    expect(r.sections.some((s: any) => (s.tolls ?? []).some((x: any) => x.country === "AT" && x.km > 50))).toBe(true);

    const milan = await planned([53.55, 9.99], [45.46, 9.19]);
    const italy = milan.toll_summary.find((s: any) => s.tollSystem.startsWith("IT"));
    expect(italy).toMatchObject({ total: null });
    expect(italy.note).toMatch(/km/);
  });
});
