import { describe, expect, it } from "vitest";
import { planToGeoJson } from "@/engine/export/geojson";
import { exportStops } from "@/engine/export/stops";
import { decodePolyline } from "@/engine/network/polyline";
import { enginePlan, handResult } from "./fixture";

describe("GeoJSON export", () => {
  const result = enginePlan();
  // Through JSON and back, as a file would be read.
  const fc = JSON.parse(JSON.stringify(planToGeoJson(result)));
  const lines = fc.features.filter((f: { geometry: { type: string } }) => f.geometry.type === "LineString");
  const points = fc.features.filter((f: { geometry: { type: string } }) => f.geometry.type === "Point");

  it("is a FeatureCollection with a LineString per section in [lon, lat] order", () => {
    expect(fc.type).toBe("FeatureCollection");
    expect(lines).toHaveLength(result.sections.length);
    lines.forEach((f: { geometry: { coordinates: number[][] }; properties: Record<string, number | null> }, i: number) => {
      expect(f.geometry.coordinates).toEqual(decodePolyline(result.sections[i].polyline!).map(([lat, lon]) => [lon, lat]));
      const s = result.sections[i];
      expect(f.properties.length_m).toBe(s.length_m);
      expect(f.properties.duration_min).toBe(s.poi_summary!.sec_duration_min);
      expect(f.properties.soc_start).toBe(s.start_pos![2]);
      expect(f.properties.soc_end).toBe(s.stop_pos![2]);
    });
  });

  it("gives each section's energy; together they make the tour's", () => {
    const sum = lines.reduce((a: number, f: { properties: { energy_kWh: number } }) => a + f.properties.energy_kWh, 0);
    expect(sum).toBeGreaterThan(0);
    expect(Math.abs(sum - result.totals!.energy_kWh) / result.totals!.energy_kWh).toBeLessThan(0.01);
  });

  it("has a Point per stop with what happens there", () => {
    const stops = exportStops(result);
    expect(points).toHaveLength(stops.length);
    points.forEach((f: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }, i: number) => {
      expect(f.geometry.coordinates).toEqual([stops[i].lon, stops[i].lat]);
      expect(f.properties.kind).toBe(stops[i].kind);
      expect(f.properties.name).toBe(stops[i].name);
    });
    const charge = points.find((f: { properties: { kind: string } }) => f.properties.kind === "charge");
    expect(charge.properties.operator).toMatch(/^O'Power/);
    expect(charge.properties.power_kW).toBeGreaterThan(0);
    expect(charge.properties.energy_kWh).toBeGreaterThan(0);
    expect(charge.properties.charge_time_min).toBeGreaterThan(0);
    expect(typeof charge.properties.arrival_time).toBe("string");
  });

  it("marks breaks and request stops in a hand-written result", () => {
    const fc2 = planToGeoJson(handResult());
    const kinds = fc2.features.filter((f) => f.geometry.type === "Point").map((f) => f.properties.kind);
    expect(kinds).toEqual(["start", "charge", "break", "stop", "destination"]);
    const charge = fc2.features.find((f) => f.properties.kind === "charge")!.properties as unknown as Record<string, unknown>;
    expect(charge.break_kind).toBe("break");
    expect(charge.break_min).toBe(45);
    const first = fc2.features[0].properties as unknown as Record<string, unknown>;
    expect(first.energy_kWh).toBe(240);
  });
});
