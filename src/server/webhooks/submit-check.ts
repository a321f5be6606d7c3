// The submit-time checks of callback_url that need the deployment's policy or
// the tenant: what can be refused without DNS (delivery checks the resolved
// addresses again), and a secret to sign with.
import { RouteOptimizationRequest } from "../../contract/request";
import type { Db } from "../db/client";
import type { ValidationDetail } from "../http/errors";
import { urlRefusal } from "./address-policy";
import { deliveryOptions } from "./delivery";
import { hasSecret } from "./secrets";

const CallbackField = RouteOptimizationRequest.shape.callback_url;

export async function callbackUrlDetails(db: Db, tenantId: number, value: unknown): Promise<ValidationDetail[]> {
  const parsed = CallbackField.safeParse(value);
  if (!parsed.success || !parsed.data) return []; // the schema reports a malformed one
  const loc = ["body", "callback_url"];
  const why = urlRefusal(parsed.data, deliveryOptions().policy);
  if (why) return [{ loc, msg: why, type: "value_error" }];
  if (!(await hasSecret(db, tenantId))) {
    return [{ loc, msg: "This tenant has no webhook secret to sign with yet: a tenant admin creates one with POST /webhooks/secret (or on the API keys page)", type: "value_error" }];
  }
  return [];
}
