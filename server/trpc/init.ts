// tRPC for the web UI: context (session cookie -> tenant), procedures, error shape.
import { initTRPC, TRPCError } from "@trpc/server";
import { verifyKey, type AuthContext } from "../auth/keys";
import { db } from "../db/client";
import { HttpError, ValidationFailed, type ValidationDetail } from "../http/errors";

export const SESSION_COOKIE = "etp_session";

export interface TrpcContext {
  auth: AuthContext | null;
  sessionKey: string | null;
  resHeaders: Headers;
  secure: boolean;
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
  const key = cookie(req, SESSION_COOKIE);
  let auth: AuthContext | null = null;
  if (key) auth = await verifyKey(db(), key).catch(() => null);
  return { auth, sessionKey: key, resHeaders, secure: new URL(req.url).protocol === "https:" };
}

const t = initTRPC.context<TrpcContext>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const details: ValidationDetail[] | null = cause instanceof ValidationFailed ? cause.details : null;
    return { ...shape, data: { ...shape.data, details } };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;

/** Maps the REST layer's errors onto tRPC codes, keeping validation details. */
const httpErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof HttpError) {
    const e = result.error.cause;
    const code = e.status === 422 ? "UNPROCESSABLE_CONTENT" : e.status === 404 ? "NOT_FOUND" : e.status === 401 ? "UNAUTHORIZED" : e.status === 403 ? "FORBIDDEN" : e.status === 409 ? "CONFLICT" : "INTERNAL_SERVER_ERROR";
    throw new TRPCError({ code, message: e.message, cause: e });
  }
  return result;
});

export const tenantProcedure = t.procedure.use(httpErrors).use(({ ctx, next }) => {
  if (!ctx.auth) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in with an API key" });
  return next({ ctx: { ...ctx, auth: ctx.auth } });
});
