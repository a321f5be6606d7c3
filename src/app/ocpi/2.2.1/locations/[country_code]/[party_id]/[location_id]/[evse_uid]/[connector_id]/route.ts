// GET|PUT|PATCH /ocpi/2.2.1/locations/{country_code}/{party_id}/{location_id}/{evse_uid}/{connector_id} (OCPI 2.2.1 Locations, Receiver interface)
import { ocpiEndpoint } from "@/server/ocpi/envelope";
import { getLocationObject, patchLocationObject, putLocationObject } from "@/server/api/ocpi-receiver";

export const dynamic = "force-dynamic";
export const GET = ocpiEndpoint(getLocationObject);
export const PUT = ocpiEndpoint(putLocationObject);
export const PATCH = ocpiEndpoint(patchLocationObject);
