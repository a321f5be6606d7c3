// The OCPI 2.2.1 Receiver interface of the Locations module, as an eMSP keeps what a CPO pushes
// (mod_locations.asciidoc, "Receiver Interface"): GET, PUT and PATCH of a Location, an EVSE or a Connector.
// A Location is stored whole (OcpiLocation, with a version: a write based on an older read is done
// again) and becomes a site of the feed's station source, converted by the OCPI importer
// (engine/stations/ocpi.ts), so that it plans like an imported one; a site that changes moves the
// store's version on (tenants' station lists are rebuilt). Each EVSE's status is a row of its own
// (OcpiEvseStatus): a PATCH of an EVSE's status alone writes only that row and rebuilds nothing.
import { z } from "zod";
import {
  MAX_LOCATIONS_PER_FEED, OcpiConnector, OcpiConnectorPatch, OcpiEvse, OcpiEvsePatch, OcpiLocation, OcpiLocationPatch, ocpiTime,
} from "../../contract/ocpi";
import { parseOcpiLocations } from "../../engine/stations/ocpi";
import type { Db } from "../db/client";
import { pacer } from "../http/pace";
import { isSqliteBusy } from "../db/busy";
import { parseOrThrow } from "../http/validation";
import { OCPI, OcpiError } from "./envelope";
import {
  connectorsOf, evsesOf, findConnector, findEvse, keyOf, levelOf, liftTimes, merged, replaceConnector, replaceEvse, withStatuses,
  type Obj, type StoredStatus, type Target,
} from "./objects";
import { feedSourceKey, type Party } from "./parties";

/** What a write needs of its feed: a pushing party's, or the feed a pull writes into (ocpi/pull/). */
export type FeedRef = Pick<Party, "countryCode" | "partyId" | "feedId" | "sourceId">;
/** The same, by the name the live-status code uses. */
export type Feed = FeedRef;

const REMOVED = "REMOVED";
/** Writes of one Location that met another's at once are tried this often. */
const WRITE_ATTEMPTS = 4;

const unknown = (what: string) => new OcpiError(404, OCPI.unknownLocation, `Unknown ${what}`);
const invalid = (message: string) => new OcpiError(400, OCPI.invalidParameters, message);
export const siteIdOf = (countryCode: string, partyId: string, locationId: string) => `ocpi:${countryCode}:${partyId}:${locationId}`;

/**
 * The party may only reach objects under its own country_code and party_id: others answer 404 as if
 * they did not exist (transport_and_format.asciidoc, "Client Owned Object Push", Errors).
 */
export function checkOwner(party: FeedRef, t: Target): void {
  if (t.countryCode.toUpperCase() !== party.countryCode || t.partyId.toUpperCase() !== party.partyId) {
    throw new OcpiError(404, OCPI.unknownLocation, `No objects of ${t.countryCode}/${t.partyId} for this token: its party is ${party.countryCode}/${party.partyId}`);
  }
}

async function readLocation(db: Db, party: FeedRef, locationKey: string): Promise<{ row: { id: number; version: number; object: string }; loc: Obj } | null> {
  const row = await db.ocpiLocation.findUnique({ where: { feedId_locationKey: { feedId: party.feedId, locationKey } }, select: { id: true, version: true, object: true } });
  if (!row) return null;
  const statuses = await db.ocpiEvseStatus.findMany({ where: { feedId: party.feedId, locationKey }, select: { evseKey: true, status: true, lastUpdated: true } });
  return { row, loc: withStatuses(JSON.parse(row.object) as Obj, statuses) };
}

/** GET: the object as stored, with its EVSEs' statuses; 404 (2003) when unknown. */
export async function getObject(db: Db, party: FeedRef, t: Target): Promise<Obj> {
  checkOwner(party, t);
  const found = await readLocation(db, party, keyOf(t.locationId));
  if (!found) throw unknown(`Location ${t.locationId}`);
  if (t.evseUid === undefined) return found.loc;
  const evse = findEvse(found.loc, t.evseUid);
  if (!evse) throw unknown(`EVSE ${t.evseUid} of Location ${t.locationId}`);
  if (t.connectorId === undefined) return evse;
  const connector = findConnector(evse, t.connectorId);
  if (!connector) throw unknown(`Connector ${t.connectorId} of EVSE ${t.evseUid}`);
  return connector;
}

const parsed = <T extends z.ZodType>(schema: T, body: unknown): z.output<T> => parseOrThrow(schema, body, "body");

const sameKey = (a: unknown, b: string) => typeof a === "string" && keyOf(a) === keyOf(b);

