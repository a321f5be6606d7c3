// Climate normals as the plan's fallback ambient temperature: the table's figures at a station,
// interpolation in time (mid-month, across the year's end), altitude (lapse rate) and space.
import { describe, expect, it } from "vitest";
import { haversineM } from "@/engine/geo";
import {
  LAPSE_RATE_K_PER_M, SEARCH_RADIUS_M, climateNormalAt, normalOnDay, type ClimateNormal,
} from "@/engine/weather/climate-normals";
import { CLIMATE_NORMAL_STATIONS, type ClimateNormalStation } from "@/engine/weather/normals-table";

const MONTHS = 12;
const midMonth = (year: number, month: number) => new Date((Date.UTC(year, month, 1) + Date.UTC(year, month + 1, 1)) / 2);
const halfway = (a: Date, b: Date) => new Date((a.getTime() + b.getTime()) / 2);
/** climateNormalAt where a normal is expected: fails the test on `null`. */
const normalAt = (...args: Parameters<typeof climateNormalAt>): ClimateNormal => {
  const normal = climateNormalAt(...args);
  if (normal === null) throw new Error(`no normal at ${args[0]}, ${args[1]}`);
  return normal;
};
const station = (id: string) => {
  const found = CLIMATE_NORMAL_STATIONS.find((s) => s.id === id);
  if (!found) throw new Error(`no station ${id} in the table`);
  return found;
};

describe("climateNormalAt at a station", () => {
  it("gives the table's monthly mean in the middle of each month, at the station's own position and altitude", () => {
    for (const s of CLIMATE_NORMAL_STATIONS) {
      for (let month = 0; month < MONTHS; month++) {
        const normal = normalAt(s.lat, s.lon, s.altitudeM, midMonth(2025, month));
        expect(normal.temperatureC).toBeCloseTo(s.monthlyMeanC[month], 9);
        expect(normal.stations).toEqual([{ id: s.id, name: s.name, weight: 1 }]);
        expect(normal.confidence).toBe("estimate");
      }
    }
  });

  it("names the stations, the method and the period in its source", () => {
    const zurich = station("MCH-SMA");
    const { source } = normalAt(zurich.lat, zurich.lon, zurich.altitudeM, midMonth(2025, 6));
    expect(source).toContain("Zürich / Fluntern");
    expect(source).toContain("1991-2020");
    expect(source).toContain("6.5 K/km");
  });
});

describe("interpolation in time", () => {
  const months = [0.9, 1.8, 5.8, 9.6, 13.6, 17.1, 19.0, 18.6, 14.4, 10.0, 4.9, 1.7];

  it("is the mean of two neighbouring months halfway between their middles", () => {
    for (let month = 0; month < MONTHS - 1; month++) {
      const instant = halfway(midMonth(2026, month), midMonth(2026, month + 1));
      expect(normalOnDay(months, instant)).toBeCloseTo((months[month] + months[month + 1]) / 2, 9);
    }
  });

  it("wraps from December into January across the year's end, from both sides", () => {
    const newYear = halfway(midMonth(2025, 11), midMonth(2026, 0));
    expect(newYear.toISOString()).toBe("2026-01-01T00:00:00.000Z");
    const mean = (months[11] + months[0]) / 2;
    expect(normalOnDay(months, newYear)).toBeCloseTo(mean, 9);
    // A week either side lies between December's and January's values, on the same line.
    const before = normalOnDay(months, new Date(newYear.getTime() - 7 * 86_400_000));
    const after = normalOnDay(months, new Date(newYear.getTime() + 7 * 86_400_000));
    expect(before).toBeCloseTo(mean + (months[11] - months[0]) * (7 / 31), 9);
    expect(after).toBeCloseTo(mean - (months[11] - months[0]) * (7 / 31), 9);
  });

  it("follows the calendar of leap years (February's middle moves by half a day)", () => {
    const feb = midMonth(2024, 1);
    expect(feb.toISOString()).toBe("2024-02-15T12:00:00.000Z");
    expect(normalOnDay(months, feb)).toBeCloseTo(months[1], 9);
  });
});

