// The parties allowed to push OCPI Locations, and their credentials tokens. A token is shown once and
// stored only as its SHA-256 (looked up by that hash: a hash of a random 256-bit token reveals nothing
// by its timing). The operator registers parties for every tenant (tenantId 0, npm run ocpi), a tenant
// admin for its own tenant (POST /ocpi/parties). Each (tenant, country_code, party_id) has one feed
// (OcpiFeed): its Locations, statuses and station source, shared by that party's tokens (a rotation
// is: add a token, switch, revoke the old one). Revoking the last active token of a feed removes the
// feed's data: nothing is left in plans that nobody keeps current. A pull source's handshake registers
// the token it gives the party here too (ocpi/pull/handshake.ts): the party may push with it, and the
// feeds the source pulls into are kept while that token is active.
import { createHash, randomBytes } from "node:crypto";
import { MAX_PARTIES_PER_TENANT, type OcpiPartyRecord } from "../../contract/ocpi";
import type { Db } from "../db/client";
import { HttpError, notFound } from "../http/errors";
import { PUBLIC } from "../stations/store";
import { isSqliteBusy } from "../db/busy";

export const FEED_FORMAT = "ocpi-live";
export const feedSourceKey = (countryCode: string, partyId: string) => `${FEED_FORMAT}:${countryCode}:${partyId}`;

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const TOKEN_PATTERN = /^ocpi_[A-Za-z0-9_-]{43}$/;

export interface Party {
  id: number;
  tenantId: number;
  countryCode: string;
  partyId: string;
  feedId: number;
  sourceId: number;
  seenAt: Date | null;
  lastUsedAt: Date | null;
}

/** The feed of (tenant, country_code, party_id), created with its station source when new. */
export async function ensureFeed(db: Db, tenantId: number, countryCode: string, partyId: string): Promise<{ id: number; sourceId: number }> {
  const where = { tenantId_countryCode_partyId: { tenantId, countryCode, partyId } };
  for (let attempt = 1; ; attempt++) {
    const found = await db.ocpiFeed.findUnique({ where, select: { id: true, sourceId: true } });
    if (found) return found;
    try {
      return await db.$transaction(async (tx) => {
        const key = feedSourceKey(countryCode, partyId);
        const source = await tx.stationSource.upsert({
          where: { tenantId_key: { tenantId, key } },
          create: { tenantId, key, format: FEED_FORMAT, fileName: "", fileHash: "", records: 0, sites: 0 },
          update: {},
        });
        return tx.ocpiFeed.create({ data: { tenantId, countryCode, partyId, sourceId: source.id }, select: { id: true, sourceId: true } });
      });
    } catch (e) {
      // Two registrations of a new feed at once (the other one made it: found above next time), or (SQLite) another process wrote meanwhile.
      if (attempt >= 3 || !((e as { code?: string }).code === "P2002" || isSqliteBusy(e))) throw e;
    }
  }
}

export interface CreatedParty {
  token: string;
  record: OcpiPartyRecord;
}

/** Registers a party (upper-cased codes) and makes its token: in this answer only. */
export async function createParty(db: Db, args: { tenantId: number; countryCode: string; partyId: string; label?: string | null }): Promise<CreatedParty> {
  const token = newPartyToken();
  return { token, record: await registerPartyToken(db, { ...args, token }) };
}

/** A new credentials token of this service: 256 random bits, 48 characters (OCPI's string(64)). */
export const newPartyToken = () => `ocpi_${randomBytes(32).toString("base64url")}`;

/**
 * Registers `token` for a party: a tenant's registration past its limit is 409. The pull handshake
 * registers the token it gave the party (its token B) so that the party may push with it too.
 */
