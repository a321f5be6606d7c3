// Requests for the comparison with the reference FastAPI app (tests/api/fastapi-reference.test.ts):
// generated deterministically from a seed, by mutating valid requests of every endpoint of the spec
// that reads a body, query or path: missing fields, wrong JSON types, numbers out of range, bad
// literals, empty and over-long lists, bad list elements and pairs, nested objects, several
// problems at once, and parameters in every textual form v2 reads as an integer or boolean.
//
// Only what the schema alone decides is generated: the vehicle is always the tenant's, points
// are invalid by schema or lie near a road, payloads are invalid by schema or within every
// vehicle's limit, and a tenant_id is malformed or the key's own (another tenant's is a 403).
// A field added to the contract goes into tests/reference/spec_app.py and here. Not generated:
// callback_url (whether its address may be called needs DNS) and route_choice (one entry per section
// is checked with the fleet and road checks, in server/planner-request.ts).
import { HAMBURG, HANNOVER, MUNICH, hamburgMunich } from "./env";
import { mulberry32 as seeded } from "./seeded";
export { seeded };

export interface ReferenceCase {
  /** Which generator made it; the test counts compared cases per group. */
  group: string;
  method: "GET" | "POST";
  /** Path and query, URL-encoded. */
  url: string;
  body?: unknown;
  /** What was changed, for the report of a difference. */
  note: string;
}


type Rng = () => number;
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

/** Deletes the key (a field left out). */
const REMOVE = Symbol("remove");
type Path = (string | number)[];
type Mutation = { path: Path; value: unknown };

// ---- values ---------------------------------------------------------------------------------

/** Values of every JSON type, some of which a given field accepts: the comparison says which. */
const ANY_TYPE: unknown[] = ["abc", "", "1", "0.5", "true", "yes", 0, 1, -1, 0.5, 1.5, 2, true, false, null, [], [1], ["a"], {}, { a: 1 }];

const numberBad = (min: number, max: number): unknown[] => [
  ...ANY_TYPE, REMOVE, min - 1, max + 1, min - 0.001, max + 0.001, min, max, (min + max) / 2, String((min + max) / 2), ` ${max} `, "1_0", "1e1", "inf", "NaN",
];
const boolBad: unknown[] = [...ANY_TYPE, "false", "on", "off", "t", "f", "y", "n", "TRUE", "maybe", 2, 0.0, 1.0, 2.5];
const timeBad: unknown[] = [
  ...ANY_TYPE, "08:00:00", "23:59:59", "24:00:00", "25:00:00", "12:60:00", "12:00:60", "8:00:00", "12:00", "T08:00:00", "tomorrow 8am",
  "2026-12-01T08:00:00Z", "2026-12-01 08:00", "2026-12-01T08:00:00.123+01:00", "2026-12-01T08:00:00+0130", "2026-02-29T08:00:00Z",
  "2028-02-29T08:00:00Z", "2026-02-30T08:00:00Z", "2026-04-31T08:00:00Z", "2026-13-01T08:00:00Z", "2026-00-10T08:00:00Z",
  "2026-12-01T24:00:00Z", "2026-12-01T23:59:60Z", "2026-12-01T08:00:00+24:00", "2026-12-01T08:00:00+23:60", "2026-12-01",
  "0000-01-01T00:00:00Z",
];
const pairBad: unknown[] = [
  REMOVE, null, "53.55,9.99", 53.55, true, {}, { lat: 53.55, lon: 9.99 }, [], [53.55], ["a"], [53.55, 9.99, 0], [1, 2, 3, 4], ["a", 9.99],
  [53.55, "9.99"], ["53.55", "9.99"], [true, 9.99], [null, null], [[53.55], 9.99], [95, 9.99], [-90.5, 9.99], [53.55, 181], [53.55, -180.1],
  [95, 200], [95], ["x", 9.99, 1], [53.55, 9.99],
];
const literalBad = (allowed: string[]): unknown[] => [...ANY_TYPE, ...allowed, ...allowed.map((a) => a.toLowerCase()), ...allowed.map((a) => ` ${a}`), [allowed[0]]];
const stringBad = (max: number): unknown[] => [...ANY_TYPE, REMOVE, "x".repeat(max), "x".repeat(max + 1), 5, ["x"]];

