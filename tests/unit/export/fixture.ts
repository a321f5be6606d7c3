// Results to export: one planned by the engine on the synthetic motorway
// (two request sections, charging stops), and one written by hand with every
// kind of stop and the characters XML must escape.
import type { OptimizationResultResponse } from "@/contract/result";
import { encodePolyline } from "@/engine/network/polyline";
import { plan } from "../../support/checked-plan";
import { input, LAT, planData, station } from "../plan/fixtures";

export function enginePlan(): OptimizationResultResponse {
  const stations = Array.from({ length: 11 }, (_, i) => station(6.7 + i * 0.7, { name: `Rastplatz ${i} & Söhne <Süd>`, operator: `O'Power "${i}"` }));
  const r = plan(
    input({ sections: [{ start: [LAT, 6.01], stop: [LAT, 10.02], payloadKg: 20_000, sectionId: "drop-off" }, { start: [LAT, 10.02], stop: [LAT, 13.99], payloadKg: 10_000 }] }),
    planData(stations),
  );
  return { ...r, optimization_id: 7, tour_id: 7 } as OptimizationResultResponse;
}

const line = (a: [number, number], b: [number, number], n = 5): string =>
  encodePolyline(Array.from({ length: n }, (_, i) => [a[0] + ((b[0] - a[0]) * i) / (n - 1), a[1] + ((b[1] - a[1]) * i) / (n - 1)] as [number, number]));

export function handResult(): OptimizationResultResponse {
  const A: [number, number] = [53.55, 9.99], C: [number, number] = [52.4, 9.7], K: [number, number] = [51.3, 9.5], S: [number, number] = [50.1, 8.7], B: [number, number] = [48.14, 11.58];
  return {
    optimization_id: 1, tour_id: 1, status: "succeeded", qualification: "Driveable", battery_level_start: 0.9, battery_level_end: 0.25, poi_list: [],
    totals: { distance_m: 800_000, driving_time_min: 600, charging_time_min: 40, break_time_min: 90, waiting_time_min: 0, duration_min: 700, energy_kWh: 900, charged_kWh: 300, charging_stops: 1, departure_time: "2026-11-20T06:00:00.000Z", arrival_time: "2026-11-20T17:40:00.000Z" },
    sections: [
      {
        polyline: line(A, C), start_pos: [A[0], A[1], 0.9], stop_pos: [C[0], C[1], 0.3], length_m: 200_000,
        poi_summary: { id: 42, name: `A&B "Laden" <Nord> 'Süd'\u0001`, operator: "Müller & Co <GmbH>", address: "Straße 1 & 2", coordinate_lat: C[0], coordinate_lon: C[1], power_available_kW: 400, connector: "MCS", energy_kWh: 300.5, charge_time_min: 40, break_kind: "break", break_min: 45, arrival_time: "2026-11-20T08:30:00.000Z", departure_time: "2026-11-20T09:15:00.000Z", start_soc: 0.3, stop_soc: 0.8, sec_length_km: 200, sec_duration_min: 150, sec_energy_consumption_kWhkm: 1.2 },
      },
      {
        polyline: line(C, K), start_pos: [C[0], C[1], 0.8], stop_pos: [K[0], K[1], 0.6], length_m: 150_000,
        poi_summary: { name: "Break", coordinate_lat: K[0], coordinate_lon: K[1], break_kind: "break", break_min: 45, charge_time_min: 0, energy_kWh: 0, arrival_time: "2026-11-20T11:00:00.000Z", departure_time: "2026-11-20T11:45:00.000Z", start_soc: 0.6, stop_soc: 0.6, sec_length_km: 150, sec_duration_min: 105, sec_energy_consumption_kWhkm: 1.1 },
      },
      {
        section_id: "Depot Süd", polyline: line(K, S), start_pos: [K[0], K[1], 0.6], stop_pos: [S[0], S[1], 0.45], length_m: 150_000,
        poi_summary: { name: "Depot Süd", coordinate_lat: S[0], coordinate_lon: S[1], charge_time_min: 0, energy_kWh: 0, wait_min: 0, late_min: 0, break_kind: null, break_min: 0, arrival_time: "2026-11-20T13:30:00.000Z", departure_time: "2026-11-20T13:50:00.000Z", start_soc: 0.45, stop_soc: 0.45, sec_length_km: 150, sec_duration_min: 105, sec_energy_consumption_kWhkm: 1.0 },
      },
      {
        polyline: line(S, B, 9), start_pos: [S[0], S[1], 0.45], stop_pos: [B[0], B[1], 0.25], length_m: 300_000,
        poi_summary: { name: "Destination", coordinate_lat: B[0], coordinate_lon: B[1], charge_time_min: 0, energy_kWh: 0, wait_min: 0, late_min: 0, arrival_time: "2026-11-20T17:40:00.000Z", start_soc: 0.25, stop_soc: 0.25, sec_length_km: 300, sec_duration_min: 240, sec_energy_consumption_kWhkm: 1.0 },
      },
    ],
  } as unknown as OptimizationResultResponse;
}
