// Request bodies for the API fuzz that the service must refuse, by construction:
// a valid body of the endpoint, hostile noise added (keys like `__proto__`,
// deep nesting, pollution payloads), then at least one mutation that alone makes
// the body invalid (the last one applied always stands). Besides those: invalid
// JSON, JSON that is not an object, wrong or missing content types, UTF-16,
// bodies over the 1 MB limit and declared lengths over it.
import fc from "fast-check";
import { timeOfDayOrIso } from "@/contract/fields";
import { VIN_PATTERN } from "@/contract/fleet";
import { FleetTourRequest } from "@/contract/fleet-day";
import { ReplanRequest } from "@/contract/replan";
import { findModel } from "@/engine/vehicles/catalog";
import {
  badEnum, badNumber, deepNesting, hostileJson, hostileKey, hostileString, nonObject, notBoolean, notNumber, notObjectOrNull,
  notString, numberOutside, pollution, put, REMOVE, short, toJson,
} from "./fuzz-values";

export type Path = (string | number)[];
export type Mutation = [path: Path, value: unknown];

export interface BodySchema {
  name: string;
  /** A body the endpoint accepts. */
  valid: () => Record<string, unknown>;
  /** Mutations each of which alone makes any body built from `valid()` invalid. */
  breaks: fc.Arbitrary<Mutation>;
  /** Objects inside `valid()` where noise keys go. */
  containers: Path[];
  /** Every field name of the schema at any level: noise never uses them. */
  fields: string[];
}

/** What a fuzz request sends as its body. */
export interface Body {
  kind: string;
  data: string | Uint8Array;
  contentType: string | null;
  contentLength?: string;
}

const JSON_TYPE = "application/json";

/** Applies a mutation; false when the path no longer leads to an object. */
export function applyMutation(target: unknown, [path, value]: Mutation): boolean {
  let node = target;
  for (const step of path.slice(0, -1)) {
    if (node === null || typeof node !== "object" || !Object.prototype.hasOwnProperty.call(node, step)) return false;
    node = (node as Record<string | number, unknown>)[step];
  }
  if (node === null || typeof node !== "object") return false;
  const last = String(path[path.length - 1]);
  if (Array.isArray(node) && !(Number(last) < node.length)) return false; // no holes
  if (value === REMOVE) {
    if (Array.isArray(node)) return false;
    delete (node as Record<string, unknown>)[last];
  } else {
    put(node as Record<string, unknown>, last, value);
  }
  return true;
}

function noise(schema: BodySchema): fc.Arbitrary<Mutation[]> {
  const key = hostileKey.filter((k) => !schema.fields.includes(k));
  const value = fc.oneof({ arbitrary: hostileJson, weight: 4 }, { arbitrary: pollution, weight: 2 }, { arbitrary: deepNesting, weight: 1 });
  return fc.array(fc.tuple(fc.constantFrom(...schema.containers), key, value).map(([c, k, v]): Mutation => [[...c, k], v]), { maxLength: 3 });
}

/** A body object that must be refused: valid, plus noise, plus at least one break (applied last). */
export function brokenObject(schema: BodySchema): fc.Arbitrary<{ value: Record<string, unknown>; breaks: Mutation[] }> {
  return fc.tuple(noise(schema), fc.array(schema.breaks, { minLength: 1, maxLength: 3 })).map(([extra, breaks]) => {
    const value = schema.valid();
    for (const m of extra) applyMutation(value, m);
    const applied = breaks.filter((m) => applyMutation(value, m));
    if (applied.length === 0) throw new Error(`${schema.name}: no break applies: ${JSON.stringify(breaks.map((b) => b[0]))}`);
    return { value, breaks: applied };
  });
}

const NOT_JSON_TYPES = [
  "text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=----x",
  "application/xml", "text/json", "application/jsonp", "application/json5", "json", "*/*", "", "application/javascript",
  "application/octet-stream", "image/png", "application/", "/json",
];

/** Ways of making JSON text unparseable (none yields valid JSON from an object's text). */
function corrupt(text: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: text.length - 1 }).map((n) => text.slice(0, n)),
    fc.constantFrom(",", "}", "]", " x", "{}", "\u0000", "/* c */", "\n//", "'", "NaN").map((tail) => text + tail),
    fc.constantFrom("x", "\u0000", ")]}',\n", "//\n", "{", "[", "'", "\u00a0{").map((head) => head + text),
    fc.constantFrom('"fuzz":NaN,', '"fuzz":Infinity,', '"fuzz":-Infinity,', '"fuzz":undefined,', "'fuzz':1,", "fuzz:1,", '"fuzz":0x10,', '"fuzz":01,', '"fuzz":.5,', '"fuzz":+1,', '"fuzz":1_000,', '"fuzz":"\t",', '"fuzz":"\\x41",').map(
      (field) => `{${field}${text.slice(1)}`,
    ),
    fc.constant(text.length > 2 ? `${text.slice(0, -1)},}` : "{,}"),
  );
}

