// GET /planner/optimizations/{optimization_id}/watch: whether a committed plan is watched, when it was last
// checked, and, where the watch re-planned it, to which optimization and why (server/watch).
import { OptimizationPath } from "../../contract/request";
import { db } from "../db/client";
import { jsonResponse, notFound } from "../http/errors";
import { parseOrThrow } from "../http/validation";
import { watchView } from "../watch/store";
import { authed } from "./auth";

export async function getPlanWatch(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { optimization_id } = parseOrThrow(OptimizationPath, params, "path");
  const o = await db().optimization.findFirst({ where: { id: optimization_id, tenantId: auth.tenantId }, select: { id: true } });
  if (!o) throw notFound("Optimization");
  const w = await db().planWatch.findFirst({ where: { optimizationId: o.id, tenantId: auth.tenantId } });
  return jsonResponse(200, watchView(o.id, w));
}
