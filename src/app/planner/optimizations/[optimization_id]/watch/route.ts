// GET /planner/optimizations/{optimization_id}/watch: the plan watch of a committed plan
import { endpoint } from "@/server/http/endpoint";
import { getPlanWatch } from "@/server/api/watch";

export const dynamic = "force-dynamic";
export const GET = endpoint(getPlanWatch);
