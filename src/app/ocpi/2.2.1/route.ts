// GET /ocpi/2.2.1 (OCPI 2.2.1 version details: the Locations module's Receiver endpoint)
import { ocpiEndpoint } from "@/server/ocpi/envelope";
import { getVersionDetails } from "@/server/api/ocpi-receiver";

export const dynamic = "force-dynamic";
export const GET = ocpiEndpoint(getVersionDetails);
