// OAuth 2.0 client credentials grant (RFC 6749 4.4) at a source's token URL, as the rFMS 4.0
// OpenAPI's `oauth2ClientCredential` scheme names it: POST grant_type=client_credentials (and
// `scope` when set), the client authenticated by HTTP Basic (2.3.1: id and secret form-encoded) or
// in the form body; the answer's access_token (token_type Bearer) is kept in this process until
// `expires_in` (less a margin) has passed, or 5 min when the server does not say, and dropped when
// the rFMS API refuses it.
import { SourceFailure, boundedRequest, type Bounds } from "./http";

export interface TokenClient {
  /** Cache key: a new PUT of the source (another updatedAt) asks anew. */
  key: string;
  tokenUrl: string;
  clientId: string;
  secret: string;
  scope: string | null;
  clientAuth: "basic_header" | "request_body";
}

/** A token answer is a few hundred bytes; an error answer is read this far for its `error`. */
const TOKEN_MAX_BYTES = 65_536;
const DEFAULT_LIFETIME_S = 300;
/** A token is not used in its last seconds: it could expire on the way. */
const MARGIN_S = 30;
const MAX_CACHED = 10_000;

const cache = new Map<string, { token: string; until: number }>();

/** Forgets the token of `key` (the rFMS API answered 401 to it), or every token (tests). */
export function dropToken(key?: string): void {
  if (key === undefined) cache.clear();
  else cache.delete(key);
}

const formEncoded = (s: string) => new URLSearchParams({ v: s }).toString().slice(2);
const printable = (v: unknown, max = 200) => (typeof v === "string" ? v.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, max) : "");

/** The OAuth2 error of an answer's body, "invalid_client: Client authentication failed", or "". */
export function oauthError(text: string | null): string {
  try {
    const body = JSON.parse(text ?? "") as { error?: unknown; error_description?: unknown };
    const error = printable(body.error, 80);
    const description = printable(body.error_description);
    return [error, description].filter(Boolean).join(": ");
  } catch {
    return "";
  }
}

export async function bearerToken(c: TokenClient, b: Bounds, now = Date.now()): Promise<string> {
  const kept = cache.get(c.key);
  if (kept && kept.until > now) return kept.token;
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (c.scope) form.set("scope", c.scope);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  if (c.clientAuth === "request_body") {
    form.set("client_id", c.clientId);
    form.set("client_secret", c.secret);
  } else {
    headers.authorization = `Basic ${Buffer.from(`${formEncoded(c.clientId)}:${formEncoded(c.secret)}`).toString("base64")}`;
  }
  const res = await boundedRequest(new URL(c.tokenUrl), { method: "POST", headers, body: form.toString() }, { ...b, maxBytes: TOKEN_MAX_BYTES });
  if (res.status !== 200) {
    const why = oauthError(res.text);
    throw new SourceFailure(`token refused: HTTP ${res.status} from the token URL${why ? ` (${why})` : ""}`);
  }
  let body: { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
  try {
    body = JSON.parse(res.text ?? "");
  } catch {
    throw new SourceFailure(res.text === null ? `token answer over ${TOKEN_MAX_BYTES} bytes` : "malformed token answer: not JSON");
  }
  if (typeof body?.access_token !== "string" || !body.access_token || /[\r\n]/.test(body.access_token)) throw new SourceFailure("malformed token answer: no access_token");
  if (typeof body.token_type === "string" && body.token_type.toLowerCase() !== "bearer") {
    throw new SourceFailure(`token answer of type '${printable(body.token_type, 40)}': only Bearer tokens are used`);
  }
  const lifetime = typeof body.expires_in === "number" && Number.isFinite(body.expires_in) && body.expires_in > 0 ? body.expires_in : DEFAULT_LIFETIME_S;
  cache.delete(c.key);
  cache.set(c.key, { token: body.access_token, until: now + Math.max(0, lifetime - MARGIN_S) * 1000 });
  while (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
  return body.access_token;
}