describe("altitude", () => {
  it("takes 6.5 K off for 1000 m above the station, and adds it back 1000 m below", () => {
    const s = station("MCH-BER");
    const instant = midMonth(2025, 3);
    const atStation = normalAt(s.lat, s.lon, s.altitudeM, instant).temperatureC;
    expect(LAPSE_RATE_K_PER_M).toBe(0.0065);
    expect(normalAt(s.lat, s.lon, s.altitudeM + 1000, instant).temperatureC).toBeCloseTo(atStation - 6.5, 9);
    expect(normalAt(s.lat, s.lon, s.altitudeM - 500, instant).temperatureC).toBeCloseTo(atStation + 3.25, 9);
  });

  it("carries every station to the site's altitude before weighting", () => {
    const low: ClimateNormalStation = {
      id: "T-LOW", name: "Low", country: "CH", lat: 47.0, lon: 8.0, altitudeM: 400, period: "1991-2020",
      monthlyMeanC: Array(12).fill(10), source: "test", confidence: "estimate",
    };
    const high: ClimateNormalStation = { ...low, id: "T-HIGH", name: "High", lon: 8.2, altitudeM: 1400, monthlyMeanC: Array(12).fill(3.5) };
    // Both describe the same air mass (10 °C at 400 m, 3.5 °C at 1400 m): any site gets one answer.
    const normal = normalAt(47.0, 8.07, 900, midMonth(2025, 0), [low, high]);
    expect(normal.temperatureC).toBeCloseTo(10 - 0.0065 * 500, 9);
    expect(normal.stations.map((s) => s.id)).toEqual(["T-LOW", "T-HIGH"]);
  });
});

