// GET /plans/{optimization_id}/export?format=gpx|geojson: a stored plan as a
// file to download. Signed in by the web UI's session cookie (the same check
// as tRPC's context), scoped to the tenant: another tenant's id or a missing
// one is 404, with the REST API's JSON error shape and request id.
import { z } from "zod";
import { OptimizationPath } from "@/contract/request";
import { planToGeoJson } from "@/engine/export/geojson";
import { planToGpx } from "@/engine/export/gpx";
import { endpoint } from "@/server/http/endpoint";
import { HttpError, notFound, type ValidationDetail } from "@/server/http/errors";
import { enforceUiRateLimit } from "@/server/http/rate-limit";
import { queryObject } from "@/server/http/request";
import { collect, throwIfAny } from "@/server/http/validation";
import { findPlan } from "@/server/trpc/history";
import { createContext } from "@/server/trpc/init";

export const dynamic = "force-dynamic";

const ExportQuery = z.object({ format: z.enum(["gpx", "geojson"]) });

export const GET = endpoint(async (req, params) => {
  const { auth } = await createContext({ req, resHeaders: new Headers() });
  if (!auth) throw new HttpError(401, { detail: "Not authenticated: sign in to the web app (session expired or key revoked)" });
  await enforceUiRateLimit(auth.keyId);
  const details: ValidationDetail[] = [];
  const path = collect(OptimizationPath, params, "path", details);
  const query = collect(ExportQuery, queryObject(new URL(req.url)), "query", details);
  throwIfAny(details);
  const plan = await findPlan(auth.tenantId, path!.optimization_id);
  if (!plan) throw notFound("Optimization");
  if (!plan.result) {
    throw new HttpError(409, { detail: `No result for optimization ${plan.summary.optimization_id}: the job is ${plan.summary.status}`, status: plan.summary.status, job_id: plan.summary.job_id });
  }
  // Every point of the tour in order: "Hamburg → München → Hamburg".
  const pointNames = plan.summary.points.map((p) => p.name);
  const name = pointNames.length ? pointNames.join(" → ") : `Plan ${plan.summary.optimization_id}`;
  const file = `etruck-plan-${plan.summary.optimization_id}.${query!.format}`;
  const body =
    query!.format === "gpx"
      ? planToGpx(plan.result, { name, time: new Date().toISOString(), pointNames })
      : JSON.stringify(planToGeoJson(plan.result, pointNames));
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": query!.format === "gpx" ? "application/gpx+xml; charset=utf-8" : "application/geo+json; charset=utf-8",
      "content-disposition": `attachment; filename="${file}"`,
      "cache-control": "private, no-store",
    },
  });
});
