import { authenticate, type AuthContext } from "../auth/keys";
import { db } from "../db/client";

export function authed(req: Request): Promise<AuthContext> {
  return authenticate(db(), req.headers.get("authorization"));
}