/** [path under the body, values to try]: every field of the request, each nested level. */
function fieldValues(): [Path, unknown[]][] {
  const s: Path = ["section_list", 0];
  return [
    [["vehicle_id"], [REMOVE, null, 42, true, [], {}, "", "x".repeat(201), "🚛".repeat(201), ["mb-eactros-600"], 0]],
    [["battery_level_start"], numberBad(0.1, 1)],
    [["section_list"], [REMOVE, null, "x", 1, {}, [], [null], [1], ["x"], [[]], [{}]]],
    [["poi_info"], [REMOVE, null, [], "x", 1, true, [["min_kW", 1]], {}, { unknown: 1 }]],
    [["battery_level_end"], numberBad(0.1, 0.8)],
    [["service_time_departure_min"], numberBad(0, 1440)],
    [["value_of_time_eur_per_h"], numberBad(0, 1000)],
    [["cost_per_km_eur"], numberBad(0, 10)],
    [["cost_options"], boolBad],
    [["objective"], literalBad(["balanced", "fastest", "cheapest"])],
    [["start_time_tour"], timeBad],
    [["avoid_tolls"], boolBad],
    [["include_available_charging_stations"], boolBad],
    [["driver"], [...ANY_TYPE, [["driven_today_min", 1]]]],
    [["unknown_field"], ANY_TYPE],
    [[...s], [null, 1, "x", [], [1], true]],
    [[...s, "start_pos"], pairBad],
    [[...s, "stop_pos"], pairBad],
    [[...s, "payload_kg"], numberBad(0, 100_000).map((v) => (v === 100_000 || v === 50_000 ? 20_000 : v))],
    [[...s, "section_id"], [...stringBad(200).filter((v) => v !== REMOVE), "🚛".repeat(200), "🚛".repeat(201), "e\u0301".repeat(100)]], // lengths in code points
    [[...s, "service_time_min"], numberBad(0, 1440)],
    [[...s, "opening_time"], [...ANY_TYPE, ["08:00:00"], ["08:00:00", "18:00:00"], ["08:00:00", "18:00:00", "20:00:00"], ["x", "y"], ["x", "y", "z"],
      ["08:00:00", 5], [5], ["25:00:00", "08:00:00"], ["2026-12-01T08:00:00Z", "2026-12-01T18:00:00+01:00"], [null, null], [[], {}]]],
    [[...s, "power_available_kW"], numberBad(0, 5000)],
    [[...s, "unknown_field"], ANY_TYPE],
    [["poi_info", "min_kW"], numberBad(0, 1000)],
    [["poi_info", "max_kW"], numberBad(0, 1000)],
    [["poi_info", "cpo"], [...ANY_TYPE, [""], [1], [null], ["IONITY", 2], ["IONITY"], [" "], [[]]]],
    [["poi_info", "truck_approved"], literalBad(["T", "TT"])],
    [["poi_info", "connector_type"], [...ANY_TYPE, "CCS", ["TYPE2"], ["CCS", "x", 1], ["MCS", "CCS"], ["ccs"], [null]]],
    [["poi_info", "connector_pos"], literalBad(["LEFT", "RIGHT"])],
    [["poi_info", "bookable"], boolBad],
    [["poi_info", "unknown_field"], ANY_TYPE],
    [["driver", "extended_daily_driving"], boolBad],
    [["driver", "driven_since_break_min"], numberBad(0, 270)],
    [["driver", "driven_today_min"], [...numberBad(0, 600), 541, 560]],
    [["driver", "since_daily_rest_min"], numberBad(0, 780)],
    [["driver", "reduced_daily_rests_left"], [...numberBad(0, 3), 2.0, 1.5, "2"]],
  ];
}