describe("interpolation in space", () => {
  it("lies between two stations' values at a point between them, nearer the nearer one", () => {
    const basel = station("MCH-BAS");
    const zurich = station("MCH-SMA");
    const pair = [basel, zurich];
    const altitudeM = (basel.altitudeM + zurich.altitudeM) / 2;
    for (const month of [0, 6]) {
      const instant = midMonth(2025, month);
      const values = pair.map((s) => s.monthlyMeanC[month] - LAPSE_RATE_K_PER_M * (altitudeM - s.altitudeM));
      const [lo, hi] = [Math.min(...values), Math.max(...values)];
      // A quarter of the way from Basel to Zürich.
      const lat = basel.lat + (zurich.lat - basel.lat) * 0.25;
      const lon = basel.lon + (zurich.lon - basel.lon) * 0.25;
      const normal = normalAt(lat, lon, altitudeM, instant, pair);
      expect(normal.temperatureC).toBeGreaterThan(lo);
      expect(normal.temperatureC).toBeLessThan(hi);
      expect(normal.stations[0].id).toBe("MCH-BAS");
      expect(normal.stations[0].weight).toBeGreaterThan(normal.stations[1].weight);
      expect(Math.abs(normal.temperatureC - values[0])).toBeLessThan(Math.abs(normal.temperatureC - values[1]));
    }
  });

  it("combines at most four stations within the radius, with weights that sum to 1", () => {
    const normal = normalAt(47.2, 8.2, 450, midMonth(2025, 4));
    expect(normal.stations.length).toBeGreaterThan(1);
    expect(normal.stations.length).toBeLessThanOrEqual(4);
    expect(normal.stations.reduce((sum, s) => sum + s.weight, 0)).toBeCloseTo(1, 12);
    for (const s of normal.stations) {
      const row = station(s.id);
      expect(haversineM(47.2, 8.2, row.lat, row.lon)).toBeLessThanOrEqual(SEARCH_RADIUS_M);
    }
  });

  it("gives no normal (null) far from every station, rather than borrowing a far one", () => {
    // Mid-Atlantic, west of the Bay of Biscay: more than 1000 km from any table station.
    const atlantic = { lat: 45.0, lon: -20.0 };
    for (const s of CLIMATE_NORMAL_STATIONS) {
      expect(haversineM(atlantic.lat, atlantic.lon, s.lat, s.lon), s.id).toBeGreaterThan(SEARCH_RADIUS_M);
    }
    expect(climateNormalAt(atlantic.lat, atlantic.lon, 0, midMonth(2025, 0))).toBeNull();
    expect(climateNormalAt(atlantic.lat, atlantic.lon, 0, midMonth(2025, 6))).toBeNull();
  });

  it("gives null just beyond the radius and a normal just inside it, and null for no stations", () => {
    const only: ClimateNormalStation = {
      id: "T-ONLY", name: "Only", country: "CH", lat: 47.0, lon: 8.0, altitudeM: 400, period: "1991-2020",
      monthlyMeanC: Array(12).fill(10), source: "test", confidence: "estimate",
    };
    // Due north along the meridian: 1° of latitude is about 111 km.
    const degreesFor = (m: number) => m / haversineM(0, 0, 1, 0);
    const inside = only.lat + degreesFor(SEARCH_RADIUS_M - 1_000);
    const outside = only.lat + degreesFor(SEARCH_RADIUS_M + 1_000);
    expect(normalAt(inside, only.lon, 400, midMonth(2025, 0), [only]).stations).toEqual([{ id: "T-ONLY", name: "Only", weight: 1 }]);
    expect(climateNormalAt(outside, only.lon, 400, midMonth(2025, 0), [only])).toBeNull();
    expect(climateNormalAt(47, 8, 400, midMonth(2025, 0), [])).toBeNull();
  });

  it("resolves a point in Germany to German stations", () => {
    // Altötting, Bavaria (A94 Munich-Passau area).
    const normal = normalAt(48.226, 12.677, 400, midMonth(2025, 0));
    const first = station(normal.stations[0].id);
    expect(first.country).toBe("DE");
    // The German station carries the largest weight.
    expect(normal.stations[0].weight).toBe(Math.max(...normal.stations.map((s) => s.weight)));
    for (const s of normal.stations) {
      const row = station(s.id);
      expect(haversineM(48.226, 12.677, row.lat, row.lon)).toBeLessThanOrEqual(SEARCH_RADIUS_M);
    }
  });

  it("resolves a point in Brussels to a Belgian station (Uccle)", () => {
    const normal = normalAt(50.85, 4.35, 60, midMonth(2025, 6));
    expect(station(normal.stations[0].id).country).toBe("BE");
  });

  it("refuses a position, altitude or instant that is not a number", () => {
    expect(() => climateNormalAt(Number.NaN, 8, 400, new Date())).toThrow(RangeError);
    expect(() => climateNormalAt(47, 8, Number.POSITIVE_INFINITY, new Date())).toThrow(RangeError);
    expect(() => climateNormalAt(47, 8, 400, new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("the normals table", () => {
  it("has 12 finite monthly means within -20..35 °C, a position in Europe and a source for every row", () => {
    expect(CLIMATE_NORMAL_STATIONS.length).toBeGreaterThan(0);
    for (const s of CLIMATE_NORMAL_STATIONS) {
      expect(s.monthlyMeanC, s.id).toHaveLength(12);
      for (const t of s.monthlyMeanC) {
        expect(Number.isFinite(t), s.id).toBe(true);
        expect(t, s.id).toBeGreaterThanOrEqual(-20);
        expect(t, s.id).toBeLessThanOrEqual(35);
      }
      expect(s.lat, s.id).toBeGreaterThan(34);
      expect(s.lat, s.id).toBeLessThan(72);
      expect(s.lon, s.id).toBeGreaterThan(-25);
      expect(s.lon, s.id).toBeLessThan(45);
      expect(Number.isFinite(s.altitudeM), s.id).toBe(true);
      expect(s.country, s.id).toMatch(/^[A-Z]{2}$/);
      expect(s.source.length, s.id).toBeGreaterThan(20);
      expect(s.source, s.id).toMatch(/https?:\/\//);
      expect(["1991-2020", "1981-2010"], s.id).toContain(s.period);
      expect(["official", "secondary", "estimate"], s.id).toContain(s.confidence);
    }
  });

  it("has unique station ids", () => {
    const ids = CLIMATE_NORMAL_STATIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
