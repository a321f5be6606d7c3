// A partner's integration with types from openapi-typescript and the openapi-fetch client:
// submit (with driver and an Idempotency-Key), poll the job, fetch the result, read a 422.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/openapi-typescript/schema";
import { FINAL, sleep, type Summary } from "./summary";

type Tour = components["schemas"]["RouteOptimizationRequest"];

export async function integrate(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): Promise<Summary> {
  const api = createClient<paths>({ baseUrl, fetch: fetchImpl, headers: { Authorization: `Bearer ${apiKey}` } });
  const tour: Tour = {
    vehicle_id: "mb-eactros-600",
    battery_level_start: 0.8,
    section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000, section_id: "HH-MUC" }],
    poi_info: { min_kW: 150 },
    driver: { driven_today_min: 100, driven_since_break_min: 60 },
  };
  const submitted = await api.POST("/planner/v2", { body: tour, params: { header: { "Idempotency-Key": `openapi-typescript-${Date.now()}` } } });
  if (!submitted.data) throw new Error(`submit: ${submitted.response.status} ${JSON.stringify(submitted.error)}`);
  const { job_id, optimization_id } = submitted.data;
  if (!job_id || optimization_id == null) throw new Error("submit answered no job");

  let status = "queued";
  while (!FINAL.includes(status)) {
    await sleep(200);
    const job = await api.GET("/planner/jobs/{job_id}", { params: { path: { job_id } } });
    if (!job.data) throw new Error(`job: ${job.error?.detail}`);
    status = job.data.status;
  }
  const result = await api.GET("/planner/optimizations/{optimization_id}/result", {
    params: { path: { optimization_id }, query: { include_available_charging_stations: false } },
  });
  if (!result.data) throw new Error(`result: ${result.response.status} ${result.error?.request_id}`);

  const bad = await api.POST("/planner/v2", { body: { ...tour, battery_level_start: 1.5 } });
  if (!bad.error) throw new Error("a battery level of 1.5 was accepted");
  const detail = bad.error.detail;
  return {
    jobStatus: status,
    chargingStops: result.data.totals?.charging_stops ?? 0,
    hasCorridorStations: "available_charging_stations" in result.data,
    rejected: { status: bad.response.status, loc: Array.isArray(detail) ? detail[0].loc : [], requestId: bad.error.request_id },
  };
}
