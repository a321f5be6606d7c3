// GET|PUT /poi/prices
import { endpoint } from "@/server/http/endpoint";
import { getPrices, putPrices } from "@/server/api/prices";

export const dynamic = "force-dynamic";
export const GET = endpoint(getPrices);
export const PUT = endpoint(putPrices);
