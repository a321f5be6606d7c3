// Opening hours: a station closed at the planned arrival is not used for the stop.
import { describe, expect, it } from "vitest";
import { openAt, openThroughout, periodAt } from "@/engine/stations/opening";
import type { OpeningTimes } from "@/engine/stations/types";
import { plan } from "../../support/checked-plan";
import { input, planData, station } from "./fixtures";

const weekdays = (begin: string, end: string): OpeningTimes => ({
  twentyfourseven: false,
  regular_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, period_begin: begin, period_end: end })),
});
const BERLIN = "Europe/Berlin";

describe("opening hours", () => {
  it("reads regular hours in the site's local time, overnight periods and exceptional closings", () => {
    const office = weekdays("08:00", "18:00");
    // Friday 2026-11-20: CET = UTC+1.
    expect(openAt(office, BERLIN, Date.parse("2026-11-20T06:59:00Z"))).toBe(false);
    expect(openAt(office, BERLIN, Date.parse("2026-11-20T07:00:00Z"))).toBe(true);
    expect(openAt(office, BERLIN, Date.parse("2026-11-20T16:59:00Z"))).toBe(true);
    expect(openAt(office, BERLIN, Date.parse("2026-11-20T17:00:00Z"))).toBe(false);
    expect(openAt(office, BERLIN, Date.parse("2026-11-21T10:00:00Z"))).toBe(false); // Saturday
    const night: OpeningTimes = { twentyfourseven: false, regular_hours: [{ weekday: 5, period_begin: "22:00", period_end: "06:00" }] };
    expect(openAt(night, BERLIN, Date.parse("2026-11-20T22:30:00Z"))).toBe(true); // Fri 23:30
    expect(openAt(night, BERLIN, Date.parse("2026-11-21T04:30:00Z"))).toBe(true); // Sat 05:30
    expect(openAt(night, BERLIN, Date.parse("2026-11-21T05:30:00Z"))).toBe(false);
    const closedToday = { ...office, exceptional_closings: [{ period_begin: "2026-11-20T00:00:00+01:00", period_end: "2026-11-21T00:00:00+01:00" }] };
    expect(openAt(closedToday, BERLIN, Date.parse("2026-11-20T10:00:00Z"))).toBe(false);
    expect(openThroughout(office, BERLIN, Date.parse("2026-11-20T15:00:00Z"), Date.parse("2026-11-20T17:30:00Z"))).toBe(false);
    expect(periodAt(office, BERLIN, Date.parse("2026-11-20T10:00:00Z"))).toEqual({ opening: "2026-11-20T08:00:00+01:00", closing: "2026-11-20T18:00:00+01:00" });
    expect(periodAt(office, BERLIN, Date.parse("2026-11-20T19:00:00Z"))).toEqual({ opening: "2026-11-23T08:00:00+01:00", closing: "2026-11-23T18:00:00+01:00" });
    expect(periodAt({ twentyfourseven: true }, BERLIN, Date.now())).toBeNull();
  });

  it("a station closed at the planned arrival is not used; one open then is, with its hours in poi_list", () => {
    const sites = () => Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7));
    const open = sites();
    const base = plan(input(), planData(open));
    const used = base.sections.find((s) => (s.poi_summary!.energy_kWh ?? 0) > 0)!.poi_summary!;
    const arrival = Date.parse(used.arrival_time as string);
    expect(arrival).toBeGreaterThan(Date.parse("2026-11-20T06:00:00Z"));

    // The same sites, the one used now open only in the evening (Friday 2026-11-20).
    const evening = open.map((s) => (s.poiId === used.id ? { ...s, openingTimes: weekdays("19:00", "23:00") } : s));
    const r = plan(input(), planData(evening));
    const stops = r.sections.filter((s) => (s.poi_summary!.energy_kWh ?? 0) > 0).map((s) => s.poi_summary!.id);
    expect(stops).not.toContain(used.id);
    const listed = r.poi_list.find((p) => p.poi_id === used.id)!;
    expect(listed.opening_time).toBe("2026-11-20T19:00:00+01:00");
    expect(listed.closing_time).toBe("2026-11-20T23:00:00+01:00");

    const daytime = open.map((s) => (s.poiId === used.id ? { ...s, openingTimes: weekdays("06:00", "22:00") } : s));
    const d = plan(input(), planData(daytime));
    expect(d.sections.map((s) => s.poi_summary!.id)).toContain(used.id);
    expect(d.totals!.duration_min).toBeCloseTo(base.totals!.duration_min, 1);
  });
});
