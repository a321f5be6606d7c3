import { authenticate, type AuthContext } from "../auth/keys";
import { db } from "../db/client";
import { enforceRateLimit } from "../http/rate-limit";
import { noteTenant } from "../observability/context";

/**
 * The API key of a REST request: 401 without a valid one, then 429 once the
 * key has used up its rate (server/http/rate-limit.ts). Only verified keys
 * count, so unknown keys cannot use up someone else's rate.
 */
export async function authed(req: Request): Promise<AuthContext> {
  const auth = await authenticate(db(), req.headers.get("authorization"));
  noteTenant(auth.tenantId); // the request's log line names the tenant, 429s included
  await enforceRateLimit(auth.keyId);
  return auth;
}
