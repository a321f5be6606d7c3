// The rules by which live EVSE statuses (OCPI 2.2.1 Status) change a plan: unusable points within the
// horizon, busy points as an expected wait (the M/M/c wait for an arrival that finds every point busy),
// staleness, the site's summary; and the optimizer's input built from them (closed sites, waits).
import { describe, expect, it } from "vitest";
import {
  closedUntilMs, expectedWaitMin, HORIZON_MIN, liveSiteOf, MAX_AGE_MIN, SESSION_MIN, summarize, type LiveEvse, type LiveStatus,
} from "@/engine/stations/live-status";
import { optimizeCharging } from "@/engine/charging/optimize";
import { line } from "../charging/fixtures";

const NOW = Date.UTC(2026, 10, 27, 10, 0);
const MIN = 60_000;
const at = (minutesAgo: number) => NOW - minutesAgo * MIN;
const live = (sites: Record<string, LiveEvse[]>): LiveStatus => ({ nowMs: NOW, evsesOf: (id) => sites[id.toLowerCase()] });
const site = (...evses: LiveEvse[]) => liveSiteOf({ externalId: "ocpi:NL:TNM:1" }, live({ "ocpi:nl:tnm:1": evses }))!;

describe("live status of a site", () => {
  it("is none without a feed on the site, or under a merged-in id", () => {
    expect(liveSiteOf({ externalId: "bnetza:1" }, live({}))).toBeNull();
    expect(liveSiteOf({ externalId: "bnetza:1" }, undefined)).toBeNull();
    const merged = liveSiteOf({ externalId: "bnetza:1", mergedFrom: ["ocpi:NL:TNM:1"] }, live({ "ocpi:nl:tnm:1": [{ status: "AVAILABLE", atMs: NOW }] }));
    expect(merged?.evses).toHaveLength(1);
  });

  it("every point out of use closes the site for arrivals within the horizon after its status; one usable point keeps it open", () => {
    const s = site({ status: "OUTOFORDER", atMs: at(10) }, { status: "INOPERATIVE", atMs: at(5) }, { status: "BLOCKED", atMs: at(1) });
    expect(closedUntilMs(s)).toBe(at(10) + HORIZON_MIN * MIN);
    expect(closedUntilMs(site({ status: "PLANNED", atMs: at(0) }))).toBe(NOW + HORIZON_MIN * MIN);
    expect(closedUntilMs(site({ status: "OUTOFORDER", atMs: at(10) }, { status: "CHARGING", atMs: at(10) }))).toBeNull();
    expect(closedUntilMs(site({ status: "OUTOFORDER", atMs: at(10) }, { status: "UNKNOWN", atMs: at(10) }))).toBeNull();
    // A stale fault is ignored: the static prior (the point works) stands.
    expect(closedUntilMs(site({ status: "OUTOFORDER", atMs: at(MAX_AGE_MIN + 1) }))).toBeNull();
  });

  it("a free point means no wait; every usable point busy means the M/M/c wait, fading as the sessions may end", () => {
    expect(expectedWaitMin(site({ status: "AVAILABLE", atMs: NOW }, { status: "CHARGING", atMs: NOW }), NOW)).toBe(0);
    // One busy point, arrival at the status time: the whole mean session; two: half of it.
    expect(expectedWaitMin(site({ status: "CHARGING", atMs: NOW }), NOW)).toBeCloseTo(SESSION_MIN, 9);
    expect(expectedWaitMin(site({ status: "CHARGING", atMs: NOW }, { status: "RESERVED", atMs: NOW }), NOW)).toBeCloseTo(SESSION_MIN / 2, 9);
    // 30 min later both are still busy with chance exp(-2 x 30/45); the wait given that is 45/2.
    const later = expectedWaitMin(site({ status: "CHARGING", atMs: NOW }, { status: "CHARGING", atMs: NOW }), NOW + 30 * MIN);
    expect(later).toBeCloseTo(Math.exp((-2 * 30) / SESSION_MIN) * (SESSION_MIN / 2), 9);
    // A point out of order is no server: the wait is for the busy one alone, until the fault's horizon ends.
    const mixed = site({ status: "CHARGING", atMs: NOW }, { status: "OUTOFORDER", atMs: NOW });
    expect(expectedWaitMin(mixed, NOW)).toBeCloseTo(SESSION_MIN, 9);
    expect(expectedWaitMin(mixed, NOW + (HORIZON_MIN + 1) * MIN)).toBe(0);
    // A busy status gone stale is the prior: free.
    expect(expectedWaitMin(site({ status: "CHARGING", atMs: at(MAX_AGE_MIN + 1) }), NOW)).toBe(0);
  });

  it("says AVAILABLE, BUSY, UNAVAILABLE or UNKNOWN, when it was known, and when it is stale", () => {
    expect(summarize(site({ status: "AVAILABLE", atMs: at(3) }, { status: "CHARGING", atMs: at(1) }))).toMatchObject({ state: "AVAILABLE", atMs: at(1), stale: false, points: { available: 1, busy: 1, unavailable: 0, unknown: 0 } });
    expect(summarize(site({ status: "CHARGING", atMs: at(3) }, { status: "OUTOFORDER", atMs: at(3) })).state).toBe("BUSY");
    expect(summarize(site({ status: "OUTOFORDER", atMs: at(3) })).state).toBe("UNAVAILABLE");
    expect(summarize(site({ status: "UNKNOWN", atMs: at(3) }))).toMatchObject({ state: "UNKNOWN", stale: false });
    expect(summarize(site({ status: "AVAILABLE", atMs: at(MAX_AGE_MIN + 5) }))).toMatchObject({ state: "UNKNOWN", stale: true, atMs: at(MAX_AGE_MIN + 5) });
  });
});

