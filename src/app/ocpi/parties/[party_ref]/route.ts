// DELETE /ocpi/parties/{party_ref} (tenant admin)
import { endpoint } from "@/server/http/endpoint";
import { deleteParty } from "@/server/api/ocpi-parties";

export const dynamic = "force-dynamic";
export const DELETE = endpoint(deleteParty);
