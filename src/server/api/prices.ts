// GET|PUT /poi/prices: a tenant's charging contracts, depot energy price and
// value of time. Reading is every key's; changing is a tenant admin's.
import { requireAdmin } from "../auth/keys";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { jsonBodyOrThrow, readBodyText } from "../http/request";
import { getPriceList, putPriceList } from "../prices/store";
import { authed } from "./auth";

export async function getPrices(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await getPriceList(db(), auth.tenantId));
}

export async function putPrices(req: Request): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const csv = /^text\/csv\b/i.test(req.headers.get("content-type") ?? "");
  // Both through the size-checked reader: 413 past 1,000,000 bytes, read or declared.
  return jsonResponse(200, await putPriceList(db(), auth.tenantId, csv ? { csv: await readBodyText(req) } : { json: await jsonBodyOrThrow(req) }));
}
