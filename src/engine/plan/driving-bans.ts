// The driving bans a tour's road meets, in the charging search's terms: per country the route
// crosses, the ban periods of the tour's days (bans/calendar.ts, with the operator's overrides) on the
// stretches of route in that country. A ban on a regional holiday (DE) holds on the stretches in its
// Länder, as far as the postcode places tell them (bans/regions.ts: near a border, both); without
// that data it is kept on the whole country's part of the route.
import { part, say, type Said, type TextMessage } from "../text/message";
import type { DrivingBan } from "../../contract/result";
import { banPeriods } from "../bans/calendar";
import { applyOverrides, type BanOverrides } from "../bans/overrides";
import { BORDER_BAND_KM } from "../bans/regions";
import { BAN_AREAS, BAN_RULES, BAN_ZONES, type BanArea } from "../bans/rules";
import { bearingDeg, haversineM } from "../geo";
import type { BanPeriod } from "../bans/types";
import type { BanZone, OptimizePlan } from "../charging/types";
import { NO_COUNTRY, type RoadNetwork } from "../network/types";
import type { RouteProfile } from "./profile";
import type { BanData, PlanInput } from "./types";

export interface RouteBans {
  zones: BanZone[];
  /** The periods the zones refer to (zone.ref), per country by start. */
  periods: BanPeriod[];
  /** Regional periods kept on the whole country's part of the route (no subdivision data): said in a warning. */
  unresolvedRegions: boolean;
}

/** Days past the tour's own driving and service that bans are listed for (a ban wait can push the tour on). */
const HORIZON_SLACK_DAYS = 7;
/** Route distance between two look-ups of the subdivision (m): well inside the border band. */
const REGION_STEP_M = 1000;

export interface CountryStretch {
  country: string;
  fromMin: number;
  toMin: number;
  /** The subdivisions it may lie in (only for `withRegions` countries); null: not resolved. */
  regions: string[] | null;
}

/** Stretches of the route (route driving minutes) per country, and per subdivision in `withRegions` countries, in route order. */
export function countryStretches(
  net: RoadNetwork, profile: RouteProfile,
  withRegions: ReadonlySet<string> = new Set(), regionsAt?: (lat: number, lon: number) => string[] | null,
): CountryStretch[] {
  const a = net.attributes;
  if (!a) return [];
  const out: CountryStretch[] = [];
  const n = profile.coords.length;
  let regions: string[] | null = null, regionsAtM = -Infinity, looked = false;
  for (let i = 0; i + 1 < n; i++) {
    const e = profile.segmentEdge[i];
    // A piece without an edge (to a snapped point) belongs to the country around it.
    const country = e >= 0 && a.country[e] !== NO_COUNTRY ? a.countries[a.country[e]] : out.at(-1)?.country;
    if (!country) continue;
    if (!regionsAt || !withRegions.has(country)) [regions, looked] = [null, false];
    else if (!looked || profile.distM[i] - regionsAtM >= REGION_STEP_M) {
      looked = true;
      const [lat, lon] = profile.coords[i];
      const found = regionsAt(lat, lon);
      regions = found?.length ? found : null; // none near: not known, every regional ban kept
      regionsAtM = profile.distM[i];
    }
    const from = profile.timeS[i] / 60, to = profile.timeS[i + 1] / 60;
    const last = out.at(-1);
    if (last && last.country === country && String(last.regions) === String(regions) && from - last.toMin < 1e-9) last.toMin = Math.max(last.toMin, to);
    else out.push({ country, fromMin: from, toMin: Math.max(from, to), regions });
  }
  return out;
}

/** A stretch of the route in route driving minutes. */
interface RouteStretch {
  fromMin: number;
  toMin: number;
}

/**
 * The stretches of the route in a ban's area (rules.ts BAN_AREAS): within its radius of the centre, at its
 * bearings, moving away from the centre (outbound) or towards it (inbound), piece by piece of the profile.
 */
