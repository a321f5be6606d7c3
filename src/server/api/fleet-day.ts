// POST /planner/fleet (a day's tours as one submit) and GET /planner/fleet/{fleet_id}.
import { FleetPath, FleetStatusQuery } from "../../contract/fleet-day";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { queryObject, readJsonBody } from "../http/request";
import { collect, throwIfAny } from "../http/validation";
import type { ValidationDetail } from "../http/errors";
import { fleetStatus, fleetStatusText, submitFleetDay } from "../fleet-day/day";
import { authed } from "./auth";

export async function submitFleet(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await submitFleetDay(db(), auth, queryObject(new URL(req.url)), await readJsonBody(req)));
}

export async function getFleet(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const details: ValidationDetail[] = [];
  const path = collect(FleetPath, params, "path", details);
  const query = collect(FleetStatusQuery, queryObject(new URL(req.url)), "query", details);
  throwIfAny(details);
  // The stored results go out as stored text (fleet-day/day.ts): nothing of megabytes is parsed on this thread.
  const text = fleetStatusText(await fleetStatus(db(), auth.tenantId, path!.fleet_id, query!));
  return new Response(text, { status: 200, headers: { "content-type": "application/json", "cache-control": "no-store" } });
}
