// GET /vehicles: the tenant's fleet
import { endpoint } from "@/server/http/endpoint";
import { fleet } from "@/server/api/lookups";

export const dynamic = "force-dynamic";
export const GET = endpoint(fleet);