/** PUT: a new or replaced Location, EVSE or Connector; `created` when it was new. */
export async function putObject(db: Db, party: FeedRef, t: Target, body: unknown, now = new Date()): Promise<{ created: boolean }> {
  checkOwner(party, t);
  const level = levelOf(t);
  if (level === "location") {
    const loc = parsed(OcpiLocation, body);
    if (!sameKey(loc.id, t.locationId)) throw invalid(`The Location's id '${loc.id}' is not the URL's '${t.locationId}'`);
    if (loc.country_code.toUpperCase() !== party.countryCode || loc.party_id.toUpperCase() !== party.partyId) {
      throw invalid(`The Location's country_code/party_id ${loc.country_code}/${loc.party_id} are not the URL's ${t.countryCode}/${t.partyId}`);
    }
    return writeLocation(db, party, t, (stored) => ({ next: liftTimes(loc), created: !stored }), now);
  }
  if (level === "evse") {
    const evse = parsed(OcpiEvse, body);
    if (!sameKey(evse.uid, t.evseUid!)) throw invalid(`The EVSE's uid '${evse.uid}' is not the URL's '${t.evseUid}'`);
    return writeLocation(db, party, t, (stored) => {
      if (!stored) throw unknown(`Location ${t.locationId}: PUT the Location first`);
      return { next: replaceEvse(stored, t.evseUid!, evse), created: !findEvse(stored, t.evseUid!) };
    }, now);
  }
  const connector = parsed(OcpiConnector, body);
  if (!sameKey(connector.id, t.connectorId!)) throw invalid(`The Connector's id '${connector.id}' is not the URL's '${t.connectorId}'`);
  return writeLocation(db, party, t, (stored) => {
    const evse = stored && findEvse(stored, t.evseUid!);
    if (!evse) throw unknown(`${stored ? "EVSE" : "Location"} of ${t.locationId}/${t.evseUid}: PUT it first`);
    return { next: replaceEvse(stored!, t.evseUid!, replaceConnector(evse, t.connectorId!, connector)), created: !findConnector(evse, t.connectorId!) };
  }, now);
}

/**
 * PATCH: the fields given replace the stored ones (mod_locations.asciidoc, PATCH; every PATCH names
 * `last_updated`). A PATCH of an EVSE's status alone (the most common push) writes only its status
 * row, unless it is older than the stored status (then kept: the newer one wins) or it removes the
 * EVSE or brings it back (the site changes).
 */
export async function patchObject(db: Db, party: FeedRef, t: Target, body: unknown, now = new Date()): Promise<{ kept?: boolean }> {
  checkOwner(party, t);
  const level = levelOf(t);
  if (level === "location") {
    const patch = parsed(OcpiLocationPatch, body);
    if (patch.id !== undefined && !sameKey(patch.id, t.locationId)) throw invalid(`A PATCH cannot change the Location's id`);
    if ((patch.country_code !== undefined && patch.country_code.toUpperCase() !== party.countryCode) || (patch.party_id !== undefined && patch.party_id.toUpperCase() !== party.partyId)) {
      throw invalid("A PATCH cannot move the Location to another party");
    }
    await writeLocation(db, party, t, (stored) => {
      if (!stored) throw unknown(`Location ${t.locationId}`);
      return { next: liftTimes(merged(stored, patch as Obj, "location")), created: false };
    }, now);
    return {};
  }
  if (level === "evse") {
    const patch = parsed(OcpiEvsePatch, body);
    if (patch.uid !== undefined && !sameKey(patch.uid, t.evseUid!)) throw invalid(`A PATCH cannot change the EVSE's uid`);
    if (Object.keys(patch).every((k) => k === "status" || k === "last_updated") && patch.status && patch.status !== REMOVED) {
      const done = await patchStatus(db, party, t, patch.status, new Date(ocpiTime(patch.last_updated)), now);
      if (done) return done;
    }
    await writeLocation(db, party, t, (stored) => {
      const evse = stored && findEvse(stored, t.evseUid!);
      if (!evse) throw unknown(`EVSE ${t.evseUid} of Location ${t.locationId}`);
      return { next: replaceEvse(stored!, t.evseUid!, merged(evse, patch as Obj, "evse")), created: false };
    }, now);
    return {};
  }
  const patch = parsed(OcpiConnectorPatch, body);
  if (patch.id !== undefined && !sameKey(patch.id, t.connectorId!)) throw invalid(`A PATCH cannot change the Connector's id`);
  await writeLocation(db, party, t, (stored) => {
    const evse = stored && findEvse(stored, t.evseUid!);
    const connector = evse && findConnector(evse, t.connectorId!);
    if (!connector) throw unknown(`Connector ${t.connectorId} of ${t.locationId}/${t.evseUid}`);
    return { next: replaceEvse(stored!, t.evseUid!, replaceConnector(evse!, t.connectorId!, merged(connector, patch as Obj, "connector"))), created: false };
  }, now);
  return {};
}

