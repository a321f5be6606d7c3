// POST /planner: legacy synchronous planning
import { endpoint } from "@/server/http/endpoint";
import { planSync } from "@/server/api/planner";

export const dynamic = "force-dynamic";
export const POST = endpoint(planSync);
