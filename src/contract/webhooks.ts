// The tenant's webhook signing secret (GET|POST /webhooks/secret).
import { z } from "zod";

export const WebhookSecretInfo = z
  .object({
    exists: z.boolean().describe("Whether the tenant has a secret (submits with callback_url need one)"),
    created_at: z.iso.datetime().nullable().describe("When the current secret was created"),
    previous_valid_until: z.iso.datetime().nullable().describe("After a rotation: until when the previous secret still signs beside the current one"),
  })
  .meta({ id: "WebhookSecretInfo" });

export const WebhookSecretCreated = WebhookSecretInfo.extend({
  secret: z.string().describe("whsec_<base64>: shown in this answer only; it signs every webhook from now on"),
}).meta({ id: "WebhookSecretCreated" });
export type WebhookSecretCreated = z.infer<typeof WebhookSecretCreated>;