/** The status-only PATCH: one conditional write. null when the whole Location must be written (see patchObject). */
async function patchStatus(db: Db, party: FeedRef, t: Target, status: string, lastUpdated: Date, now: Date): Promise<{ kept?: boolean } | null> {
  const where = { feedId: party.feedId, locationKey: keyOf(t.locationId), evseKey: keyOf(t.evseUid!) };
  const { count } = await db.ocpiEvseStatus.updateMany({
    where: { ...where, status: { not: REMOVED }, lastUpdated: { lte: lastUpdated } },
    data: { status, lastUpdated, receivedAt: now },
  });
  if (count) return {};
  const row = await db.ocpiEvseStatus.findUnique({ where: { feedId_locationKey_evseKey: where }, select: { status: true } });
  // A status older than the stored one: the newer stays (pushes may arrive out of order).
  if (row && row.status !== REMOVED) return { kept: true };
  return null;
}

type Mutation = (stored: Obj | null) => { next: Obj; created: boolean };
class WriteConflict extends Error {}

/**
 * Reads the Location, applies the change, checks the result as a whole Location, and writes it, its
 * statuses and its site in one transaction; a concurrent write of the same Location makes it start over.
 */
async function writeLocation(db: Db, party: FeedRef, t: Target, mutate: Mutation, now: Date): Promise<{ created: boolean }> {
  const locationKey = keyOf(t.locationId);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction((tx) => writeOnce(tx as unknown as Db, party, locationKey, mutate, now));
    } catch (e) {
      // Another write of the Location, or of the same new rows, came first; or (SQLite) another process wrote meanwhile.
      const conflict = e instanceof WriteConflict || (e as { code?: string }).code === "P2002" || isSqliteBusy(e);
      if (!conflict || attempt >= WRITE_ATTEMPTS) {
        if (conflict) throw new OcpiError(503, OCPI.serverError, "The Location is being written by another request: try again", undefined, { "retry-after": "1" });
        throw e;
      }
    }
  }
}

async function writeOnce(tx: Db, party: FeedRef, locationKey: string, mutate: Mutation, now: Date): Promise<{ created: boolean }> {
  const found = await readLocation(tx, party, locationKey);
  const { next, created } = mutate(found?.loc ?? null);
  const location = parsed(OcpiLocation, next) as Obj;
  uniqueIds(location);
  const lastUpdated = new Date(ocpiTime(String(location.last_updated)));
  const object = JSON.stringify(location);
  if (!found) {
    if ((await tx.ocpiLocation.count({ where: { feedId: party.feedId } })) >= MAX_LOCATIONS_PER_FEED) {
      throw new OcpiError(400, OCPI.clientError, `A party's feed holds at most ${MAX_LOCATIONS_PER_FEED.toLocaleString("en")} Locations`);
    }
    await tx.ocpiLocation.create({ data: { feedId: party.feedId, locationKey, object, lastUpdated } });
  } else {
    const { count } = await tx.ocpiLocation.updateMany({ where: { id: found.row.id, version: found.row.version }, data: { object, lastUpdated, version: { increment: 1 } } });
    if (!count) throw new WriteConflict();
  }
  await syncStatuses(tx, party, locationKey, location, now);
  await syncSite(tx, party, found?.loc ?? null, location);
  return { created };
}

/**
 * Removes Locations of a feed, with their statuses and sites (a full pull's answer is the new truth:
 * mod_locations.asciidoc, GET List, what it no longer lists is no longer valid). Returns how many went.
 */
export async function removeLocations(db: Db, feed: FeedRef, locationKeys: string[]): Promise<number> {
  let removed = 0;
  for (let i = 0; i < locationKeys.length; i += 200) {
    const keys = locationKeys.slice(i, i + 200);
    removed += await db.$transaction(async (tx) => {
      const rows = await tx.ocpiLocation.findMany({ where: { feedId: feed.feedId, locationKey: { in: keys } }, select: { id: true, locationKey: true, object: true } });
      if (!rows.length) return 0;
      const siteIds = rows.map((r) => siteIdOf(feed.countryCode, feed.partyId, String((JSON.parse(r.object) as Obj).id)));
      await tx.ocpiEvseStatus.deleteMany({ where: { feedId: feed.feedId, locationKey: { in: rows.map((r) => r.locationKey) } } });
      await tx.ocpiLocation.deleteMany({ where: { id: { in: rows.map((r) => r.id) } } });
      const { count } = await tx.stationRecord.deleteMany({ where: { sourceId: feed.sourceId, externalId: { in: siteIds } } });
      // Its updatedAt moves the store's version on: the sites leave the tenants' station lists.
      if (count) await tx.stationSource.update({ where: { id: feed.sourceId }, data: { sites: { decrement: count }, records: { decrement: count } } });
      return rows.length;
    });
  }
  return removed;
}

