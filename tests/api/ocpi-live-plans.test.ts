// Plans that use live charger status, pushed as a CPO pushes it (OCPI 2.2.1 Receiver: PUT of Locations,
// PATCH of an EVSE's status; the objects written from mod_locations.asciidoc): a planned stop whose
// points go OUTOFORDER is planned elsewhere, busy points make the truck wait the queue model's time
// (engine/stations/live-status.ts), and a stale status is said and not used.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { createParty } from "@/server/ocpi/parties";
import { SESSION_MIN } from "@/engine/stations/live-status";
import { call } from "../support/api";
import { freshDatabase, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
let token: string;
/** Where the plan without live data first charges: the two hubs are pushed beside it. */
let near: { lat: number; lon: number };

const OPERATOR = "Live Truck Hub";
/**
 * Hamburg -> Hannover starting low, now (live statuses are about now), bans off (any day of the week). No
 * poi_info filter: a filter's warnings are looked up in a process of their own, seconds to start.
 */
const trip = () => ({
  vehicle_id: "mb-eactros-600", battery_level_start: 0.2, battery_level_end: 0.2, driving_bans: false,
  section_list: [{ start_pos: [53.55, 9.99], stop_pos: [52.37, 9.73], payload_kg: 20000 }], poi_info: {},
});
const planNow = async (body: unknown) => {
  const r = await call("POST", "/planner", { key: t.a.key, body });
  expect(r.status, r.text).toBe(200);
  return r.json;
};
const stops = (r: any) => r.sections.map((s: any) => s.poi_summary).filter((p: any) => p.energy_kWh > 0 && p.id != null);
const at = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const b64 = (s: string) => Buffer.from(s).toString("base64");
const ocpi = (method: "PUT" | "PATCH", path: string, body: unknown, as = token) => call(method, path, { key: null, headers: { authorization: `Token ${b64(as)}` }, body });

/** A truck hub of two MCS points (EVSEs `<id>-1`, `<id>-2`) of the party `party`. */
function hub(id: string, lat: number, lon: number, party = "LTH") {
  const now = at(Date.now());
  const evse = (n: number) => ({
    uid: `${id}-${n}`, status: "AVAILABLE", last_updated: now,
    connectors: [{ id: "1", standard: "MCS", format: "CABLE", power_type: "DC", max_voltage: 1250, max_amperage: 3000, max_electric_power: 1_000_000, last_updated: now }],
  });
  return {
    country_code: "DE", party_id: party, id, publish: true, name: `Hub ${id}`, address: "Am Rasthof 1", city: "Testhausen", country: "DEU",
    coordinates: { latitude: lat.toFixed(6), longitude: lon.toFixed(6) }, operator: { name: OPERATOR }, time_zone: "Europe/Berlin", last_updated: now,
    evses: [evse(1), evse(2)],
  };
}
/** Both points of a hub to this status, as two PATCHes. */
const setStatus = async (id: string, status: string) => {
  for (const n of [1, 2]) {
    const r = await ocpi("PATCH", `/ocpi/2.2.1/locations/DE/LTH/${id}/${id}-${n}`, { status, last_updated: at(Date.now()) });
    expect(r.json.status_code, r.text).toBe(1000);
  }
};

beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
  token = (await createParty(db(), { tenantId: t.a.id, countryCode: "DE", partyId: "LTH" })).token;
  const base = await planNow(trip());
  const first = stops(base)[0];
  expect(first, "the plan without the hubs charges").toBeTruthy();
  near = { lat: first.coordinate_lat, lon: first.coordinate_lon };
  // Two megawatt hubs 90 m apart at that place (apart enough to be two sites).
  for (const [id, dLat] of [["A", 0.0004], ["B", 0.0012]] as const) {
    const r = await ocpi("PUT", `/ocpi/2.2.1/locations/DE/LTH/${id}`, hub(id, near.lat + dLat, near.lon));
    expect(r.status, r.text).toBe(201);
  }
});