/** Every body an endpoint must refuse (with a key that may use it); with `mayAccept`, valid bodies too. */
export function bodies(schema: BodySchema, mayAccept: boolean): fc.Arbitrary<Body> {
  const json = (kind: string, data: string): Body => ({ kind, data, contentType: JSON_TYPE });
  const validText = () => toJson(schema.valid());
  const options: fc.WeightedArbitrary<Body>[] = [
    { weight: 12, arbitrary: brokenObject(schema).map(({ value }) => json("broken object", toJson(value))) },
    {
      weight: 2,
      // The break as a duplicate key after the valid value: JSON.parse keeps the last.
      arbitrary: fc.tuple(noise(schema), schema.breaks.filter(([p, v]) => p.length === 1 && v !== REMOVE)).map(([extra, [path, value]]) => {
        const base = schema.valid();
        for (const m of extra) applyMutation(base, m);
        const text = toJson(base);
        return json("duplicate key", `${text.slice(0, -1)}${text === "{}" ? "" : ","}${JSON.stringify(path[0])}:${toJson(value)}}`);
      }),
    },
    { weight: 4, arbitrary: fc.oneof(fc.constant(validText()), brokenObject(schema).map(({ value }) => toJson(value))).chain(corrupt).map((t) => json("invalid JSON", t)) },
    { weight: 4, arbitrary: nonObject.map((v) => json("not an object", toJson(v))) },
    { weight: 1, arbitrary: nonObject.map((v) => json("not an object after a BOM", `\ufeff${toJson(v)}`)) },
    { weight: 2, arbitrary: fc.constantFrom(...NOT_JSON_TYPES).map((ct): Body => ({ kind: "wrong content type", data: validText(), contentType: ct })) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.string({ maxLength: 30 }), brokenObject(schema)).map(([ct, { value }]): Body => ({ kind: "broken object, any content type", data: toJson(value), contentType: ct })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ kind: "no content type", data: new TextEncoder().encode(validText()), contentType: null }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom("application/json; charset=utf-16", "application/json; charset=utf-16le").map((ct): Body => ({
        kind: "UTF-16",
        data: new Uint8Array(Buffer.from(validText(), "utf16le")),
        contentType: ct,
      })),
    },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "\n\t ", "\r\n").map((t) => json("empty", t)) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 1_000_001, max: 1_050_000 }), fc.constantFrom(" ", "é", "🚛")).map(([bytes, pad]) => {
        const text = validText();
        const fill = bytes - Buffer.byteLength(text);
        const padding = pad === " " ? " ".repeat(fill) : `{"pad":"${pad.repeat(Math.ceil(fill / Buffer.byteLength(pad)))}"}`;
        return json("over 1 MB", pad === " " ? text + padding : padding);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("1000001", "999999999999", "1e7", " 2000000 ").map((n): Body => ({ kind: "declared over 1 MB", data: validText(), contentType: JSON_TYPE, contentLength: n })),
    },
  ];
  if (mayAccept) {
    options.push(
      { weight: 2, arbitrary: fc.constant(json("valid", validText())) },
      {
        weight: 2,
        arbitrary: noise(schema).map((extra) => {
          const v = schema.valid();
          for (const m of extra) applyMutation(v, m);
          return json("valid plus noise", toJson(v));
        }),
      },
      { weight: 1, arbitrary: fc.constantFrom("0", "abc", "-1", "").map((n): Body => ({ kind: "lying content-length", data: validText(), contentType: JSON_TYPE, contentLength: n })) },
    );
  }
  return fc.oneof(...options);
}

export function describeBody(b: Body): string {
  const text = typeof b.data === "string" ? b.data : `<${b.data.length} bytes>`;
  return `${b.kind}; content-type ${JSON.stringify(b.contentType)}${b.contentLength ? `; content-length ${b.contentLength}` : ""}; ${short(text, 300)}`;
}

// ---- the endpoints' bodies -----------------------------------------------------------

const finite = fc.double({ noNaN: true, noDefaultInfinity: true });
const VALID_TIMES = ["08:00:00", "2026-12-01T08:00:00Z"];

/** Values a time field (`HH:MM:SS` or ISO-8601) must refuse; the contract itself is the oracle. */
const badTime = fc
  .oneof(
    hostileString,
    fc.constantFrom("25:00:00", "12:60:00", "12:00", "8:00:00", "2026-13-01T00:00:00Z", "2026-12-01T25:00:00", "tomorrow 8am", "T08:00:00"),
    finite,
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
  )
  .filter((v) => typeof v !== "string" || !timeOfDayOrIso.safeParse(v).success);