/** EVSE uids are unique in a Location, connector ids in an EVSE (CiStrings: without case). */
function uniqueIds(loc: Obj): void {
  const twice = (ids: unknown[]) => {
    const seen = new Set<string>();
    return ids.map((x) => keyOf(String(x))).find((k) => seen.has(k) || !seen.add(k));
  };
  const evse = twice(evsesOf(loc).map((e) => e.uid));
  if (evse !== undefined) throw invalid(`EVSE uid '${evse}' appears twice in the Location`);
  for (const e of evsesOf(loc)) {
    const c = twice(connectorsOf(e).map((x) => x.id));
    if (c !== undefined) throw invalid(`Connector id '${c}' appears twice in EVSE ${String(e.uid)}`);
  }
}

/** One status row per EVSE: new ones added, newer statuses written (an older one keeps the row's), EVSEs no longer listed dropped. */
async function syncStatuses(tx: Db, party: FeedRef, locationKey: string, loc: Obj, now: Date): Promise<void> {
  const rows = await tx.ocpiEvseStatus.findMany({ where: { feedId: party.feedId, locationKey }, select: { id: true, evseKey: true, status: true, lastUpdated: true } });
  const byKey = new Map<string, StoredStatus & { id: number }>(rows.map((r) => [r.evseKey, r]));
  const added: { feedId: number; locationKey: string; evseKey: string; status: string; lastUpdated: Date; receivedAt: Date }[] = [];
  // Up to 1,000 EVSEs: the web thread is served between the writes of changed ones.
  const pace = pacer();
  for (const e of evsesOf(loc)) {
    const evseKey = keyOf(String(e.uid));
    const status = String(e.status), lastUpdated = new Date(ocpiTime(String(e.last_updated)));
    const row = byKey.get(evseKey);
    byKey.delete(evseKey);
    if (!row) added.push({ feedId: party.feedId, locationKey, evseKey, status, lastUpdated, receivedAt: now });
    else if (lastUpdated >= row.lastUpdated && (row.status !== status || +row.lastUpdated !== +lastUpdated)) {
      await tx.ocpiEvseStatus.update({ where: { id: row.id }, data: { status, lastUpdated, receivedAt: now } });
      await pace();
    }
  }
  if (added.length) await tx.ocpiEvseStatus.createMany({ data: added });
  if (byKey.size) await tx.ocpiEvseStatus.deleteMany({ where: { id: { in: [...byKey.values()].map((r) => r.id) } } });
}

/**
 * The Location's site in the feed's station source, as the OCPI importer reads it (EVSEs REMOVED left
 * out; none left, or not to be published: no site). Only a site that changes moves the store's version.
 */
async function syncSite(tx: Db, party: FeedRef, before: Obj | null, loc: Obj): Promise<void> {
  const source = feedSourceKey(party.countryCode, party.partyId);
  const draft = parseOcpiLocations([loc], { source }).stations[0] ?? null;
  const externalId = siteIdOf(party.countryCode, party.partyId, String(loc.id));
  const old = before ? siteIdOf(party.countryCode, party.partyId, String(before.id)) : null;
  let delta = 0, changed = false;
  // The id's case changed (a CiString): the site moves to its new external id.
  if (old && old !== externalId) {
    const { count } = await tx.stationRecord.deleteMany({ where: { sourceId: party.sourceId, externalId: old } });
    delta -= count;
    changed ||= count > 0;
  }
  const where = { sourceId_externalId: { sourceId: party.sourceId, externalId } };
  const record = await tx.stationRecord.findUnique({ where, select: { id: true, draft: true } });
  if (!draft) {
    if (record) {
      await tx.stationRecord.delete({ where: { id: record.id } });
      delta--;
      changed = true;
    }
  } else {
    const text = JSON.stringify(draft);
    if (!record) {
      await tx.stationRecord.create({ data: { sourceId: party.sourceId, externalId, draft: text } });
      delta++;
      changed = true;
    } else if (record.draft !== text) {
      await tx.stationRecord.update({ where: { id: record.id }, data: { draft: text } });
      changed = true;
    }
  }
  // Its updatedAt moves the store's version on: the tenants' station lists are rebuilt.
  if (changed) await tx.stationSource.update({ where: { id: party.sourceId }, data: { sites: { increment: delta }, records: { increment: delta } } });
}
