// One case per rule of the spec: every violation answers 422 with FastAPI's
// shape and the `loc` of the offending field.
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/api";
import { freshDatabase, hamburgMunich, twoTenants, type TestTenants } from "../support/env";

let t: TestTenants;
beforeAll(async () => {
  await freshDatabase();
  t = await twoTenants();
});

type Loc = (string | number)[];

async function expect422(path: string, body: unknown, loc: Loc, type?: string) {
  const res = await call("POST", path, { key: t.a.key, body });
  expect(res.status, res.text).toBe(422);
  expect(Array.isArray(res.json.detail)).toBe(true);
  for (const d of res.json.detail) {
    expect(Array.isArray(d.loc)).toBe(true);
    expect(typeof d.msg).toBe("string");
    expect(typeof d.type).toBe("string");
  }
  const hit = res.json.detail.find((d: { loc: Loc }) => JSON.stringify(d.loc) === JSON.stringify(loc));
  expect(hit, `expected loc ${JSON.stringify(loc)} in ${res.text}`).toBeTruthy();
  if (type) expect(hit.type).toBe(type);
  return res;
}

const section = (over: Record<string, unknown> = {}) => ({ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000, ...over });
const without = (key: string) => {
  const b: Record<string, unknown> = hamburgMunich();
  delete b[key];
  return b;
};

