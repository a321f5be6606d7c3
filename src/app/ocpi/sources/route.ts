// POST|GET /ocpi/sources (tenant admin)
import { endpoint } from "@/server/http/endpoint";
import { getSources, postSource } from "@/server/api/ocpi-sources";

export const dynamic = "force-dynamic";
export const GET = endpoint(getSources);
export const POST = endpoint(postSource);
