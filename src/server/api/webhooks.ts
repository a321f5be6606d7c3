// GET|POST /webhooks/secret: the tenant's webhook signing secret. Every key
// reads whether one exists; creating or rotating it is a tenant admin's, and
// the new secret is in that answer only.
import type { WebhookSecretCreated } from "../../contract/webhooks";
import { requireAdmin } from "../auth/keys";
import { config } from "../config";
import { db } from "../db/client";
import { jsonResponse } from "../http/errors";
import { rotateSecret, secretInfo } from "../webhooks/secrets";
import { authed } from "./auth";

export async function getWebhookSecret(req: Request): Promise<Response> {
  const auth = await authed(req);
  return jsonResponse(200, await secretInfo(db(), auth.tenantId));
}

export async function rotateWebhookSecret(req: Request): Promise<Response> {
  const auth = await authed(req);
  requireAdmin(auth);
  const created: WebhookSecretCreated = await rotateSecret(db(), auth.tenantId, config().WEBHOOK_SECRET_GRACE_S);
  return jsonResponse(200, created);
}
