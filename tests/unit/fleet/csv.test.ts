// The fleet day page's CSV: columns by header name, comma or semicolon, quoted
// cells; each line a POST /planner/fleet tour that the contract accepts.
import { describe, expect, it } from "vitest";
import { CSV_EXAMPLE, toursFromCsv } from "@/components/fleet-day/csv";
import { FleetSubmitRequest } from "@/contract/fleet-day";

describe("tours from a CSV", () => {
  it("reads the example into a body the contract accepts", () => {
    const { tours, errors } = toursFromCsv(CSV_EXAMPLE);
    expect(errors).toEqual([]);
    expect(tours).toHaveLength(3);
    expect(tours[0]).toMatchObject({ vehicle_id: "mb-eactros-600", priority: 1, section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000 }] });
    expect(FleetSubmitRequest.safeParse({ tours }).success).toBe(true);
  });

  it("takes semicolons, decimal commas, quoted cells and columns in any order", () => {
    const csv = 'priority;vehicle_id;from_lat;from_lon;to_lat;to_lon;start_time_tour;battery_level_start;payload_kg;depot_soc\n2;"truck;1";53,55;9,99;48,14;11,58;2026-12-01T06:00:00;0,8;20000;0,3\n';
    const { tours, errors } = toursFromCsv(csv);
    expect(errors).toEqual([]);
    expect(tours[0]).toMatchObject({ vehicle_id: "truck;1", priority: 2, depot_soc: 0.3, battery_level_start: 0.8, section_list: [{ start_pos: [53.55, 9.99] }] });
  });

  it("names missing columns and cells that are not numbers, by line", () => {
    expect(toursFromCsv("vehicle_id,from_lat\nx,1").errors).toEqual(["Line 1: missing columns from_lon, to_lat, to_lon, start_time_tour, battery_level_start, payload_kg"]);
    const bad = CSV_EXAMPLE.replace("20000,1,", "heavy,1,");
    expect(toursFromCsv(bad).errors).toEqual(["Line 2: payload_kg is not a number"]);
    expect(toursFromCsv("").errors).toEqual(["The file is empty"]);
  });
});
