// A charging stop's live status in the result (ResultPOISummary.live_status, live_status_at, live_points)
// and the plan's warnings about stops whose live status is stale, unknown, or unusable now. Only sites
// that have a live feed say anything: the others stay as static data has them, without a word.
import type { OptimizePlan } from "../charging/types";
import { HORIZON_MIN, MAX_AGE_MIN, liveSiteOf, summarize, type LiveStatus } from "../stations/live-status";
import type { Station } from "../stations/types";
import { say, type Said } from "../text/message";
import type { Candidate } from "./candidates";

const iso = (ms: number) => new Date(Math.round(ms)).toISOString();

/** The live fields of a charging stop at this station; none where no feed reports on it. */
export function liveStopFields(station: Station, live: LiveStatus | undefined) {
  const site = liveSiteOf(station, live);
  if (!site) return {};
  const s = summarize(site);
  return { live_status: s.state, live_status_at: s.atMs === null ? null : iso(s.atMs), live_points: s.points };
}

/** Warnings about the plan's stops at sites with a live feed: stale, unknown, or with no usable point now. */
export function liveWarnings(plan: OptimizePlan, candidates: Candidate[], live: LiveStatus | undefined): Said[] {
  if (!live) return [];
  const stale: string[] = [], unknown: string[] = [], unusable: string[] = [];
  const seen = new Set<number>();
  for (const stop of plan.stops) {
    const station = candidates[stop.station].hit.station;
    if (seen.has(station.poiId)) continue;
    seen.add(station.poiId);
    const site = liveSiteOf(station, live);
    if (!site) continue;
    const s = summarize(site);
    if (s.stale) stale.push(station.name);
    else if (s.state === "UNKNOWN") unknown.push(station.name);
    else if (s.state === "UNAVAILABLE") unusable.push(station.name);
  }
  const names = (xs: string[]) => xs.slice(0, 5).join("; ") + (xs.length > 5 ? `; and ${xs.length - 5} more` : "");
  const out: Said[] = [];
  if (stale.length) out.push(say("live.stale", { count: stale.length, names: names(stale), max_age_min: MAX_AGE_MIN }));
  if (unknown.length) out.push(say("live.unknown", { count: unknown.length, names: names(unknown) }));
  if (unusable.length) out.push(say("live.unusable_now", { count: unusable.length, names: names(unusable), horizon_min: HORIZON_MIN }));
  return out;
}
