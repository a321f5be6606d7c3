// GET /planner/fleet/{fleet_id}: the fleet day's status and every tour's result
import { endpoint } from "@/server/http/endpoint";
import { getFleet } from "@/server/api/fleet-day";

export const dynamic = "force-dynamic";
export const GET = endpoint(getFleet);
