// One pull of a source's Locations from its Sender interface (mod_locations.asciidoc, GET List), page by
// page through the `Link: <...>; rel="next"` header (transport_and_format.asciidoc, Pagination), bounded
// in pages, Locations, bytes and time. Each Location is written through the Receiver's own storage
// (ocpi/locations.ts putObject: the Location, each EVSE's status row, the site of its feed), into the
// feed of the party it names, so pulled and pushed data land alike and in the same tenant scope.
// Invalid Locations are skipped and counted (transport_and_format.asciidoc, GET: process the correct
// ones); a Location no newer than the stored one is not written again. A full pull's pages together
// are the new truth: once the last page is read, the stored Locations it no longer lists are removed
// (from the feeds no other source fills).
import { ocpiTime, OcpiLocation } from "../../../contract/ocpi";
import type { OcpiPullSummary } from "../../../contract/ocpi-sources";
import type { Db } from "../../db/client";
import { HttpError, ValidationFailed } from "../../http/errors";
import { pacer } from "../../http/pace";
import { putObject, removeLocations, type FeedRef } from "../locations";
import { keyOf, liftTimes, type Obj } from "../objects";
import { ensureFeed } from "../parties";
import { ocpiRequest, PullError } from "./client";
import { dataRoles, linkFeed } from "./handshake";
import type { PullOptions } from "./options";
import type { SourceRole } from "./sources";

/** Incremental pulls ask from the last complete pull's start less this: clocks of two servers disagree a little. */
export const DATE_FROM_OVERLAP_MS = 60_000;
const MAX_PROBLEMS = 5;

export interface PullContext {
  source: { id: number; tenantId: number; token: string; locationsUrl: string; roles: SourceRole[] };
  kind: "full" | "incremental";
  startedAt: Date;
  /** The `date_from` of an incremental pull. */
  dateFrom: Date | null;
  /** Epoch ms the run must end by. */
  deadline: number;
  /** The feeds this run wrote into (a deleted source's are cleaned up after it). */
  touched: Set<number>;
  /** Throws LeaseLost when the run no longer holds its source. */
  stillOurs: () => Promise<void>;
}

/** OCPI DateTime as the specification writes it: UTC, seconds, `Z`. */
export const ocpiDateTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The URL of a `Link` header's rel="next" (RFC 8288), resolved against the page's own URL; null when there is none. */
export function nextLink(header: string | string[] | undefined, base: string): string | null {
  const text = Array.isArray(header) ? header.join(",") : header ?? "";
  for (const m of text.matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = m[2].split(";").map((p) => /^\s*rel\s*=\s*"?([^"]*)"?\s*,?\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    if (!rel?.toLowerCase().split(/\s+/).includes("next")) continue;
    try {
      return new URL(m[1].trim(), base).toString();
    } catch {
      return null;
    }
  }
  return null;
}

function headerInt(v: string | string[] | undefined): number | null {
  const s = Array.isArray(v) ? v[0] : v;
  return s !== undefined && /^\s*\d{1,12}\s*$/.test(s) ? Number(s) : null;
}

const idOf = (item: unknown) => {
  const id = item && typeof item === "object" ? (item as Obj).id : undefined;
  return typeof id === "string" ? `'${id.slice(0, 36)}'` : "without an id";
};

interface Valid {
  feed: FeedRef;
  loc: Obj;
  key: string;
  newest: number;
}

