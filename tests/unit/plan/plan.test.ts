import { describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import { decodePolyline } from "@/engine/network/polyline";
import { plan } from "../../support/checked-plan";
import { CHARGE_STOP_OVERHEAD_MIN, RESERVE_SOC } from "@/engine/plan/rules";
import { input, LAT, planData, station } from "./fixtures";

// The line is ~573 km; an eActros 600 with 20 t uses ~1.1 kWh/km, so from 80 %
// it needs at least one stop to arrive with 20 %.
const everyFiftyKm = () => Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7));

describe("plan on a synthetic motorway", () => {
  it("is drivable with stops, never under the reserve, ending at battery_level_end", () => {
    const r = plan(input(), planData(everyFiftyKm()));
    expect(r.status).toBe("succeeded");
    const stops = r.sections.filter((s) => s.poi_summary?.name !== "Destination");
    expect(stops.length).toBeGreaterThanOrEqual(1);
    for (const s of r.sections) {
      expect(s.stop_pos![2]).toBeGreaterThanOrEqual(RESERVE_SOC - 1e-9);
      expect(s.start_pos![2]).toBeGreaterThanOrEqual(s.stop_pos![2]);
    }
    expect(r.battery_level_end).toBeGreaterThanOrEqual(0.2 - 1e-4);
    expect(r.sections.at(-1)!.poi_summary!.name).toBe("Destination");
    const total = r.sections.reduce((a, s) => a + (s.length_m ?? 0), 0);
    expect(total / 1000).toBeGreaterThan(560);
  });

  it("charges no more than the tour needs", () => {
    const r = plan(input(), planData(everyFiftyKm()));
    // Ending far above the target would mean energy bought for nothing.
    expect(r.battery_level_end).toBeLessThan(0.2 + 0.01);
  });

  it("needs no stop when the battery suffices", () => {
    const r = plan(input({ batteryLevelStart: 1, sections: [{ start: [LAT, 6.01], stop: [LAT, 8], payloadKg: 0 }] }), planData(everyFiftyKm()));
    expect(r.sections).toHaveLength(1);
    expect(r.totals!.charging_stops).toBe(0);
  });

  it("times add up: arrival = departure + driving + charging + overhead", () => {
    const r = plan(input(), planData(everyFiftyKm()));
    const t = r.totals!;
    expect(t.duration_min).toBeCloseTo(t.driving_time_min + t.charging_time_min + t.charging_stops * CHARGE_STOP_OVERHEAD_MIN, 0);
    expect((Date.parse(t.arrival_time) - Date.parse(t.departure_time)) / 60_000).toBeCloseTo(t.duration_min, 0);
  });

  it("honours min_charge_duration_min as a floor", () => {
    const r = plan(input({ minChargeDurationMin: 40 }), planData(everyFiftyKm()));
    expect(r.sections.length).toBeGreaterThan(1);
    for (const s of r.sections.slice(0, -1)) expect(s.poi_summary!.charge_time_min).toBeGreaterThanOrEqual(40);
  });

  it("prefers a powerful station over a slow one at the same place", () => {
    const slow = station(9.5, { powerKW: 50, dcPowerKW: 50 });
    const fast = station(9.45, { powerKW: 400, dcPowerKW: 400 });
    const r = plan(input(), planData([slow, fast]));
    expect(r.sections[0].poi_summary!.id).toBe(fast.poiId);
  });

  it("ignores stations the vehicle cannot use (AC only, CHAdeMO only)", () => {
    const r = plan(input(), planData([station(9.5, { connectors: ["TYPE2"], powerKW: 22, dcPowerKW: 0 }), station(9.6, { connectors: ["CHADEMO"] })]));
    expect(r.status).toBe("not_drivable");
    expect(r.not_drivable_reason!.code).toBe("no_chargers_available");
  });

  it("says battery_depleted_mid_route when the gap between stations is too wide", () => {
    const r = plan(input({ batteryLevelStart: 0.5 }), planData([station(6.5), station(13.5)]));
    expect(r.status).toBe("not_drivable");
    expect(r.not_drivable_reason!.code).toBe("battery_depleted_mid_route");
  });

  it("filters by poi_info and reports unknown attributes", () => {
    const r = plan(input({ poiInfo: { bookable: true } }), planData(everyFiftyKm()));
    expect(r.status).toBe("not_drivable");
    expect(r.warnings!.join(" ")).toMatch(/bookable/);
  });

  it("polylines decode onto the road and join up", () => {
    const r = plan(input(), planData(everyFiftyKm()));
    let last: [number, number] | null = null;
    for (const s of r.sections) {
      const line = decodePolyline(s.polyline!);
      for (const [lat] of line) expect(lat).toBeCloseTo(LAT, 4);
      if (last) expect(line[0][1]).toBeCloseTo(last[1], 4);
      last = line[line.length - 1];
    }
  });

  it("lists candidate stations with distance, detour and section", () => {
    const r = plan(input(), planData(everyFiftyKm()));
    expect(r.poi_list.length).toBe(11);
    const distances = r.poi_list.map((p) => p.distance_from_start!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const p of r.poi_list) {
      expect(p.section).toBe(0);
      expect(p.detour_from_route!).toBeGreaterThan(1000); // ~550 m off the road, there and back
      expect(p.position_lat_route!).toBeCloseTo(LAT, 5);
    }
  });
});

