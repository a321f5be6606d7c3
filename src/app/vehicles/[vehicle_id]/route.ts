// GET, PATCH, DELETE /vehicles/{vehicle_id}
import { endpoint } from "@/server/http/endpoint";
import { deleteVehicle, getVehicle, updateVehicle } from "@/server/api/fleet";

export const dynamic = "force-dynamic";
export const GET = endpoint(getVehicle);
export const PATCH = endpoint(updateVehicle);
export const DELETE = endpoint(deleteVehicle);
