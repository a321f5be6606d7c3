// POST /planner/fleet (a day's tours as one submit) and GET /planner/fleet/{fleet_id}.
import { FleetPath } from "../../contract/fleet-day";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { queryObject, readJsonBody } from "../http/request";
import { parseOrThrow } from "../http/validation";
import { fleetStatus, submitFleetDay } from "../fleet-day/day";
import { authed } from "./auth";

export async function submitFleet(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await submitFleetDay(db(), auth, queryObject(new URL(req.url)), await readJsonBody(req)));
}

export async function getFleet(req: Request, params: Record<string, string>): Promise<Response> {
  const auth = await authed(req);
  const { fleet_id } = parseOrThrow(FleetPath, params, "path");
  return jsonResponse(200, await fleetStatus(db(), auth.tenantId, fleet_id));
}
