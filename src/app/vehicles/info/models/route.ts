// GET /vehicles/info/models
import { endpoint } from "@/server/http/endpoint";
import { vehicleModels } from "@/server/api/lookups";

export const dynamic = "force-dynamic";
export const GET = endpoint(vehicleModels);