describe("body rules of POST /planner/v2", () => {
  const V2 = "/planner/v2";
  it("vehicle_id is required", () => expect422(V2, without("vehicle_id"), ["body", "vehicle_id"], "missing"));
  it("vehicle_id must be a string", () => expect422(V2, hamburgMunich({ vehicle_id: 42 }), ["body", "vehicle_id"], "string_type"));
  it("vehicle_id must belong to the tenant's fleet", () => expect422(V2, hamburgMunich({ vehicle_id: "no-such-truck" }), ["body", "vehicle_id"], "value_error"));
  it("battery_level_start is required", () => expect422(V2, without("battery_level_start"), ["body", "battery_level_start"], "missing"));
  it("battery_level_start >= 0.1", () => expect422(V2, hamburgMunich({ battery_level_start: 0.05 }), ["body", "battery_level_start"], "greater_than_equal"));
  it("battery_level_start <= 1", () => expect422(V2, hamburgMunich({ battery_level_start: 1.01 }), ["body", "battery_level_start"], "less_than_equal"));
  it("battery_level_start must be a number", () => expect422(V2, hamburgMunich({ battery_level_start: "high" }), ["body", "battery_level_start"], "float_parsing"));
  it("section_list is required", () => expect422(V2, without("section_list"), ["body", "section_list"], "missing"));
  it("section_list has at least one element", () => expect422(V2, hamburgMunich({ section_list: [] }), ["body", "section_list"], "too_short"));
  it("section_list has at most 25 elements", () => expect422(V2, hamburgMunich({ section_list: Array.from({ length: 26 }, () => section()) }), ["body", "section_list"], "too_long"));
  it("start_pos is required", () => expect422(V2, hamburgMunich({ section_list: [{ stop_pos: [48.14, 11.58], payload_kg: 0 }] }), ["body", "section_list", 0, "start_pos"], "missing"));
  it("stop_pos is [lat, lon]: an absent item is missing at its index", () =>
    expect422(V2, hamburgMunich({ section_list: [section({ stop_pos: [48.14] })] }), ["body", "section_list", 0, "stop_pos", 1], "missing"));
  it("stop_pos with a third item is too long, at the pair", () =>
    expect422(V2, hamburgMunich({ section_list: [section({ stop_pos: [48.14, 11.58, 0] })] }), ["body", "section_list", 0, "stop_pos"], "too_long"));
  it("latitude within -90..90", () => expect422(V2, hamburgMunich({ section_list: [section({ start_pos: [95, 9.99] })] }), ["body", "section_list", 0, "start_pos", 0], "less_than_equal"));
  it("longitude within -180..180", () => expect422(V2, hamburgMunich({ section_list: [section({ stop_pos: [48.1, -181] })] }), ["body", "section_list", 0, "stop_pos", 1], "greater_than_equal"));
  it("payload_kg is required", () => expect422(V2, hamburgMunich({ section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58] }] }), ["body", "section_list", 0, "payload_kg"], "missing"));
  it("payload_kg >= 0", () => expect422(V2, hamburgMunich({ section_list: [section({ payload_kg: -1 })] }), ["body", "section_list", 0, "payload_kg"], "greater_than_equal"));
  it("payload_kg within the vehicle's gross mass", () =>
    expect422(V2, hamburgMunich({ section_list: [section(), section({ payload_kg: 39_000 })] }), ["body", "section_list", 1, "payload_kg"], "value_error"));
  it("a point far from any road is rejected on its loc", async () => {
    const res = await expect422(V2, hamburgMunich({ section_list: [section({ stop_pos: [55.5, 3.0] })] }), ["body", "section_list", 0, "stop_pos"], "value_error");
    expect(res.text).toMatch(/km away/);
  });
  it("poi_info is required", () => expect422(V2, without("poi_info"), ["body", "poi_info"], "missing"));
  it("poi_info must be an object", () => expect422(V2, hamburgMunich({ poi_info: [] }), ["body", "poi_info"], "model_attributes_type"));
  it("poi_info.truck_approved is T or TT", () => expect422(V2, hamburgMunich({ poi_info: { truck_approved: "X" } }), ["body", "poi_info", "truck_approved"], "literal_error"));
  it("poi_info.connector_type items are MCS or CCS", () => expect422(V2, hamburgMunich({ poi_info: { connector_type: ["CCS", "TYPE2"] } }), ["body", "poi_info", "connector_type", 1], "literal_error"));
  it("poi_info.connector_pos is LEFT or RIGHT", () => expect422(V2, hamburgMunich({ poi_info: { connector_pos: "TOP" } }), ["body", "poi_info", "connector_pos"], "literal_error"));
  it("poi_info.bookable is a boolean", () => expect422(V2, hamburgMunich({ poi_info: { bookable: "yes" } }), ["body", "poi_info", "bookable"], "bool_type"));
  it("poi_info.min_kW is a number", () => expect422(V2, hamburgMunich({ poi_info: { min_kW: "fast" } }), ["body", "poi_info", "min_kW"], "float_parsing"));
  it("poi_info.max_kW is not below min_kW", () => expect422(V2, hamburgMunich({ poi_info: { min_kW: 300, max_kW: 100 } }), ["body", "poi_info", "max_kW"], "value_error"));
  it("poi_info.cpo is a list of strings", () => expect422(V2, hamburgMunich({ poi_info: { cpo: "IONITY" } }), ["body", "poi_info", "cpo"], "list_type"));
  it("battery_level_end >= 0.1", () => expect422(V2, hamburgMunich({ battery_level_end: 0.05 }), ["body", "battery_level_end"], "greater_than_equal"));
  it("battery_level_end <= 0.8", () => expect422(V2, hamburgMunich({ battery_level_end: 0.9 }), ["body", "battery_level_end"], "less_than_equal"));
  it("service_time_departure_min >= 0", () => expect422(V2, hamburgMunich({ service_time_departure_min: -5 }), ["body", "service_time_departure_min"], "greater_than_equal"));
  it("start_time_tour is HH:MM:SS or ISO-8601", () => expect422(V2, hamburgMunich({ start_time_tour: "tomorrow 8am" }), ["body", "start_time_tour"], "value_error"));
  it("start_time_tour rejects an impossible time", () => expect422(V2, hamburgMunich({ start_time_tour: "25:00:00" }), ["body", "start_time_tour"], "value_error"));
  it("include_available_charging_stations is a boolean", () => expect422("/planner", hamburgMunich({ include_available_charging_stations: "sure" }), ["body", "include_available_charging_stations"], "bool_parsing"));
  it("section opening_time is [earliest, latest]", () => expect422(V2, hamburgMunich({ section_list: [section({ opening_time: ["08:00:00"] })] }), ["body", "section_list", 0, "opening_time"]));
});

