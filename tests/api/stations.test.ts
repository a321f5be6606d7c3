// The station store end to end: import a charger file with the CLI, plan with
// it, overlay truck attributes, a tenant's own depot charger, and who may change what.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/server/auth/keys";
import { db } from "@/server/db/client";
import { call } from "../support/api";
import { freshDatabase, twoTenants, WEEKDAY_DEPARTURE, type TestTenants } from "../support/env";

let t: TestTenants;
let dbUrl: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stations-"));

beforeAll(async () => {
  dbUrl = await freshDatabase();
  t = await twoTenants();
});

const importCli = (args: string[]) =>
  execFileSync("npx", ["tsx", "scripts/stations-import.ts", ...args], { encoding: "utf8", env: { ...process.env, DATABASE_URL: dbUrl }, stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });

/** One OCPI 2.2.1 Location with a megawatt charger. */
function ocpiFile(name: string, lat: number, lon: number, kW: number): string {
  const location = {
    country_code: "DE", party_id: "TST", id: "MCS-1", publish: true, name: "Truck Hub Test", address: "Am Rasthof 1", city: "Testhausen",
    postal_code: "00000", country: "DEU", coordinates: { latitude: lat.toFixed(6), longitude: lon.toFixed(6) },
    evses: [{ uid: "E1", status: "AVAILABLE", connectors: [{ id: "1", standard: "MCS", format: "CABLE", power_type: "DC", max_voltage: 1250, max_amperage: 3000, max_electric_power: kW * 1000, last_updated: "2026-11-01T00:00:00Z" }], last_updated: "2026-11-01T00:00:00Z" }],
    operator: { name: "Truck Hub GmbH" }, time_zone: "Europe/Berlin", last_updated: "2026-11-01T00:00:00Z",
  };
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify([location]));
  return file;
}

/** Hamburg -> Kassel starting low: the truck must charge within its first 4.5 h, so charging speed counts. On a weekday: on a Sunday both plans wait for the ban, and a faster stop gains nothing. */
const trip = (over: Record<string, unknown> = {}) => ({
  vehicle_id: "mb-eactros-600", start_time_tour: WEEKDAY_DEPARTURE, battery_level_start: 0.25, battery_level_end: 0.2,
  section_list: [{ start_pos: [53.55, 9.99], stop_pos: [51.31, 9.48], payload_kg: 20000 }], poi_info: {}, ...over,
});
const planNow = async (key: string, body: unknown) => {
  const r = await call("POST", "/planner?include_available_charging_stations=true", { key, body });
  expect(r.status, r.text).toBe(200);
  return r.json;
};
const chargingStops = (r: any) => r.sections.filter((s: any) => s.poi_summary.energy_kWh > 0).map((s: any) => s.poi_summary);
const EXTERNAL_ID = "ocpi:DE:TST:MCS-1";

