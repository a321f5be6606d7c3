// The result page's pure helpers: the route mapped onto route_profile distances
// and cut into SoC classes, the timeline's activities, tolls and cost, and the
// filters named in warnings.
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { planStops } from "@/components/planner/stops";
import { filterWarnings, notDrivableInfo } from "@/components/result/filters";
import { pointAt, routeOnMap, socClass, socRuns } from "@/components/result/profile";
import { tourActivities } from "@/components/result/timeline";
import { tourCost } from "@/components/result/tolls";
import type { OptimizationResultResponse } from "@/contract/result";
import { encodePolyline } from "@/engine/network/polyline";
import { MESSAGES } from "@/i18n/messages";
const timelineEn = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "timeline" });
const filtersEn = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "filters" });

/** Two sections along a meridian (1° of latitude ≈ 111 km), a charge at the end of the first; a segment takes the class of the SoC at its middle. */
function result(over: Partial<OptimizationResultResponse> = {}): OptimizationResultResponse {
  const line = (a: number, b: number) => encodePolyline([[a, 10], [(a + b) / 2, 10], [b, 10]]);
  return {
    optimization_id: 1, tour_id: 1, status: "succeeded", qualification: "Driveable", battery_level_start: 0.8, battery_level_end: 0.3, poi_list: [],
    sections: [
      { polyline: line(50, 51), start_pos: [50, 10, 0.8], stop_pos: [51, 10, 0.2], length_m: 112_000, tolls: [{ tollSystem: "A", currency: "EUR", km: 100, total: 10 }],
        poi_summary: { id: 7, name: "S", operator: "Op", coordinate_lat: 51, coordinate_lon: 10, charge_time_min: 30, break_kind: "break", break_min: 45,
          arrival_time: "2026-01-01T10:00:00Z", departure_time: "2026-01-01T10:50:00Z", start_soc: 0.2, stop_soc: 0.9, energy_kWh: 300 } },
      { polyline: line(51, 52), stop_pos: [52, 10, 0.3], length_m: 111_000, tolls: [{ tollSystem: "B", currency: "CHF", km: 20, total: null }],
        poi_summary: { name: "Destination", coordinate_lat: 52, coordinate_lon: 10, arrival_time: "2026-01-01T12:20:00Z", wait_min: 0 } },
    ],
    route_profile: { distance_m: [0, 55_000, 110_000, 110_000, 165_000, 220_000], elevation_m: [10, 20, 30, 30, null, 50], soc: [0.8, 0.5, 0.2, 0.9, 0.6, 0.3] },
    totals: { distance_m: 222_000, driving_time_min: 170, charging_time_min: 30, break_time_min: 45, waiting_time_min: 0, duration_min: 260, energy_kWh: 500, charged_kWh: 300, charging_stops: 1, departure_time: "2026-01-01T08:00:00Z", arrival_time: "2026-01-01T12:20:00Z" },
    toll_summary: [{ tollSystem: "A", currency: "EUR", total: 10 }, { tollSystem: "B", currency: "CHF", total: null, note: "rate not known" }],
    ...over,
  } as OptimizationResultResponse;
}

describe("route on the map", () => {
  it("anchors section ends at the profile's same-distance samples", () => {
    const r = routeOnMap(result());
    expect(r.sections.map((s) => [s.at[0], s.at[s.at.length - 1]])).toEqual([[0, 110_000], [110_000, 220_000]]);
    expect(r.sections.map((s) => s.samples)).toEqual([[0, 2], [3, 5]]);
  });

  it("colours by SoC class, charging shows right after the stop, and marks what lies beyond a stuck point", () => {
    const r = routeOnMap(result());
    expect(socRuns(r, null).map((x) => x.cls.id)).toEqual(["good", "mid", "high", "mid"]);
    expect(socRuns(r, 150_000).map((x) => x.cls.id)).toEqual(["good", "mid", "high", "beyond"]);
    expect(socClass(0.05).id).toBe("reserve");
    const p = pointAt(r, 55_000)!;
    expect(p[0]).toBeCloseTo(50.5, 3);
  });

  it("falls back to the geometry's lengths without a profile", () => {
    const r = routeOnMap(result({ route_profile: null }));
    expect(r.profile).toBeNull();
    expect(r.sections[1].at[r.sections[1].at.length - 1]).toBeCloseTo(222_000, -2);
    expect(socRuns(r, null)).toEqual([]);
  });
});

