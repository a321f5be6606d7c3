// Standard Webhooks signatures (https://www.standardwebhooks.com): the secret
// is whsec_<base64 key>; the signature is v1,<base64 HMAC-SHA256 of
// "<webhook-id>.<webhook-timestamp>.<body>">, one per secret, space-separated
// (a rotated secret signs alongside the new one during its grace period).
import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";

export function newSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of one delivery attempt. */
export function webhookHeaders(secrets: readonly string[], id: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => sign(s, id, timestamp, body)).join(" "),
  };
}
