// POST /planner/v2: submit an optimization
import { endpoint } from "@/server/http/endpoint";
import { submitV2 } from "@/server/api/planner";

export const dynamic = "force-dynamic";
export const POST = endpoint(submitV2);
