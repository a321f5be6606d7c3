// GET /planner/jobs/{job_id} and GET /planner/optimizations/{optimization_id}/result.
import { JobPath, OptimizationPath, ResultQuery } from "../../contract/request";
import { FINAL_JOB_STATUSES, type JobStatus } from "../../contract/result";
import { db } from "../db/client";
import { HttpError, jsonResponse, notFound, type ValidationDetail } from "../http/errors";
import { queryObject } from "../http/request";
import { collect, parseOrThrow, throwIfAny } from "../http/validation";
import { findJob, jobRecord } from "../jobs/store";
import { authed } from "./auth";

export async function getJob(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { job_id } = parseOrThrow(JobPath, params, "path");
  const job = await findJob(db(), auth.tenantId, job_id);
  if (!job) throw notFound("Job");
  return jsonResponse(200, jobRecord(job));
}

export async function getResult(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const details: ValidationDetail[] = [];
  const path = collect(OptimizationPath, params, "path", details);
  const query = collect(ResultQuery, queryObject(new URL(req.url)), "query", details); // tenant_id: checked by authed()
  throwIfAny(details);
  const optimization = await db().optimization.findFirst({
    where: { id: path!.optimization_id, tenantId: auth.tenantId },
    include: { job: true },
  });
  if (!optimization) throw notFound("Optimization");
  const status = (optimization.job?.status ?? "queued") as JobStatus;
  if (!optimization.result || !FINAL_JOB_STATUSES.includes(status) || status === "failed") {
    const why =
      status === "failed"
        ? `the optimization failed: ${optimization.job?.error ?? "unknown error"}`
        : `the job is ${status}; poll GET /planner/jobs/${optimization.job?.id} until it is succeeded or not_drivable`;
    throw new HttpError(409, { detail: `No result for optimization ${optimization.id}: ${why}`, status, job_id: optimization.job?.id ?? null });
  }
  // Stored as produced; served byte for byte (an option: its element of the stored array), unless the corridor
  // stations are to be left out.
  let body = optimization.result;
  const k = query?.option;
  if (k != null) {
    const options = optimization.options ? (JSON.parse(optimization.options) as unknown[]) : [];
    if (k >= options.length) {
      throw notFound(options.length ? `Option ${k} of optimization ${optimization.id} (it has ${options.length})` : `Cost options of optimization ${optimization.id} (submit with cost_options: true)`);
    }
    body = JSON.stringify(options[k]);
  }
  if (query?.include_available_charging_stations === false) body = withoutCorridorStations(body);
  return new Response(body, { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}

/** The result without `available_charging_stations` (most of its bytes), only when a partner asks: parsed, dropped, serialized. */
function withoutCorridorStations(body: string): string {
  const result = JSON.parse(body) as Record<string, unknown>;
  delete result.available_charging_stations;
  return JSON.stringify(result);
}