describe("the optimizer with live waits", () => {
  it("counts a stop's wait for a free point in its time, and charges elsewhere when waiting costs more than the detour", () => {
    const base = line({ km: 500, startSoc: 0.6, stations: [{ km: 200 }, { km: 210, detourKm: 2 }] });
    const plain = optimizeCharging(base);
    expect(plain.ok && plain.stops.map((s) => s.key)).toEqual(["S0@200"]);
    const waiting = optimizeCharging({ ...base, stations: base.stations.map((s, i) => (i === 0 ? { ...s, queueMin: 20 } : s)) });
    if (!waiting.ok || !plain.ok) throw new Error("not drivable");
    expect(waiting.stops.map((s) => s.key)).toEqual(["S1@210"]);
    // Waiting 2 min at the first costs 2 min, less than the other's detour: it stays, 2 min longer.
    const short = optimizeCharging({ ...base, stations: base.stations.map((s, i) => (i === 0 ? { ...s, queueMin: 2 } : s)) });
    if (!short.ok) throw new Error("not drivable");
    expect(short.stops[0]).toMatchObject({ key: "S0@200", queueMin: 2 });
    expect(short.stops[0].dwellMin).toBeCloseTo(plain.stops[0].dwellMin + 2, 6);
    expect(short.totals.totalMin).toBeCloseTo(plain.totals.totalMin + 2, 6);
    expect(short.totals.waitMin).toBeCloseTo(plain.totals.waitMin + 2, 6);
  });
});

describe("what a plan says of its stops' live status", () => {
  const station = (name: string, externalId: string) => ({ poiId: name.length, name, externalId }) as never;
  const planAt = (...names: string[]) => ({ stops: names.map((_, i) => ({ station: i })) }) as never;
  const candidates = (...stations: unknown[]) => stations.map((s) => ({ hit: { station: s } })) as never;

  it("warns of stale, unknown and now-unusable stops, and of no stop without a feed", async () => {
    const { liveWarnings, liveStopFields } = await import("@/engine/plan/live-stops");
    const feed = live({
      "ocpi:nl:tnm:old": [{ status: "AVAILABLE", atMs: at(MAX_AGE_MIN + 10) }],
      "ocpi:nl:tnm:dark": [{ status: "UNKNOWN", atMs: at(1) }],
      "ocpi:nl:tnm:broken": [{ status: "OUTOFORDER", atMs: at(1) }],
      "ocpi:nl:tnm:fine": [{ status: "AVAILABLE", atMs: at(1) }],
    });
    const stops = [station("Old", "ocpi:NL:TNM:OLD"), station("Dark", "ocpi:NL:TNM:DARK"), station("Broken", "ocpi:NL:TNM:BROKEN"), station("Fine", "ocpi:NL:TNM:FINE"), station("Static", "bnetza:1")];
    const said = liveWarnings(planAt("a", "b", "c", "d", "e"), candidates(...stops), feed);
    expect(said.map((s) => s.code)).toEqual(["live.stale", "live.unknown", "live.unusable_now"]);
    expect(said.map((s) => s.text).join(" ")).toMatch(/\(Old\).*\(Dark\).*\(Broken\).*more than 2 h/);
    expect(liveWarnings(planAt("e"), candidates(stops[4]), feed)).toEqual([]);
    expect(liveStopFields(stops[4] as never, feed)).toEqual({});
    expect(liveStopFields(stops[3] as never, feed)).toEqual({ live_status: "AVAILABLE", live_status_at: new Date(at(1)).toISOString(), live_points: { available: 1, busy: 0, unavailable: 0, unknown: 0 } });
  });
});