/** Neither a list of two numbers in range nor a point near a road. */
const badPosition: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant({ lat: 53.55, lon: 9.99 }),
  fc.array(finite, { maxLength: 5 }).filter((a) => a.length !== 2),
  fc.tuple(numberOutside(-90, 90), fc.double({ min: -180, max: 180, noNaN: true })),
  fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), numberOutside(-180, 180)),
  fc.tuple(notNumber(false), fc.constant(9.99)),
  fc.tuple(fc.constant(53.55), notNumber(false)),
  // Far from any road of the packs: open sea, Antarctica.
  fc.constantFrom([0, 0], [45, -30], [-89, 0], [71, -5], [35, 18]),
);

const section = () => ({ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20_000 });

/** [field, value] that make one section invalid. */
const sectionBreak: fc.Arbitrary<[string, unknown]> = fc.oneof(
  fc.tuple(fc.constantFrom("start_pos", "stop_pos"), badPosition),
  fc.tuple(fc.constantFrom("start_pos", "stop_pos", "payload_kg"), fc.constant(REMOVE)),
  fc.tuple(fc.constant("payload_kg"), fc.oneof(badNumber(0, 100_000), fc.integer({ min: 24_501, max: 100_000 }))), // over the eActros' 44 t
  fc.tuple(fc.constantFrom("section_id", "start_label", "stop_label"), fc.oneof(notString, fc.integer({ min: 201, max: 400 }).map((n) => "s".repeat(n)))),
  fc.tuple(fc.constant("service_time_min"), badNumber(0, 1440, { nullable: true })),
  fc.tuple(fc.constant("power_available_kW"), badNumber(0, 5000, { nullable: true })),
  fc.tuple(
    fc.constant("opening_time"),
    fc.oneof(
      hostileString,
      finite,
      fc.constant({}),
      fc.array(fc.constantFrom(...VALID_TIMES), { maxLength: 4 }).filter((a) => a.length !== 2),
      fc.tuple(badTime, fc.constantFrom(...VALID_TIMES)),
    ),
  ),
);

const brokenSection = sectionBreak.map(([k, v]) => {
  const s: Record<string, unknown> = section();
  applyMutation(s, [[k], v]);
  return s;
});

const cpoBad = fc.oneof(
  hostileString,
  finite,
  fc.constant({}),
  fc.array(fc.oneof(notString, fc.constant(""), fc.constant(null)), { minLength: 1, maxLength: 3 }),
);

const connectorTypeBad = fc.oneof(
  hostileString,
  fc.constant({}),
  fc.array(badEnum(["MCS", "CCS"], { nullable: false }).filter((v) => !Array.isArray(v)), { minLength: 1, maxLength: 3 }),
);

export function plannerBody(fleetIds: ReadonlySet<string>): BodySchema {
  const fields = [
    "vehicle_id", "battery_level_start", "section_list", "poi_info", "battery_level_end", "service_time_departure_min", "start_time_tour",
    "include_available_charging_stations", "driver", "start_pos", "stop_pos", "payload_kg", "section_id", "start_label", "stop_label", "service_time_min", "opening_time",
    "power_available_kW", "min_kW", "max_kW", "cpo", "truck_approved", "connector_type", "connector_pos", "bookable",
    "extended_daily_driving", "driven_since_break_min", "driven_today_min",
  ];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom("vehicle_id", "battery_level_start", "section_list", "poi_info").map((k): Mutation => [[k], REMOVE]),
    fc.oneof(notString, fc.constant(null)).map((v): Mutation => [["vehicle_id"], v]),
    hostileString.filter((s) => !fleetIds.has(s)).map((v): Mutation => [["vehicle_id"], v]),
    badNumber(0.1, 1).map((v): Mutation => [["battery_level_start"], v]),
    badNumber(0.1, 0.8, { nullable: true }).map((v): Mutation => [["battery_level_end"], v]),
    badNumber(0, 1440, { nullable: true }).map((v): Mutation => [["service_time_departure_min"], v]),
    notBoolean(true).map((v): Mutation => [["include_available_charging_stations"], v]),
    badTime.map((v): Mutation => [["start_time_tour"], v]),
    fc
      .oneof(
        notObjectOrNull.filter((v) => !Array.isArray(v)),
        fc.constant(null),
        fc.constant([]),
        fc.integer({ min: 26, max: 60 }).map((n) => Array.from({ length: n }, section)),
        fc.array(brokenSection, { minLength: 1, maxLength: 3 }),
        fc.array(nonObject, { minLength: 1, maxLength: 3 }),
      )
      .map((v): Mutation => [["section_list"], v]),
    sectionBreak.map(([k, v]): Mutation => [["section_list", 0, k], v]),
    fc.oneof(nonObject, fc.constant(null)).map((v): Mutation => [["section_list", 0], v]),
    fc.oneof(notObjectOrNull, fc.constant(null)).map((v): Mutation => [["poi_info"], v]),
    fc.constant<Mutation>([["poi_info"], { min_kW: 300, max_kW: 100 }]),
    fc
      .oneof(
        fc.tuple(fc.constantFrom("min_kW", "max_kW"), fc.oneof(numberOutside(0, Number.MAX_VALUE), notNumber(true))),
        fc.tuple(fc.constant("cpo"), cpoBad),
        fc.tuple(fc.constant("truck_approved"), badEnum(["T", "TT"])),
        fc.tuple(fc.constant("connector_type"), connectorTypeBad),
        fc.tuple(fc.constant("connector_pos"), badEnum(["LEFT", "RIGHT"])),
        fc.tuple(fc.constant("bookable"), notBoolean(true)),
      )
      .map(([k, v]): Mutation => [["poi_info", k], v]),
    fc
      .oneof(
        notObjectOrNull,
        fc.record({ driven_since_break_min: fc.oneof(numberOutside(0, 270), notNumber(true), fc.integer({ min: 1, max: 270 })) }),
        fc.record({ driven_today_min: fc.oneof(numberOutside(0, 600), notNumber(true), fc.integer({ min: 541, max: 600 })) }),
        fc.constant({ driven_since_break_min: 100, driven_today_min: 50 }),
        fc.record({ extended_daily_driving: notBoolean(true) }),
      )
      .map((v): Mutation => [["driver"], v]),
  );
  return {
    name: "RouteOptimizationRequest",
    valid: () => ({ vehicle_id: "mb-eactros-600", battery_level_start: 0.8, section_list: [section()], poi_info: {} }),
    breaks,
    containers: [[], ["poi_info"], ["section_list", 0]],
    fields,
  };
}