export async function registerPartyToken(db: Db, args: { tenantId: number; countryCode: string; partyId: string; label?: string | null; token: string }): Promise<OcpiPartyRecord> {
  const countryCode = args.countryCode.toUpperCase(), partyId = args.partyId.toUpperCase();
  if (args.tenantId !== PUBLIC && (await db.ocpiParty.count({ where: { tenantId: args.tenantId, revokedAt: null } })) >= MAX_PARTIES_PER_TENANT) {
    throw new HttpError(409, { detail: `A tenant has at most ${MAX_PARTIES_PER_TENANT} active OCPI party tokens: revoke one (DELETE /ocpi/parties/{party_ref}) before adding another` });
  }
  const feed = await ensureFeed(db, args.tenantId, countryCode, partyId);
  const row = await db.ocpiParty.create({
    data: { tenantId: args.tenantId, countryCode, partyId, feedId: feed.id, tokenHash: sha256(args.token), tokenPrefix: args.token.slice(0, 12), label: args.label ?? null },
  });
  return partyRecord(row);
}

type PartyRow = { id: number; countryCode: string; partyId: string; label: string | null; tokenPrefix: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };
const RECORD_FIELDS = { id: true, countryCode: true, partyId: true, label: true, tokenPrefix: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

function partyRecord(r: PartyRow): OcpiPartyRecord {
  return {
    id: r.id, country_code: r.countryCode, party_id: r.partyId, label: r.label, token_prefix: r.tokenPrefix,
    created_at: r.createdAt.toISOString(), last_used_at: r.lastUsedAt?.toISOString() ?? null, revoked_at: r.revokedAt?.toISOString() ?? null,
  };
}

/** A tenant's registrations (tenantId 0: the operator's), newest first, revoked ones included; at most a thousand. */
export async function listParties(db: Db, tenantId: number): Promise<OcpiPartyRecord[]> {
  const rows = await db.ocpiParty.findMany({ where: { tenantId }, select: RECORD_FIELDS, orderBy: { id: "desc" }, take: 1000 });
  return rows.map(partyRecord);
}

/**
 * Revokes one registration of the tenant (another tenant's id is "not found" like a missing one); the
 * feed's Locations, statuses and sites go with the feed's last active token. Revoking twice keeps the first date.
 */
export async function revokeParty(db: Db, tenantId: number, id: number): Promise<OcpiPartyRecord> {
  const row = await db.ocpiParty.findFirst({ where: { id, tenantId }, select: { ...RECORD_FIELDS, feedId: true } });
  if (!row) throw notFound(`OCPI party registration ${id}`);
  if (!row.revokedAt) {
    await db.ocpiParty.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    // The token a pull source's handshake gave: that source pulls no more, and the feeds it filled go too.
    const pulled = await db.ocpiSourceFeed.findMany({ where: { source: { partyRef: id } }, select: { feedId: true } });
    for (const feedId of new Set([row.feedId, ...pulled.map((f) => f.feedId)])) await dropFeedIfUnused(db, feedId);
  }
  return partyRecord(await db.ocpiParty.findUniqueOrThrow({ where: { id }, select: RECORD_FIELDS }));
}

/** The operator's revoke (npm run ocpi): any registration by its id; null when there is none. */
export async function revokePartyAnywhere(db: Db, id: number): Promise<OcpiPartyRecord | null> {
  const row = await db.ocpiParty.findUnique({ where: { id }, select: { tenantId: true } });
  return row ? revokeParty(db, row.tenantId, id) : null;
}

/**
 * Removes a feed's data when nothing keeps it current any more: no active token, and no pull source that
 * is registering or whose token is active (the feed row stays for a later registration).
 */
export async function dropFeedIfUnused(db: Db, feedId: number, attempt = 1): Promise<boolean> {
  return db.$transaction(async (tx) => {
    if (await tx.ocpiParty.count({ where: { feedId, revokedAt: null } })) return false;
    if (await tx.ocpiSourceFeed.count({ where: { feedId, source: { OR: [{ partyRef: null }, { party: { revokedAt: null } }] } } })) return false;
    const feed = await tx.ocpiFeed.findUniqueOrThrow({ where: { id: feedId } });
    await tx.ocpiEvseStatus.deleteMany({ where: { feedId } });
    await tx.ocpiLocation.deleteMany({ where: { feedId } });
    await tx.stationRecord.deleteMany({ where: { sourceId: feed.sourceId } });
    // Moves the store's version on: the sites leave the tenants' station lists.
    await tx.stationSource.update({ where: { id: feed.sourceId }, data: { sites: 0, records: 0 } });
    await tx.ocpiFeed.update({ where: { id: feedId }, data: { seenAt: null } });
    return true;
  }).catch((e) => {
    if (attempt < 3 && isSqliteBusy(e)) return dropFeedIfUnused(db, feedId, attempt + 1);
    throw e;
  });
}

/**
 * The party of an OCPI request's `Authorization: Token <token>`: OCPI 2.2.1 sends the token
 * Base64-encoded (transport_and_format.asciidoc, "Authorization header"); 2.1.1 and many 2.2.1
 * implementations send it as it is, and both are read. null: missing, unknown or revoked.
 */
export async function partyOfToken(db: Db, authorization: string | null): Promise<Party | null> {
  const hash = tokenHashOf(authorization);
  if (!hash) return null;
  const row = await db.ocpiParty.findUnique({ where: { tokenHash: hash }, include: { feed: { select: { sourceId: true, seenAt: true } } } });
  if (!row || row.revokedAt) return null;
  return { id: row.id, tenantId: row.tenantId, countryCode: row.countryCode, partyId: row.partyId, feedId: row.feedId, sourceId: row.feed.sourceId, seenAt: row.feed.seenAt, lastUsedAt: row.lastUsedAt };
}

/** The SHA-256 of the token of an `Authorization: Token <token>` header (Base64-encoded or as it is); null when it holds none of this service's tokens. */
function tokenHashOf(authorization: string | null): string | null {
  const m = /^Token\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!m) return null;
  const token = TOKEN_PATTERN.test(m[1]) ? m[1] : Buffer.from(m[1], "base64").toString("latin1");
  return TOKEN_PATTERN.test(token) ? sha256(token) : null;
}

