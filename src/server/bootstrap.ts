// First start on an empty database: a default tenant and one API key, printed once.
import type { Db } from "./db/client";
import { createApiKey } from "./auth/keys";
import { ensureTenant } from "./tenants";

export const DEFAULT_TENANT = "default";

export async function bootstrapDefaultTenant(db: Db, log: (line: string) => void = console.log): Promise<string | null> {
  if ((await db.tenant.count()) > 0) return null;
  let tenant;
  try {
    tenant = await ensureTenant(db, DEFAULT_TENANT);
  } catch {
    return null; // another process created it first
  }
  if (!tenant.created) return null;
  const { key } = await createApiKey(db, tenant.id, "created on first start");
  log(
    [
      "",
      "==================================================================",
      ` Created tenant '${DEFAULT_TENANT}' (id ${tenant.id}). Its API key, shown only this once:`,
      "",
      ` ${key}`,
      "",
      " Use it as 'Authorization: Bearer <key>'. More keys: npm run apikey -- create --tenant NAME",
      "==================================================================",
      "",
    ].join("\n"),
  );
  return key;
}
