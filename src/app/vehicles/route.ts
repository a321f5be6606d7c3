// GET /vehicles: the tenant's fleet; POST /vehicles: add a vehicle
import { endpoint } from "@/server/http/endpoint";
import { fleet } from "@/server/api/lookups";
import { createVehicle } from "@/server/api/fleet";

export const dynamic = "force-dynamic";
export const GET = endpoint(fleet);
export const POST = endpoint(createVehicle);
