// PUT, DELETE /poi/overlays/{external_id}
import { endpoint } from "@/server/http/endpoint";
import { deleteOverlay, putOverlay } from "@/server/api/stations";

export const dynamic = "force-dynamic";
export const PUT = endpoint(putOverlay);
export const DELETE = endpoint(deleteOverlay);
