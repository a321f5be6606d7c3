// Every instant a planned result gives (also inside cost_option_results) has a sibling
// `<field>_local`: the same instant in the local time of its place, with the offset of
// that place's zone; and the fleet day's parts (site uses, conflicts, depot sessions) alike.
import { describe, expect, it } from "vitest";
import type { PlanResult } from "@/contract/result";
import { usesOf } from "@/engine/fleet/plan-fleet";
import { findModel } from "@/engine/vehicles/catalog";
import { offsetMinutes, offsetText } from "@/engine/time/local-time";
import { summarizeFleet } from "@/server/fleet-day/summary";
import { plan } from "../../support/checked-plan";
import { input, LAT, planData, station } from "../plan/fixtures";

const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
type Json = Record<string, unknown>;

/** Every instant field (a string, or a list of them) of a JSON tree, with the object that holds it. */
function instants(node: unknown, path = "", out: { path: string; holder: Json; key: string }[] = []) {
  if (Array.isArray(node)) node.forEach((x, i) => instants(x, `${path}[${i}]`, out));
  else if (node && typeof node === "object") {
    for (const [key, v] of Object.entries(node as Json)) {
      const values = Array.isArray(v) ? v : [v];
      if (!key.endsWith("_local") && values.length && values.every((x) => typeof x === "string" && INSTANT.test(x))) out.push({ path: `${path}.${key}`, holder: node as Json, key });
      else instants(v, `${path}.${key}`, out);
    }
  }
  return out;
}

/** Each instant's sibling: there, the same instant, and with the offset of `zoneOf(holder, key)` at that instant. */
function expectLocalSiblings(tree: unknown, zoneOf: (holder: Json, key: string, path: string) => string) {
  const found = instants(tree);
  expect(found.length).toBeGreaterThan(0);
  for (const { path, holder, key } of found) {
    const utc = ([] as unknown[]).concat(holder[key]) as string[];
    const local = holder[`${key}_local`];
    expect(local, `${path}_local`).toBeDefined();
    const locals = ([] as unknown[]).concat(local) as string[];
    expect(locals.length, path).toBe(utc.length);
    const zone = zoneOf(holder, key, path);
    utc.forEach((u, i) => {
      expect(Date.parse(locals[i]), `${path}_local`).toBe(Date.parse(u));
      expect(locals[i].endsWith(offsetText(offsetMinutes(Date.parse(u), zone))), `${path}_local ${locals[i]} in ${zone}`).toBe(true);
    });
  }
  return found.map((f) => f.path.replace(/\[\d+\]/g, "[]"));
}

function tour(): PlanResult {
  const sites = Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7, i === 4 ? { openingTimes: { twentyfourseven: false, regular_hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, period_begin: "05:00", period_end: "23:00" })) } } : {}));
  // Friday 20 Nov 2026, 06:00 UTC; a customer with a window in the afternoon, then on to the end of the road; a long day (a break by the road).
  return plan(
    input({
      batteryLevelStart: 0.6,
      sections: [
        { start: [LAT, 6.01], stop: [LAT, 10.02], payloadKg: 20_000, serviceTimeMin: 30, openingTime: ["2026-11-20T13:00:00Z", "2026-11-20T15:00:00Z"] },
        { start: [LAT, 10.02], stop: [LAT, 13.99], payloadKg: 10_000 },
      ],
      costOptions: true,
      objective: "balanced",
    }),
    planData(sites),
  );
}

