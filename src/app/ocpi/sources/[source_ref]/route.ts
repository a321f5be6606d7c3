// GET|DELETE /ocpi/sources/{source_ref} (tenant admin)
import { endpoint } from "@/server/http/endpoint";
import { deleteOneSource, getOneSource } from "@/server/api/ocpi-sources";

export const dynamic = "force-dynamic";
export const GET = endpoint(getOneSource);
export const DELETE = endpoint(deleteOneSource);
