// A partner's integration with the SDK @hey-api/openapi-ts generates (its fetch client):
// submit (with driver and an Idempotency-Key), poll the job, fetch the result, read a 422.
import { client } from "./generated/hey-api/client.gen";
import { getJob, getResult, submitOptimization } from "./generated/hey-api/sdk.gen";
import type { RouteOptimizationRequest } from "./generated/hey-api/types.gen";
import { FINAL, sleep, type Summary } from "./summary";

export async function integrate(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): Promise<Summary> {
  client.setConfig({ baseUrl, fetch: fetchImpl, auth: () => apiKey });
  const tour: RouteOptimizationRequest = {
    vehicle_id: "mb-eactros-600",
    battery_level_start: 0.8,
    section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000, section_id: "HH-MUC" }],
    poi_info: { min_kW: 150 },
    driver: { driven_today_min: 100, driven_since_break_min: 60 },
  };
  const submitted = await submitOptimization({ body: tour, headers: { "Idempotency-Key": `hey-api-${Date.now()}` } });
  if (!submitted.data) throw new Error(`submit: ${submitted.response?.status} ${JSON.stringify(submitted.error)}`);
  const { job_id, optimization_id } = submitted.data;
  if (!job_id || optimization_id == null) throw new Error("submit answered no job");

  let status = "queued";
  while (!FINAL.includes(status)) {
    await sleep(200);
    const job = await getJob({ path: { job_id } });
    if (!job.data) throw new Error(`job: ${job.error?.detail}`);
    status = job.data.status;
  }
  const result = await getResult({ path: { optimization_id }, query: { include_available_charging_stations: false } });
  if (!result.data) throw new Error(`result: ${result.response?.status} ${result.error?.request_id}`);

  const bad = await submitOptimization({ body: { ...tour, battery_level_start: 1.5 } });
  if (!bad.error) throw new Error("a battery level of 1.5 was accepted");
  const detail = bad.error.detail;
  return {
    jobStatus: status,
    chargingStops: result.data.totals?.charging_stops ?? 0,
    hasCorridorStations: "available_charging_stations" in result.data,
    rejected: { status: bad.response?.status ?? 0, loc: Array.isArray(detail) ? detail[0].loc : [], requestId: bad.error.request_id },
  };
}
