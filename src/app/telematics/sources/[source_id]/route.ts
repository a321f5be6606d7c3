// GET, PUT, DELETE /telematics/sources/{source_id}
import { endpoint } from "@/server/http/endpoint";
import { deleteTelematicsSource, getTelematicsSource, putTelematicsSource } from "@/server/api/telematics";

export const dynamic = "force-dynamic";
export const GET = endpoint(getTelematicsSource);
export const PUT = endpoint(putTelematicsSource);
export const DELETE = endpoint(deleteTelematicsSource);
