// The tenant's API keys for the web UI. Anyone signed in may read the list (no
// hashes, ever); creating and revoking is a tenant admin's (requireAdmin: 403
// -> FORBIDDEN). The plain key exists only in create's answer. The webhook
// signing secret likewise: every key reads its dates, an admin rotates it and
// sees the new secret in that answer only.
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { createTenantApiKey, KEY_ROLES, listApiKeys, requireAdmin, revokeApiKeyById } from "../auth/keys";
import { config } from "../config";
import { db } from "../db/client";
import { parseOrThrow } from "../http/validation";
import { rotateSecret, secretInfo } from "../webhooks/secrets";
import { router, tenantProcedure } from "./init";

/** Keys a tenant may create here (docs/API.md, Limits): revoked keys are kept and listed, so this bounds the list. */
export const MAX_TENANT_KEYS = 1_000;

export const KeyCreateInput = z.strictObject({
  label: z.string({ error: "Input should be a valid string" }).trim().min(1).max(100).describe("Tells people which program or person uses the key"),
  role: z.enum(KEY_ROLES).default("admin"),
});

export const KeyRevokeInput = z.strictObject({
  id: z.number().int().positive(),
  /** The session's own key: revoking it signs the caller out, so it must be asked for explicitly. */
  revokeCurrentSession: z.boolean().default(false),
});

/** Replacing the secret changes what every receiver must accept: it is asked for explicitly, never implied by an empty call. */
export const SecretRotateInput = z.strictObject({ rotate: z.literal(true) });

// Inputs are only typed here: parseOrThrow gives the same 422 details as REST.
export const keys = router({
  list: tenantProcedure.query(async ({ ctx }) =>
    (await listApiKeys(db(), ctx.auth.tenantId)).map((k) => ({ ...k, current: k.id === ctx.auth.keyId })),
  ),
  create: tenantProcedure.input(z.custom<z.input<typeof KeyCreateInput>>()).mutation(async ({ input, ctx }) => {
    requireAdmin(ctx.auth);
    const { label, role } = parseOrThrow(KeyCreateInput, input, "body");
    if ((await db().apiKey.count({ where: { tenantId: ctx.auth.tenantId } })) >= MAX_TENANT_KEYS) {
      throw new TRPCError({ code: "CONFLICT", message: `A tenant has at most ${MAX_TENANT_KEYS.toLocaleString("en")} API keys, revoked ones included (they stay listed)` });
    }
    const { key, record } = await createTenantApiKey(db(), ctx.auth.tenantId, label, role);
    return { key, record: { ...record, current: false } };
  }),
  revoke: tenantProcedure.input(z.custom<z.input<typeof KeyRevokeInput>>()).mutation(async ({ input, ctx }) => {
    requireAdmin(ctx.auth);
    const { id, revokeCurrentSession } = parseOrThrow(KeyRevokeInput, input, "body");
    const current = id === ctx.auth.keyId;
    if (current && !revokeCurrentSession) {
      throw new TRPCError({
        code: "PRECONDITION_FAILED",
        message: "This is the key of your current session: revoking it signs you out. Confirm with revokeCurrentSession: true.",
      });
    }
    const record = await revokeApiKeyById(db(), ctx.auth.tenantId, id);
    return { ...record, current, signedOut: current };
  }),
  webhookSecret: tenantProcedure.query(({ ctx }) => secretInfo(db(), ctx.auth.tenantId)),
  rotateWebhookSecret: tenantProcedure.input(z.custom<z.input<typeof SecretRotateInput>>()).mutation(({ input, ctx }) => {
    requireAdmin(ctx.auth);
    parseOrThrow(SecretRotateInput, input, "body");
    return rotateSecret(db(), ctx.auth.tenantId, config().WEBHOOK_SECRET_GRACE_S);
  }),
});
