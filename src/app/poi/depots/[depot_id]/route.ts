// PUT, DELETE /poi/depots/{depot_id}
import { endpoint } from "@/server/http/endpoint";
import { deleteDepotCharger, putDepotCharger } from "@/server/api/stations";

export const dynamic = "force-dynamic";
export const PUT = endpoint(putDepotCharger);
export const DELETE = endpoint(deleteDepotCharger);