describe("corridor results on a tour of several sections", () => {
  it("gives each station its section, its distance from the tour start and its nearest route point", () => {
    // Out east to 12.5 E, then back west to 7 E: the way back passes every site again, so each is
    // listed twice, once per pass, with that pass's section and distance.
    const sites = [station(8.5), station(10.5), station(12)];
    const r = plan(
      input({ batteryLevelStart: 1, sections: [{ start: [LAT, 6.01], stop: [LAT, 12.5], payloadKg: 0 }, { start: [LAT, 12.5], stop: [LAT, 7], payloadKg: 0 }] }),
      planData(sites),
    );
    const outward = sites.map((s) => [s.poiId, 0]);
    const homeward = [...sites].reverse().map((s) => [s.poiId, 1]);
    expect(r.poi_list.map((p) => [p.poi_id, p.section])).toEqual([...outward, ...homeward]);
    const leg0 = r.sections.filter((s) => s.poi_summary!.name !== "Destination").reduce((a, s) => a + s.length_m!, 0);
    for (const p of r.poi_list) {
      const s = sites.find((x) => x.poiId === p.poi_id)!;
      expect(p.position_lon_route).toBeCloseTo(s.lon, 4);
      expect(p.position_lat_route).toBeCloseTo(LAT, 5);
      // Along the line from 6.01 E: the distance is the route's, not the straight line's to the site.
      const along = p.section === 0 ? haversineM(LAT, 6.01, LAT, s.lon) : haversineM(LAT, 6.01, LAT, 12.5) + haversineM(LAT, 12.5, LAT, s.lon);
      expect(p.distance_from_start! / 1000).toBeCloseTo(along / 1000, 0); // the road follows the parallel: a little longer than the great circle
    }
    expect(leg0).toBeGreaterThan(0);

    // Seen from the way back only: a station west of the turn is on section 1 when section 0 does not pass it.
    const back = plan(
      input({ batteryLevelStart: 1, sections: [{ start: [LAT, 9], stop: [LAT, 12.5], payloadKg: 0 }, { start: [LAT, 12.5], stop: [LAT, 7], payloadKg: 0 }] }),
      planData([station(8)]),
    );
    expect(back.poi_list.map((p) => p.section)).toEqual([1]);
    const km = back.poi_list[0].distance_from_start! / 1000;
    expect(km).toBeCloseTo((haversineM(LAT, 9, LAT, 12.5) + haversineM(LAT, 12.5, LAT, 8)) / 1000, 0);
  });
});

describe("the job time limit", () => {
  it("stops planning between stages once the deadline has passed, naming the stage", async () => {
    const { plan: enginePlan } = await import("@/engine/plan/plan");
    const { TimeLimitExceeded } = await import("@/engine/charging/types");
    const data = planData(everyFiftyKm());
    expect(() => enginePlan({ ...input(), deadlineMs: Date.now() - 1 }, data)).toThrow(TimeLimitExceeded);
    expect(() => enginePlan({ ...input(), deadlineMs: Date.now() - 1 }, data)).toThrow(/route search/);
    expect(enginePlan({ ...input(), deadlineMs: Date.now() + 60_000 }, data).status).toBe("succeeded");
  });
});
