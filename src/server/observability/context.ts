// The request being served: its id and, once a key or session is verified, the
// tenant. Kept in AsyncLocalStorage so the log lines and metrics of a request
// carry both without passing them through every call. One store per process
// (globalThis), because Next bundles route handlers, the tRPC route and
// instrumentation separately and each bundle may hold its own copy of this module.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface RequestContext {
  requestId: string;
  tenantId?: number;
}

const holder = globalThis as unknown as { __plannerRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = () => (holder.__plannerRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** The caller's `X-Request-Id` (printable, at most 100 characters) or a new UUID. */
export function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id")?.trim().slice(0, 100);
  return given && /^[\x21-\x7e]+$/.test(given) ? given : randomUUID();
}

export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage().run(context, fn);
}

export function currentRequest(): RequestContext | undefined {
  return storage().getStore();
}

/**
 * Records the tenant of the request being served (call it where a key or a
 * session cookie has been verified); a no-op outside a request.
 */
export function noteTenant(tenantId: number): void {
  const context = storage().getStore();
  if (context) context.tenantId = tenantId;
}