/** Values the re-plan's `time` (RFC 3339 with its offset) must refuse; the contract is the oracle. */
const badInstant = fc
  .oneof(
    hostileString,
    fc.constantFrom("2026-11-25T08:00:00", "08:00:00", "2026-11-25", "2026-13-01T00:00:00Z", "2026-02-30T08:00:00Z", "2026-11-25T25:00:00Z", "2026-11-25T08:00:00+25:00"),
    finite,
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
  )
  .filter((v) => typeof v !== "string" || !ReplanRequest.shape.time.safeParse(v).success);

/**
 * The re-plan body (POST /planner/optimizations/{optimization_id}/replan): valid for the world's tours
 * (one section each, Hamburg -> Munich), the truck near the A 7 before its first stop.
 */
export function replanBody(): BodySchema {
  const fields = ["from", "position", "battery_level", "time", "driver", "sections_done", "callback_url", "extended_daily_driving", "driven_since_break_min", "driven_today_min", "since_daily_rest_min"];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom("position", "battery_level", "time", "driver").map((k): Mutation => [[k], REMOVE]),
    fc.constantFrom("position", "battery_level", "time", "driver").map((k): Mutation => [[k], null]),
    badPosition.map((v): Mutation => [["position"], v]),
    badNumber(0.1, 1).map((v): Mutation => [["battery_level"], v]),
    badInstant.map((v): Mutation => [["time"], v]),
    fc
      .oneof(
        notObjectOrNull,
        fc.record({ driven_today_min: fc.oneof(numberOutside(0, 600), notNumber(true), fc.integer({ min: 541, max: 600 })) }),
        fc.constant({ driven_since_break_min: 100, driven_today_min: 50 }),
      )
      .map((v): Mutation => [["driver"], v]),
    // Every tour of the world has one section: 1 leaves nothing to re-plan (409), more are more than it has (422).
    fc.oneof(numberOutside(0, 25), notNumber(true), fc.constantFrom(0.5, 1.5), fc.integer({ min: 1, max: 25 })).map((v): Mutation => [["sections_done"], v]),
    // With the state in the body, from telematics is a contradiction; anything else no source.
    fc.oneof(fc.constant("telematics"), badEnum(["telematics"])).map((v): Mutation => [["from"], v]),
    fc.constantFrom("https://127.0.0.1/hook", "ftp://hooks.example.com/", "https://hooks.example.com/t", "", 7).map((v): Mutation => [["callback_url"], v]),
  );
  return {
    name: "ReplanRequest",
    valid: () => ({ position: [53.0, 10.0], battery_level: 0.5, time: "2026-11-25T08:00:00Z", driver: { driven_today_min: 60 }, sections_done: 0 }),
    breaks,
    containers: [[], ["driver"]],
    fields,
  };
}

const ID_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
const badName = fc.oneof(notString, fc.constant(null), fc.constantFrom("", " ", "\t\n", "\u00a0", "\ufeff"), fc.integer({ min: 201, max: 300 }).map((n) => "n".repeat(n)));
/** Not a VIN (null clears one: valid). */
const badVin = fc.oneof(notString, hostileString.filter((s) => !VIN_PATTERN.test(s)), fc.constantFrom("WDB9634031L73829", "wdb9634031l738291", "WDB9634031L73829I", "WDB9634031L73829O", " WDB9634031L738291"));
// The catalog matches codes trimmed and case-insensitively: it is the oracle.
const badModelCode = fc.oneof(notString, fc.constant(null), hostileString.filter((s) => !findModel(s)), fc.constantFrom("MB_EACTROS", "MB_EACTROS_6000"));

