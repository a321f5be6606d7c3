// POST /planner/optimizations/{optimization_id}/commit: hold the plan's charger use; DELETE: release it
import { endpoint } from "@/server/http/endpoint";
import { commitPlan, releasePlan } from "@/server/api/commit";

export const dynamic = "force-dynamic";
export const POST = endpoint(commitPlan);
export const DELETE = endpoint(releasePlan);