describe("local times of a planned result", () => {
  it("gives every instant a _local sibling in its place's zone, and each stop, station and the totals their zone", () => {
    const r = tour() as PlanResult & { cost_option_results?: PlanResult[] };
    const departureZone = r.totals!.departure_time_zone!;
    // The synthetic road runs along 50 N from Luxembourg (6 E) into Bohemia (14 E): every place is on CET.
    expect(departureZone).toBe("Europe/Luxembourg");
    expect(r.totals!.arrival_time_zone).toBe("Europe/Prague");
    for (const s of r.sections) expect(s.poi_summary!.time_zone).toMatch(/^Europe\//);
    for (const p of r.poi_list) expect(p.time_zone).toMatch(/^Europe\//);

    const zoneOf = (holder: Json, key: string, path: string) => {
      if (typeof holder.time_zone === "string") return holder.time_zone; // poi_summary, poi_list
      if (path.includes(".totals.")) return String(key === "departure_time" ? holder.departure_time_zone : holder.arrival_time_zone);
      if (key === "opening_time") return String((holder.poi_summary as Json).time_zone); // a section's window
      return departureZone; // optimal_departure_time, driving_rules.daily_rest_ended_at
    };
    const paths = new Set(expectLocalSiblings(r, zoneOf));
    for (const p of [
      ".sections[].poi_summary.arrival_time", ".sections[].poi_summary.departure_time", ".sections[].opening_time",
      ".poi_list[].poi_arrival_time", ".poi_list[].opening_time", ".poi_list[].closing_time",
      ".totals.departure_time", ".totals.arrival_time", ".totals.end_time", ".optimal_departure_time", ".driving_rules.daily_rest_ended_at",
      ".cost_option_results[].totals.departure_time", ".cost_option_results[].sections[].poi_summary.arrival_time",
    ]) expect(paths, p).toContain(p);
    expect(r.sections.some((s) => s.poi_summary!.name === "Break" || s.poi_summary!.break_kind === "break")).toBe(true);

    // Departure 06:00 UTC is 07:00 in Luxembourg, in the UTC field's own precision.
    expect(r.totals!.departure_time).toBe("2026-11-20T06:00:00.000Z");
    expect(r.totals!.departure_time_local).toBe("2026-11-20T07:00:00.000+01:00");
    expect(r.sections.find((s) => s.opening_time)!.opening_time_local).toEqual(["2026-11-20T14:00:00+01:00", "2026-11-20T16:00:00+01:00"]);
  });

  it("a station's own OCPI zone is its stops' and its poi_list entry's", () => {
    const sites = Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7, { timeZone: "Europe/Lisbon" }));
    const r = plan(input(), planData(sites));
    const stop = r.sections.find((s) => (s.poi_summary!.energy_kWh ?? 0) > 0)!.poi_summary!;
    expect(stop.time_zone).toBe("Europe/Lisbon");
    expect(stop.arrival_time_local).toMatch(/\+00:00$/);
    expect(r.poi_list.every((p) => p.time_zone === "Europe/Lisbon")).toBe(true);
    expect(r.totals!.departure_time_zone).toBe("Europe/Luxembourg");
  });
});

describe("local times of a fleet day", () => {
  it("site uses and conflicts in the site's zone, depot sessions in the departure's", () => {
    const r = tour();
    const uses = usesOf(r);
    expect(uses.length).toBeGreaterThan(0);
    const t = (id: string) => ({ id, result: r, delayMin: 0, avoided: [], objectiveAlone: 1, objective: 1, unit: "min" as const, uses, unresolved: false });
    const conflict = { site: uses[0].site, startMs: uses[0].startMs, endMs: uses[0].endMs, trucks: 2, capacity: 1, tours: ["1", "2"] };
    const departureMs = Date.parse(r.totals!.departure_time);
    const vehicle = findModel("MB_EACTROS_600")!;
    const { summary } = summarizeFleet(
      { tours: [t("1"), t("2")], conflictsAlone: [conflict], conflicts: [], plans: 2 },
      {
        tours: [{ tourId: 1, input: input({ departureMs, batteryLevelStart: 0.9 }), depot: { socFrom: 0.2, pluggedFromMs: departureMs - 8 * 3_600_000, readyByMs: null } }],
        depot: { depotId: "home", points: 1, powerKW: 150, gridLimitKW: 150 },
      },
    );
    const siteZone = r.sections.find((s) => String(s.poi_summary!.id) === uses[0].site)!.poi_summary!.time_zone!;
    expect(summary.tours["1"].fleet.uses[0].time_zone).toBe(siteZone);
    expect(summary.conflicts_alone[0].time_zone).toBe(siteZone);
    expect(summary.tours["1"].fleet.depot!.time_zone).toBe("Europe/Luxembourg");
    expect(summary.tours["1"].fleet.depot!.sessions.length).toBeGreaterThan(0);
    expectLocalSiblings({ fleet: summary.tours["1"].fleet, conflicts: summary.conflicts_alone }, (holder, _key, path) =>
      String(path.includes(".sessions[") ? summary.tours["1"].fleet.depot!.time_zone : holder.time_zone));
    // The overview the fleet day's page reads keeps the result's zones.
    expect(summary.tours["1"].overview.totals!.departure_time_local).toBe(r.totals!.departure_time_local);
  });
});
