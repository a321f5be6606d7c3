// The production server's last word on errors Next answers itself: an unknown
// path (Next's HTML 404 page) and a method a route does not export (an empty
// 405). Partners are promised a JSON body on every error, so these become
// `{detail, request_id}`; a browser that asks for HTML still gets the page.
// Next's 405 names no allowed methods: `allowFor` finds them (the server asks
// the route with OPTIONS, which Next answers with Allow).
import { randomUUID } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

/** Whether the client asked for an HTML page (a browser navigation), not data. */
export function prefersHtml(accept: string | undefined): boolean {
  return /\btext\/html\b/i.test(accept ?? "");
}

function errorBody(status: number, req: IncomingMessage): string | undefined {
  if (status === 404 && !prefersHtml(req.headers.accept)) return `Not found: ${req.method} ${(req.url ?? "/").split("?")[0]}`;
  if (status === 405) return `Method ${req.method} is not allowed`;
  return undefined;
}

/**
 * Rewrites `res` so that a 404 or 405 answered without a JSON body is sent as
 * the JSON error instead. Decided when the head is about to go out (the first
 * writeHead, write or end), before any byte of Next's body is sent.
 */
export function answerErrorsInJson(
  req: IncomingMessage,
  res: ServerResponse,
  allowFor?: (path: string) => Promise<string | undefined>,
): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end };
  let decided = false;
  let replaced = false;
  const decide = () => {
    if (decided) return;
    decided = true;
    const detail = errorBody(res.statusCode, req);
    const type = String(res.getHeader("content-type") ?? "");
    if (!detail || type.includes("application/json")) return;
    replaced = true;
    const requestId = String(res.getHeader("x-request-id") ?? randomUUID());
    const body = JSON.stringify({ detail, request_id: requestId });
    for (const name of ["content-encoding", "content-length", "etag", "vary", "transfer-encoding"]) res.removeHeader(name);
    res.setHeader("content-type", "application/json");
    res.setHeader("cache-control", "no-store");
    res.setHeader("x-request-id", requestId);
    res.setHeader("content-length", Buffer.byteLength(body));
    // end() writes the head through writeHead: give it back; Next's own later writes stay swallowed.
    res.writeHead = original.writeHead;
    const send = () => (original.end as (chunk?: string) => ServerResponse).call(res, req.method === "HEAD" ? undefined : body);
    if (res.statusCode !== 405 || res.getHeader("allow") || !allowFor) return void send();
    allowFor(req.url ?? "/")
      .then((allow) => allow && res.setHeader("allow", allow))
      .catch(() => undefined)
      .finally(send);
  };
  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    res.statusCode = status;
    const headers = rest.find((r) => r && typeof r === "object") as OutgoingHttpHeaders | undefined;
    for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) res.setHeader(k, v);
    decide();
    return replaced ? res : (original.writeHead as (s: number) => ServerResponse).call(res, status);
  } as typeof res.writeHead;
  res.write = function (this: ServerResponse, ...args: unknown[]) {
    decide();
    if (!replaced) return (original.write as (...a: unknown[]) => boolean).apply(res, args);
    const done = args.find((a) => typeof a === "function") as (() => void) | undefined;
    done?.();
    return true;
  } as typeof res.write;
  res.end = function (this: ServerResponse, ...args: unknown[]) {
    decide();
    if (!replaced) return (original.end as (...a: unknown[]) => ServerResponse).apply(res, args);
    const done = args.find((a) => typeof a === "function") as (() => void) | undefined;
    if (done) res.once("finish", done);
    return res;
  } as typeof res.end;
}
