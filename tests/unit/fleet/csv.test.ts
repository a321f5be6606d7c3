// The fleet day page's CSV: columns by header name, comma or semicolon, quoted cells; each end a place
// name (resolved by the server) or coordinates; each line, once its places are resolved, a POST
// /planner/fleet tour that the contract accepts, leaving at the local time written at its start.
// The messages in English (tests/unit/i18n/fleet-day.test.ts has them in German).
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { CSV_EXAMPLE, readToursCsv as readCsv } from "@/components/fleet-day/csv";
import { departureIso, detailAtLine, placeQueries, tourBodies } from "@/components/fleet-day/tour-bodies";
import type { ResolvedPlace } from "@/components/fleet-day/types";
import { FleetSubmitRequest } from "@/contract/fleet-day";
import { MESSAGES } from "@/i18n/messages";

const t = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "fleetDayCsv" });
const readToursCsv = (text: string) => readCsv(text, t);
const NOW = Date.parse("2026-11-28T12:00:00Z");
const place = (lat: number, lon: number, label: string, time_zone = "Europe/Berlin"): ResolvedPlace => ({ lat, lon, label, time_zone, approximate: false, unmatched: null });
const KNOWN: Record<string, ResolvedPlace> = {
  "a:hamburg": place(53.55, 9.99, "Hamburg, DE"),
  "a:münchen": place(48.14, 11.58, "München, DE"),
  "c:51.51,7.47": place(51.51, 7.47, "Dortmund, DE"),
  "c:52.52,13.4": place(52.52, 13.4, "Berlin, DE"),
  "a:lisboa": place(38.72, -9.14, "Lisboa, PT", "Europe/Lisbon"),
};
/** What the server would answer: the known places, null for any other name. */
const resolve = (keys: string[]) => keys.map((k) => KNOWN[k] ?? null);

function bodies(csv: string) {
  const read = readToursCsv(csv);
  const { keys } = placeQueries(read.lines);
  return { read, ...tourBodies(read.lines, keys, resolve(keys), NOW, t) };
}

describe("reading the CSV", () => {
  it("reads the example: names where given, coordinates where given (the name then only labels them)", () => {
    const { lines, errors } = readToursCsv(CSV_EXAMPLE);
    expect(errors).toEqual([]);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatchObject({ line: 2, name: "HH-MUC early", from: { kind: "address", text: "Hamburg" }, to: { kind: "address", text: "München" }, priority: 1 });
    expect(lines[2]).toMatchObject({ from: { kind: "coordinates", lat: 51.51, lon: 7.47, text: "Dortmund" }, to: { kind: "coordinates", lat: 52.52, lon: 13.4 } });
    // Each distinct place is asked once.
    expect(placeQueries(lines).queries).toEqual([{ address: "Hamburg" }, { address: "München" }, { lat: 51.51, lon: 7.47 }, { lat: 52.52, lon: 13.4 }]);
  });

  it("takes semicolons, decimal commas, quoted cells and columns in any order", () => {
    const csv = 'priority;vehicle_id;from_lat;from_lon;to_lat;to_lon;start_time_tour;battery_level_start;payload_kg;depot_soc\n2;"truck;1";53,55;9,99;48,14;11,58;2026-12-01T06:00:00Z;0,8;20000;0,3\n';
    const { lines, errors } = readToursCsv(csv);
    expect(errors).toEqual([]);
    expect(lines[0]).toMatchObject({ vehicle_id: "truck;1", priority: 2, depot_soc: 0.3, battery_level_start: 0.8, from: { lat: 53.55, lon: 9.99, text: null } });
  });

  it("names missing columns, missing ends and cells that are not numbers, by line", () => {
    expect(readToursCsv("vehicle_id,from_lat\nx,1").errors).toEqual([
      "Line 1: missing columns start_time_tour, battery_level_start, payload_kg, from (or from_lat and from_lon), to (or to_lat and to_lon)",
    ]);
    expect(readToursCsv(CSV_EXAMPLE.replace("20000,1,", "heavy,1,")).errors).toEqual(["Line 2: payload_kg is not a number"]);
    const ends = "vehicle_id,from,to,from_lat,from_lon,to_lat,to_lon,start_time_tour,battery_level_start,payload_kg\n"
      + "t,,München,,,,,2026-12-01T07:00,0.8,1\n"
      + "t,Hamburg,,,,48.1,,2026-12-01T07:00,0.8,1\n"
      + "t,Hamburg,München,x,9.9,,,2026-12-01T07:00,0.8,1\n";
    expect(readToursCsv(ends)).toEqual({
      lines: [],
      errors: [
        "Line 2: no from: give a place or address (from) or coordinates (from_lat, from_lon)",
        "Line 3: to_lon is missing (coordinates need both)",
        "Line 4: from_lat is not a number",
      ],
    });
    expect(readToursCsv("").errors).toEqual(["The file is empty"]);
    expect(readToursCsv(CSV_EXAMPLE.split("\n")[0]).errors).toEqual(["No tours below the header"]);
  });
});

