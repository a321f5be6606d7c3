// A tenant's telematics sources (PUT|GET|DELETE /telematics/sources/{source_id}): stored with their
// credentials sealed (credentials.ts) and answered without them. A PUT replaces the whole source and
// has it polled at once; a secret left out of a replacement is kept only while the address it is
// sent to and the name it goes with are unchanged, so that a stored secret cannot be redirected.
import {
  DEFAULT_POLL_INTERVAL_S, MAX_TELEMATICS_SOURCES, TelematicsSourceInput, TelematicsSourcePath,
  type TelematicsSource,
} from "../../contract/telematics";
import { config } from "../config";
import type { Db } from "../db/client";
import { HttpError, notFound, type ValidationDetail } from "../http/errors";
import { collect, parseOrThrow, throwIfAny } from "../http/validation";
import { checkOutboundUrl, parsePolicy, type AddressPolicy } from "../webhooks/address-policy";
import { sealSecret } from "./credentials";

export type SourceRow = NonNullable<Awaited<ReturnType<Db["telematicsSource"]["findFirst"]>>>;

/** Where sources may point: the operator's TELEMATICS_ALLOW_HTTP and TELEMATICS_ALLOWED_HOSTS. */
export function telematicsPolicy(): AddressPolicy {
  const cfg = config();
  return parsePolicy(cfg.TELEMATICS_ALLOW_HTTP === "true", cfg.TELEMATICS_ALLOWED_HOSTS, "TELEMATICS_ALLOWED_HOSTS");
}

/**
 * The URL as stored (no trailing slash on a base URL), or why it may not be: what is known without
 * DNS (scheme, credentials, a literal address); host names are checked at every poll (poll.ts).
 */
export function checkSourceUrl(raw: string, field: "base_url" | "token_url", policy: AddressPolicy): { url: string } | { problem: string } {
  const checked = checkOutboundUrl(raw, policy, {
    subject: field, httpSetting: "TELEMATICS_ALLOW_HTTP", credentials: "give them in auth",
    noFragment: true,
    more: (url) => (field === "base_url" && url.search ? "base_url may not have a query: the service adds the rFMS parameters" : null),
  });
  if ("problem" in checked) return checked;
  return { url: field === "base_url" ? checked.url.href.replace(/\/+$/, "") : checked.url.href };
}

