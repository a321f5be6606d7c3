// GET /healthz: the process is up and serving. No auth, no database.
import { endpoint } from "@/server/http/endpoint";
import { jsonResponse } from "@/server/http/errors";

export const dynamic = "force-dynamic";

export const GET = endpoint(async () => jsonResponse(200, { status: "ok" }), { route: "/healthz", quiet: true });
