// GET /planner/jobs/{job_id}
import { endpoint } from "@/server/http/endpoint";
import { getJob } from "@/server/api/jobs";

export const dynamic = "force-dynamic";
export const GET = endpoint(getJob);