describe("query rules", () => {
  const body = hamburgMunich();
  it("corridor >= 1000", () => expect422("/planner/v2?corridor=999", body, ["query", "corridor"], "greater_than_equal"));
  it("corridor <= 20000", () => expect422("/planner/v2?corridor=20001", body, ["query", "corridor"], "less_than_equal"));
  it("corridor is an integer", () => expect422("/planner/v2?corridor=abc", body, ["query", "corridor"], "int_parsing"));
  it("corridor has no fraction", () => expect422("/planner/v2?corridor=1500.5", body, ["query", "corridor"]));
  it("min_charge_duration_min >= 0", () => expect422("/planner/v2?min_charge_duration_min=-1", body, ["query", "min_charge_duration_min"], "greater_than_equal"));
  it("min_charge_duration_min <= 100", () => expect422("/planner/v2?min_charge_duration_min=101", body, ["query", "min_charge_duration_min"], "less_than_equal"));
  it("tenant_id is an integer", () => expect422("/planner/v2?tenant_id=me", body, ["query", "tenant_id"], "int_parsing"));
  it("v1 validates its query too", () => expect422("/planner?corridor=50", body, ["query", "corridor"], "greater_than_equal"));

  it("result: optimization_id is an integer path parameter", async () => {
    const res = await call("GET", "/planner/optimizations/abc/result", { key: t.a.key });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["path", "optimization_id"]);
  });
  it("result: tenant_id is an integer", async () => {
    const res = await call("GET", "/planner/optimizations/1/result?tenant_id=x", { key: t.a.key });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(["query", "tenant_id"]);
  });
  it("job: job_id is a UUID", async () => {
    const res = await call("GET", "/planner/jobs/not-a-uuid", { key: t.a.key });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ["path", "job_id"], type: "uuid_parsing" });
  });
  it("geocode: address is required", async () => {
    const res = await call("GET", "/routing/geocode", { key: t.a.key });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ["query", "address"], type: "missing" });
  });
});

describe("request shape", () => {
  it("malformed JSON is a 422 json_invalid on body", async () => {
    const res = await call("POST", "/planner/v2", { key: t.a.key, rawBody: '{"vehicle_id": "x",' });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc[0]).toBe("body");
    expect(res.json.detail[0].type).toBe("json_invalid");
  });
  it("a wrong content type is a 422 on body", async () => {
    const res = await call("POST", "/planner/v2", { key: t.a.key, rawBody: "vehicle_id=x", contentType: "application/x-www-form-urlencoded" });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ["body"], type: "content_type" });
  });
  it("an empty body is a 422 missing body", async () => {
    const res = await call("POST", "/planner/v2", { key: t.a.key, rawBody: "" });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ["body"], type: "missing" });
  });
  it("lists every violation of one request, query and body together", async () => {
    const res = await call("POST", "/planner/v2?corridor=5", {
      key: t.a.key,
      body: { battery_level_start: 2, section_list: [{ start_pos: [100, 0], stop_pos: [0, 0] }], poi_info: { truck_approved: "Q" } },
    });
    expect(res.status).toBe(422);
    const locs = res.json.detail.map((d: { loc: Loc }) => d.loc.join("."));
    expect(locs).toEqual(
      expect.arrayContaining([
        "query.corridor", "body.vehicle_id", "body.battery_level_start", "body.section_list.0.start_pos.0",
        "body.section_list.0.payload_kg", "body.poi_info.truck_approved",
      ]),
    );
  });
  it("lists data checks (vehicle, far points) together with schema violations", async () => {
    const res = await call("POST", "/planner/v2", {
      key: t.a.key,
      body: { vehicle_id: "nope", battery_level_start: 3, poi_info: {}, section_list: [{ start_pos: [55.5, 3.0], stop_pos: [48.14, 11.58], payload_kg: 0 }] },
    });
    expect(res.status).toBe(422);
    const locs = res.json.detail.map((d: { loc: Loc }) => d.loc.join("."));
    expect(locs).toEqual(expect.arrayContaining(["body.battery_level_start", "body.vehicle_id", "body.section_list.0.start_pos"]));
    expect(locs).not.toContain("body.section_list.0.stop_pos");
  });
  it("a rejected request stores nothing", async () => {
    const { db } = await import("@/server/db/client");
    const before = await db().tour.count();
    await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ battery_level_start: 7 }) });
    expect(await db().tour.count()).toBe(before);
  });
  it("accepts battery_level_end null as the default 0.2", async () => {
    const res = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ battery_level_end: null, start_time_tour: "06:30:00" }) });
    expect(res.status, res.text).toBe(200);
    const { db } = await import("@/server/db/client");
    const tour = await db().tour.findUniqueOrThrow({ where: { id: res.json.tour_id } });
    expect(tour.batteryLevelEnd).toBe(0.2);
    const today = new Date();
    expect(tour.startTime.toISOString()).toBe(
      new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 6, 30, 0)).toISOString(),
    );
  });
  it("accepts an ISO-8601 start_time_tour with an offset", async () => {
    const res = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ start_time_tour: "2026-12-01T08:00:00+01:00" }) });
    expect(res.status, res.text).toBe(200);
    const { db } = await import("@/server/db/client");
    const tour = await db().tour.findUniqueOrThrow({ where: { id: res.json.tour_id } });
    expect(tour.startTime.toISOString()).toBe("2026-12-01T07:00:00.000Z");
  });
});

