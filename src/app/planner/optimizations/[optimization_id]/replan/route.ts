// POST /planner/optimizations/{optimization_id}/replan: a new optimization of what is left of the tour en route
import { endpoint } from "@/server/http/endpoint";
import { replanTour } from "@/server/api/replan";

export const dynamic = "force-dynamic";
export const POST = endpoint(replanTour);
