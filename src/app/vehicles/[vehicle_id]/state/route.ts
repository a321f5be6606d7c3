// GET /vehicles/{vehicle_id}/state: the vehicle's last reported telematics state
import { endpoint } from "@/server/http/endpoint";
import { getVehicleState } from "@/server/api/telematics";

export const dynamic = "force-dynamic";
export const GET = endpoint(getVehicleState);
