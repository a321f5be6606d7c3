// A telematics source's secret (OAuth2 client secret or basic password) as stored. The service
// must send it, so it cannot be hashed like an API key. With TELEMATICS_CREDENTIALS_KEY set it is
// sealed with AES-256-GCM, bound to its tenant and source (a sealed value copied to another row does
// not open); without it, it is stored as given and the database is the trust boundary, as for the
// webhook secret. Either way no answer ever carries it. Stored forms: "plain:<secret>" or
// "aes256gcm:<iv>:<tag>:<ciphertext>" (base64url).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { config } from "../config";

const SEALED = "aes256gcm:";
const PLAIN = "plain:";

export class CredentialsUnreadable extends Error {}

/** The 32-byte key of TELEMATICS_CREDENTIALS_KEY (64 hex digits or base64), or null when unset. */
export function credentialsKey(raw = config().TELEMATICS_CREDENTIALS_KEY): Buffer | null {
  if (!raw) return null;
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32) throw new Error("TELEMATICS_CREDENTIALS_KEY must be 32 bytes: 64 hex digits or base64 of 32 bytes");
  return key;
}

const binding = (tenantId: number, sourceId: string) => Buffer.from(`telematics-source:${tenantId}:${sourceId}`);

export function sealSecret(secret: string, tenantId: number, sourceId: string, key = credentialsKey()): string {
  if (!key) return PLAIN + secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(binding(tenantId, sourceId));
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return SEALED + [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(":");
}

/** The secret as given; CredentialsUnreadable when it is sealed and the key is missing or another. */
export function openSecret(stored: string, tenantId: number, sourceId: string, key = credentialsKey()): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED)) throw new CredentialsUnreadable("stored credentials are in an unknown form: store them again (PUT)");
  if (!key) throw new CredentialsUnreadable("stored credentials are sealed but TELEMATICS_CREDENTIALS_KEY is not set");
  const [iv, tag, data] = stored.slice(SEALED.length).split(":").map((p) => Buffer.from(p, "base64url"));
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(binding(tenantId, sourceId));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
  } catch {
    throw new CredentialsUnreadable("stored credentials do not open with TELEMATICS_CREDENTIALS_KEY (was it changed?): store them again (PUT)");
  }
}
