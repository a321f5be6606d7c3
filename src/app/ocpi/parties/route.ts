// POST|GET /ocpi/parties (tenant admin)
import { endpoint } from "@/server/http/endpoint";
import { getParties, postParty } from "@/server/api/ocpi-parties";

export const dynamic = "force-dynamic";
export const GET = endpoint(getParties);
export const POST = endpoint(postParty);