describe("tours from the resolved places", () => {
  it("makes the example a body the contract accepts, leaving at 07:00 on the start's clock", () => {
    const { tours, errors, lines, preview } = bodies(CSV_EXAMPLE);
    expect(errors).toEqual([]);
    expect(lines).toEqual([2, 3, 4]);
    expect(tours[0]).toMatchObject({
      vehicle_id: "mb-eactros-600", priority: 1, start_time_tour: "2026-12-01T07:00:00+01:00",
      section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000, section_id: "HH-MUC early" }],
    });
    expect(FleetSubmitRequest.safeParse({ tours }).success).toBe(true);
    expect(preview[2]).toMatchObject({ line: 4, from: { written: "Dortmund", place: { label: "Dortmund, DE" } }, departure: "2026-12-01T07:15:00+01:00", zone: "Europe/Berlin" });
  });

  it("says which line has a place the geocoder does not know, and plans none of it", () => {
    const csv = CSV_EXAMPLE.replace("Hamburg,München,2026-12-01T07:00,0.8,20000,0", "Hamburg,Xyzzy Nowhere,2026-12-01T07:00,0.8,20000,0");
    const { tours, errors, lines } = bodies(csv);
    expect(errors).toEqual(["Line 3: no place found for to “Xyzzy Nowhere”. Try a town, a postcode or a street with its town, or give to_lat and to_lon."]);
    expect(lines).toEqual([2, 4]);
    expect(tours).toHaveLength(2);
  });

  it("reads a departure on the start's clock (summer time included), keeps one with an offset, and refuses other text", () => {
    expect(departureIso("2026-07-01T07:00", "Europe/Berlin", NOW)).toBe("2026-07-01T07:00:00+02:00");
    expect(departureIso("2026-12-01 07:00:30", "Europe/Lisbon", NOW)).toBe("2026-12-01T07:00:30+00:00");
    expect(departureIso("2026-12-01T07:00:00Z", "Europe/Berlin", NOW)).toBe("2026-12-01T07:00:00Z");
    expect(departureIso("2026-12-01T07:00+03:00", "Europe/Berlin", NOW)).toBe("2026-12-01T07:00+03:00");
    // A time alone is today on that clock.
    expect(departureIso("06:30", "Europe/Berlin", NOW)).toBe("2026-11-28T06:30:00+01:00");
    expect(departureIso("tomorrow", "Europe/Berlin", NOW)).toBeNull();
    const bad = bodies(CSV_EXAMPLE.replace("2026-12-01T07:15", "soon"));
    expect(bad.errors).toEqual(["Line 4: start_time_tour “soon” is not a date and time: write 2026-12-01T07:00 (local time at the start) or add an offset (2026-12-01T07:00+01:00)."]);
  });

  it("puts the server's 422 details at the CSV line of their tour, in the CSV's names", () => {
    const lines = [2, 4, 7];
    expect(detailAtLine({ loc: ["body", "tours", 2, "vehicle_id"], msg: "Unknown vehicle" }, lines, t)).toBe("Line 7, vehicle_id: Unknown vehicle");
    expect(detailAtLine({ loc: ["body", "tours", 1, "section_list", 0, "stop_pos"], msg: "No road within 30 km" }, lines, t)).toBe("Line 4, to: No road within 30 km");
    expect(detailAtLine({ loc: ["body", "tours"], msg: "Too many" }, lines, t)).toBe("tours: Too many");
  });
});