export function areaStretches(profile: Pick<RouteProfile, "coords" | "timeS">, area: BanArea): RouteStretch[] {
  const [clat, clon] = area.centre, [b0, b1] = area.bearings;
  const out: RouteStretch[] = [];
  const distKm = (i: number) => haversineM(clat, clon, profile.coords[i][0], profile.coords[i][1]) / 1000;
  let d0 = profile.coords.length ? distKm(0) : 0;
  for (let i = 0; i + 1 < profile.coords.length; i++) {
    const d1 = distKm(i + 1);
    // Where the piece lies from the centre: read at its far end (its near end may be the centre itself).
    const [lat, lon] = profile.coords[d1 >= d0 ? i + 1 : i];
    const bearing = bearingDeg(clat, clon, lat, lon);
    const inside = Math.min(d0, d1) <= area.radiusKm && bearing >= b0 && bearing <= b1;
    const way = area.direction === "outbound" ? d1 > d0 : d1 < d0;
    if (inside && way) {
      const from = profile.timeS[i] / 60, to = profile.timeS[i + 1] / 60;
      const last = out.at(-1);
      if (last && from - last.toMin < 1e-9) last.toMin = Math.max(last.toMin, to);
      else out.push({ fromMin: from, toMin: Math.max(from, to) });
    }
    d0 = d1;
  }
  return out;
}

/** The periods of a country's calendar and the operator's overrides, for this truck and these waivers. */
function countryPeriods(country: string, fromMs: number, untilMs: number, input: PlanInput, overrides?: BanOverrides): BanPeriod[] {
  const waived = input.drivingBanExemptions ?? [];
  const vehicle = { gvwKg: input.vehicle.maxGrossKg };
  const computed = banPeriods(country, fromMs, untilMs, vehicle, waived);
  if (!overrides) return computed;
  // An added period of a known rule holds for the trucks that rule covers; any added period can be waived by its rule id.
  return applyOverrides(computed, overrides, country, fromMs, untilMs).filter((p) => {
    const known = BAN_RULES.find((r) => r.id === p.rule);
    return !waived.includes(p.rule) && (!known || vehicle.gvwKg > known.overGvwKg) && p.endMs > fromMs && p.startMs < untilMs;
  });
}

/** A regional holiday's period (DE Länder), told by the route's subdivisions; an area's (BAN_AREAS) is told by its geometry. */
const isRegional = (p: BanPeriod) => !!p.regions?.length && !BAN_AREAS[p.rule];

const coversRegion = (stretch: CountryStretch, p: BanPeriod) =>
  !p.regions?.length || stretch.regions === null || stretch.regions.some((r) => p.regions!.includes(r));

/**
 * The bans on the route from the optimizer's departure (ms) on, as zones in its minutes. None where the
 * request waives them all (`drivingBans: false`) or the route has no countries (networks without them).
 */
export function routeBans(input: PlanInput, net: RoadNetwork, profile: RouteProfile, departureMs: number, data: BanData = {}): RouteBans {
  if (input.drivingBans === false) return { zones: [], periods: [], unresolvedRegions: false };
  const drivingMin = profile.timeS[profile.timeS.length - 1] / 60;
  const serviceMin = input.sections.reduce((a, s) => a + (s.serviceTimeMin ?? 0), 0);
  const untilMs = departureMs + (3 * (drivingMin + serviceMin) + HORIZON_SLACK_DAYS * 1440) * 60_000;
  const byCountry = new Map(
    [...new Set(countryStretches(net, profile).map((s) => s.country))].map((c) => [c, countryPeriods(c, departureMs, untilMs, input, data.overrides)]),
  );
  const regional = new Set([...byCountry].filter(([, ps]) => ps.some(isRegional)).map(([c]) => c));
  const stretches = countryStretches(net, profile, regional, data.regionsAt);
  const byArea = new Map<string, RouteStretch[]>();
  const periods: BanPeriod[] = [];
  const zones: BanZone[] = [];
  for (const [country, ps] of byCountry) {
    for (const p of ps) {
      const ref = periods.push(p) - 1;
      const area = BAN_AREAS[p.rule];
      if (area && !byArea.has(p.rule)) byArea.set(p.rule, areaStretches(profile, area));
      const on = area ? byArea.get(p.rule)! : stretches.filter((x) => x.country === country && coversRegion(x, p));
      for (const s of on) {
        zones.push({ fromDriveMin: s.fromMin, toDriveMin: s.toMin, startMin: (p.startMs - departureMs) / 60_000, endMin: (p.endMs - departureMs) / 60_000, ref });
      }
    }
  }
  return { zones, periods, unresolvedRegions: stretches.some((s) => regional.has(s.country) && s.regions === null) };
}

