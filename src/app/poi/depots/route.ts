// GET /poi/depots
import { endpoint } from "@/server/http/endpoint";
import { getDepots } from "@/server/api/stations";

export const dynamic = "force-dynamic";
export const GET = endpoint(getDepots);
