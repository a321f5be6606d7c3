// tRPC endpoint for the web UI. Every request gets a request id, is counted in
// the metrics by procedure and written as one log line (with the session's
// tenant); a POST (mutation) from another origin is refused with 403 before any
// procedure runs (server/http/csrf.ts), and a body over 1,000,000 bytes with 413.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "@/server/trpc/routers";
import { createContext } from "@/server/trpc/init";
import { crossSiteReason } from "@/server/http/csrf";
import { HttpError, jsonResponse } from "@/server/http/errors";
import { readBodyText } from "@/server/http/request";
import { parseJsonPaced } from "@/server/http/paced-json";
import { log } from "@/server/log";
import { noteTenant, requestIdOf, withRequestContext } from "@/server/observability/context";
import { finishRequest } from "@/server/observability/http";

export const dynamic = "force-dynamic";

const ENDPOINT = "/api/trpc";
const PROCEDURES = new Set(Object.keys(appRouter._def.procedures));

/** `/api/trpc/<procedure>` for one known procedure, `{batch}` for several, `{unknown}` otherwise: a bounded label set. */
function routeOf(pathname: string): string {
  const names = pathname.slice(ENDPOINT.length + 1).split(",");
  if (!names.every((n) => PROCEDURES.has(n))) return `${ENDPOINT}/{unknown}`;
  return names.length === 1 ? `${ENDPOINT}/${names[0]}` : `${ENDPOINT}/{batch}`;
}

async function handler(req: Request): Promise<Response> {
  const startedAt = performance.now();
  const requestId = requestIdOf(req);
  const path = new URL(req.url).pathname;
  return withRequestContext({ requestId }, async () => {
    const response = await answer(req, requestId, path);
    response.headers.set("x-request-id", requestId);
    finishRequest({ method: req.method, route: routeOf(path), path, status: response.status, startedAt });
    return response;
  });
}

async function answer(req: Request, requestId: string, path: string): Promise<Response> {
  const refused = crossSiteReason(req);
  if (refused) {
    log.warn({ path, reason: refused }, "cross-site request refused");
    return jsonResponse(403, { detail: `Cross-site request refused: ${refused}`, request_id: requestId });
  }
  // The same body limit as the REST API (tRPC's fetch adapter has none of its own).
  let body: string | undefined;
  try {
    body = req.method === "POST" ? await readBodyText(req) : undefined;
  } catch (e) {
    if (e instanceof HttpError) return jsonResponse(e.status, { ...e.body, request_id: requestId });
    throw e;
  }
  // JSON text can hold U+0000 only as the escape \u0000: without one the walk over every value is skipped.
  const inputText = body ?? new URL(req.url).searchParams.get("input") ?? "";
  return fetchRequestHandler({
    endpoint: ENDPOINT,
    req: body === undefined ? req : withPacedJson(new Request(req.url, { method: req.method, headers: req.headers, body }), body),
    router: appRouter,
    createContext: async ({ req, resHeaders }) => {
      const ctx = { ...(await createContext({ req, resHeaders })), inputMayHoldNul: inputText.includes("\\u0000") };
      if (ctx.auth) noteTenant(ctx.auth.tenantId);
      return ctx;
    },
  });
}

/** The request, its JSON read in slices (tRPC's adapter calls req.json(): 1 MB of small values held the thread 100-200 ms). */
function withPacedJson(req: Request, body: string): Request {
  req.json = () => parseJsonPaced(body);
  return req;
}

export { handler as GET, handler as POST };
