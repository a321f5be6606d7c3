// The driving bans a tour's road meets, in the charging search's terms: per country the route
// crosses, the ban periods of the tour's days (bans/calendar.ts) on the stretches of route in that
// country. A ban on a regional holiday (DE) is applied on the whole country's part of the route: the
// route does not know its Länder, so the plan keeps the ban wherever it might hold.
import type { DrivingBan } from "../../contract/result";
import { banPeriods } from "../bans/calendar";
import type { BanPeriod } from "../bans/types";
import type { BanZone, OptimizePlan } from "../charging/types";
import { NO_COUNTRY, type RoadNetwork } from "../network/types";
import type { RouteProfile } from "./profile";
import type { PlanInput } from "./types";

export interface RouteBans {
  zones: BanZone[];
  /** The periods the zones refer to (zone.ref), per country by start. */
  periods: BanPeriod[];
}

/** Days past the tour's own driving and service that bans are listed for (a ban wait can push the tour on). */
const HORIZON_SLACK_DAYS = 7;

/** Stretches of the route (route driving minutes) per country, in route order. */
export function countryStretches(net: RoadNetwork, profile: RouteProfile): { country: string; fromMin: number; toMin: number }[] {
  const a = net.attributes;
  if (!a) return [];
  const out: { country: string; fromMin: number; toMin: number }[] = [];
  const n = profile.coords.length;
  for (let i = 0; i + 1 < n; i++) {
    const e = profile.segmentEdge[i];
    // A piece without an edge (to a snapped point) belongs to the country around it.
    const country = e >= 0 && a.country[e] !== NO_COUNTRY ? a.countries[a.country[e]] : out.at(-1)?.country;
    if (!country) continue;
    const from = profile.timeS[i] / 60, to = profile.timeS[i + 1] / 60;
    const last = out.at(-1);
    if (last && last.country === country && from - last.toMin < 1e-9) last.toMin = Math.max(last.toMin, to);
    else out.push({ country, fromMin: from, toMin: Math.max(from, to) });
  }
  return out;
}

/**
 * The bans on the route from the optimizer's departure (ms) on, as zones in its minutes. None where the
 * request waives them all (`drivingBans: false`) or the route has no countries (networks without them).
 */
export function routeBans(input: PlanInput, net: RoadNetwork, profile: RouteProfile, departureMs: number): RouteBans {
  if (input.drivingBans === false) return { zones: [], periods: [] };
  const stretches = countryStretches(net, profile);
  const drivingMin = profile.timeS[profile.timeS.length - 1] / 60;
  const serviceMin = input.sections.reduce((a, s) => a + (s.serviceTimeMin ?? 0), 0);
  const untilMs = departureMs + (3 * (drivingMin + serviceMin) + HORIZON_SLACK_DAYS * 1440) * 60_000;
  const waived = input.drivingBanExemptions ?? [];
  const periods: BanPeriod[] = [];
  const zones: BanZone[] = [];
  for (const country of [...new Set(stretches.map((s) => s.country))]) {
    for (const p of banPeriods(country, departureMs, untilMs, { gvwKg: input.vehicle.maxGrossKg }, waived)) {
      const ref = periods.push(p) - 1;
      for (const s of stretches.filter((x) => x.country === country)) {
        zones.push({ fromDriveMin: s.fromMin, toDriveMin: s.toMin, startMin: (p.startMs - departureMs) / 60_000, endMin: (p.endMs - departureMs) / 60_000, ref });
      }
    }
  }
  return { zones, periods };
}

/** The periods met between the departure and the tour's end (ms), each once, by start. */
export function drivingBansOf(periods: BanPeriod[], plan: OptimizePlan | null, fromMs: number, toMs: number): DrivingBan[] {
  const waited = new Set((plan?.banWaits ?? []).flatMap((w) => w.refs));
  return periods
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => p.startMs < toMs && p.endMs > fromMs)
    .sort((a, b) => a.p.startMs - b.p.startMs || a.p.country.localeCompare(b.p.country))
    .map(({ p, i }) => ({
      rule: p.rule, country: p.country, regions: p.regions, label: p.label,
      start_time: new Date(p.startMs).toISOString(), end_time: new Date(p.endMs).toISOString(),
      source: p.source, confidence: p.confidence, roads: p.roads, waited: waited.has(i),
    }));
}

const hm = (min: number) => `${Math.floor(min / 60)} h ${String(Math.round(min % 60)).padStart(2, "0")} min`;

/** What the plan says of the bans it waits for: how long, which, and which of them are estimates or applied beyond their region. */
export function banWarnings(plan: OptimizePlan | null, periods: BanPeriod[]): string[] {
  const waits = plan?.banWaits ?? [];
  if (!waits.length) return [];
  const met = [...new Set(waits.flatMap((w) => w.refs))].map((r) => periods[r]).filter((p) => p !== undefined);
  const total = waits.reduce((a, w) => a + w.minutes, 0);
  const out = [
    `The plan waits ${hm(total)} for truck driving bans (${[...new Set(met.map((p) => p.label))].join("; ")}): ` +
      `each wait is a stop of its own ("Driving ban") or makes a stop longer (driving_ban_wait_min); driving_bans lists every ban on the route during the tour.`,
  ];
  const estimates = met.filter((p) => p.confidence === "estimate");
  if (estimates.length) {
    out.push(`The ban calendar of ${[...new Set(estimates.map((p) => p.rule))].join(", ")} for these dates is an estimate (the pattern of a published year carried on): confirm it before the tour.`);
  }
  const regional = met.filter((p) => p.regions?.length);
  if (regional.length) {
    out.push(`A regional holiday's ban (${[...new Set(regional.flatMap((p) => p.regions!))].join(", ")}) is kept on the whole ${[...new Set(regional.map((p) => p.country))].join(", ")} part of the route: the route's regions are not resolved.`);
  }
  return out;
}
