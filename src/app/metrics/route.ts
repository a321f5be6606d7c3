// GET /metrics: Prometheus text format (server/observability/metrics.ts), for a
// scraper with METRICS_TOKEN, or anyone if the operator set METRICS_PUBLIC=true.
import { endpoint } from "@/server/http/endpoint";
import { authorizeScrape, renderMetrics } from "@/server/observability/metrics";

export const dynamic = "force-dynamic";

export const GET = endpoint(
  async (req) => {
    authorizeScrape(req);
    const { contentType, body } = await renderMetrics();
    return new Response(body, { status: 200, headers: { "content-type": contentType, "cache-control": "no-store" } });
  },
  { route: "/metrics", quiet: true },
);