export async function pullLocations(db: Db, ctx: PullContext, opts: PullOptions): Promise<OcpiPullSummary> {
  const { source } = ctx;
  const roles = dataRoles(source.roles);
  const hub = roles.some((r) => r.role === "HUB");
  const allowed = new Set(roles.map((r) => `${r.country_code}:${r.party_id}`));
  const main = roles[0];
  const routing: Record<string, string> = {
    "ocpi-from-country-code": opts.us.countryCode, "ocpi-from-party-id": opts.us.partyId,
    ...(main ? { "ocpi-to-country-code": main.country_code, "ocpi-to-party-id": main.party_id } : {}),
  };
  const feeds = new Map<string, FeedRef>();
  /** Location keys listed, per feed: what a full pull keeps. */
  const seen = new Map<number, Set<string>>();
  const summary: OcpiPullSummary = {
    kind: ctx.kind, started_at: ctx.startedAt.toISOString(), finished_at: "", date_from: ctx.dateFrom?.toISOString() ?? null,
    pages: 0, objects: 0, written: 0, skipped: 0, removed: 0, total_count: null, problems: [],
  };
  const skip = (why: string) => {
    summary.skipped++;
    if (summary.problems.length < MAX_PROBLEMS) summary.problems.push(why);
  };
  const pace = pacer();

  async function feedOf(countryCode: string, partyId: string): Promise<FeedRef> {
    const name = `${countryCode}:${partyId}`;
    const known = feeds.get(name);
    if (known) return known;
    if (feeds.size >= opts.maxFeeds) throw new PullError("locations", `Locations of more than ${opts.maxFeeds} parties: stopped`);
    const feed = await ensureFeed(db, source.tenantId, countryCode, partyId);
    await linkFeed(db, source.id, feed.id);
    const ref = { countryCode, partyId, feedId: feed.id, sourceId: feed.sourceId };
    feeds.set(name, ref);
    ctx.touched.add(feed.id);
    return ref;
  }

  async function writePage(items: unknown[]): Promise<void> {
    const byKey = new Map<string, Valid>();
    for (const item of items) {
      await pace();
      const r = OcpiLocation.safeParse(item);
      if (!r.success) {
        skip(`Location ${idOf(item)}: ${r.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(object)"}: ${i.message}`).join("; ")}`);
        continue;
      }
      const countryCode = r.data.country_code.toUpperCase(), partyId = r.data.party_id.toUpperCase();
      // transport_and_format.asciidoc, Client Owned Object Pull: objects of parties the roles do not name may be ignored.
      if (!hub && !allowed.has(`${countryCode}:${partyId}`)) {
        skip(`Location ${idOf(item)}: of ${countryCode}/${partyId}, which the source's roles do not name`);
        continue;
      }
      const feed = await feedOf(countryCode, partyId);
      const key = keyOf(r.data.id);
      const loc = r.data as Obj;
      const newest = ocpiTime(String(liftTimes(loc).last_updated));
      if (!seen.has(feed.feedId)) seen.set(feed.feedId, new Set());
      seen.get(feed.feedId)!.add(key);
      const id = `${feed.feedId}:${key}`;
      const twice = byKey.get(id);
      if (!twice || twice.newest < newest) byKey.set(id, { feed, loc, key, newest });
    }
    const valid = [...byKey.values()];
    const stored = new Map<string, number>();
    for (const feedId of new Set(valid.map((v) => v.feed.feedId))) {
      const keys = valid.filter((v) => v.feed.feedId === feedId).map((v) => v.key);
      for (const row of await db.ocpiLocation.findMany({ where: { feedId, locationKey: { in: keys } }, select: { locationKey: true, lastUpdated: true } })) {
        stored.set(`${feedId}:${row.locationKey}`, row.lastUpdated.getTime());
      }
    }
    for (const v of valid) {
      await pace();
      const have = stored.get(`${v.feed.feedId}:${v.key}`);
      if (have !== undefined && have >= v.newest) continue;
      try {
        await putObject(db, v.feed, { countryCode: v.feed.countryCode, partyId: v.feed.partyId, locationId: String(v.loc.id) }, v.loc, ctx.startedAt);
        summary.written++;
      } catch (e) {
        if (!(e instanceof HttpError) || e.status >= 500) throw e;
        const why = e instanceof ValidationFailed ? e.details.slice(0, 3).map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ") : e.message;
        skip(`Location ${idOf(v.loc)}: ${why}`);
      }
    }
  }

  const first = new URL(source.locationsUrl);
  if (ctx.dateFrom) first.searchParams.set("date_from", ocpiDateTime(ctx.dateFrom));
  first.searchParams.set("limit", String(opts.pageLimit));
  const origin = first.origin;
  const visited = new Set<string>();
  let url = first.toString();
  let bytes = 0;
  for (;;) {
    await ctx.stillOurs();
    if (summary.pages >= opts.maxPages) throw new PullError("locations", `More than ${opts.maxPages} pages: stopped (nothing removed; the next pull starts over)`);
    const left = opts.maxRunBytes - bytes;
    visited.add(url);
    const page = summary.pages + 1;
    const answer = await ocpiRequest("locations", url, { method: "GET", token: source.token, headers: routing }, {
      policy: opts.policy, resolve: opts.resolve, timeoutMs: opts.timeoutMs, maxBytes: Math.min(opts.maxPageBytes, left), deadline: ctx.deadline,
    });
    summary.pages = page;
    bytes += answer.bytes;
    if (!Array.isArray(answer.data)) throw new PullError("locations", `Page ${page}: data is not a list of Locations`, answer.httpStatus);
    const total = headerInt(answer.headers["x-total-count"]);
    if (page === 1) summary.total_count = total;
    if (total !== null && total > opts.maxObjects) {
      throw new PullError("locations", `The party lists ${total.toLocaleString("en")} Locations (X-Total-Count), more than the ${opts.maxObjects.toLocaleString("en")} a pull takes`);
    }
    summary.objects += answer.data.length;
    if (summary.objects > opts.maxObjects) throw new PullError("locations", `More than ${opts.maxObjects.toLocaleString("en")} Locations: stopped`);
    await writePage(answer.data);
    const next = nextLink(answer.headers.link, url);
    if (!next) break;
    if (new URL(next).origin !== origin) throw new PullError("locations", `Page ${page}: the next page's Link leaves ${origin}`);
    if (visited.has(next)) throw new PullError("locations", `Page ${page}: the next page's Link names a page already read`);
    url = next;
  }

  await ctx.stillOurs();
  const linked = (await db.ocpiSourceFeed.findMany({ where: { sourceId: source.id }, select: { feed: { select: { id: true, countryCode: true, partyId: true, sourceId: true } } } })).map((l) => l.feed);
  if (ctx.kind === "full") {
    // A feed another source also fills (the party through a hub and directly) is not this source's alone to judge.
    const shared = new Set((await db.ocpiSourceFeed.findMany({
      where: { feedId: { in: linked.map((f) => f.id) }, sourceId: { not: source.id }, source: { OR: [{ partyRef: null }, { party: { revokedAt: null } }] } },
      select: { feedId: true },
    })).map((l) => l.feedId));
    for (const f of linked) {
      if (shared.has(f.id)) continue;
      summary.removed += await removeUnlisted(db, { countryCode: f.countryCode, partyId: f.partyId, feedId: f.id, sourceId: f.sourceId }, seen.get(f.id) ?? new Set(), ctx.startedAt);
    }
  }
  // The feeds' statuses held at the pull's start (those it did not change had not changed since the last one).
  await db.ocpiFeed.updateMany({ where: { id: { in: linked.map((f) => f.id) }, OR: [{ seenAt: null }, { seenAt: { lt: ctx.startedAt } }] }, data: { seenAt: ctx.startedAt } });
  summary.finished_at = new Date().toISOString();
  return summary;
}

/** Removes the feed's stored Locations a full pull did not list; not those written since the pull began (a push meanwhile). */
async function removeUnlisted(db: Db, feed: FeedRef, listed: Set<string>, startedAt: Date): Promise<number> {
  const gone: string[] = [];
  let after = 0;
  for (;;) {
    const rows = await db.ocpiLocation.findMany({
      where: { feedId: feed.feedId, id: { gt: after }, lastUpdated: { lt: startedAt } },
      select: { id: true, locationKey: true }, orderBy: { id: "asc" }, take: 1000,
    });
    for (const r of rows) if (!listed.has(r.locationKey)) gone.push(r.locationKey);
    if (rows.length < 1000) break;
    after = rows[rows.length - 1].id;
  }
  return gone.length ? removeLocations(db, feed, gone) : 0;
}
