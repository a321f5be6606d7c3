// A worker process has no web server: with WORKER_METRICS_PORT set it serves
// its own GET /metrics (plan durations of the jobs it planned, process
// metrics, the job gauges) and GET /healthz on that port.
import http from "node:http";
import { HttpError } from "../http/errors";
import { log } from "../log";
import { authorizeScrape, renderMetrics } from "./metrics";

export function serveWorkerMetrics(port: number): http.Server {
  const server = http.createServer(async (req, res) => {
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...headers });
      res.end(body);
    };
    try {
      const path = new URL(req.url ?? "/", "http://worker").pathname;
      if (req.method === "GET" && path === "/healthz") return send(200, "application/json", JSON.stringify({ status: "ok" }));
      if (req.method === "GET" && path === "/metrics") {
        authorizeScrape(new Request("http://worker/metrics", { headers: { authorization: req.headers.authorization ?? "" } }));
        const { contentType, body } = await renderMetrics();
        return send(200, contentType, body);
      }
      send(404, "application/json", JSON.stringify({ detail: "Not found: this port serves GET /metrics and GET /healthz" }));
    } catch (e) {
      if (e instanceof HttpError) return send(e.status, "application/json", JSON.stringify(e.body), e.headers);
      log.error({ err: e instanceof Error ? e.message : String(e) }, "worker metrics error");
      send(500, "application/json", JSON.stringify({ detail: "Internal server error" }));
    }
  });
  server.listen(port, () => log.info({ port }, "worker metrics listening"));
  return server;
}
