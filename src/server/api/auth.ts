import { parseIntText } from "../../contract/text-values";
import { authenticate, type AuthContext } from "../auth/keys";
import { db } from "../db/client";
import { HttpError } from "../http/errors";
import { enforceRateLimit } from "../http/rate-limit";
import { noteTenant } from "../observability/context";

/** Tenant ids are 32-bit database ids; other values are the schema's to refuse (422). */
const MAX_TENANT_ID = 2_147_483_647;

/**
 * The API key of a REST request: 401 without a valid one, then 429 once the
 * key has used up its rate (server/http/rate-limit.ts). Only verified keys
 * count, so unknown keys cannot use up someone else's rate. A `tenant_id` in the
 * query naming another tenant is 403 on every endpoint (docs/API.md); where an
 * endpoint declares the parameter, its schema also answers a malformed one (422).
 */
export async function authed(req: Request): Promise<AuthContext> {
  const auth = await authenticate(db(), req.headers.get("authorization"));
  noteTenant(auth.tenantId); // the request's log line names the tenant, 429s included
  await enforceRateLimit(auth.keyId);
  // Read as the schema reads it (the last value given, any integer text v2 accepts), so that no
  // spelling of another tenant's id ("+2", "2.0") passes this check and then the schema.
  const named = new URL(req.url).searchParams.getAll("tenant_id").at(-1);
  const id = named === undefined ? NaN : (parseIntText(named) ?? NaN);
  if (id >= 1 && id <= MAX_TENANT_ID && id !== auth.tenantId) {
    throw new HttpError(403, { detail: `tenant_id ${id} is not the tenant of this API key` });
  }
  return auth;
}