/** [name, min, max, exclusive minimum, nullable] of every override. */
const OVERRIDES: [string, number, number, boolean, boolean][] = [
  ["usableBatteryKWh", 0, 5000, true, false], ["tareKg", 0, 60_000, true, false], ["maxGrossKg", 0, 80_000, true, false],
  ["referenceConsumptionKWhPerKm", 0, 5, true, false], ["maxCcsKW", 0, 1000, true, true], ["maxMcsKW", 0, 5000, true, true],
  ["rollingResistance", 0.002, 0.02, false, false], ["dragAreaM2", 2, 15, false, false], ["drivetrainEfficiency", 0.5, 1, false, false],
  ["recuperationEfficiency", 0, 1, false, false], ["auxiliaryKW", 0, 50, false, false],
];
const OVERRIDE_NAMES = OVERRIDES.map((o) => o[0]);

const badOverrides = fc.oneof(
  notObjectOrNull,
  fc.tuple(hostileKey.filter((k) => !OVERRIDE_NAMES.includes(k)), hostileJson).map(([k, v]) => {
    const o: Record<string, unknown> = {};
    put(o, k, v);
    return o;
  }),
  fc.constantFrom(...OVERRIDES).chain(([name, min, max, exclusive, nullable]) =>
    fc.oneof(badNumber(min, max, { nullable }), ...(exclusive ? [fc.constant(min)] : [])).map((v) => {
      const o: Record<string, unknown> = {};
      put(o, name, v);
      return o;
    }),
  ),
  fc.constant({ tareKg: 39_000, maxGrossKg: 20_000 }),
  fc.constant({ maxGrossKg: 1000 }), // below every model's tare
);

export function fleetCreateBody(): BodySchema {
  const fields = ["vehicle_id", "model_code", "name", "overrides", "vin", ...OVERRIDE_NAMES];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom("vehicle_id", "model_code", "name").map((k): Mutation => [[k], REMOVE]),
    badVin.map((v): Mutation => [["vin"], v]),
    fc.oneof(notString, fc.constant(null), hostileString.filter((s) => !ID_PATTERN.test(s)), fc.constant("mb-eactros-600")).map((v): Mutation => [["vehicle_id"], v]),
    badModelCode.map((v): Mutation => [["model_code"], v]),
    badName.map((v): Mutation => [["name"], v]),
    badOverrides.map((v): Mutation => [["overrides"], v]),
    fc.tuple(hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([k, v]): Mutation => [[k], v]),
  );
  return {
    name: "FleetVehicleInput",
    valid: () => ({ vehicle_id: "fuzz-new-truck", model_code: "MB_EACTROS_600", name: "Fuzz truck" }),
    breaks,
    containers: [[]],
    fields,
  };
}

export function fleetPatchBody(): BodySchema {
  const fields = ["name", "model_code", "overrides", "vin", ...OVERRIDE_NAMES];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    badModelCode.map((v): Mutation => [["model_code"], v]),
    badVin.map((v): Mutation => [["vin"], v]),
    badName.map((v): Mutation => [["name"], v]),
    badOverrides.map((v): Mutation => [["overrides"], v]),
    fc.tuple(hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([k, v]): Mutation => [[k], v]),
    fc.constant<Mutation>([["vehicle_id"], "renamed"]), // fixed once created: an unknown field of the patch
  );
  return { name: "FleetVehiclePatch", valid: () => ({ name: "Renamed by fuzz" }), breaks, containers: [[]], fields };
}

export function overlayBody(): BodySchema {
  const fields = ["truck_approved", "connector_pos", "bookable", "mcs_kW", "note"];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    badEnum(["T", "TT", "none"]).map((v): Mutation => [["truck_approved"], v]),
    badEnum(["LEFT", "RIGHT"]).map((v): Mutation => [["connector_pos"], v]),
    notBoolean(true).map((v): Mutation => [["bookable"], v]),
    badNumber(0, 5000, { nullable: true }).map((v): Mutation => [["mcs_kW"], v]),
    fc.oneof(notString, fc.integer({ min: 501, max: 700 }).map((n) => "n".repeat(n))).map((v): Mutation => [["note"], v]),
    fc.tuple(hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([k, v]): Mutation => [[k], v]),
  );
  return { name: "StationOverlayInput", valid: () => ({ truck_approved: "TT", note: "fuzz" }), breaks, containers: [[]], fields };
}