/** Whole-object values that test the cross-field rules and lists of sections. */
function wholeValues(): [Path, unknown[]][] {
  const section = (start = HAMBURG, stop = MUNICH) => ({ start_pos: start, stop_pos: stop, payload_kg: 10_000 });
  const far = Array.from({ length: 25 }, (_, i) => (i % 2 ? section(MUNICH, HAMBURG) : section())); // 15,000 km straight
  return [
    [["poi_info"], [{ min_kW: 300, max_kW: 100 }, { min_kW: 100, max_kW: 300 }, { min_kW: "x", max_kW: 1 }, { min_kW: 5, max_kW: 1, cpo: [1] },
      { min_kW: 5, max_kW: 1, connector_type: ["x"] }, { min_kW: -5, max_kW: -10 }, { min_kW: 5, max_kW: null }]],
    [["driver"], [
      { driven_today_min: 60, driven_since_break_min: 120 }, { driven_today_min: 60, driven_since_break_min: 120, reduced_daily_rests_left: 1.5 },
      { driven_today_min: 560 }, { driven_today_min: 560, extended_daily_driving: true }, { driven_today_min: 560, extended_daily_driving: "yes" },
      { driven_today_min: 560, since_daily_rest_min: 550 }, { driven_today_min: 100, since_daily_rest_min: 50, driven_since_break_min: 200 },
      { driven_today_min: 610, since_daily_rest_min: 50 }, { driven_since_break_min: 30 }, { since_daily_rest_min: 0, driven_today_min: null },
      { extended_daily_driving: null, driven_today_min: 560, driven_since_break_min: 600 },
    ]],
    [["section_list"], [
      far, far.slice(0, 19), Array.from({ length: 26 }, () => section()), [...Array.from({ length: 25 }, () => section()), { start_pos: "x" }],
      [section(), section(HANNOVER, MUNICH), { start_pos: [1] }], [section(), null, "x", { payload_kg: -1 }],
      [section(HAMBURG, HANNOVER), section(HANNOVER, MUNICH)],
    ]],
  ];
}

function apply(target: Record<string, unknown>, { path, value }: Mutation): boolean {
  let node: unknown = target;
  for (const step of path.slice(0, -1)) {
    if (node === null || typeof node !== "object") return false;
    const next = (node as Record<string | number, unknown>)[step];
    if (next === undefined) {
      if (Array.isArray(node)) return false;
      (node as Record<string, unknown>)[step] = {}; // a nested object the valid body leaves out (driver)
    }
    node = (node as Record<string | number, unknown>)[step];
  }
  if (node === null || typeof node !== "object") return false;
  const last = path[path.length - 1];
  if (value === REMOVE) {
    if (Array.isArray(node)) return false;
    delete (node as Record<string, unknown>)[last as string];
  } else {
    (node as Record<string | number, unknown>)[last] = structuredClone(value);
  }
  return true;
}

const show = (m: Mutation) => `${m.path.join(".")}=${m.value === REMOVE ? "(absent)" : JSON.stringify(m.value)?.slice(0, 80)}`;

/** Bodies: one field at a time over every value listed, then random combinations. */
function bodies(rng: Rng, base: () => Record<string, unknown>, randomCount: number): { body: Record<string, unknown>; note: string }[] {
  const fields = fieldValues();
  const out: { body: Record<string, unknown>; note: string }[] = [];
  const make = (mutations: Mutation[]) => {
    const body = base();
    const applied = mutations.filter((m) => apply(body, m));
    if (applied.length) out.push({ body, note: applied.map(show).join("; ") });
  };
  for (const [path, values] of [...fields, ...wholeValues()]) for (const value of values) make([{ path, value }]);
  // A second section, so that an element's index other than 0 shows.
  const second = (value: unknown, key: string): Mutation[] => [
    { path: ["section_list", 1], value: { start_pos: HANNOVER, stop_pos: MUNICH, payload_kg: 5_000 } },
    { path: ["section_list", 1, key], value },
  ];
  for (const v of pairBad.slice(0, 12)) make(second(v, "stop_pos"));
  for (let i = 0; i < randomCount; i++) {
    const n = 2 + Math.floor(rng() * 3);
    const mutations: Mutation[] = [];
    for (let k = 0; k < n; k++) {
      const [path, values] = pick(rng, fields);
      mutations.push({ path, value: pick(rng, values) });
    }
    make(mutations);
  }
  return out;
}

const INT_TEXT = ["", "abc", "1.5", "1e3", "0x10", "１５", " ", "-", "+-1", "1__0", "_1", "99999999999999999999"];

/** Query values for an integer in [min, max]: every textual form v2 reads as an integer, and others. */
function intTexts(min: number, max: number): string[] {
  const mid = Math.round((min + max) / 2);
  return [...INT_TEXT, `${mid}`, ` ${mid} `, `+${mid}`, `0${mid}`, `${mid}.0`, `${mid}.00`, `${mid}.5`, `${String(mid).slice(0, 1)}_${String(mid).slice(1) || "0"}`,
    `${min - 1}`, `${max + 1}`, `${min}`, `${max}`, `-${mid}`, `${mid}e0`];
}

