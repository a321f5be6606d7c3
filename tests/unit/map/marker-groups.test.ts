// One marker per place: an out-and-back tour's start and destination are one marker ("A/B"), a
// customer visited twice one ("1/3"); the stops are named from the tour's points and the request's
// own stops numbered in tour order; a stop without service time has no departure of its own.
import { describe, expect, it } from "vitest";
import { createTranslator } from "next-intl";
import { MESSAGES } from "@/i18n/messages";
import { planStops, type TourPoint } from "@/components/planner/stops";
import { atAStop, groupStops, groupTitle, SAME_PLACE_M, stopText, stopTitle } from "@/components/map/marker-groups";
import type { OptimizationResultResponse, ResultSection } from "@/contract/result";
import { tourPointOfSections } from "@/engine/export/stops";
import { haversineM } from "@/engine/geo";
import { encodePolyline } from "@/engine/network/polyline";
const mapEn = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "map" });

const BOCHUM: [number, number] = [51.4818, 7.2162], ESSEN: [number, number] = [51.4566, 7.0116], DUISBURG: [number, number] = [51.4344, 6.7623];
const CHARGER: [number, number] = [51.45, 6.9];
/** Where the route meets the road at the start: 400 m from the requested point. */
const ROAD_START: [number, number] = [BOCHUM[0] + 0.0036, BOCHUM[1]];

const t = (h: number, m: number) => `2026-11-28T${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:00.000Z`;

function section(from: [number, number], to: [number, number], poi: Record<string, unknown>, extra: Partial<ResultSection> = {}): ResultSection {
  return {
    polyline: encodePolyline([from, to]), start_pos: [from[0], from[1], 0.8], stop_pos: [to[0], to[1], 0.7], length_m: 20_000,
    poi_summary: { coordinate_lat: to[0], coordinate_lon: to[1], time_zone: "Europe/Berlin", charge_time_min: 0, energy_kWh: 0, ...poi },
    ...extra,
  } as ResultSection;
}

/** Bochum -> Essen (20 min service) -> a charger -> Duisburg (no service) -> Essen again -> Bochum. */
function tour(flags = true): OptimizationResultResponse {
  const f = (inserted: boolean, request_section: number) => (flags ? { inserted, request_section } : {});
  return {
    optimization_id: 1, tour_id: 1, status: "succeeded", qualification: "Driveable", battery_level_start: 0.8, battery_level_end: 0.5, poi_list: [],
    totals: { departure_time: t(9, 0), departure_time_zone: "Europe/Berlin" },
    sections: [
      section(ROAD_START, ESSEN, { name: "Stop 1", wait_min: 0, arrival_time: t(9, 30), departure_time: t(9, 50) }, f(false, 0)),
      section(ESSEN, CHARGER, { id: 9, name: "Aral Mülheim", operator: "Aral", charge_time_min: 30, energy_kWh: 150, arrival_time: t(10, 0), departure_time: t(10, 30) }, f(true, 1)),
      section(CHARGER, DUISBURG, { name: "Stop 2", wait_min: 0, arrival_time: t(10, 45), departure_time: t(10, 45) }, f(false, 1)),
      section(DUISBURG, ESSEN, { name: "Stop 3", wait_min: 0, arrival_time: t(11, 15), departure_time: t(11, 15) }, f(false, 2)),
      section(ESSEN, BOCHUM, { name: "Destination", wait_min: 0, arrival_time: t(11, 45), departure_time: t(11, 45) }, f(false, 3)),
    ],
  } as unknown as OptimizationResultResponse;
}

const POINTS: TourPoint[] = [
  { lat: BOCHUM[0], lon: BOCHUM[1], name: "Bochum" },
  { lat: ESSEN[0], lon: ESSEN[1], name: "Essen" },
  { lat: DUISBURG[0], lon: DUISBURG[1], name: "Duisburg" },
  { lat: ESSEN[0], lon: ESSEN[1], name: "Essen" },
  { lat: BOCHUM[0], lon: BOCHUM[1], name: "Bochum" },
];