export function pricesBody(): BodySchema {
  const fields = ["contracts", "depot_energy_price_per_kWh", "value_of_time_eur_per_h"];
  const contractFields = ["operator", "country", "connector", "min_power_kW", "max_power_kW", "currency", "energy_price_per_kWh", "session_fee", "price_per_min", "per_min_after_min", "note"];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.oneof(notObjectOrNull.filter((v) => !Array.isArray(v) && v !== null), fc.constant([1, 2])).map((v): Mutation => [["contracts"], v]),
    fc.constantFrom("operator", "energy_price_per_kWh").map((k): Mutation => [["contracts", 0, k], REMOVE]),
    badName.map((v): Mutation => [["contracts", 0, "operator"], v]),
    badNumber(0, 10).map((v): Mutation => [["contracts", 0, "energy_price_per_kWh"], v]),
    badNumber(0, 1000, { nullable: true }).map((v): Mutation => [["contracts", 0, "session_fee"], v]),
    badNumber(0, 24 * 60, { nullable: true, int: true }).map((v): Mutation => [["contracts", 0, "per_min_after_min"], v]),
    badEnum(["CCS", "MCS"]).map((v): Mutation => [["contracts", 0, "connector"], v]),
    badEnum(["EUR", "CZK", "PLN", "CHF", "DKK"]).map((v): Mutation => [["contracts", 0, "currency"], v]),
    fc.oneof(notString, fc.constantFrom("de", "DEU", "")).map((v): Mutation => [["contracts", 0, "country"], v]),
    badNumber(0, 10, { nullable: true }).map((v): Mutation => [["depot_energy_price_per_kWh"], v]),
    badNumber(0, 1000, { nullable: true }).map((v): Mutation => [["value_of_time_eur_per_h"], v]),
    fc.tuple(hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([k, v]): Mutation => [[k], v]),
    fc.tuple(hostileKey.filter((k) => !contractFields.includes(k)), hostileJson).map(([k, v]): Mutation => [["contracts", 0, k], v]),
  );
  return {
    name: "PriceListInput",
    valid: () => ({ contracts: [{ operator: "IONITY", country: "DE", energy_price_per_kWh: 0.45 }], value_of_time_eur_per_h: 55 }),
    breaks,
    containers: [[], ["contracts", 0]],
    fields: [...fields, ...contractFields],
  };
}

export function depotBody(): BodySchema {
  const fields = ["name", "latitude", "longitude", "power_kW", "connectors", "points", "address", "operator", "truck_approved", "connector_pos", "bookable"];
  const connectors = ["CCS", "MCS", "CHADEMO", "TYPE2", "OTHER"];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom("name", "latitude", "longitude", "power_kW", "connectors").map((k): Mutation => [[k], REMOVE]),
    badName.map((v): Mutation => [["name"], v]),
    badNumber(-90, 90).map((v): Mutation => [["latitude"], v]),
    badNumber(-180, 180).map((v): Mutation => [["longitude"], v]),
    fc.oneof(badNumber(0, 5000), fc.constant(0)).map((v): Mutation => [["power_kW"], v]),
    fc
      .oneof(
        notObjectOrNull.filter((v) => !Array.isArray(v)),
        fc.constant(null),
        fc.constant([]),
        fc.integer({ min: 6, max: 9 }).map((n) => Array.from({ length: n }, () => "CCS")),
        fc.array(badEnum(connectors, { nullable: false }).filter((v) => !Array.isArray(v)), { minLength: 1, maxLength: 3 }),
      )
      .map((v): Mutation => [["connectors"], v]),
    badNumber(1, 100, { nullable: true, int: true }).map((v): Mutation => [["points"], v]),
    fc.oneof(notString, fc.integer({ min: 301, max: 400 }).map((n) => "a".repeat(n))).map((v): Mutation => [["address"], v]),
    fc.oneof(notString, fc.integer({ min: 201, max: 300 }).map((n) => "o".repeat(n))).map((v): Mutation => [["operator"], v]),
    badEnum(["T", "TT"]).map((v): Mutation => [["truck_approved"], v]),
    badEnum(["LEFT", "RIGHT"]).map((v): Mutation => [["connector_pos"], v]),
    notBoolean(true).map((v): Mutation => [["bookable"], v]),
    fc.tuple(hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([k, v]): Mutation => [[k], v]),
  );
  return {
    name: "DepotInput",
    valid: () => ({ name: "Fuzz yard", latitude: 53.5, longitude: 10, power_kW: 400, connectors: ["CCS"] }),
    breaks,
    containers: [[]],
    fields,
  };
}

/**
 * POST /planner/fleet (FleetSubmitRequest, src/contract/fleet-day.ts): two tours, each a v2 body plus
 * `priority`. A break is one of the day's (tours, depot) or one of a tour's: any of v2's breaks in
 * either tour, or of the fields a tour adds. `fleetIds`: every vehicle id of any tenant (v2's breaks
 * leave them out); `otherTenantVehicle`: one the submitting tenant does not have. The submitting
 * tenant has no depot charger and no webhook secret, so any `depot` and any `callback_url` break it.
 */
