// One place that closes a request: the metrics and the single log line.
import { log } from "../log";
import { currentRequest } from "./context";
import { observeRequest } from "./metrics";

export interface FinishedRequest {
  method: string;
  /** The route pattern (never a raw path with ids). */
  route: string;
  /** The raw path (no query), for the log line only. */
  path: string;
  status: number;
  /** performance.now() when the request arrived. */
  startedAt: number;
  /** Probes and scrapes: counted, but logged only when they fail. */
  quiet?: boolean;
}

/**
 * Counts the request and writes its log line: {method, route, path, status, ms,
 * requestId, tenantId (when known)}; level error for 5xx, else info.
 */
export function finishRequest(r: FinishedRequest): void {
  const seconds = (performance.now() - r.startedAt) / 1000;
  observeRequest(r.method, r.route, r.status, seconds);
  if (r.quiet && r.status < 500) return;
  const context = currentRequest();
  const fields = {
    method: r.method,
    route: r.route,
    path: r.path,
    status: r.status,
    ms: Math.round(seconds * 10_000) / 10,
    requestId: context?.requestId,
    tenantId: context?.tenantId,
  };
  if (r.status >= 500) log.error(fields, "request");
  else log.info(fields, "request");
}