/**
 * The pull source whose handshake under way offered this token (its token B): the party may read
 * GET /ocpi/versions and /ocpi/2.2.1 with it before the handshake ends (credentials.asciidoc: it fetches
 * the client's endpoints during the POST). null when none.
 */
export async function handshakeOfToken(db: Db, authorization: string | null): Promise<{ sourceId: number; tenantId: number } | null> {
  const hash = tokenHashOf(authorization);
  if (!hash) return null;
  const row = await db.ocpiSource.findUnique({ where: { pendingTokenHash: hash }, select: { id: true, tenantId: true } });
  return row && { sourceId: row.id, tenantId: row.tenantId };
}

const NOTE_EVERY_MS = 60_000;

/**
 * Notes that the party's feed delivered (its statuses held at this time: OCPI pushes every change, so a
 * live feed's unchanged statuses are current) and that its token was used; each at most once a minute,
 * so that a status push stays one write. A failed note never refuses the push.
 */
export async function noteDelivery(db: Db, party: Party, now = new Date()): Promise<void> {
  const due = (at: Date | null) => !at || now.getTime() - at.getTime() >= NOTE_EVERY_MS;
  await Promise.all([
    due(party.seenAt) ? db.ocpiFeed.update({ where: { id: party.feedId }, data: { seenAt: now } }).catch(() => undefined) : null,
    due(party.lastUsedAt) ? db.ocpiParty.update({ where: { id: party.id }, data: { lastUsedAt: now } }).catch(() => undefined) : null,
  ]);
}

/** Notes only the token's use (a GET delivers nothing). */
export async function noteUse(db: Db, party: Party, now = new Date()): Promise<void> {
  if (party.lastUsedAt && now.getTime() - party.lastUsedAt.getTime() < NOTE_EVERY_MS) return;
  await db.ocpiParty.update({ where: { id: party.id }, data: { lastUsedAt: now } }).catch(() => undefined);
}
