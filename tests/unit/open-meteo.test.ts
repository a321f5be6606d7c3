// The Open-Meteo forecast request and the reading of its answers (src/engine/weather/open-meteo.ts).
// Bodies follow the format of open-meteo/open-meteo (openapi/forecast.yml, Writer/JsonWriter.swift).
import { describe, expect, it } from "vitest";
import {
  distinctLocations, forecastLocation, forecastUrl, forecastValues, forecastWindow, MAX_HOUR_GAP_MS,
  OPEN_METEO_MAX_LOCATIONS, OpenMeteoAnswerError, OpenMeteoError, parseForecast, valuesAt,
  type ForecastLocation, type HourlySeries,
} from "@/engine/weather/open-meteo";

const at = (iso: string) => new Date(iso);
const ms = (iso: string) => Date.parse(iso);

/** One location's answer as Open-Meteo writes it (timezone=GMT, wind_speed_unit=ms). */
function location(times: string[], over: Record<string, unknown> = {}, hourly: Record<string, unknown> = {}) {
  const n = times.length;
  return {
    latitude: 48.14, longitude: 11.58, generationtime_ms: 0.06, utc_offset_seconds: 0,
    timezone: "GMT", timezone_abbreviation: "GMT", elevation: 519,
    hourly_units: { time: "iso8601", temperature_2m: "°C", wind_speed_10m: "m/s", wind_direction_10m: "°", precipitation: "mm", snowfall: "cm" },
    hourly: {
      time: times,
      temperature_2m: Array.from({ length: n }, (_, i) => 10 + i),
      wind_speed_10m: Array.from({ length: n }, (_, i) => 2 + i / 10),
      wind_direction_10m: Array.from({ length: n }, (_, i) => (200 + i * 10) % 360),
      precipitation: Array.from({ length: n }, (_, i) => i / 10),
      snowfall: Array.from({ length: n }, () => 0),
      ...hourly,
    },
    ...over,
  };
}

const loc = (lat: number, lon: number, iso: string) => forecastLocation({ lat, lon, time: at(iso) })!;

describe("request locations", () => {
  it("rounds coordinates to 0.05° and the time to the nearest hour", () => {
    expect(loc(48.137, 11.578, "2025-07-12T10:29:59Z")).toEqual({
      lat: "48.15", lon: "11.60", hourMs: ms("2025-07-12T10:00Z"), key: "48.15,11.60@2025-07-12T10:00",
    });
    expect(loc(48.137, 11.578, "2025-07-12T10:30:00Z").hourMs).toBe(ms("2025-07-12T11:00Z"));
    expect(loc(-0.01, -179.99, "2025-07-12T23:45Z")).toMatchObject({ lat: "0.00", lon: "-180.00", key: "0.00,-180.00@2025-07-13T00:00" });
    expect(forecastLocation({ lat: 91, lon: 0, time: at("2025-07-12T10:00Z") })).toBeNull();
    expect(forecastLocation({ lat: Number.NaN, lon: 0, time: at("2025-07-12T10:00Z") })).toBeNull();
    expect(forecastLocation({ lat: 48, lon: 11, time: new Date(Number.NaN) })).toBeNull();
  });

  it("asks once for points of the same rounded place and hour, and not for points outside the window", () => {
    const window = forecastWindow(at("2025-07-12T08:00Z"));
    const { locations, locationOf } = distinctLocations([
      { lat: 48.137, lon: 11.578, time: at("2025-07-12T10:10Z") },
      { lat: 48.14, lon: 11.58, time: at("2025-07-12T09:50Z") }, // same cell, same hour
      { lat: 48.14, lon: 11.58, time: at("2025-07-12T12:00Z") }, // same cell, another hour
      { lat: 52.52, lon: 13.405, time: at("2025-07-12T10:00Z") },
      { lat: 52.52, lon: 13.405, time: at("2025-07-28T00:00Z") }, // 16 days after today: beyond the forecast
      { lat: 99, lon: 13.405, time: at("2025-07-12T10:00Z") },
    ], window);
    expect(locations.map((l) => l.key)).toEqual(["48.15,11.60@2025-07-12T10:00", "48.15,11.60@2025-07-12T12:00", "52.50,13.40@2025-07-12T10:00"]);
    expect(locationOf).toEqual([0, 0, 1, 2, -1, -1]);
  });

  it("reckons the provider's range from the current UTC day: 92 days back, 16 ahead, with a margin around midnight", () => {
    expect(forecastWindow(at("2025-07-12T08:00Z"))).toEqual({ from: ms("2025-04-11T00:00Z"), until: ms("2025-07-28T00:00Z") });
    // Five minutes after midnight the provider's clock may still say yesterday.
    expect(forecastWindow(at("2025-07-12T00:05Z")).until).toBe(ms("2025-07-27T00:00Z"));
    expect(forecastWindow(at("2025-07-11T23:55Z")).from).toBe(ms("2025-04-11T00:00Z"));
  });
});