function sourceRecord(row: SourceRow): TelematicsSource {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const auth: TelematicsSource["auth"] = row.authType === "basic"
    ? { type: "basic", username: row.clientId, has_secret: row.secret.length > 0 }
    : {
      type: "oauth2_client_credentials", token_url: row.tokenUrl ?? "", client_id: row.clientId, scope: row.scope,
      client_authentication: row.clientAuth === "request_body" ? "request_body" : "basic_header", has_secret: row.secret.length > 0,
    };
  const status = !row.enabled ? "disabled"
    : !row.lastPollAt || row.lastPollAt < row.updatedAt ? "pending"
    : row.failures > 0 ? "failing" : "ok";
  return {
    source_id: row.sourceId,
    name: row.name,
    base_url: row.baseUrl,
    auth,
    enabled: row.enabled,
    poll_interval_s: row.pollIntervalS,
    status,
    last_poll_at: iso(row.lastPollAt),
    last_success_at: iso(row.lastSuccessAt),
    last_error: row.lastError,
    last_error_at: iso(row.lastErrorAt),
    consecutive_failures: row.failures,
    next_poll_at: row.enabled ? row.nextPollAt.toISOString() : null,
    vehicles_reported: row.vehiclesSeen,
    vehicles_matched: row.vehiclesMatched,
    reports_skipped: row.reportsSkipped,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Sources per tenant are few (MAX_TELEMATICS_SOURCES): one query. */
export async function listSources(db: Db, tenantId: number): Promise<TelematicsSource[]> {
  const rows = await db.telematicsSource.findMany({ where: { tenantId }, orderBy: { sourceId: "asc" } });
  return rows.map(sourceRecord);
}

/** Another tenant's source answers exactly like a missing one. */
async function findSource(db: Db, tenantId: number, sourceId: unknown): Promise<SourceRow> {
  const { source_id } = parseOrThrow(TelematicsSourcePath, { source_id: sourceId }, "path");
  const row = await db.telematicsSource.findUnique({ where: { tenantId_sourceId: { tenantId, sourceId: source_id } } });
  if (!row) throw notFound(`Telematics source '${source_id}'`);
  return row;
}

export async function getSource(db: Db, tenantId: number, sourceId: unknown): Promise<TelematicsSource> {
  return sourceRecord(await findSource(db, tenantId, sourceId));
}

export async function deleteSource(db: Db, tenantId: number, sourceId: unknown): Promise<void> {
  const row = await findSource(db, tenantId, sourceId);
  await db.telematicsSource.deleteMany({ where: { id: row.id } });
}

const valueError = (loc: (string | number)[], msg: string): ValidationDetail => ({ loc: ["body", ...loc], msg: `Value error, ${msg}`, type: "value_error" });

interface Checked {
  baseUrl: string;
  tokenUrl: string | null;
  clientId: string;
  scope: string | null;
  clientAuth: string | null;
  /** As given; undefined: keep the stored one. */
  secret: string | undefined;
}

/** The URLs checked and normalized, the secret given or (undefined) one that may be kept; every problem in `into`. */
function checkInput(input: TelematicsSourceInput, existing: SourceRow | null, into: ValidationDetail[]): Checked | undefined {
  const policy = telematicsPolicy();
  const base = checkSourceUrl(input.base_url, "base_url", policy);
  if ("problem" in base) into.push(valueError(["base_url"], base.problem));
  const a = input.auth;
  let tokenUrl: string | null = null;
  if (a.type === "oauth2_client_credentials") {
    const token = checkSourceUrl(a.token_url, "token_url", policy);
    if ("problem" in token) into.push(valueError(["auth", "token_url"], token.problem));
    else tokenUrl = token.url;
  }
  if (!("url" in base) || (a.type === "oauth2_client_credentials" && tokenUrl === null)) return undefined;
  const clientId = a.type === "basic" ? a.username : a.client_id;
  const given = a.type === "basic" ? a.password : a.client_secret;
  if (given === undefined) {
    // The secret goes to the token URL (OAuth2) or the base URL (basic): kept only if that and its name are unchanged.
    const sentTo = a.type === "basic" ? base.url : tokenUrl;
    const keep = existing !== null && existing.authType === a.type && existing.clientId === clientId
      && (a.type === "basic" ? existing.baseUrl : existing.tokenUrl) === sentTo;
    if (!keep) {
      const field = a.type === "basic" ? "password" : "client_secret";
      const unchanged = a.type === "basic" ? "base_url and username" : "token_url and client_id";
      into.push({ loc: ["body", "auth", field], msg: `Field required (a stored ${field} is kept only when ${unchanged} are unchanged)`, type: "missing" });
      return undefined;
    }
  }
  return {
    baseUrl: base.url,
    tokenUrl,
    clientId,
    scope: a.type === "oauth2_client_credentials" ? (a.scope ?? null) : null,
    clientAuth: a.type === "oauth2_client_credentials" ? (a.client_authentication ?? "basic_header") : null,
    secret: given,
  };
}

/** Creates or replaces a source (201 / 200); it is polled at once. */
export async function putSource(db: Db, tenantId: number, sourceId: unknown, body: unknown): Promise<{ source: TelematicsSource; created: boolean }> {
  const { source_id } = parseOrThrow(TelematicsSourcePath, { source_id: sourceId }, "path");
  const where = { tenantId_sourceId: { tenantId, sourceId: source_id } };
  const existing = await db.telematicsSource.findUnique({ where });
  const details: ValidationDetail[] = [];
  const input = collect(TelematicsSourceInput, body, "body", details);
  const checked = input && checkInput(input, existing, details);
  throwIfAny(details);
  if (!existing && (await db.telematicsSource.count({ where: { tenantId } })) >= MAX_TELEMATICS_SOURCES) {
    throw new HttpError(409, { detail: `A tenant has at most ${MAX_TELEMATICS_SOURCES} telematics sources: delete one (DELETE /telematics/sources/{source_id}) before adding another` });
  }
  const { secret, ...fields } = checked!;
  const now = new Date();
  const data = {
    ...fields,
    name: input!.name ?? null,
    authType: input!.auth.type,
    enabled: input!.enabled ?? true,
    pollIntervalS: input!.poll_interval_s ?? DEFAULT_POLL_INTERVAL_S,
    updatedAt: now,
    nextPollAt: now,
    failures: 0,
  };
  const sealed = secret === undefined ? undefined : sealSecret(secret, tenantId, source_id);
  try {
    const row = existing
      // A poll of the previous settings still under way writes nothing of its outcome (poll.ts fences by `claims`).
      ? await db.telematicsSource.update({ where: { id: existing.id }, data: { ...data, ...(sealed ? { secret: sealed } : {}), claims: { increment: 1 } } })
      : await db.telematicsSource.create({ data: { ...data, tenantId, sourceId: source_id, secret: sealed! } });
    return { source: sourceRecord(row), created: !existing };
  } catch (e) {
    // Two PUTs creating the same source at once, or one deleted meanwhile: the other one won.
    if (["P2002", "P2025"].includes((e as { code?: string } | null)?.code ?? "")) {
      throw new HttpError(409, { detail: `Telematics source '${source_id}' was changed by another request meanwhile: send the PUT again` });
    }
    throw e;
  }
}