const BOOL_TEXT = ["true", "false", "TRUE", "False", "1", "0", "on", "off", "yes", "no", "t", "f", "y", "n", "Y", "2", "", "maybe", " true", "true ", "10"];

function query(params: [string, string][]): string {
  return params.length ? `?${params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}` : "";
}

/** Values of tenant_id that parse to the key's own tenant or to nothing valid. */
function tenantTexts(own: number): string[] {
  return [`${own}`, ` ${own} `, `+${own}`, `0${own}`, `${own}.0`, "0", "-1", "2147483648", "abc", "", "1.5", `${own}e0`, "null", "-0"];
}

export function referenceCases(seed: number, ownTenant: number): ReferenceCase[] {
  const rng = seeded(seed);
  const cases: ReferenceCase[] = [];
  const v1Base = () => hamburgMunich({ section_list: [{ start_pos: HAMBURG, stop_pos: HANNOVER, payload_kg: 10_000 }] });

  for (const { body, note } of bodies(rng, () => hamburgMunich(), 150)) cases.push({ group: "POST /planner/v2 body", method: "POST", url: "/planner/v2", body, note });
  for (const body of [{}, [], [{}], 5, "x", true, null, [hamburgMunich()]]) {
    for (const url of ["/planner/v2", "/planner"]) cases.push({ group: `POST ${url} body`, method: "POST", url, body, note: `body ${JSON.stringify(body).slice(0, 40)}` });
  }
  // The legacy endpoint reads the same body: a random sample of it (each valid one is planned).
  const v1Bodies = bodies(rng, v1Base, 40);
  for (let i = 0; i < 60; i++) {
    const { body, note } = v1Bodies[Math.floor(rng() * v1Bodies.length)];
    cases.push({ group: "POST /planner body", method: "POST", url: "/planner", body, note });
  }

  // Query parameters, alone and together, also beside body problems; repeated names (the last counts).
  const plannerParams: [string, string[]][] = [
    ["corridor", intTexts(1000, 20000)], ["min_charge_duration_min", intTexts(0, 100)], ["tenant_id", tenantTexts(ownTenant)],
  ];
  for (const [name, values] of plannerParams) {
    for (const v of values) cases.push({ group: "POST /planner/v2 query", method: "POST", url: `/planner/v2${query([[name, v]])}`, body: hamburgMunich(), note: `${name}=${JSON.stringify(v)}` });
    cases.push({ group: "POST /planner/v2 query", method: "POST", url: `/planner/v2${query([[name, values[1]], [name, values[0]]])}`, body: hamburgMunich(), note: `${name} twice, last ${JSON.stringify(values[0])}` });
  }
  const v2Bodies = bodies(rng, () => hamburgMunich(), 0);
  for (let i = 0; i < 40; i++) {
    const params: [string, string][] = plannerParams.filter(() => rng() < 0.6).map(([name, values]) => [name, pick(rng, values)]);
    const { body, note } = rng() < 0.5 ? { body: hamburgMunich(), note: "" } : pick(rng, v2Bodies);
    cases.push({ group: "POST /planner/v2 query", method: "POST", url: `/planner/v2${query(params)}`, body, note: `${query(params)} ${note}` });
  }
  for (let i = 0; i < 30; i++) {
    const params: [string, string][] = [...plannerParams, ["include_available_charging_stations", BOOL_TEXT] as [string, string[]]]
      .filter(() => rng() < 0.5)
      .map(([name, values]) => [name, pick(rng, values)]);
    cases.push({ group: "POST /planner query", method: "POST", url: `/planner${query(params)}`, body: pick(rng, [{ ...v1Base(), vehicle_id: 5 }, v1Base()]), note: query(params) });
  }
  for (const v of BOOL_TEXT) {
    cases.push({ group: "POST /planner query", method: "POST", url: `/planner${query([["include_available_charging_stations", v]])}`, body: { ...v1Base(), battery_level_start: 2 }, note: `include_available_charging_stations=${JSON.stringify(v)}, battery_level_start=2` });
  }

  // GET /planner/optimizations/{optimization_id}/result: the path, tenant_id and option.
  const ids = ["abc", "0", "-1", "1.0", "1.5", "+1", "01", "2147483647", "2147483648", "１", " 1", "1e0", "1_0", "99999999999999999999"];
  for (const id of ids) cases.push({ group: "GET result", method: "GET", url: `/planner/optimizations/${encodeURIComponent(id)}/result`, note: `optimization_id=${JSON.stringify(id)}` });
  for (const v of tenantTexts(ownTenant)) cases.push({ group: "GET result", method: "GET", url: `/planner/optimizations/1/result${query([["tenant_id", v]])}`, note: `tenant_id=${JSON.stringify(v)}` });
  for (const v of intTexts(0, 4)) cases.push({ group: "GET result", method: "GET", url: `/planner/optimizations/1/result${query([["option", v]])}`, note: `option=${JSON.stringify(v)}` });
  for (const v of BOOL_TEXT) {
    const url = `/planner/optimizations/1/result${query([["include_available_charging_stations", v]])}`;
    cases.push({ group: "GET result", method: "GET", url, note: `include_available_charging_stations=${JSON.stringify(v)}` });
  }
  for (let i = 0; i < 15; i++) {
    const id = pick(rng, ids);
    const params: [string, string][] = [["tenant_id", pick(rng, tenantTexts(ownTenant))], ["option", pick(rng, intTexts(0, 4))]];
    cases.push({ group: "GET result", method: "GET", url: `/planner/optimizations/${encodeURIComponent(id)}/result${query(params)}`, note: `${id} ${query(params)}` });
  }

  // GET /planner/jobs/{job_id}: every form of UUID v2 reads, and near misses.
  const uuid = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
  const jobIds = [uuid, uuid.toUpperCase(), uuid.replace(/-/g, ""), `{${uuid}}`, `urn:uuid:${uuid}`, "00000000-0000-0000-0000-000000000000",
    "00000000-0000-0000-0000-000000000001", "ffffffff-ffff-ffff-ffff-ffffffffffff", uuid.slice(1), `${uuid}0`, uuid.replace("6", "g"), `${uuid.slice(0, 8)}${uuid.slice(9)}`,
    "x", "1", `{${uuid}`, `urn:uuid:{${uuid}}`, ` ${uuid}`, uuid.replace(/-/g, "_")];
  for (const id of jobIds) cases.push({ group: "GET job", method: "GET", url: `/planner/jobs/${encodeURIComponent(id)}`, note: `job_id=${JSON.stringify(id)}` });

  // GET /routing/geocode: address is required, 1 to 300 characters once trimmed.
  const addresses: ([string, string][])[] = [[], [["address", ""]], [["address", "   "]], [["address", "Hamburg"]], [["address", " Hamburg "]],
    [["address", "x".repeat(300)]], [["address", "x".repeat(301)]], [["address", ` ${"x".repeat(300)} `]], [["Address", "Hamburg"]],
    [["address", "Hamburg"], ["unknown", "1"]], [["address", "\t\n"]], [["address", "x".repeat(500)]], [["address", " "], ["other", "x"]]];
  for (const params of addresses) cases.push({ group: "GET geocode", method: "GET", url: `/routing/geocode${query(params)}`, note: query(params) || "(no query)" });

  // GET /vehicles/info/models and GET /poi/cpos: any manufacturer text, no parameters (unknown ones ignored).
  for (const params of [[], [["manufacturer", ""]], [["manufacturer", "MAN"], ["manufacturer", "Volvo"]], [["manufacturer", "x".repeat(400)]]] as [string, string][][]) {
    cases.push({ group: "GET models", method: "GET", url: `/vehicles/info/models${query(params)}`, note: query(params) || "(no query)" });
  }
  for (const params of [[], [["tenant", "x"]], [["limit", "-1"]]] as [string, string][][]) cases.push({ group: "GET cpos", method: "GET", url: `/poi/cpos${query(params)}`, note: query(params) || "(no query)" });
  cases.push(...labelCases());
  return cases;
}

/**
 * The points' names (start_label, stop_label), one value at a time: made last and without the
 * generator, so that the cases above stay those of each seed before the fields were added.
 */
function labelCases(): ReferenceCase[] {
  const values: unknown[] = [...stringBad(200).filter((v) => v !== REMOVE), "Depot Süd", "🚛".repeat(200), "🚛".repeat(201), "e\u0301".repeat(101)];
  const out: ReferenceCase[] = [];
  for (const key of ["start_label", "stop_label"]) {
    for (const value of values) {
      const body = hamburgMunich();
      const m: Mutation = { path: ["section_list", 0, key], value };
      if (apply(body, m)) out.push({ group: "POST /planner/v2 body", method: "POST", url: "/planner/v2", body, note: show(m) });
    }
  }
  return out;
}
