// Wraps a handler so every answer is JSON of the documented shape, carries a
// request id, and no exception escapes as an HTML 500. Each request is counted
// in the metrics by its route pattern and written as one structured log line
// (server/observability/http.ts); code running inside the handler can name the
// tenant with noteTenant() (server/observability/context.ts).
import { HttpError, jsonResponse, ValidationFailed } from "./errors";
import { nulDetails } from "./nul";
import { queryObject } from "./request";
import { isDatabaseUnavailable, UNAVAILABLE_DETAIL } from "./unavailable";
import { log } from "../log";
import { requestIdOf, withRequestContext } from "../observability/context";
import { finishRequest } from "../observability/http";
import { routePattern, UNMATCHED_ROUTE, type RouteParams } from "../observability/route-pattern";

export type Handler = (req: Request, params: Record<string, string>, requestId: string) => Promise<Response>;
type RouteContext = { params: Promise<RouteParams> };

export interface EndpointOptions {
  /** The route pattern for metrics and logs; derived from the path and params when absent. */
  route?: string;
  /** Probes and scrapes: counted in the metrics, logged only when they answer 5xx. */
  quiet?: boolean;
  /**
   * Another protocol's error shape (the OCPI paths answer OCPI's envelope): every error answer, the
   * handler's, a 503 and a 500, is made by this instead of `{detail, request_id}`.
   */
  errorResponse?: (status: number, body: Record<string, unknown>, headers: Record<string, string>) => Response;
}

export function endpoint(handler: Handler, options: EndpointOptions = {}) {
  return async (req: Request, ctx?: RouteContext): Promise<Response> => {
    const startedAt = performance.now();
    const requestId = requestIdOf(req);
    const path = new URL(req.url).pathname;
    // Next passes no params for static paths: the path is the pattern.
    let route = options.route ?? (ctx?.params ? UNMATCHED_ROUTE : path);
    return withRequestContext({ requestId }, async () => {
      let response: Response;
      const fail = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
        options.errorResponse ? options.errorResponse(status, body, headers) : jsonResponse(status, { ...body, request_id: requestId }, headers);
      try {
        const raw = (ctx?.params ? await ctx.params : null) ?? {};
        route = options.route ?? routePattern(path, raw);
        const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v ?? ""]));
        const nul = [...(await nulDetails(params, ["path"])), ...(await nulDetails(queryObject(new URL(req.url)), ["query"]))];
        if (nul.length) throw new ValidationFailed(nul);
        response = await handler(req, params, requestId);
      } catch (e) {
        if (e instanceof HttpError) {
          response = fail(e.status, e.body, e.headers);
        } else if (isDatabaseUnavailable(e)) {
          log.warn({ err: e instanceof Error ? e.message : String(e), route, path }, "database unavailable");
          response = fail(503, { detail: UNAVAILABLE_DETAIL }, { "retry-after": "1" });
        } else {
          log.error({ err: e instanceof Error ? e.stack : String(e), route, path }, "unhandled error");
          response = fail(500, { detail: "Internal server error" });
        }
      }
      response.headers.set("x-request-id", requestId);
      finishRequest({ method: req.method, route, path, status: response.status, startedAt, quiet: options.quiet });
      return response;
    });
  };
}