describe("timeline", () => {
  it("puts charging and the break taken while charging on their own lanes", () => {
    const acts = tourActivities(planStops(result()), timelineEn);
    expect(acts.map((a) => [a.kind, (a.end - a.start) / 60_000])).toEqual([["drive", 120], ["charge", 30], ["break", 45], ["drive", 90]]);
  });
});

describe("driving bans", () => {
  it("a wait for a ban by the road is a roadside stop whose wait ends the stay; at a charger it follows the charging", () => {
    const base = result();
    const ban = { rule: "DE-sunday", country: "DE", label: "Sundays", start_time: "2026-01-01T11:00:00Z", end_time: "2026-01-01T13:00:00Z", confidence: "official" };
    const r = result({
      sections: [
        { ...base.sections[0], poi_summary: { ...base.sections[0].poi_summary, departure_time: "2026-01-01T11:50:00Z", service_time_min: 110, wait_min: 60, driving_ban_wait_min: 60, driving_ban: ban } },
        { polyline: base.sections[1].polyline, stop_pos: [51.5, 10, 0.6], length_m: 55_000, inserted: true,
          poi_summary: { name: "Driving ban", coordinate_lat: 51.5, coordinate_lon: 10, arrival_time: "2026-01-01T12:30:00Z", departure_time: "2026-01-01T13:00:00Z", wait_min: 30, driving_ban_wait_min: 30, driving_ban: ban, break_kind: null, break_min: 0 } },
        { ...base.sections[1], poi_summary: { ...base.sections[1].poi_summary, arrival_time: "2026-01-01T13:45:00Z" } },
      ] as never,
    });
    const stops = planStops(r);
    expect(stops.map((s) => [s.kind, s.name, s.ban?.waitMin ?? null])).toEqual([
      ["start", "Start", null], ["charge", "S", 60], ["break", "Driving ban", 30], ["destination", "Destination", null],
    ]);
    expect(stops[2].ban).toEqual({ waitMin: 30, label: "Sundays", until: "2026-01-01T13:00:00Z" });
    const waits = tourActivities(stops, timelineEn).filter((a) => a.kind === "wait").map((a) => [new Date(a.start).toISOString().slice(11, 16), new Date(a.end).toISOString().slice(11, 16)]);
    expect(waits).toEqual([["10:50", "11:50"], ["12:30", "13:00"]]);
  });
});

describe("tolls and cost", () => {
  it("sums known tolls per currency and keeps an unknown rate unknown", () => {
    const c = tourCost(result());
    expect(c.known).toEqual([{ currency: "EUR", total: 10 }]);
    expect(c.unknown).toEqual(["B"]);
    expect(c.rows.find((r) => r.system === "B")).toMatchObject({ total: null, km: 20 });
  });
});

describe("not drivable", () => {
  it("names the filters that left no charger, the result's own counts first", () => {
    expect(filterWarnings(["poi_info.truck_approved: 5 stations excluded", "other", "poi_info.bookable: 2 stations"], filtersEn).map((f) => f.label)).toEqual(["Truck approved", "Bookable stations only"]);
    const nd = result({ status: "not_drivable", qualification: "not_drivable", not_drivable_reason: { code: "no_chargers_available", message: "m", distance_from_start_m: 1000 } as never, warnings: ["poi_info.truck_approved: 3 in the corridor"] });
    const info = notDrivableInfo(nd, ["poi_info.truck_approved: 99 in the data"], filtersEn)!;
    expect(info.distanceM).toBe(1000);
    expect(info.filters).toEqual([{ filter: "truck_approved", label: "Truck approved", text: "3 in the corridor" }]);
    expect(notDrivableInfo(result(), [], filtersEn)).toBeNull();
  });
});

describe("live charger status on a stop", () => {
  it("carries the status, its time and the expected wait of a stop at a site with a feed; none elsewhere", () => {
    const r = result();
    Object.assign(r.sections[0].poi_summary!, { live_status: "BUSY", live_status_at: "2026-01-01T09:40:00Z", charge_point_wait_min: 12.5 });
    const stops = planStops(r);
    expect(stops.find((s) => s.kind === "charge")?.live).toEqual({ status: "BUSY", at: "2026-01-01T09:40:00Z", waitMin: 12.5 });
    expect(stops.filter((s) => s.kind !== "charge").every((s) => !s.live)).toBe(true);
    expect(planStops(result()).every((s) => !s.live)).toBe(true);
  });
});