export function fleetSubmitBody(fleetIds: ReadonlySet<string>, otherTenantVehicle: string): BodySchema {
  const tour = plannerBody(fleetIds);
  const tourFields = ["priority", "depot_soc", "depot_plugged_from", "depot_ready_by", "callback_url", "objective", "cost_options", "route_choice"];
  const fields = ["tours", "depot", "depot_id", "grid_limit_kW", ...tour.fields, ...tourFields];
  const MAX_TOURS = 50;
  const validTour = (priority: number) => ({ ...tour.valid(), priority });
  const plugTime = FleetTourRequest.shape.depot_plugged_from;
  const badDateTime = fc
    .oneof(hostileString, fc.constantFrom("08:00:00", "2026-12-01T08:00:00", "2026-12-01", "2026-12-01T25:00:00Z", "yesterday"), finite, fc.boolean(), fc.constant({}), fc.constant([]))
    .filter((v) => !plugTime.safeParse(v).success);
  const tourBreak: fc.Arbitrary<[string, unknown]> = fc.oneof(
    fc.tuple(fc.constant("priority"), fc.oneof(badNumber(0, 10, { int: true }), fc.constant(null))),
    fc.tuple(fc.constant("depot_soc"), badNumber(0, 1, { nullable: true })),
    fc.tuple(fc.constantFrom("depot_plugged_from", "depot_ready_by"), badDateTime),
    fc.tuple(fc.constant("vehicle_id"), fc.constant(otherTenantVehicle)),
    // No secret to sign with (or no URL at all).
    fc.tuple(fc.constant("callback_url"), fc.oneof(fc.constantFrom("https://hooks.example.com/etp", "http://example.com/x"), notString, hostileString)),
    fc.tuple(fc.constant("objective"), badEnum(["balanced", "fastest", "cheapest"])),
  );
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.nat({ max: 1 }), tour.breaks).map(([i, [path, v]]): Mutation => [["tours", i, ...path], v]) },
    { weight: 2, arbitrary: fc.tuple(fc.nat({ max: 1 }), tourBreak).map(([i, [k, v]]): Mutation => [["tours", i, k], v]) },
    fc.constant<Mutation>([["tours"], REMOVE]),
    fc
      .oneof(
        notObjectOrNull.filter((v) => !Array.isArray(v)),
        fc.constant(null),
        fc.constant([]),
        fc.integer({ min: MAX_TOURS + 1, max: MAX_TOURS + 5 }).map((n) => Array.from({ length: n }, () => validTour(0))),
        fc.array(nonObject, { minLength: 1, maxLength: 3 }),
        fc.tuple(fc.nat({ max: 1 }), tour.breaks).map(([i, m]) => {
          const list = [validTour(0), validTour(1)];
          applyMutation(list[i], m);
          return list;
        }),
      )
      .map((v): Mutation => [["tours"], v]),
    fc.oneof(fc.constant(null), nonObject).map((v): Mutation => [["tours", 1], v]),
    // The tenant has no depot charger: any depot, valid or not, is refused.
    fc
      .oneof(
        fc.record({ depot_id: fc.oneof(fc.constantFrom("home", "fuzz-yard", "depot:home"), hostileString, notString), grid_limit_kW: fc.oneof(fc.constant(500), badNumber(0, 100_000), fc.constant(0)) }),
        notObjectOrNull,
      )
      .map((v): Mutation => [["depot"], v]),
  );
  return {
    name: "FleetSubmitRequest",
    valid: () => ({ tours: [validTour(0), validTour(3)] }),
    breaks,
    containers: [[], ["tours", 0], ["tours", 1], ["tours", 0, "poi_info"], ["tours", 1, "section_list", 0]],
    fields,
  };
}

