// GET /readyz: 200 when the database answers and the data packs are in place,
// else 503 naming what is not ready (`not_ready`). No auth.
import { endpoint } from "@/server/http/endpoint";
import { jsonResponse } from "@/server/http/errors";
import { readiness } from "@/server/observability/health";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  async () => {
    const ready = await readiness();
    return jsonResponse(ready.status === "ok" ? 200 : 503, ready, ready.status === "ok" ? {} : { "retry-after": "10" });
  },
  { route: "/readyz", quiet: true },
);
