// POST /planner/fleet (a day's tours as one submit) and GET /planner/fleet/{fleet_id}.
import { randomUUID } from "node:crypto";
import { FleetPath, FleetSubmitRequest, type FleetStatusResponse, type FleetSubmitResponse } from "../../contract/fleet-day";
import { PlannerQuery } from "../../contract/request";
import { FINAL_JOB_STATUSES, type JobStatus, type PlanResult } from "../../contract/result";
import { db } from "../db/client";
import { jsonResponse, notFound, ValidationFailed, type ValidationDetail } from "../http/errors";
import { queryObject, readJsonBody } from "../http/request";
import { collect, parseOrThrow, throwIfAny } from "../http/validation";
import { insertTourWithJob, type Submitted } from "../jobs/store";
import type { StoredFleetPlan } from "../fleet-day/planning";
import { parsePlannerRequest, type PlannerRequest } from "../planner-request";
import { wakeWorker } from "../runtime";
import { authed } from "./auth";

export async function submitFleet(req: Request): Promise<Response> {
  const auth = await authed(req);
  const query = queryObject(new URL(req.url));
  const raw = await readJsonBody(req);
  const details: ValidationDetail[] = [];
  if (!raw.ok) details.push(raw.detail);
  const body = raw.ok ? collect(FleetSubmitRequest, raw.value, "body", details) : undefined;
  collect(PlannerQuery, query, "query", details);
  throwIfAny(details);
  // Each tour as a v2 body: the vehicle, payloads and points on the network; every tour's problems in one 422.
  const tours: { r: PlannerRequest<PlannerQuery>; priority: number }[] = [];
  for (const [i, t] of body!.tours.entries()) {
    const { priority: _priority, ...v2 } = (raw as { value: { tours: Record<string, unknown>[] } }).value.tours[i];
    try {
      tours.push({ r: await parsePlannerRequest(db(), auth, query, { ok: true, value: v2 }, PlannerQuery), priority: t.priority });
    } catch (e) {
      if (!(e instanceof ValidationFailed)) throw e;
      details.push(...e.details.map((d) => (d.loc[0] === "body" ? { ...d, loc: ["body", "tours", i, ...d.loc.slice(1)] } : d)));
    }
  }
  throwIfAny(details);
  const fleetId = randomUUID();
  const ids = await db().$transaction(async (tx) => {
    await tx.fleetDay.create({ data: { id: fleetId, tenantId: auth.tenantId } });
    const out: Submitted[] = [];
    for (const t of tours) out.push(await insertTourWithJob(tx, auth.tenantId, { ...t.r.body, priority: t.priority } as typeof t.r.body, t.r.input, "queued", undefined, fleetId));
    return out;
  }, { maxWait: 10_000, timeout: 60_000 });
  wakeWorker();
  const answer: FleetSubmitResponse = {
    fleet_id: fleetId,
    tours: ids.map((s) => ({ tour_id: s.tourId, optimization_id: s.optimizationId, job_id: s.jobId })),
    warnings: tours.flatMap((t, i) => t.r.warnings.map((w) => `tours[${i}]: ${w}`)),
  };
  return jsonResponse(200, answer);
}

export async function getFleet(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { fleet_id } = parseOrThrow(FleetPath, params, "path");
  return jsonResponse(200, await fleetStatus(auth.tenantId, fleet_id));
}

/** A fleet day as GET /planner/fleet/{fleet_id} shows it (also the app's). */
export async function fleetStatus(tenantId: number, fleetId: string): Promise<FleetStatusResponse> {
  const day = await db().fleetDay.findFirst({ where: { id: fleetId, tenantId } });
  if (!day) throw notFound("Fleet");
  const tours = await db().tour.findMany({ where: { fleetId, tenantId }, orderBy: { id: "asc" }, include: { optimizations: { include: { job: true } } } });
  const plan = day.plan ? (JSON.parse(day.plan) as StoredFleetPlan) : null;
  const rows = tours.map((t) => {
    const o = t.optimizations[0];
    const status = (o?.job?.status ?? "queued") as JobStatus;
    const request = JSON.parse(t.request) as { request: { priority?: number } };
    const result = o?.result && FINAL_JOB_STATUSES.includes(status) && status !== "failed" ? (JSON.parse(o.result) as PlanResult & { fleet?: unknown }) : null;
    return {
      tour_id: t.id, optimization_id: o.id, job_id: o.job!.id, vehicle_id: t.vehicleId, priority: request.request.priority ?? 0,
      status, error: o?.job?.error ?? null,
      fleet: (plan?.results[String(t.id)] as { fleet?: FleetStatusResponse["tours"][number]["fleet"] } | undefined)?.fleet ?? null,
      result,
    };
  });
  const statuses = rows.map((r) => r.status);
  const status: FleetStatusResponse["status"] = statuses.every((s) => s === "queued")
    ? "queued"
    : !statuses.every((s) => FINAL_JOB_STATUSES.includes(s)) ? "running" : statuses.includes("failed") ? "failed" : "succeeded";
  return {
    fleet_id: fleetId, status, tours: rows,
    conflicts_alone: plan?.conflicts_alone ?? null, conflicts: plan?.conflicts ?? null, added: plan?.added ?? null,
  };
}
