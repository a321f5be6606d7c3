// The OCPI sources the service pulls Locations from (a CPO or hub, by its versions URL and the token it
// issued: its CREDENTIALS_TOKEN_A). The operator registers them for every tenant (tenantId 0, npm run ocpi
// -- add-source) or for one tenant, a tenant admin for its own tenant (POST /ocpi/sources). The token is
// never shown again. Deleting a source revokes the token its handshake gave the party and removes the
// data of the feeds it pulled into, unless another token or source keeps them current.
import { MAX_SOURCES_PER_TENANT, type OcpiPullSummary, type OcpiSourceError, type OcpiSourceRecord } from "../../../contract/ocpi-sources";
import type { Db } from "../../db/client";
import { HttpError, notFound, ValidationFailed } from "../../http/errors";
import { PUBLIC } from "../../stations/store";
import { dropFeedIfUnused, revokePartyAnywhere } from "../parties";
import { urlProblem } from "./client";
import type { PullOptions } from "./options";

export interface SourceRole {
  role: string;
  country_code: string;
  party_id: string;
  name: string | null;
}

const SOURCE_FIELDS = {
  id: true, tenantId: true, label: true, versionsUrl: true, partyRef: true, roles: true, locationsUrl: true, createdAt: true, registeredAt: true,
  lastAttemptAt: true, lastSuccessAt: true, lastFullAt: true, nextPullAt: true, failures: true, lastError: true, lastPull: true, objectsPulled: true,
  party: { select: { revokedAt: true } },
} as const;

type SourceRow = {
  id: number; label: string | null; versionsUrl: string; partyRef: number | null; roles: string | null; locationsUrl: string | null;
  createdAt: Date; registeredAt: Date | null; lastAttemptAt: Date | null; lastSuccessAt: Date | null; lastFullAt: Date | null; nextPullAt: Date;
  failures: number; lastError: string | null; lastPull: string | null; objectsPulled: number; party: { revokedAt: Date | null } | null;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;
export const rolesOf = (text: string | null): SourceRole[] => (text ? (JSON.parse(text) as SourceRole[]) : []);

function sourceRecord(r: SourceRow): OcpiSourceRecord {
  const status = r.party?.revokedAt ? "revoked" : r.failures > 0 ? "failing" : r.lastSuccessAt ? "ok" : "pending";
  return {
    id: r.id, label: r.label, versions_url: r.versionsUrl, status, roles: rolesOf(r.roles), party_ref: r.partyRef, locations_url: r.locationsUrl,
    created_at: r.createdAt.toISOString(), registered_at: iso(r.registeredAt), last_attempt_at: iso(r.lastAttemptAt), last_success_at: iso(r.lastSuccessAt),
    last_full_pull_at: iso(r.lastFullAt), next_pull_at: r.nextPullAt.toISOString(), failures: r.failures,
    last_error: r.lastError ? (JSON.parse(r.lastError) as OcpiSourceError) : null,
    last_pull: r.lastPull ? (JSON.parse(r.lastPull) as OcpiPullSummary) : null,
    objects_pulled: r.objectsPulled,
  };
}

export interface NewSource {
  tenantId: number;
  versionsUrl: string;
  token: string;
  label?: string | null;
  /** The service's versions URL the handshake gives the party. */
  ourVersionsUrl: string;
}

/**
 * Registers a source, due for its handshake at once. A URL the policy refuses is a 422 at
 * body.versions_url; a tenant's source past its limit, or a second one of the same versions URL, is 409.
 */
export async function createSource(db: Db, s: NewSource, policy: PullOptions["policy"]): Promise<OcpiSourceRecord> {
  const problem = urlProblem(s.versionsUrl, policy);
  if (problem) throw new ValidationFailed([{ loc: ["body", "versions_url"], msg: `versions_url ${problem}`, type: "value_error" }]);
  if (s.tenantId !== PUBLIC && (await db.ocpiSource.count({ where: { tenantId: s.tenantId } })) >= MAX_SOURCES_PER_TENANT) {
    throw new HttpError(409, { detail: `A tenant has at most ${MAX_SOURCES_PER_TENANT} OCPI sources: delete one (DELETE /ocpi/sources/{source_ref}) before adding another` });
  }
  const same = await db.ocpiSource.findFirst({ where: { tenantId: s.tenantId, versionsUrl: s.versionsUrl }, select: { id: true } });
  if (same) throw new HttpError(409, { detail: `OCPI source ${same.id} already pulls from ${s.versionsUrl}: delete it first to register it again with a new token` });
  const row = await db.ocpiSource.create({
    data: { tenantId: s.tenantId, versionsUrl: s.versionsUrl, token: s.token, label: s.label ?? null, ourVersionsUrl: s.ourVersionsUrl, nextPullAt: new Date() },
    select: SOURCE_FIELDS,
  });
  return sourceRecord(row);
}

/** A tenant's sources (tenantId 0: the operator's), newest first; at most a thousand. */
export async function listSources(db: Db, tenantId: number): Promise<OcpiSourceRecord[]> {
  const rows = await db.ocpiSource.findMany({ where: { tenantId }, select: SOURCE_FIELDS, orderBy: { id: "desc" }, take: 1000 });
  return rows.map(sourceRecord);
}

/** One of the tenant's sources; another tenant's is "not found" like a missing one. */
export async function getSource(db: Db, tenantId: number, id: number): Promise<OcpiSourceRecord> {
  const row = await db.ocpiSource.findFirst({ where: { id, tenantId }, select: SOURCE_FIELDS });
  if (!row) throw notFound(`OCPI source ${id}`);
  return sourceRecord(row);
}

/** The operator's view (npm run ocpi): any source by its id; null when there is none. */
export async function findSourceAnywhere(db: Db, id: number): Promise<{ tenantId: number; record: OcpiSourceRecord } | null> {
  const row = await db.ocpiSource.findUnique({ where: { id }, select: SOURCE_FIELDS });
  return row && { tenantId: row.tenantId, record: sourceRecord(row) };
}

/**
 * Deletes one of the tenant's sources: a pull under way records nothing more, the token the party got in
 * the handshake is revoked, and the feeds it pulled into lose their data unless something else keeps them.
 */
export async function deleteSource(db: Db, tenantId: number, id: number): Promise<void> {
  const row = await db.ocpiSource.findFirst({ where: { id, tenantId }, select: { partyRef: true, feeds: { select: { feedId: true } } } });
  if (!row) throw notFound(`OCPI source ${id}`);
  await db.ocpiSource.deleteMany({ where: { id } });
  await dropPulledFeeds(db, row.feeds.map((f) => f.feedId), row.partyRef);
}

/** After a source is gone: its party's token revoked, its feeds' data removed where nothing else keeps them current. */
export async function dropPulledFeeds(db: Db, feedIds: number[], partyRef: number | null): Promise<void> {
  if (partyRef !== null) await revokePartyAnywhere(db, partyRef);
  for (const feedId of new Set(feedIds)) await dropFeedIfUnused(db, feedId);
}