describe("station store", () => {
  let base: any;
  let hub: { lat: number; lon: number };

  it("stations:import loads a file; importing it again updates, never duplicates", async () => {
    base = await planNow(t.a.key, trip());
    const first = chargingStops(base)[0];
    expect(first, "the base plan charges").toBeTruthy();
    hub = { lat: first.coordinate_lat + 0.0004, lon: first.coordinate_lon };
    const file = ocpiFile("hub.json", hub.lat, hub.lon, 1000);
    expect(importCli(["--format", "ocpi", file, "--source", "truck-hubs"])).toMatch(/1 added, 0 updated, 0 unchanged, 0 removed/);
    expect(importCli(["--format", "ocpi", file, "--source", "truck-hubs"])).toMatch(/0 added, 0 updated, 1 unchanged, 0 removed/);
    ocpiFile("hub.json", hub.lat, hub.lon, 1200);
    expect(importCli(["--format", "ocpi", file, "--source", "truck-hubs"])).toMatch(/0 added, 1 updated, 0 unchanged, 0 removed/);
    expect(await db().stationRecord.count()).toBe(1);
  });

  it("plans with the imported station: a faster stop, with its source in poi_list", async () => {
    const r = await planNow(t.a.key, trip());
    const stop = chargingStops(r).find((s: any) => s.coordinate_lat === Number(hub.lat.toFixed(6)));
    expect(stop, JSON.stringify(chargingStops(r))).toBeTruthy();
    expect(stop.connector).toBe("MCS");
    expect(r.totals.duration_min).toBeLessThan(base.totals.duration_min);
    const listed = r.poi_list.filter((p: any) => p.external_id === EXTERNAL_ID);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ source: "truck-hubs", power: 1200, operator: "Truck Hub GmbH" });
    expect(r.planned_on.stations).not.toBe(base.planned_on.stations);
  });

  it("a site whose connector names an OCPI tariff is priced by it, the break beyond charging as parking", async () => {
    const file = path.join(dir, "hub.json");
    const [location] = JSON.parse(fs.readFileSync(file, "utf8"));
    location.evses[0].connectors[0].tariff_ids = ["HUB-1"];
    const tariffs = [{
      id: "HUB-1", currency: "EUR", country_code: "DE", party_id: "TST",
      elements: [{ price_components: [{ type: "FLAT", price: 1, vat: 19, step_size: 1 }, { type: "ENERGY", price: 0.3, vat: 19, step_size: 1000 }, { type: "PARKING_TIME", price: 3, vat: 19, step_size: 60 }] }],
      last_updated: "2026-11-01T00:00:00Z",
    }];
    fs.writeFileSync(file, JSON.stringify({ locations: [location], tariffs }));
    expect(importCli(["--format", "ocpi", file, "--source", "truck-hubs"])).toMatch(/1 updated/);
    const r = await planNow(t.a.key, trip());
    const stop = chargingStops(r).find((s: any) => s.coordinate_lat === Number(hub.lat.toFixed(6)));
    expect(stop, "the hub is still the stop").toBeTruthy();
    const c = stop.energy_cost;
    expect(c.source).toBe("OCPI tariff HUB-1 of truck-hubs");
    expect(c.estimated).toBe(false);
    // 1 EUR per session + 0.30 per kWh in whole kWh (+ parking where the stop outlasts the charge), net of VAT.
    const parkingH = Math.max(0, stop.service_time_min - 5 - stop.charge_time_min) / 60;
    expect(c.amount).toBeCloseTo(1 + 0.3 * Math.ceil(stop.energy_kWh - 1e-6) + 3 * Math.ceil(parkingH * 60 - 1e-6) / 60, 0);
    expect(c.components.map((x: any) => x.type)).toEqual(expect.arrayContaining(["FLAT", "ENERGY"]));
    // The same file again without its tariffs: the list price or the fallback.
    fs.writeFileSync(file, JSON.stringify([{ ...location, evses: [{ ...location.evses[0], connectors: [{ ...location.evses[0].connectors[0], tariff_ids: undefined }] }] }]));
    importCli(["--format", "ocpi", file, "--source", "truck-hubs"]);
  });

  it("tariffs imported on their own (--format ocpi-tariffs) price the sites whose connectors name them, in either order", async () => {
    const file = path.join(dir, "hub.json");
    const [location] = JSON.parse(fs.readFileSync(file, "utf8"));
    const named = { ...location, evses: [{ ...location.evses[0], connectors: [{ ...location.evses[0].connectors[0], tariff_ids: ["HUB-2"] }] }] };
    fs.writeFileSync(file, JSON.stringify([named]));
    expect(importCli(["--format", "ocpi", file, "--source", "truck-hubs"])).toMatch(/1 updated/);
    const tariffFile = path.join(dir, "tariffs.json");
    const tariff = { id: "HUB-2", currency: "EUR", elements: [{ price_components: [{ type: "ENERGY", price: 0.25, vat: 19, step_size: 1 }] }], last_updated: "2026-11-01T00:00:00Z" };
    fs.writeFileSync(tariffFile, JSON.stringify({ data: [tariff, { id: "BROKEN" }] }));
    expect(importCli(["--format", "ocpi-tariffs", tariffFile, "--source", "hub-tariffs"])).toMatch(/2 records, 1 skipped; tariffs 1 added/);
    const r = await planNow(t.a.key, trip());
    const stop = chargingStops(r).find((s: any) => s.coordinate_lat === Number(hub.lat.toFixed(6)));
    expect(stop, "the hub is still the stop").toBeTruthy();
    expect(stop.energy_cost).toMatchObject({ source: "OCPI tariff HUB-2 of truck-hubs", estimated: false });
    expect(stop.energy_cost.amount).toBeCloseTo(0.25 * stop.energy_kWh, 1);
    // The tariffs are no sites: the station list is as before.
    expect(r.poi_list.some((p: any) => String(p.external_id).startsWith("tariff:"))).toBe(false);
    // Removing the tariffs' source unlinks them; the site goes back to list prices.
    fs.writeFileSync(tariffFile, "[]");
    expect(importCli(["--format", "ocpi-tariffs", tariffFile, "--source", "hub-tariffs"])).toMatch(/1 removed/);
    const after = await planNow(t.a.key, trip());
    const again = chargingStops(after).find((s: any) => s.coordinate_lat === Number(hub.lat.toFixed(6)));
    expect(again.energy_cost.source).not.toMatch(/OCPI tariff/);
    fs.writeFileSync(file, JSON.stringify([location]));
    importCli(["--format", "ocpi", file, "--source", "truck-hubs"]);
  });

  it("a stored site whose source states no power keeps the estimate mark", async () => {
    const file = path.join(dir, "estimated.json");
    const location = JSON.parse(fs.readFileSync(ocpiFile("tmp.json", hub.lat + 0.002, hub.lon, 50), "utf8"))[0];
    fs.writeFileSync(file, JSON.stringify([{ ...location, id: "EST-1", name: "Assumed Power Site", x_power_estimated: true }]));
    expect(importCli(["--format", "ocpi", file, "--source", "assumed"])).toMatch(/1 added/);
    const r = await planNow(t.a.key, trip());
    const listed = r.poi_list.find((p: any) => p.external_id === "ocpi:DE:TST:EST-1");
    expect(listed).toMatchObject({ power_estimated: true, charge_points: 1, source: "assumed" });
    expect(r.poi_list.find((p: any) => p.external_id === EXTERNAL_ID)).toMatchObject({ power_estimated: false });
    expect(r.available_charging_stations.find((s: any) => s.external_id === "ocpi:DE:TST:EST-1")).toMatchObject({ power_estimated: true });
    // Importing the source again without the site removes it: the later tests count the store as before.
    fs.writeFileSync(file, "[]");
    expect(importCli(["--format", "ocpi", file, "--source", "assumed"])).toMatch(/1 removed/);
  });

  it("GET /poi/cpos counts the stored sites with the bundled ones", async () => {
    const r = await call("GET", "/poi/cpos", { key: t.a.key });
    expect(r.json.find((c: any) => c.name === "Truck Hub GmbH")).toEqual({ name: "Truck Hub GmbH", station_count: 1 });
  });

  it("truck_approved: no station states it, so nothing passes; an overlay makes the hub pass", async () => {
    const filtered = trip({ poi_info: { truck_approved: "TT" } });
    const before = await planNow(t.a.key, filtered);
    expect(before.status).toBe("not_drivable");
    expect(before.warnings.join(" ")).toMatch(/truck_approved/);

    const put = await call("PUT", `/poi/overlays/${encodeURIComponent(EXTERNAL_ID)}`, { key: t.a.key, body: { truck_approved: "TT", connector_pos: "RIGHT", bookable: true } });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toMatchObject({ external_id: EXTERNAL_ID, truck_approved: "TT", scope: "tenant" });
    const after = await planNow(t.a.key, filtered);
    expect(after.status).toBe("succeeded");
    expect(chargingStops(after).map((s: any) => s.coordinate_lat)).toContain(Number(hub.lat.toFixed(6)));
    const listed = after.available_charging_stations.find((s: any) => s.external_id === EXTERNAL_ID);
    expect(listed).toMatchObject({ truck_approved: "TT", bookable: true, connector_pos: "RIGHT" });
    expect(listed.attribute_sources).toMatchObject({ truckApproved: `overlay:tenant:${t.a.id}`, bookable: `overlay:tenant:${t.a.id}` });

    // Tenant B does not see tenant A's overlay.
    expect((await planNow(t.b.key, filtered)).status).toBe("not_drivable");
    expect((await call("GET", "/poi/overlays", { key: t.b.key })).json).toEqual([]);

    expect((await call("DELETE", `/poi/overlays/${encodeURIComponent(EXTERNAL_ID)}`, { key: t.a.key })).status).toBe(204);
    expect((await planNow(t.a.key, filtered)).status).toBe("not_drivable");
  });

  it("an overlay for a station nobody has is a 404; a bad value is a 422 on its field", async () => {
    const missing = await call("PUT", "/poi/overlays/ocpi%3ADE%3ATST%3ANOPE", { key: t.a.key, body: { truck_approved: "T" } });
    expect(missing.status).toBe(404);
    const bad = await call("PUT", `/poi/overlays/${encodeURIComponent(EXTERNAL_ID)}`, { key: t.a.key, body: { truck_approved: "yes", colour: "red" } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.map((d: any) => d.loc.join("."))).toEqual(expect.arrayContaining(["body.truck_approved", "body.colour"]));
  });

  it("the operator's overlay file applies to every tenant; invalid lines are all reported, nothing stored", async () => {
    const bad = path.join(dir, "bad.csv");
    fs.writeFileSync(bad, `external_id,truck_approved,mcs_kW\n${EXTERNAL_ID},TT,\n,T,\n${EXTERNAL_ID},X,-5\n`);
    expect(() => importCli(["--overlay", bad])).toThrow();
    expect(await db().stationOverlay.count()).toBe(0);
    const good = path.join(dir, "overlay.csv");
    fs.writeFileSync(good, `external_id;truck_approved;bookable\n${EXTERNAL_ID};TT;\n`);
    expect(importCli(["--overlay", good])).toMatch(/1 entries for every tenant/);
    for (const key of [t.a.key, t.b.key]) expect((await planNow(key, trip({ poi_info: { truck_approved: "TT" } }))).status).toBe("succeeded");
  });

  it("a depot charger is its tenant's alone, marked uses_company_vehicle_types", async () => {
    const body = { name: "Depot Hamburg", latitude: 53.5523, longitude: 9.995, power_kW: 400, connectors: ["MCS", "CCS"] };
    const put = await call("PUT", "/poi/depots/hh-1", { key: t.a.key, body });
    expect(put.status, put.text).toBe(201);
    expect(put.json).toMatchObject({ depot_id: "hh-1", external_id: `depot:${t.a.id}:hh-1`, operator: "tenant-a", power_kW: 400 });
    expect((await call("PUT", "/poi/depots/hh-1", { key: t.a.key, body: { ...body, power_kW: 600 } })).status).toBe(200);

    const mine = (await planNow(t.a.key, trip())).available_charging_stations.find((s: any) => s.external_id === `depot:${t.a.id}:hh-1`);
    expect(mine).toMatchObject({ uses_company_vehicle_types: true, power_available_kW: 600 });
    const theirs = (await planNow(t.b.key, trip())).available_charging_stations;
    expect(theirs.some((s: any) => String(s.external_id).startsWith("depot:"))).toBe(false);
    expect(theirs.every((s: any) => s.uses_company_vehicle_types === false)).toBe(true);
    expect((await call("GET", "/poi/depots", { key: t.b.key })).json).toEqual([]);
    expect((await call("DELETE", "/poi/depots/hh-1", { key: t.b.key })).status).toBe(404);
    expect((await call("DELETE", "/poi/depots/hh-1", { key: t.a.key })).status).toBe(204);
    expect((await call("GET", "/poi/depots", { key: t.a.key })).json).toEqual([]);
  });

  it("a member key reads station data but may not change it", async () => {
    const { key } = await createApiKey(db(), t.a.id, "driver app", "member");
    expect((await call("GET", "/poi/overlays", { key })).status).toBe(200);
    const put = await call("PUT", `/poi/overlays/${encodeURIComponent(EXTERNAL_ID)}`, { key, body: { truck_approved: "T" } });
    expect(put.status).toBe(403);
    expect((await call("PUT", "/poi/depots/x", { key, body: {} })).status).toBe(403);
  });
});
