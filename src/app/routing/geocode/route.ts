// GET /routing/geocode
import { endpoint } from "@/server/http/endpoint";
import { geocodeAddress } from "@/server/api/lookups";

export const dynamic = "force-dynamic";
export const GET = endpoint(geocodeAddress);
