// GET /poi/cpos
import { endpoint } from "@/server/http/endpoint";
import { cpos } from "@/server/api/lookups";

export const dynamic = "force-dynamic";
export const GET = endpoint(cpos);
