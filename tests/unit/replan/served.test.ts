// Which sections of a tour are served, told from the truck's place and time against its plan: a synthetic plan
// on one road, east and back west, with a charging stop the plan inserted in the second section.
import { expect, it } from "vitest";
import { encodePolyline } from "@/engine/network/polyline";
import type { LatLon } from "@/engine/geo";
import { servedSections, type PlannedSection } from "@/server/replan/served";

const at = (lon: number): LatLon => [52, lon];
/** A straight line of points every 0.01 degrees (some 700 m). */
const line = (from: number, to: number) => {
  const n = Math.round(Math.abs(to - from) / 0.01);
  return encodePolyline(Array.from({ length: n + 1 }, (_, i) => at(from + ((to - from) * i) / n)));
};
const time = (hhmm: string) => `2026-11-25T${hhmm}:00.000Z`;
const section = (from: number, to: number, request: number, inserted: boolean, arrive: string, leave: string, durationMin: number): PlannedSection => ({
  request_section: request, inserted, polyline: line(from, to),
  poi_summary: { arrival_time: time(arrive), departure_time: time(leave), sec_duration_min: durationMin },
});

// Stops: A (10.5), B (11.0), D (10.2), from S (10.0); a charger at 10.75 on the way to B; back west over the same road.
const plan = [
  section(10.0, 10.5, 0, false, "06:30", "07:00", 30),
  section(10.5, 10.75, 1, true, "07:20", "07:50", 20),
  section(10.75, 11.0, 1, false, "08:10", "08:30", 20),
  section(11.0, 10.2, 2, false, "09:30", "09:40", 60),
];
const stops = [at(10.5), at(11.0), at(10.2)];
const served = (lon: number, hhmm: string, lat = 52) => servedSections(plan, stops, [lat, lon], Date.parse(time(hhmm)));

it("on the route: the sections whose stops the truck's place on the plan is past; a road driven twice, by the plan's time there", async () => {
  expect(await served(10.3, "06:20")).toMatchObject({ done: 0, how: "route" });
  // The same place on the way back.
  expect(await served(10.3, "09:05")).toMatchObject({ done: 2, how: "route" });
  // Past A, before the charger the plan inserted: A's section is served. Late or early, the place decides.
  expect(await served(10.6, "07:10")).toMatchObject({ done: 1, how: "route" });
  expect(await served(10.6, "07:55")).toMatchObject({ done: 1, how: "route" });
  expect(await served(10.8, "07:40")).toMatchObject({ done: 1, how: "route" });
  expect((await served(10.6, "07:10")).offRouteM).toBeLessThan(1);
});

it("at a stop: served once the plan's departure from it has passed", async () => {
  expect(await served(10.503, "06:50")).toMatchObject({ done: 0, how: "stop", stop: 0 });
  expect(await served(10.503, "07:05")).toMatchObject({ done: 1, how: "stop", stop: 0 });
  // The tour's end: after the plan leaves its destination, every section is served.
  expect(await served(10.2, "09:35")).toMatchObject({ done: 2, how: "stop", stop: 2 });
  expect(await served(10.2, "10:00")).toMatchObject({ done: 3, how: "stop", stop: 2 });
});

it("off the route (over 5 km from it): the plan's departures alone", async () => {
  const off = await served(10.5, "08:00", 52.5);
  expect(off).toMatchObject({ done: 1, how: "clock" });
  expect(off.offRouteM).toBeGreaterThan(50_000);
  expect(await served(10.5, "05:00", 52.5)).toMatchObject({ done: 0, how: "clock" });
  expect(await served(10.5, "11:00", 52.5)).toMatchObject({ done: 3, how: "clock" });
});