/** PUT /telematics/sources/{source_id}: tenant A has no source, so a body without its secret is refused too. */
export function telematicsSourceBody(): BodySchema {
  const fields = ["name", "base_url", "auth", "enabled", "poll_interval_s", "type", "token_url", "client_id", "client_secret", "scope", "client_authentication", "username", "password"];
  const longText = (min: number) => fc.integer({ min, max: min + 100 }).map((n) => "u".repeat(n));
  // The operator's settings of the fuzz: https only, nothing private allowed.
  const badUrl = fc.oneof(
    notString, fc.constant(null), fc.constant(""), longText(2049),
    fc.constantFrom("rfms.example/x", "ftp://rfms.example/", "http://rfms.example/rfms", "https://u:p@rfms.example/", "https://10.0.0.1/rfms", "https://[::1]/x", "https://169.254.169.254/", "https://rfms.example/#f", "javascript:alert(1)"),
  );
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom<Path>(["base_url"], ["auth"], ["auth", "type"], ["auth", "token_url"], ["auth", "client_id"], ["auth", "client_secret"]).map((p): Mutation => [p, REMOVE]),
    fc.oneof(badUrl, fc.constant("https://rfms.example/rfms?lastVin=x")).map((v): Mutation => [["base_url"], v]),
    badUrl.map((v): Mutation => [["auth", "token_url"], v]),
    fc.oneof(notObjectOrNull, fc.constant(null)).map((v): Mutation => [["auth"], v]),
    badEnum(["oauth2_client_credentials", "basic"], { nullable: false }).map((v): Mutation => [["auth", "type"], v]),
    fc.constant<Mutation>([["auth", "type"], "basic"]), // then username and password are missing, client_id unknown
    fc.oneof(notString, fc.constant(null), fc.constant(""), longText(501)).map((v): Mutation => [["auth", "client_id"], v]),
    fc.oneof(notString, fc.constant(null), fc.constant(""), longText(4097)).map((v): Mutation => [["auth", "client_secret"], v]),
    fc.oneof(notString, fc.constant(""), longText(1001)).map((v): Mutation => [["auth", "scope"], v]),
    badEnum(["basic_header", "request_body"], { nullable: false }).map((v): Mutation => [["auth", "client_authentication"], v]),
    fc.oneof(notString, fc.constantFrom("", " ", "\t"), longText(201)).map((v): Mutation => [["name"], v]),
    notBoolean(false).map((v): Mutation => [["enabled"], v]),
    badNumber(60, 86_400, { int: true }).map((v): Mutation => [["poll_interval_s"], v]),
    fc.tuple(fc.constantFrom<Path>([], ["auth"]), hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([c, k, v]): Mutation => [[...c, k], v]),
  );
  return {
    name: "TelematicsSourceInput",
    valid: () => ({
      base_url: "https://rfms.fuzz.example/rfms4",
      auth: { type: "oauth2_client_credentials", token_url: "https://auth.fuzz.example/token", client_id: "fuzz-client", client_secret: "fuzz-secret" },
    }),
    breaks,
    containers: [[], ["auth"]],
    fields,
  };
}

/** POST /ocpi/parties (OcpiPartyInput, src/contract/ocpi.ts): a party of the tenant's own to push Locations. */
export function ocpiPartyBody(): BodySchema {
  const fields = ["country_code", "party_id", "label"];
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom<Path>(["country_code"], ["party_id"]).map((p): Mutation => [p, REMOVE]),
    fc.oneof(notString, fc.constant(null), fc.constantFrom("", "D", "DEU", "D1", "1E", " DE", "DE\n")).map((v): Mutation => [["country_code"], v]),
    fc.oneof(notString, fc.constant(null), fc.constantFrom("", "AB", "ABCD", "A-B", "AB ", "ÄBC")).map((v): Mutation => [["party_id"], v]),
    fc.oneof(notString, fc.integer({ min: 201, max: 300 }).map((n) => "l".repeat(n))).map((v): Mutation => [["label"], v]),
    fc.tuple(hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([k, v]): Mutation => [[k], v]),
  );
  return { name: "OcpiPartyInput", valid: () => ({ country_code: "DE", party_id: "FZZ" }), breaks, containers: [[]], fields };
}

/** POST /ocpi/sources (OcpiSourceInput, src/contract/ocpi-sources.ts): a CPO to pull from, by its versions URL and token. */
export function ocpiSourceBody(): BodySchema {
  const fields = ["versions_url", "token", "label"];
  // The operator's settings of the fuzz: https only, nothing private allowed.
  const badUrl = fc.oneof(
    notString, fc.constant(null), fc.constant(""), fc.integer({ min: 2001, max: 2100 }).map((n) => `https://cpo.example/${"v".repeat(n)}`),
    fc.constantFrom("cpo.example/versions", "ftp://cpo.example/", "http://cpo.example/ocpi/versions", "https://u:p@cpo.example/", "https://10.0.0.1/ocpi", "https://[::1]/x", "https://169.254.169.254/", "https://cpo.example/#f", "javascript:alert(1)"),
  );
  const breaks: fc.Arbitrary<Mutation> = fc.oneof(
    fc.constantFrom<Path>(["versions_url"], ["token"]).map((p): Mutation => [p, REMOVE]),
    badUrl.map((v): Mutation => [["versions_url"], v]),
    fc.oneof(notString, fc.constant(null), fc.constantFrom("", "two words", "tab\there", "ümlaut"), fc.integer({ min: 256, max: 300 }).map((n) => "t".repeat(n))).map((v): Mutation => [["token"], v]),
    fc.oneof(notString, fc.integer({ min: 201, max: 300 }).map((n) => "l".repeat(n))).map((v): Mutation => [["label"], v]),
    fc.tuple(hostileKey.filter((k) => !fields.includes(k)), hostileJson).map(([k, v]): Mutation => [[k], v]),
  );
  return { name: "OcpiSourceInput", valid: () => ({ versions_url: "https://cpo.fuzz.example/ocpi/versions", token: "fuzz-token-a" }), breaks, containers: [[]], fields };
}
