// A fleet day's submit and status, for POST /planner/fleet and GET
// /planner/fleet/{fleet_id} (server/api/fleet-day.ts) and the app (tRPC fleetDay).
import { randomUUID } from "node:crypto";
import { FleetSubmitRequest, type FleetStatusResponse, type FleetSubmitResponse } from "../../contract/fleet-day";
import { PlannerQuery } from "../../contract/request";
import { FINAL_JOB_STATUSES, type JobStatus, type PlanResult } from "../../contract/result";
import type { AuthContext } from "../auth/keys";
import type { Db } from "../db/client";
import { notFound, ValidationFailed, type ValidationDetail } from "../http/errors";
import type { BodyRead } from "../http/request";
import { collect, throwIfAny } from "../http/validation";
import { insertTourWithJob, type Submitted } from "../jobs/store";
import { parsePlannerRequest, type PlannerRequest } from "../planner-request";
import { wakeWorker } from "../runtime";
import { listDepots } from "../stations/admin";
import type { StoredFleetPlan } from "./planning";

/** POST /planner/fleet's checks and storage (also the app's): every tour as v2 checks it, all in one 422; one transaction. */
export async function submitFleetDay(db: Db, auth: AuthContext, query: unknown, raw: BodyRead): Promise<FleetSubmitResponse> {
  const details: ValidationDetail[] = [];
  if (!raw.ok) details.push(raw.detail);
  const body = raw.ok ? collect(FleetSubmitRequest, raw.value, "body", details) : undefined;
  collect(PlannerQuery, query, "query", details);
  throwIfAny(details);
  const depot = body!.depot ?? null;
  if (depot && !(await listDepots(db, auth.tenantId)).some((d) => d.depot_id === depot.depot_id)) {
    details.push({ loc: ["body", "depot", "depot_id"], msg: `Unknown depot '${depot.depot_id}': GET /poi/depots lists this tenant's depot chargers`, type: "value_error" });
  }
  // Each tour as a v2 body: the vehicle, payloads and points on the network; every tour's problems in one 422.
  const tours: { r: PlannerRequest<PlannerQuery>; priority: number; extra: Record<string, unknown> }[] = [];
  for (const [i, t] of body!.tours.entries()) {
    const { priority: _priority, depot_soc: _soc, depot_plugged_from: _from, depot_ready_by: _by, ...v2 } = (raw as { value: { tours: Record<string, unknown>[] } }).value.tours[i];
    try {
      const depotFields = t.depot_soc != null && depot
        ? { depot, depot_soc: t.depot_soc, depot_plugged_from: t.depot_plugged_from ?? null, depot_ready_by: t.depot_ready_by ?? null }
        : {};
      tours.push({ r: await parsePlannerRequest(db, auth, query, { ok: true, value: v2 }, PlannerQuery), priority: t.priority, extra: depotFields });
    } catch (e) {
      if (!(e instanceof ValidationFailed)) throw e;
      details.push(...e.details.map((d) => (d.loc[0] === "body" ? { ...d, loc: ["body", "tours", i, ...d.loc.slice(1)] } : d)));
    }
  }
  throwIfAny(details);
  const fleetId = randomUUID();
  const ids = await db.$transaction(async (tx) => {
    await tx.fleetDay.create({ data: { id: fleetId, tenantId: auth.tenantId } });
    const out: Submitted[] = [];
    for (const t of tours) out.push(await insertTourWithJob(tx, auth.tenantId, { ...t.r.body, priority: t.priority, ...t.extra } as typeof t.r.body, t.r.input, "queued", undefined, fleetId));
    return out;
  }, { maxWait: 10_000, timeout: 60_000 });
  wakeWorker();
  const answer: FleetSubmitResponse = {
    fleet_id: fleetId,
    tours: ids.map((s) => ({ tour_id: s.tourId, optimization_id: s.optimizationId, job_id: s.jobId })),
    warnings: tours.flatMap((t, i) => t.r.warnings.map((w) => `tours[${i}]: ${w}`)),
  };
  return answer;
}

/** A fleet day as GET /planner/fleet/{fleet_id} shows it (also the app's). */
export async function fleetStatus(db: Db, tenantId: number, fleetId: string): Promise<FleetStatusResponse> {
  const day = await db.fleetDay.findFirst({ where: { id: fleetId, tenantId } });
  if (!day) throw notFound("Fleet");
  const tours = await db.tour.findMany({ where: { fleetId, tenantId }, orderBy: { id: "asc" }, include: { optimizations: { include: { job: true } } } });
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
    conflicts_alone: plan?.conflicts_alone ?? null, conflicts: plan?.conflicts ?? null, depot: plan?.depot ?? null, added: plan?.added ?? null,
  };
}
