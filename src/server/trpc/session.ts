// The web app's session: sign-in exchanges an API key for a server-side
// session (auth/sessions.ts), sign-out ends it, and a tenant admin sees and
// ends the tenant's sessions. The key never goes into the cookie.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { requireAdmin, verifyKey } from "../auth/keys";
import { createSession, endSessionById, endSessionByToken, listSessions, sessionLimits } from "../auth/sessions";
import { db } from "../db/client";
import { publicProcedure, router, sessionCookie, tenantProcedure } from "./init";

export const session = router({
  me: publicProcedure.query(({ ctx }) => (ctx.auth ? { tenantId: ctx.auth.tenantId, tenantName: ctx.auth.tenantName, role: ctx.auth.role } : null)),
  signIn: publicProcedure.input(z.object({ apiKey: z.string().min(1).max(200) })).mutation(async ({ input, ctx }) => {
    const auth = await verifyKey(db(), input.apiKey.trim()).catch(() => null);
    if (!auth) throw new TRPCError({ code: "UNAUTHORIZED", message: "Invalid or revoked API key" });
    // A new token on every sign-in; the session the browser held before ends.
    if (ctx.sessionToken) await endSessionByToken(db(), ctx.sessionToken);
    const limits = sessionLimits();
    const made = await createSession(db(), auth, { limits, userAgent: ctx.userAgent });
    ctx.resHeaders.append("set-cookie", sessionCookie(made.token, ctx.secure, Math.round(limits.maxMs / 1000)));
    return { tenantId: auth.tenantId, tenantName: auth.tenantName, role: auth.role };
  }),
  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.sessionToken) await endSessionByToken(db(), ctx.sessionToken);
    ctx.resHeaders.append("set-cookie", sessionCookie(null, ctx.secure, 0));
    return { ok: true };
  }),
  /** The tenant's live sessions (admins). */
  list: tenantProcedure.query(({ ctx }) => {
    requireAdmin(ctx.auth);
    return listSessions(db(), ctx.auth.tenantId, ctx.sessionId);
  }),
  /** Ends one of the tenant's sessions (admins); ending one's own signs out. */
  end: tenantProcedure.input(z.object({ id: z.string().min(1).max(64) })).mutation(async ({ input, ctx }) => {
    requireAdmin(ctx.auth);
    const ended = await endSessionById(db(), ctx.auth.tenantId, input.id);
    if (!ended) throw new TRPCError({ code: "NOT_FOUND", message: "No such session of this tenant (it may have ended already)" });
    if (input.id === ctx.sessionId) ctx.resHeaders.append("set-cookie", sessionCookie(null, ctx.secure, 0));
    return { id: input.id, ended: true };
  }),
});
