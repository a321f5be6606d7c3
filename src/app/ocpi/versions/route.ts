// GET /ocpi/versions (OCPI 2.2.1 versions module; OCPI's envelope and token)
import { ocpiEndpoint } from "@/server/ocpi/envelope";
import { getVersions } from "@/server/api/ocpi-receiver";

export const dynamic = "force-dynamic";
export const GET = ocpiEndpoint(getVersions);
