// GET /poi/overlays
import { endpoint } from "@/server/http/endpoint";
import { getOverlays } from "@/server/api/stations";

export const dynamic = "force-dynamic";
export const GET = endpoint(getOverlays);
