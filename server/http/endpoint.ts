// Wraps a handler so every answer is JSON of the documented shape, carries a
// request id, and no exception escapes as an HTML 500.
import { randomUUID } from "node:crypto";
import { HttpError, jsonResponse } from "./errors";
import { log } from "../log";

export type Handler = (req: Request, params: Record<string, string>, requestId: string) => Promise<Response>;
type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export function endpoint(handler: Handler) {
  return async (req: Request, ctx?: RouteContext): Promise<Response> => {
    const requestId = req.headers.get("x-request-id")?.slice(0, 100) || randomUUID();
    let response: Response;
    try {
      // Next passes no params for static paths.
      const raw = (ctx?.params ? await ctx.params : null) ?? {};
      const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v ?? ""]));
      response = await handler(req, params, requestId);
    } catch (e) {
      if (e instanceof HttpError) {
        response = jsonResponse(e.status, { ...e.body, request_id: requestId }, e.headers);
      } else {
        log.error({ requestId, err: e instanceof Error ? e.stack : String(e), path: new URL(req.url).pathname }, "unhandled error");
        response = jsonResponse(500, { detail: "Internal server error", request_id: requestId });
      }
    }
    response.headers.set("x-request-id", requestId);
    return response;
  };
}
