// GET /planner/optimizations/{optimization_id}/watch: whether a committed plan is watched, when it was last
// checked, and, where the watch re-planned it, to which optimization and why (server/watch).
import { OptimizationPath } from "../../contract/request";
import type { PlanWatchView } from "../../contract/watch";
import { db } from "../db/client";
import { jsonResponse, notFound } from "../http/errors";
import { parseOrThrow } from "../http/validation";
import { watchView } from "../watch/store";
import { authed } from "./auth";

export async function getPlanWatch(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { optimization_id } = parseOrThrow(OptimizationPath, params, "path");
  return jsonResponse(200, await planWatchOf(auth.tenantId, optimization_id));
}

/** The tenant's optimization's watch (also the plan page's, tRPC replan.watch); 404 for another tenant's or none. */
export async function planWatchOf(tenantId: number, optimizationId: number): Promise<PlanWatchView> {
  const o = await db().optimization.findFirst({ where: { id: optimizationId, tenantId }, select: { id: true } });
  if (!o) throw notFound("Optimization");
  return watchView(o.id, await db().planWatch.findFirst({ where: { optimizationId: o.id, tenantId } }));
}
