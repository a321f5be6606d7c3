// Exports and local times: GeoJSON stops carry the local fields and zone beside the UTC ones;
// GPX keeps <time> in UTC (the schema's xsd:dateTime, read as UTC by GPX tools) and says the
// place's own clock in the stop's description.
import { describe, expect, it } from "vitest";
import { planToGeoJson, type StopProperties } from "@/engine/export/geojson";
import { planToGpx } from "@/engine/export/gpx";
import { enginePlan, handResult } from "./fixture";

describe("local times in exports", () => {
  it("GeoJSON: every stop's arrival and departure also in local time, with its zone", () => {
    const stops = planToGeoJson(enginePlan()).features.map((f) => f.properties).filter((p): p is StopProperties => p.kind !== "section");
    expect(stops[0]).toMatchObject({ kind: "start", departure_time: "2026-11-20T06:00:00.000Z", departure_time_local: "2026-11-20T07:00:00.000+01:00", time_zone: "Europe/Luxembourg" });
    for (const s of stops) {
      expect(s.time_zone).toMatch(/^Europe\//);
      for (const [utc, local] of [[s.arrival_time, s.arrival_time_local], [s.departure_time, s.departure_time_local]]) {
        expect(local === null).toBe(utc === null);
        if (utc) expect(Date.parse(local!)).toBe(Date.parse(utc));
        if (local) expect(local).toMatch(/\+01:00$/);
      }
    }
    // A result from before local times: no zone to give, nothing made up.
    const old = planToGeoJson(handResult()).features.map((f) => f.properties as StopProperties).filter((p) => p.kind === "charge")[0];
    expect(old).toMatchObject({ arrival_time: "2026-11-20T08:30:00.000Z", arrival_time_local: null, time_zone: null });
  });

  it("GPX: <time> in UTC, the description on the place's clock", () => {
    const gpx = planToGpx(enginePlan());
    const start = /<wpt [^>]*><time>([^<]+)<\/time><name>Start<\/name><desc>([^<]*)<\/desc>/.exec(gpx)!;
    expect(start[1]).toBe("2026-11-20T06:00:00.000Z");
    const charge = /<wpt [^>]*><time>([^<]+)<\/time><name>Charging stop 1[^<]*<\/name><desc>([^<]*)<\/desc>/.exec(gpx)!;
    expect(charge[1]).toMatch(/Z$/);
    expect(charge[2]).toMatch(/Arrival: 2026-11-20T\d\d:\d\d:\d\d\.\d{3}Z \(local: Fri 20 Nov 2026, \d\d:\d\d CET\)/);
  });
});
