// GET /planner/jobs/{job_id} and GET /planner/optimizations/{optimization_id}/result.
import { JobPath, OptimizationPath, ResultQuery } from "../../contract/request";
import { FINAL_JOB_STATUSES, type JobStatus } from "../../contract/result";
import { db } from "../db/client";
import { HttpError, jsonResponse, notFound, type ValidationDetail } from "../http/errors";
import { readLongText } from "../db/long-text";
import { withoutMemberText } from "../http/json-text";
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
  // The stored texts (a long tour's result is megabytes, each of its cost options as much, a row each) are
  // read only when they are served, one of them, and cut rather than parsed (server/http/json-text.ts).
  const optimization = await db().optimization.findFirst({
    where: { id: path!.optimization_id, tenantId: auth.tenantId },
    select: { id: true, job: true },
  });
  if (!optimization) throw notFound("Optimization");
  const status = (optimization.job?.status ?? "queued") as JobStatus;
  const id = optimization.id;
  const hasResult = async () => (await db().optimization.count({ where: { id, result: { not: null } } })) > 0;
  if (!FINAL_JOB_STATUSES.includes(status) || status === "failed" || !(await hasResult())) {
    const why =
      status === "failed"
        ? `the optimization failed: ${optimization.job?.error ?? "unknown error"}`
        : `the job is ${status}; poll GET /planner/jobs/${optimization.job?.id} until it is succeeded or not_drivable`;
    throw new HttpError(409, { detail: `No result for optimization ${id}: ${why}`, status, job_id: optimization.job?.id ?? null });
  }
  // Stored as produced; served byte for byte (an option: its row), unless the corridor stations are to be left out.
  const k = query?.option;
  let body = k == null ? await storedResult(id) : await storedOption(id, k);
  if (query?.include_available_charging_stations === false) body = await withoutMemberText(body, "available_charging_stations");
  return new Response(body, { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}

async function storedResult(id: number): Promise<string> {
  const result = await readLongText({ table: "Optimization", column: "result", id });
  if (!result) throw notFound("Optimization"); // its tour deleted since the check above
  return result;
}

/** Cost option `k` of the optimization as stored (its row alone: each is as large as the result); 404 beyond. */
async function storedOption(id: number, k: number): Promise<string> {
  const option = await readLongText({ table: "OptimizationOption", column: "result", id, k });
  if (option !== null) return option;
  const count = await db().optimizationOption.count({ where: { optimizationId: id } });
  throw notFound(count ? `Option ${k} of optimization ${id} (it has ${count})` : `Cost options of optimization ${id} (submit with cost_options: true)`);
}