describe("the request URL", () => {
  const two = [loc(48.137, 11.578, "2025-07-12T10:10Z"), loc(52.52, 13.405, "2025-07-12T13:00Z")];

  it("asks for every location's own hour, in GMT, wind in m/s", () => {
    const url = forecastUrl("https://api.open-meteo.com", two);
    expect(url).toBe("https://api.open-meteo.com/v1/forecast?latitude=48.15,52.50&longitude=11.60,13.40"
      + "&hourly=temperature_2m,wind_speed_10m,wind_direction_10m,precipitation,snowfall&wind_speed_unit=ms"
      + "&temperature_unit=celsius&precipitation_unit=mm&timeformat=iso8601&timezone=GMT"
      + "&start_hour=2025-07-12T10:00,2025-07-12T13:00&end_hour=2025-07-12T10:00,2025-07-12T13:00");
    const u = new URL(url);
    expect(Object.fromEntries(u.searchParams)).toEqual({
      latitude: "48.15,52.50",
      longitude: "11.60,13.40",
      hourly: "temperature_2m,wind_speed_10m,wind_direction_10m,precipitation,snowfall",
      wind_speed_unit: "ms",
      temperature_unit: "celsius",
      precipitation_unit: "mm",
      timeformat: "iso8601",
      timezone: "GMT",
      start_hour: "2025-07-12T10:00,2025-07-12T13:00",
      end_hour: "2025-07-12T10:00,2025-07-12T13:00",
    });
  });

  it("takes the service's root or its forecast path, and keeps only apikey, models and cell_selection of its query", () => {
    expect(new URL(forecastUrl("http://10.0.0.7:8080/", two)).pathname).toBe("/v1/forecast");
    expect(new URL(forecastUrl("https://meteo.example.com/om/v1/forecast/", two)).pathname).toBe("/om/v1/forecast");
    expect(new URL(forecastUrl("https://meteo.example.com/om", two)).pathname).toBe("/om/v1/forecast");
    const u = new URL(forecastUrl("https://customer-api.open-meteo.com/v1/forecast?apikey=k3y&models=icon_seamless&forecast_days=3&timezone=auto", two));
    expect(u.searchParams.get("apikey")).toBe("k3y");
    expect(u.searchParams.get("models")).toBe("icon_seamless");
    expect(u.searchParams.has("forecast_days")).toBe(false);
    expect(u.searchParams.getAll("timezone")).toEqual(["GMT"]);
  });

  it(`asks for 1 to ${OPEN_METEO_MAX_LOCATIONS} locations`, () => {
    const many = Array.from({ length: OPEN_METEO_MAX_LOCATIONS + 1 }, (_, i) => loc(40 + i / 10, 10, "2025-07-12T10:00Z"));
    expect(() => forecastUrl("https://api.open-meteo.com", many.slice(0, OPEN_METEO_MAX_LOCATIONS))).not.toThrow();
    expect(() => forecastUrl("https://api.open-meteo.com", many)).toThrow(RangeError);
    expect(() => forecastUrl("https://api.open-meteo.com", [])).toThrow(RangeError);
  });
});

