// tRPC for the web UI: context (session cookie -> tenant), procedures, error shape.
import { initTRPC, TRPCError } from "@trpc/server";
import type { AuthContext } from "../auth/keys";
import { resolveSession } from "../auth/sessions";
import { db } from "../db/client";
import { HttpError, ValidationFailed, type ValidationDetail } from "../http/errors";
import { NUL_MESSAGE, nulDetails } from "../http/nul";
import { enforceUiRateLimit } from "../http/rate-limit";
import { isDatabaseUnavailable, UNAVAILABLE_DETAIL } from "../http/unavailable";
import { log } from "../log";
import { servedOverHttps } from "../observability/security-headers";


/** Over https the cookie takes the __Host- prefix (Secure, Path=/, no Domain: no sibling host can set or read it). */
export const SESSION_COOKIE = "etp_session";
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export interface TrpcContext {
  auth: AuthContext | null;
  /** The signed-in session's public id (admins see it in the list of sessions). */
  sessionId: string | null;
  /** The session token the request's cookie presented, valid or not (sign-in replaces it, sign-out ends it). */
  sessionToken: string | null;
  resHeaders: Headers;
  /** Served over https, directly or as the proxy's X-Forwarded-Proto says: the cookie is Secure. */
  secure: boolean;
  /** The browser's User-Agent, kept with a new session so that an admin can tell sessions apart. */
  userAgent?: string | null;
  /** False when the input's JSON text holds no \u0000 escape: the walk for U+0000 is skipped. */
  inputMayHoldNul?: boolean;
}

/** The Set-Cookie value of a session (or, with token null, one that clears it). */
export function sessionCookie(token: string | null, secure: boolean, maxAgeS: number): string {
  const name = secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
  return `${name}=${token ?? ""}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${token ? maxAgeS : 0}${secure ? "; Secure" : ""}`;
}

function cookie(req: Request, name: string): string | null {
  for (const part of (req.headers.get("cookie") ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k !== name) continue;
    try {
      return decodeURIComponent(v.join("="));
    } catch {
      return null; // a malformed cookie is no session, not a server error
    }
  }
  return null;
}

export async function createContext({ req, resHeaders }: { req: Request; resHeaders: Headers }): Promise<TrpcContext> {
  const token = cookie(req, SECURE_SESSION_COOKIE) ?? cookie(req, SESSION_COOKIE);
  const session = token ? await resolveSession(db(), token) : null;
  const secure = servedOverHttps(req.url, req.headers.get("x-forwarded-proto"));
  const userAgent = req.headers.get("user-agent");
  if (!session) return { auth: null, sessionId: null, sessionToken: token, resHeaders, secure, userAgent };
  const { sessionId, ...auth } = session;
  return { auth, sessionId, sessionToken: token, resHeaders, secure, userAgent };
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const details: ValidationDetail[] | null = cause instanceof ValidationFailed ? cause.details : null;
    if (error.code === "INTERNAL_SERVER_ERROR") {
      // What failed inside (queries, file paths) is for the log, not the browser.
      log.error({ err: error.cause instanceof Error ? error.cause.stack : error.message, path: shape.data.path }, "unhandled error");
      return { ...shape, message: "Internal server error", data: { ...shape.data, stack: undefined, details: null } };
    }
    return { ...shape, data: { ...shape.data, stack: undefined, details } };
  },
});

export const router = t.router;

/** Inputs holding U+0000 are refused before any procedure runs (server/http/nul.ts). */
const refuseNul = t.middleware(async ({ ctx, getRawInput, next }) => {
  const nul = ctx.inputMayHoldNul === false ? [] : await nulDetails(await getRawInput(), ["input"]);
  if (nul.length) throw new TRPCError({ code: "UNPROCESSABLE_CONTENT", message: NUL_MESSAGE, cause: new ValidationFailed(nul) });
  return next();
});

export const publicProcedure = t.procedure.use(refuseNul);

/** Maps the REST layer's errors onto tRPC codes, keeping validation details. */
const httpErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: UNAVAILABLE_DETAIL, cause: result.error.cause });
  }
  if (!result.ok && result.error.cause instanceof HttpError) {
    const e = result.error.cause;
    const code = e.status === 422 ? "UNPROCESSABLE_CONTENT" : e.status === 404 ? "NOT_FOUND" : e.status === 401 ? "UNAUTHORIZED" : e.status === 403 ? "FORBIDDEN" : e.status === 409 ? "CONFLICT" : e.status === 429 ? "TOO_MANY_REQUESTS" : "INTERNAL_SERVER_ERROR";
    if (e.headers["retry-after"]) ctx.resHeaders.set("retry-after", e.headers["retry-after"]);
    throw new TRPCError({ code, message: e.message, cause: e });
  }
  return result;
});

export const tenantProcedure = publicProcedure.use(httpErrors).use(async ({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in with an API key" });
  await enforceUiRateLimit(ctx.auth.keyId);
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});
