// What a charging site's live EVSE statuses (OCPI 2.2.1 `Status`, mod_locations.asciidoc 8.4.22) say
// for a truck arriving at a given time (docs/live-status.md). Pure: the planning process reads the
// statuses (server/stations/live-status.ts) and hands them over in PlanData.live.
//
// - Unusable (OUTOFORDER, INOPERATIVE, BLOCKED, PLANNED): the point is not used for arrivals within
//   HORIZON_MIN of the time its status is known to hold; later, the status fades to the static prior
//   (the point is there and free: what a plan assumes without live data). A site with no usable point
//   at an arrival is not a stop then. (REMOVED points are no points at all: the site's data leaves them out.)
// - Busy (CHARGING, RESERVED, and OCCUPIED of feeds other than OCPI): taken by another vehicle. With a
//   free usable point at the status's time the truck waits for none; with every usable point busy it
//   waits for the first to end: each session's remaining time is taken as exponential with mean
//   SESSION_MIN (memoryless: how long it has run is not known), so with c busy points the wait is
//   exponential with mean SESSION_MIN / c (the M/M/c queue's wait for an arrival that finds every
//   server busy and no queue), and the chance that all c are still busy an interval d after the
//   status is exp(-c d / SESSION_MIN): the expected wait at arrival is that chance times SESSION_MIN / c,
//   which fades to the prior's zero by itself. Vehicles queueing already, and others arriving before
//   the truck, are not known and not counted (an estimate).
// - A status older than MAX_AGE_MIN at planning time is not used (the prior stands) and the plan says so;
//   UNKNOWN (OCPI: no information, also offline) is the prior too.

/** Arrivals within this long after an unusable status is known are not planned at that point (2 h: an estimate of how long a fault outlasts its report). */
export const HORIZON_MIN = 120;
/**
 * A status known for longer than this at planning time is stale and ignored. OCPI pushes every
 * change at once (NDW asks CPOs for 1 minute, the UK's rules 30 s: docs/live-status.md), so a feed
 * that kept pushing still vouches for the statuses it did not change; 30 minutes of silence from a
 * feed is taken as a broken connection. It is also below a truck's charging session, the time in
 * which a busy point's status is expected to change.
 */
export const MAX_AGE_MIN = 30;
/** Mean remaining time of another vehicle's session at a truck charger, minutes (an estimate: the 45 min EU 561/2006 break that truck charging is planned around). */
export const SESSION_MIN = 45;

export const UNUSABLE_STATUSES: ReadonlySet<string> = new Set(["OUTOFORDER", "INOPERATIVE", "BLOCKED", "PLANNED"]);
export const BUSY_STATUSES: ReadonlySet<string> = new Set(["CHARGING", "RESERVED", "OCCUPIED"]);

/** One point's (EVSE's) live status. */
export interface LiveEvse {
  /** OCPI `Status` (REMOVED points are left out by whoever reads the feed). */
  status: string;
  /** Epoch ms when the status is known to have held (its arrival, or later the feed's last delivery). */
  atMs: number;
}

/** The live statuses a plan may use: per site (by external id, any case), its points'; absent: no feed reports on it. */
export interface LiveStatus {
  /** The planning's "now": statuses older than MAX_AGE_MIN before it are stale. */
  nowMs: number;
  evsesOf(externalId: string): readonly LiveEvse[] | undefined;
}

/** What the result says of a site's live status (ResultPOISummary.live_status). */
export type LiveState = "AVAILABLE" | "BUSY" | "UNAVAILABLE" | "UNKNOWN";

export interface LiveRules {
  horizonMin: number;
  maxAgeMin: number;
  sessionMin: number;
}
export const LIVE_RULES: LiveRules = { horizonMin: HORIZON_MIN, maxAgeMin: MAX_AGE_MIN, sessionMin: SESSION_MIN };

/** A site's points as the feed reported them at planning time. */
export interface LiveSite {
  nowMs: number;
  evses: readonly LiveEvse[];
  rules: LiveRules;
}

/** The site's live points: under its own external id or one merged into it; null without a feed on it. */
export function liveSiteOf(station: { externalId: string; mergedFrom?: string[] }, live: LiveStatus | undefined, rules = LIVE_RULES): LiveSite | null {
  if (!live) return null;
  for (const id of [station.externalId, ...(station.mergedFrom ?? [])]) {
    const evses = live.evsesOf(id);
    if (evses && evses.length) return { nowMs: live.nowMs, evses, rules };
  }
  return null;
}

const MIN = 60_000;
const fresh = (site: LiveSite, e: LiveEvse) => site.nowMs - e.atMs <= site.rules.maxAgeMin * MIN;

/**
 * Arrivals before this instant find no usable point (every point fresh and unusable): the site is
 * closed to them; null when some point is usable at any time.
 */
export function closedUntilMs(site: LiveSite): number | null {
  let until = Infinity;
  for (const e of site.evses) {
    if (!fresh(site, e) || !UNUSABLE_STATUSES.has(e.status)) return null;
    until = Math.min(until, e.atMs + site.rules.horizonMin * MIN);
  }
  return until;
}

/** Expected wait for a free point, minutes, for a truck arriving at `arrivalMs` (see the header). */
export function expectedWaitMin(site: LiveSite, arrivalMs: number): number {
  const { sessionMin, horizonMin } = site.rules;
  let usable = 0, allBusyChance = 1;
  for (const e of site.evses) {
    const known = fresh(site, e);
    if (known && UNUSABLE_STATUSES.has(e.status) && arrivalMs < e.atMs + horizonMin * MIN) continue;
    usable++;
    // A point free (or of no known status) at the status's time: the truck takes it.
    if (!known || !BUSY_STATUSES.has(e.status)) return 0;
    allBusyChance *= Math.exp(-Math.max(0, arrivalMs - e.atMs) / MIN / sessionMin);
  }
  return usable === 0 ? 0 : (allBusyChance * sessionMin) / usable;
}

export interface LiveSummary {
  state: LiveState;
  /** The newest time a status used is known to have held; null where none is known. */
  atMs: number | null;
  /** Every status of the site is older than the staleness limit. */
  stale: boolean;
  /** Points by what their status says now (stale ones count as unknown). */
  points: { available: number; busy: number; unavailable: number; unknown: number };
}

/** The site's state now: AVAILABLE (a point free), BUSY (every usable point taken), UNAVAILABLE (none usable), UNKNOWN (no fresh status says). */
export function summarize(site: LiveSite): LiveSummary {
  const points = { available: 0, busy: 0, unavailable: 0, unknown: 0 };
  let freshAt = -Infinity, anyAt = -Infinity;
  for (const e of site.evses) {
    anyAt = Math.max(anyAt, e.atMs);
    if (!fresh(site, e) || e.status === "UNKNOWN") {
      points.unknown++;
      continue;
    }
    freshAt = Math.max(freshAt, e.atMs);
    if (e.status === "AVAILABLE") points.available++;
    else if (BUSY_STATUSES.has(e.status)) points.busy++;
    else if (UNUSABLE_STATUSES.has(e.status)) points.unavailable++;
    else points.unknown++;
  }
  const stale = freshAt === -Infinity && site.evses.every((e) => !fresh(site, e));
  const state: LiveState = points.available ? "AVAILABLE" : points.busy ? "BUSY" : points.unavailable && !points.unknown ? "UNAVAILABLE" : "UNKNOWN";
  const at = freshAt > -Infinity ? freshAt : anyAt > -Infinity ? anyAt : null;
  return { state, atMs: at, stale, points };
}
