// The live EVSE statuses a tenant's plans use (engine/stations/live-status.ts): those of the OCPI feeds of
// its scope (the operator's, tenant 0, and its own). Each planning process keeps a copy of every feed it
// has planned with and reads, per plan, only the statuses that arrived since its last read (an index on
// the feed and the time received), so a national feed of 100,000 points costs its size once, not per
// plan; a feed whose count no longer matches the copy (points dropped, the feed revoked) is read again whole.
// A status is known to hold at the later of its arrival and the feed's last delivery (OCPI pushes every
// change, so a feed that keeps delivering vouches for the statuses it did not change).
import type { LiveEvse, LiveStatus } from "../../engine/stations/live-status";
import type { Db } from "../db/client";
import { log } from "../log";
import { PUBLIC } from "./store";

/** Statuses received this long before the last read are read again: a write still in its transaction then commits with its earlier time. */
const OVERLAP_MS = 10_000;
/** Feeds of one tenant's scope read per plan, at most (a feed is one party). */
const MAX_FEEDS = 1_000;

interface Row {
  status: string;
  receivedAtMs: number;
}

interface FeedCopy {
  id: number;
  tenantId: number;
  /** `cc:pid`, lower case. */
  party: string;
  seenAtMs: number;
  /** location key -> evse key -> status. */
  byLocation: Map<string, Map<string, Row>>;
  size: number;
  readUpToMs: number | null;
}

const holder = globalThis as unknown as { __plannerLiveFeeds?: Map<number, FeedCopy> };
const copies = () => (holder.__plannerLiveFeeds ??= new Map());

function put(copy: FeedCopy, r: { locationKey: string; evseKey: string; status: string; receivedAt: Date }): void {
  let evses = copy.byLocation.get(r.locationKey);
  if (!evses) copy.byLocation.set(r.locationKey, (evses = new Map()));
  if (!evses.has(r.evseKey)) copy.size++;
  evses.set(r.evseKey, { status: r.status, receivedAtMs: r.receivedAt.getTime() });
  copy.readUpToMs = Math.max(copy.readUpToMs ?? -Infinity, r.receivedAt.getTime());
}

const ROW = { locationKey: true, evseKey: true, status: true, receivedAt: true } as const;

async function refreshed(db: Db, feed: { id: number; tenantId: number; countryCode: string; partyId: string; seenAt: Date | null }): Promise<FeedCopy> {
  let copy = copies().get(feed.id);
  if (!copy) {
    copy = { id: feed.id, tenantId: feed.tenantId, party: `${feed.countryCode}:${feed.partyId}`.toLowerCase(), seenAtMs: 0, byLocation: new Map(), size: 0, readUpToMs: null };
    copies().set(feed.id, copy);
  }
  copy.seenAtMs = feed.seenAt?.getTime() ?? 0;
  const since = copy.readUpToMs === null ? null : new Date(copy.readUpToMs - OVERLAP_MS);
  const rows = await db.ocpiEvseStatus.findMany({ where: { feedId: feed.id, ...(since ? { receivedAt: { gte: since } } : {}) }, select: ROW });
  for (const r of rows) put(copy, r);
  if (since && (await db.ocpiEvseStatus.count({ where: { feedId: feed.id } })) !== copy.size) {
    copy.byLocation.clear();
    copy.size = 0;
    copy.readUpToMs = null;
    for (const r of await db.ocpiEvseStatus.findMany({ where: { feedId: feed.id }, select: ROW })) put(copy, r);
  }
  return copy;
}

/** The live statuses of the tenant's scope for a plan made now; undefined when no feed of its scope has any. */
export async function liveStatusFor(db: Db, tenantId: number, nowMs = Date.now()): Promise<LiveStatus | undefined> {
  try {
    const feeds = await db.ocpiFeed.findMany({
      where: { tenantId: { in: [PUBLIC, tenantId] } }, select: { id: true, tenantId: true, countryCode: true, partyId: true, seenAt: true }, orderBy: { id: "asc" }, take: MAX_FEEDS,
    });
    const live: FeedCopy[] = [];
    for (const f of feeds) {
      const copy = await refreshed(db, f);
      if (copy.size) live.push(copy);
    }
    // The tenant's own feed of a party before the operator's.
    live.sort((a, b) => b.tenantId - a.tenantId);
    return live.length ? { nowMs, evsesOf: (externalId) => evsesOf(live, externalId, nowMs) } : undefined;
  } catch (e) {
    // Plans go on with the static data: a plan is not refused for want of live statuses.
    log.warn({ err: e instanceof Error ? e.message : String(e), tenantId }, "live statuses could not be read; planning on static data");
    return undefined;
  }
}

/** A site's points (REMOVED ones left out) by its external id `ocpi:CC:PID:<location id>`, any case. */
function evsesOf(feeds: FeedCopy[], externalId: string, nowMs: number): LiveEvse[] | undefined {
  const m = /^ocpi:([^:]+:[^:]+):(.+)$/i.exec(externalId);
  if (!m) return undefined;
  const party = m[1].toLowerCase(), location = m[2].toLowerCase();
  for (const f of feeds) {
    if (f.party !== party) continue;
    const evses = f.byLocation.get(location);
    if (!evses) continue;
    const out: LiveEvse[] = [];
    for (const r of evses.values()) {
      if (r.status !== "REMOVED") out.push({ status: r.status, atMs: Math.min(nowMs, Math.max(r.receivedAtMs, f.seenAtMs)) });
    }
    if (out.length) return out;
  }
  return undefined;
}
