// GET /planner/optimizations/{optimization_id}/result
import { endpoint } from "@/server/http/endpoint";
import { getResult } from "@/server/api/jobs";

export const dynamic = "force-dynamic";
export const GET = endpoint(getResult);
