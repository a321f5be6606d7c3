// A partner's integration with the functions orval generates (its fetch client, through orval-fetch.ts):
// submit (with driver and an Idempotency-Key), poll the job, fetch the result, read a 422.
import { getJob, getResult, submitOptimization, type RouteOptimizationRequest } from "./generated/orval/client";
import { configure } from "./orval-fetch";
import { FINAL, sleep, type Summary } from "./summary";

export async function integrate(baseUrl: string, apiKey: string, fetchImpl: typeof fetch = fetch): Promise<Summary> {
  configure({ baseUrl, apiKey, fetch: fetchImpl });
  const tour: RouteOptimizationRequest = {
    vehicle_id: "mb-eactros-600",
    battery_level_start: 0.8,
    section_list: [{ start_pos: [53.55, 9.99], stop_pos: [48.14, 11.58], payload_kg: 20000, section_id: "HH-MUC" }],
    poi_info: { min_kW: 150 },
    driver: { driven_today_min: 100, driven_since_break_min: 60 },
  };
  const submitted = await submitOptimization(tour, undefined, { "Idempotency-Key": `orval-${Date.now()}` });
  if (submitted.status !== 200) throw new Error(`submit: ${submitted.status} ${JSON.stringify(submitted.data)}`);
  const { job_id, optimization_id } = submitted.data;
  if (!job_id || optimization_id == null) throw new Error("submit answered no job");

  let status = "queued";
  while (!FINAL.includes(status)) {
    await sleep(200);
    const job = await getJob(job_id);
    if (job.status !== 200) throw new Error(`job: ${job.data.detail}`);
    status = job.data.status;
  }
  const result = await getResult(optimization_id, { include_available_charging_stations: false });
  if (result.status !== 200) throw new Error(`result: ${result.status} ${result.data.request_id}`);

  const bad = await submitOptimization({ ...tour, battery_level_start: 1.5 });
  if (bad.status !== 422) throw new Error(`a battery level of 1.5 answered ${bad.status}`);
  return {
    jobStatus: status,
    chargingStops: result.data.totals?.charging_stops ?? 0,
    hasCorridorStations: "available_charging_stations" in result.data,
    rejected: { status: bad.status, loc: bad.data.detail[0].loc, requestId: bad.data.request_id },
  };
}