describe("the stops of a plan", () => {
  it("are named by the tour's points, the request's stops numbered in tour order apart from the charging stops", () => {
    const stops = planStops(tour(), POINTS);
    expect(stops.map((s) => [s.kind, s.name, s.stopNo ?? s.chargeNo ?? null, s.point ?? null])).toEqual([
      ["start", "Bochum", null, 0],
      ["waypoint", "Essen", 1, 1],
      ["charge", "Aral Mülheim", 1, null],
      ["waypoint", "Duisburg", 2, 2],
      ["waypoint", "Essen", 3, 3],
      ["destination", "Bochum", null, 4],
    ]);
    expect(stops.map(stopText)).toEqual(["A", "1", "1", "2", "3", "B"]);
    expect(stops.map((s) => stopTitle(s, mapEn))).toEqual(["Start: Bochum", "Stop 1: Essen", "Charging stop 1: Aral Mülheim", "Stop 2: Duisburg", "Stop 3: Essen", "Destination: Bochum"]);
    // The start is where it was asked for, not where the route meets the road.
    expect([stops[0].lat, stops[0].lon]).toEqual(BOCHUM);
  });

  it("find the tour's points of results from before inserted/request_section as those that carry the flags", () => {
    expect(tourPointOfSections(tour(false).sections!)).toEqual(tourPointOfSections(tour().sections!));
    expect(tourPointOfSections(tour().sections!)).toEqual([1, null, 2, 3, 4]);
  });

  it("without names keep the result's own (its section ids, Start, Destination)", () => {
    expect(planStops(tour()).map((s) => s.name)).toEqual(["Start", "Stop 1", "Aral Mülheim", "Stop 2", "Stop 3", "Destination"]);
  });

  it("leave a stop without service time with its arrival only: one time, not a span", () => {
    const stops = planStops(tour(), POINTS);
    expect(stops[1].departure).toBe(t(9, 50)); // 20 min of service
    expect([stops[3].arrival, stops[3].departure]).toEqual([t(10, 45), null]);
    expect([stops[5].arrival, stops[5].departure]).toEqual([t(11, 45), null]);
  });
});

describe("markers", () => {
  it("one per place: the out-and-back's start and destination are one, the customer visited twice one, in tour order", () => {
    const stops = planStops(tour(), POINTS);
    const groups = groupStops(stops);
    expect(groups.map((g) => g.stops)).toEqual([[0, 5], [1, 4], [2], [3]]);
    expect(groups.map((g) => g.stops.map((i) => stopText(stops[i])).join("/"))).toEqual(["A/B", "1/3", "1", "2"]);
    expect(groupTitle(groups[0].stops.map((i) => stops[i]), mapEn)).toBe("Start: Bochum; Destination: Bochum");
    expect(groupTitle(groups[1].stops.map((i) => stops[i]), mapEn)).toBe("Stop 1: Essen; Stop 3: Essen");
  });

  it(`stops ${SAME_PLACE_M} m apart or less share a marker, further apart each has its own`, () => {
    const near = (m: number) => ({ lat: 51 + m / 111_195, lon: 7 });
    expect(haversineM(51, 7, near(SAME_PLACE_M - 1).lat, 7)).toBeLessThan(SAME_PLACE_M);
    expect(groupStops([near(0), near(SAME_PLACE_M - 1)]).map((g) => g.stops)).toEqual([[0, 1]]);
    expect(groupStops([near(0), near(SAME_PLACE_M + 5)]).map((g) => g.stops)).toEqual([[0], [1]]);
    // A stop joins the first marker within reach, measured from that marker's first stop: no chains.
    expect(groupStops([near(0), near(SAME_PLACE_M * 0.9), near(SAME_PLACE_M * 1.8)]).map((g) => g.stops)).toEqual([[0, 1], [2]]);
  });

  it("a form point a plan's marker shows gets no pin of its own; one moved away does", () => {
    const planned = planStops(tour(), POINTS).filter((s) => s.point != null);
    expect(atAStop(planned, BOCHUM[0], BOCHUM[1])).toBe(true);
    expect(atAStop(planned, DUISBURG[0] + 0.0005, DUISBURG[1])).toBe(true);
    expect(atAStop(planned, 51.3, 7.4)).toBe(false);
  });
  it("a charger's marker names its live status (the badge's words), in German too; a charger without a feed says nothing of it", () => {
    const r = tour();
    r.sections![1].poi_summary = { ...r.sections![1].poi_summary, live_status: "BUSY", live_status_at: t(9, 55), charge_point_wait_min: 12 } as never;
    const charge = planStops(r, POINTS).find((s) => s.kind === "charge")!;
    expect(charge.live).toEqual({ status: "BUSY", at: t(9, 55), waitMin: 12 });
    expect(groupTitle([charge], mapEn)).toBe("Charging stop 1: Aral Mülheim (live: all points busy)");
    const mapDe = createTranslator({ locale: "de", messages: MESSAGES.de, namespace: "map" });
    expect(groupTitle([charge], mapDe)).toContain("(live: alle Ladepunkte belegt)");
    expect(groupTitle([{ ...charge, live: { status: "AVAILABLE", at: null, waitMin: null } }], mapEn)).toContain("(live: a point free)");
    expect(groupTitle([{ ...charge, live: null }], mapEn)).toBe("Charging stop 1: Aral Mülheim");
  });
});