describe("driver", () => {
  it("driven_today_min over the day's limit is on that field", () =>
    expect422("/planner/v2", hamburgMunich({ driver: { driven_today_min: 560 } }), ["body", "driver", "driven_today_min"], "less_than_equal"));
  it("the 10 h day allows up to 600 min", async () => {
    const res = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ driver: { extended_daily_driving: true, driven_today_min: 560, driven_since_break_min: 100 } }) });
    expect(res.status, res.text).toBe(200);
  });
  it("more driving since the break than today is refused", () =>
    expect422("/planner/v2", hamburgMunich({ driver: { driven_today_min: 60, driven_since_break_min: 120 } }), ["body", "driver", "driven_since_break_min"]));
  it("driven_since_break_min above 4.5 h", () =>
    expect422("/planner/v2", hamburgMunich({ driver: { driven_since_break_min: 300 } }), ["body", "driver", "driven_since_break_min"], "less_than_equal"));
  it("unknown types are refused", () =>
    expect422("/planner/v2", hamburgMunich({ driver: { extended_daily_driving: "yes" } }), ["body", "driver", "extended_daily_driving"], "bool_type"));
});

describe("ids beyond the database's integer range", () => {
  it("optimization_id above 2^31-1 is a 422, not a database error", async () => {
    const res = await call("GET", "/planner/optimizations/3000000000/result", { key: t.a.key });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ["path", "optimization_id"], type: "less_than_equal" });
  });
});

describe("tour length limit", () => {
  const LISBON = [38.72, -9.14], HELSINKI = [60.17, 24.94];
  it("refuses a tour over 12,000 km in straight lines with a 422 naming the limit, before any routing", async () => {
    const points = [LISBON, HELSINKI, LISBON, HELSINKI, LISBON];
    const body = hamburgMunich({ section_list: points.slice(1).map((stop, i) => ({ start_pos: points[i], stop_pos: stop, payload_kg: 10000 })) });
    for (const path of ["/planner/v2", "/planner"]) {
      const res = await call("POST", path, { key: t.a.key, body });
      expect(res.status).toBe(422);
      const item = res.json.detail.find((d: { type: string }) => d.type === "tour_too_long");
      expect(item.loc).toEqual(["body", "section_list"]);
      expect(item.msg).toMatch(/^The tour is 13,\d{3} km in straight lines .* at most 12,000 km per request/);
    }
    // Four sections of the same are within it.
    const three = [LISBON, HELSINKI, LISBON, HELSINKI];
    const ok = await call("POST", "/planner/v2", { key: t.a.key, body: hamburgMunich({ section_list: three.slice(1).map((stop, i) => ({ start_pos: three[i], stop_pos: stop, payload_kg: 10000 })) }) });
    expect(ok.json.detail?.some?.((d: { type: string }) => d.type === "tour_too_long") ?? false).toBe(false);
  });
});