describe("reading answers", () => {
  it("reads one location (an object) and picks the hour asked for", () => {
    const body = location(["2025-07-12T09:00", "2025-07-12T10:00", "2025-07-12T11:00"]);
    const [only] = forecastValues(body, [loc(48.137, 11.578, "2025-07-12T10:10Z")]);
    expect(only).toEqual({
      temperatureC: 11, windSpeedMs: 2.1, windFromDeg: 210, precipitationMm: 0.1, snowfallCm: 0, time: at("2025-07-12T10:00Z"),
    });
  });

  it("reads several locations (an array, in the order asked)", () => {
    const body = [
      location(["2025-07-12T10:00"]),
      location(["2025-07-12T13:00"], { latitude: 52.52, longitude: 13.4, location_id: 1 }, { temperature_2m: [-3.5], snowfall: [0.7] }),
    ];
    const values = forecastValues(body, [loc(48.137, 11.578, "2025-07-12T10:00Z"), loc(52.52, 13.405, "2025-07-12T13:00Z")]);
    expect(values.map((v) => v && [v.temperatureC, v.snowfallCm, v.time.toISOString()])).toEqual([
      [10, 0, "2025-07-12T10:00:00.000Z"],
      [-3.5, 0.7, "2025-07-12T13:00:00.000Z"],
    ]);
  });

  it("takes times as local to utc_offset_seconds (GMT asked for: 0)", () => {
    const [s] = parseForecast(location(["2025-07-12T12:00"], { utc_offset_seconds: 7200 }), 1);
    expect(s.times).toEqual([ms("2025-07-12T10:00Z")]);
  });

  describe("the hour nearest a point's time", () => {
    const s: HourlySeries = parseForecast(location(["2025-07-12T09:00", "2025-07-12T10:00", "2025-07-12T11:00"], {}, {
      temperature_2m: [10, null, 12], snowfall: [0.2, 0, null],
    }), 1)[0];

    it("is the nearest, the earlier of two as near", () => {
      expect(valuesAt(s, at("2025-07-12T08:40Z"))?.temperatureC).toBe(10);
      expect(valuesAt(s, at("2025-07-12T10:30Z"))).toBeNull(); // 10:00 is nearest (tie, earlier) and has no temperature
      expect(valuesAt(s, at("2025-07-12T10:31Z"))?.temperatureC).toBe(12);
      expect(valuesAt(s, at("2025-07-12T09:00Z"))?.snowfallCm).toBe(0.2);
    });

    it("gives nothing further away than 90 minutes, or where a value is null", () => {
      expect(valuesAt(s, ms("2025-07-12T11:00Z") + MAX_HOUR_GAP_MS)?.temperatureC).toBe(12);
      expect(valuesAt(s, ms("2025-07-12T11:00Z") + MAX_HOUR_GAP_MS + 1)).toBeNull();
      expect(valuesAt(s, at("2025-07-12T07:00Z"))).toBeNull();
      expect(valuesAt(s, at("2025-07-12T10:00Z"))).toBeNull();
    });

    it("leaves out a snowfall the provider has no value for", () => {
      const v = valuesAt(s, at("2025-07-12T11:00Z"))!;
      expect(v).not.toHaveProperty("snowfallCm");
      expect(v.temperatureC).toBe(12);
    });
  });

  it("reads the API's error body as OpenMeteoError with its reason", () => {
    const reason = "Parameter 'end_hour' is out of allowed range from 2025-04-10 to 2025-07-27";
    expect(() => parseForecast({ error: true, reason }, 1)).toThrow(OpenMeteoError);
    try { parseForecast({ error: true, reason }, 1); } catch (err) { expect((err as OpenMeteoError).reason).toBe(reason); }
  });

  const one = () => location(["2025-07-12T09:00", "2025-07-12T10:00"]);
  const malformed: [string, unknown, number?][] = [
    ["not an object", "<html>Maintenance</html>"],
    ["null", null],
    ["fewer locations than asked for", [one()], 2],
    ["more locations than asked for", [one(), one()], 1],
    ["no hourly section", { ...one(), hourly: undefined }],
    ["a variable missing", { ...one(), hourly: { ...one().hourly, wind_direction_10m: undefined } }],
    ["arrays of other lengths", location(["2025-07-12T09:00", "2025-07-12T10:00"], {}, { precipitation: [0] })],
    ["times not ascending", location(["2025-07-12T10:00", "2025-07-12T09:00"])],
    ["a time twice", location(["2025-07-12T10:00", "2025-07-12T10:00"])],
    ["a time that is no date", location(["2025-02-30T10:00", "2025-03-01T10:00"])],
    ["a time in another format", location(["2025-07-12T10:00:00Z", "2025-07-12T11:00:00Z"])],
    ["unix times", location([1752310800, 1752314400] as unknown as string[])],
    ["no times", location([])],
    ["numbers as strings", location(["2025-07-12T09:00", "2025-07-12T10:00"], {}, { temperature_2m: ["10", "11"] })],
    ["an infinite value (1e999)", JSON.parse(JSON.stringify(one()).replace('"wind_speed_10m":[2', '"wind_speed_10m":[1e999'))],
    ["a negative wind speed", location(["2025-07-12T09:00", "2025-07-12T10:00"], {}, { wind_speed_10m: [-1, 2] })],
    ["a wind direction over 360°", location(["2025-07-12T09:00", "2025-07-12T10:00"], {}, { wind_direction_10m: [361, 2] })],
    ["a temperature no air has", location(["2025-07-12T09:00", "2025-07-12T10:00"], {}, { temperature_2m: [300, 10] })],
    ["wind in km/h", location(["2025-07-12T09:00", "2025-07-12T10:00"], { hourly_units: { wind_speed_10m: "km/h" } })],
    ["temperature in °F", location(["2025-07-12T09:00", "2025-07-12T10:00"], { hourly_units: { temperature_2m: "°F" } })],
    ["locations out of order", [one(), { ...one(), location_id: 0 }], 2],
    ["a latitude out of range", { ...one(), latitude: 123 }],
  ];
  it.each(malformed)("refuses an answer with %s", (_, body, count = 1) => {
    expect(() => parseForecast(body, count)).toThrow(OpenMeteoAnswerError);
  });

  it("accepts the answer's other fields and variables it was not asked for", () => {
    const body = location(["2025-07-12T10:00"], { current_units: {}, daily: { time: ["2025-07-12"] } }, { relative_humidity_2m: [55] });
    expect(parseForecast(body, 1)[0].temperatureC).toEqual([10]);
    const { snowfall: _, ...noSnow } = location(["2025-07-12T10:00"]).hourly;
    const v = forecastValues({ ...location(["2025-07-12T10:00"]), hourly: noSnow }, [loc(48, 11, "2025-07-12T10:00Z") as ForecastLocation])[0];
    expect(v).not.toHaveProperty("snowfallCm");
  });
});
