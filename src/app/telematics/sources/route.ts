// GET /telematics/sources: the tenant's telematics sources (rFMS), without credentials
import { endpoint } from "@/server/http/endpoint";
import { getTelematicsSources } from "@/server/api/telematics";

export const dynamic = "force-dynamic";
export const GET = endpoint(getTelematicsSources);