describe("plans with live status", () => {
  let free: any;

  it("with every point AVAILABLE the plan charges at a hub that says so, with no wait", async () => {
    free = await planNow(trip());
    const [stop] = stops(free);
    expect(stop.operator).toBe(OPERATOR);
    expect(stop).toMatchObject({ live_status: "AVAILABLE", live_points: { available: 2, busy: 0, unavailable: 0, unknown: 0 } });
    expect(Date.now() - Date.parse(stop.live_status_at)).toBeLessThan(60_000);
    expect(stop.charge_point_wait_min).toBeUndefined();
    expect(free.warnings.join(" ")).not.toMatch(/live status/);
  });

  it("the planned hub's points go OUTOFORDER: the plan moves to another site", async () => {
    const planned = stops(free)[0].location_id as string;
    await setStatus(planned, "OUTOFORDER");
    const moved = await planNow(trip());
    const [stop] = stops(moved);
    expect(stop.location_id).not.toBe(planned);
    expect(stops(moved).some((p: any) => p.location_id === planned)).toBe(false);
    // Nothing lists the broken one as a way out either.
    expect((stop.alternatives ?? []).some((a: any) => a.location_id === planned || a.name === `Hub ${planned}`)).toBe(false);
    await setStatus(planned, "AVAILABLE");
  });

  it("every hub point CHARGING: the stop waits the expected time for a point to free, and the tour is that much longer", async () => {
    await setStatus("A", "CHARGING");
    await setStatus("B", "CHARGING");
    const busy = await planNow(trip());
    const [stop] = stops(busy);
    expect(stop).toMatchObject({ operator: OPERATOR, live_status: "BUSY", live_points: { available: 0, busy: 2, unavailable: 0, unknown: 0 } });
    // Two busy points, each session ending at rate 1/45 min: the wait for the first is 45/2 min, times the chance both still run at arrival.
    const aheadMin = (Date.parse(stop.arrival_time) - Date.parse(stop.live_status_at)) / 60_000;
    expect(stop.charge_point_wait_min).toBeCloseTo((SESSION_MIN / 2) * Math.exp((-2 * aheadMin) / SESSION_MIN), 0);
    expect(stop.charge_point_wait_min).toBeGreaterThan(0.5);
    expect(stop.wait_min).toBe(stop.charge_point_wait_min);
    expect(Date.parse(stop.charge_start_time) - Date.parse(stop.arrival_time)).toBeCloseTo((stop.charge_point_wait_min + 5) * 60_000, -4);
    expect(busy.totals.waiting_time_min).toBeGreaterThanOrEqual(stop.charge_point_wait_min);
    // The same tour as with free points but for the wait (its departure a few seconds later).
    expect(busy.totals.duration_min - free.totals.duration_min).toBeCloseTo(stop.charge_point_wait_min, 0);
  });

  it("a status older than the staleness limit is not used, and the plan says so", async () => {
    // A third hub of another party whose feed went silent 40 min ago (its times set back before any plan read it); the others out of order.
    const silent = (await createParty(db(), { tenantId: t.a.id, countryCode: "DE", partyId: "OLD" })).token;
    const put = await ocpi("PUT", "/ocpi/2.2.1/locations/DE/OLD/C", hub("C", near.lat + 0.002, near.lon, "OLD"), silent);
    expect(put.status, put.text).toBe(201);
    const old = new Date(Date.now() - 40 * 60_000);
    const feed = await db().ocpiFeed.findFirstOrThrow({ where: { partyId: "OLD" } });
    await db().ocpiEvseStatus.updateMany({ where: { feedId: feed.id }, data: { receivedAt: old } });
    await db().ocpiFeed.update({ where: { id: feed.id }, data: { seenAt: old } });
    await setStatus("A", "OUTOFORDER");
    await setStatus("B", "OUTOFORDER");
    const stale = await planNow(trip());
    const [stop] = stops(stale);
    expect(stop).toMatchObject({ name: "Hub C", live_status: "UNKNOWN", live_points: { unknown: 2 } });
    expect(Date.parse(stop.live_status_at)).toBe(old.getTime());
    expect(stop.charge_point_wait_min).toBeUndefined();
    expect(stale.warnings.join(" ")).toMatch(/live status of charging stop \(Hub C\) is older than 30 min/);
    expect(stale.warning_messages.map((m: any) => m.code)).toContain("live.stale");
  });

  it("tenant B's plans see neither the hubs nor their statuses", async () => {
    const r = await call("POST", "/planner", { key: t.b.key, body: trip() });
    expect(r.status, r.text).toBe(200);
    expect(stops(r.json).every((p: any) => p.operator !== OPERATOR && p.live_status === undefined)).toBe(true);
  });
});