/** The periods on the route (a regional one only where the route is in its regions) between the departure and the tour's end (ms), each once, by start. */
export function drivingBansOf(bans: RouteBans, plan: OptimizePlan | null, fromMs: number, toMs: number): DrivingBan[] {
  const waited = new Set((plan?.banWaits ?? []).flatMap((w) => w.refs));
  const onRoute = new Set(bans.zones.map((z) => z.ref));
  return bans.periods
    .map((p, i) => ({ p, i }))
    .filter(({ p, i }) => onRoute.has(i) && p.startMs < toMs && p.endMs > fromMs)
    .sort((a, b) => a.p.startMs - b.p.startMs || a.p.country.localeCompare(b.p.country))
    .map(({ p, i }) => ({
      rule: p.rule, country: p.country, regions: p.regions, label: p.label, label_message: banLabel(p),
      start_time: new Date(p.startMs).toISOString(), end_time: new Date(p.endMs).toISOString(),
      source: p.source, confidence: p.confidence, roads: p.roads, waited: waited.has(i),
    }));
}


/** A period's label as a message: its rule and its local times let another language say it. */
export function banLabel(p: BanPeriod): TextMessage {
  return part("bans.label", {
    rule_key: p.rule.replaceAll("-", "_"), label: p.label, from_time: new Date(p.startMs).toISOString(), to_time: new Date(p.endMs).toISOString(), zone: BAN_ZONES[p.country] ?? "UTC",
  });
}

/** What the plan says of the bans it waits for: how long, which, and which of them are estimates or applied beyond their region. */
export function banWarnings(plan: OptimizePlan | null, bans: RouteBans): Said[] {
  const { periods } = bans;
  const waits = plan?.banWaits ?? [];
  if (!waits.length) return [];
  const met = [...new Set(waits.flatMap((w) => w.refs))].map((r) => periods[r]).filter((p) => p !== undefined);
  const total = waits.reduce((a, w) => a + w.minutes, 0);
  const labels = [...new Map(met.map((p) => [p.label, banLabel(p)])).values()];
  const out = [say("bans.waits", { total_min: total, labels_list: labels })];
  const estimates = met.filter((p) => p.confidence === "estimate");
  if (estimates.length) {
    out.push(say("bans.estimated", { rules: [...new Set(estimates.map((p) => p.rule))].join(", ") }));
  }
  const inAreas = met.filter((p) => BAN_AREAS[p.rule]);
  if (inAreas.length) {
    out.push(say("bans.area", { rules: [...new Set(inAreas.map((p) => p.rule))].join(", "), radius_km: BAN_AREAS[inAreas[0].rule].radiusKm }));
  }
  const regional = met.filter(isRegional);
  const named = [...new Set(regional.flatMap((p) => p.regions!))].join(", ");
  if (regional.length && bans.unresolvedRegions) {
    out.push(say("bans.regional_unresolved", { regions: named, countries: [...new Set(regional.map((p) => p.country))].join(", ") }));
  } else if (regional.length) {
    out.push(say("bans.regional", { regions: named, band_km: BORDER_BAND_KM }));
  }
  return out;
}
