// The planner's route, stations and sections in the optimizer's terms.
import { resolveTimeOfDayOrIso } from "../../contract/fields";
import { EXTENDED_DAILY_DRIVING_MIN } from "../../contract/request";
import { EU_BREAK_RULES, type BreakRules, type CostObjective, type OptimizeInput, type Price, type StationPoint, type WaypointPoint } from "../charging/types";
import { VALUE_OF_TIME_EUR_PER_H } from "../cost/price-table";
import type { TenantPrices } from "../cost/contracts";
import { depotPrice, stationPrice } from "../cost/stop-prices";
import type { ChargeConnector } from "../vehicles/charging";
import { chargeTimeFunction } from "../vehicles/charging";
import { mayClose, openThroughout, zoneOf } from "../stations/opening";
import { closedUntilMs, expectedWaitMin, liveSiteOf, type LiveStatus } from "../stations/live-status";
import type { Candidate } from "./candidates";
import { parkingOnlyWhileCharging } from "./truck-access";
import { distAtTime, energyAt, timeAt, type RouteProfile } from "./profile";
import { CHARGE_STOP_OVERHEAD_MIN, RESERVE_SOC } from "./rules";
import type { SectionCharger } from "./section-chargers";
import type { PlanInput } from "./types";
import { REFERENCE_TEMPERATURE_C } from "../vehicles/ambient";

export function optimizerInput(
  input: PlanInput, profile: RouteProfile, candidates: Candidate[], chargers: (SectionCharger | null)[] = [], tenant?: TenantPrices,
  /** The air temperature charging is planned at (the tour's coldest section's); absent or 20 C and above: the reference curve. */
  chargeTemperatureC?: number,
  /** Live EVSE statuses (PlanData.live): points out of order close a site for a while, busy ones make the truck wait. */
  live?: LiveStatus,
): OptimizeInput<ChargeConnector> {
  // A battery preconditioned on the way in (its energy counts with the detour): charging is derated only a little.
  const cold = chargeTemperatureC !== undefined && chargeTemperatureC < REFERENCE_TEMPERATURE_C ? { temperatureC: chargeTemperatureC, preconditioned: true } : undefined;
  const objective = objectiveOf(input, tenant);
  const departureMs = input.departureMs + input.serviceTimeDepartureMin * 60_000;
  const stations: StationPoint<ChargeConnector>[] = candidates.map((c, i) => {
    const driveMin = timeAt(profile, c.distM, c.leg) / 60;
    const { closedUntil, queueMin } = liveAt(c, live, departureMs + (driveMin + c.detourMin / 2) * 60_000);
    const busy = input.busySites?.[String(c.hit.station.poiId)];
    return {
      key: String(i),
      distM: c.distM,
      driveMin,
      energyKWh: energyAt(profile, c.distM, c.leg),
      powerKW: c.powerKW,
      connector: c.connector,
      detourKWh: c.detourKWh,
      detourMin: c.detourMin,
      ...(objective ? { price: withFixed(stationPrice(c.hit.station, c.connector, c.powerKW, tenant), (c.hit.detourM / 1000) * (input.costPerKmEur ?? 0)) } : {}),
      ...availability(c, closedUntil === null ? busy : [...(busy ?? []), [-Infinity, closedUntil]]),
      ...(queueMin > 0 ? { queueMin } : {}),
      ...(parkingOnlyWhileCharging(c.hit.station) ? { noRest: true } : {}),
    };
  });
  const waypoints: WaypointPoint<ChargeConnector>[] = input.sections.map((s, k) => {
    const charger = chargers[k];
    const distM = profile.legStartM[k + 1];
    return {
      key: String(k),
      distM,
      driveMin: timeAt(profile, distM, k) / 60,
      energyKWh: energyAt(profile, distM, k),
      // The destination's service too: the tour ends when it is done.
      serviceMin: s.serviceTimeMin ?? 0,
      window: s.openingTime ? windowOf(s.openingTime, departureMs) : null,
      charger: charger ? { powerKW: charger.powerKW, connector: charger.connector, ...(objective ? { price: depotPrice(tenant) } : {}) } : null,
    };
  });
  const peak = peakEnergy(profile);
  return {
    capacityKWh: input.vehicle.usableBatteryKWh,
    startSoc: input.batteryLevelStart,
    endSoc: input.batteryLevelEnd,
    reserveSoc: RESERVE_SOC,
    overheadMin: CHARGE_STOP_OVERHEAD_MIN,
    minChargeMin: input.minChargeDurationMin,
    departureMs,
    stations,
    waypoints,
    // One function per way of charging: the optimizer's charge tables are made once for it (grid.ts).
    chargeMinutes: chargeTimeFunction(input.vehicle, cold),
    peakEnergyKWh: peak,
    // A roadside pause on the profile's own clock: the timeline's driving up to it is exactly the optimizer's.
    distAtDriveMin: (driveMin) => distAtTime(profile, driveMin * 60),
    breaks: breakRules(input),
    deadlineMs: input.deadlineMs,
    driver: { sinceBreakMin: input.driver?.drivenSinceBreakMin ?? 0, todayMin: input.driver?.drivenTodayMin ?? 0 },
    ...(objective ? { objective } : {}),
  };
}

/**
 * What the site's live statuses mean for a truck that can be there at `earliestMs` at the soonest (driving
 * alone from the departure): arrivals before `closedUntil` find every point out of use; the expected wait
 * for a free point at that earliest arrival (or when the site opens again), to 0.1 min. The wait only
 * shrinks as the statuses age, so a later arrival would wait no longer: the plan errs on the side of time.
 */
function liveAt(c: Candidate, live: LiveStatus | undefined, earliestMs: number): { closedUntil: number | null; queueMin: number } {
  const site = liveSiteOf(c.hit.station, live);
  if (!site) return { closedUntil: null, queueMin: 0 };
  const closedUntil = closedUntilMs(site);
  return { closedUntil, queueMin: Math.round(expectedWaitMin(site, Math.max(earliestMs, closedUntil ?? -Infinity)) * 10) / 10 };
}

/** Whether a station takes arrivals over [from, to]: its opening hours, and no span where the fleet has it busy (or its points are out of use). */
function availability(c: Candidate, busy: [number, number][] | undefined): Pick<StationPoint<ChargeConnector>, "openDuring"> {
  const hours = mayClose(c.hit.station.openingTimes);
  if (!hours && !busy?.length) return {};
  return {
    openDuring: (from: number, to: number) =>
      !busy?.some(([a, b]) => from < b && to >= a) && (!hours || openThroughout(c.hit.station.openingTimes, zoneOf(c.hit.station), from, to)),
  };
}

/** A stop's price with a fixed amount on top (the detour's cost per km: the search's model only, never a stop's energy cost). */
function withFixed(p: Price, eur: number): Price {
  if (!(eur > 0)) return p;
  if ("at" in p) return { at: (ms) => { const q = p.at(ms); return { ...q, sessionFee: q.sessionFee + eur }; }, leastPerKWh: p.leastPerKWh };
  return { ...p, sessionFee: p.sessionFee + eur };
}

/**
 * Money per minute of the tour under the request's objective: the value of time for balanced, next to
 * nothing for cheapest (time only breaks ties: 0.1 cent over 16 hours); none for fastest.
 */
export const CHEAPEST_EUR_PER_MIN = 1e-6;

function objectiveOf(input: PlanInput, tenant?: TenantPrices): CostObjective | undefined {
  if (input.objective === "cheapest") return { eurPerMin: CHEAPEST_EUR_PER_MIN };
  if (input.objective === "balanced") return { eurPerMin: Math.max(CHEAPEST_EUR_PER_MIN, (input.searchValueOfTimeEurPerH ?? valueOfTime(input, tenant)) / 60) };
  return undefined;
}

/** EUR per hour of truck and driver: the request's, else the tenant's, else the documented default. */
export const valueOfTime = (input: PlanInput, tenant?: TenantPrices) =>
  input.valueOfTimeEurPerH ?? tenant?.valueOfTimeEurPerH ?? VALUE_OF_TIME_EUR_PER_H.value;

/** EU 561/2006, with the 10 h day when the request asks for it. */
export function breakRules(input: PlanInput): BreakRules {
  const rules = input.driver?.extendedDailyDriving ? { ...EU_BREAK_RULES, maxDailyDriveMin: EXTENDED_DAILY_DRIVING_MIN } : EU_BREAK_RULES;
  const earliest = input.driver?.earliestRestDriveMin ?? 0;
  return earliest > 0 ? { ...rules, earliestRestDriveMin: earliest } : rules;
}

/** `[earliest, latest]` as written in the request; a time of day is read on the departure's date (UTC). */
function windowOf(opening: string[], departureMs: number) {
  const day = new Date(departureMs);
  const at = (s: string | undefined) => (s ? resolveTimeOfDayOrIso(s, day).getTime() : null);
  return { earliestMs: at(opening[0]), latestMs: at(opening[1]) };
}

/**
 * Highest cumulative energy between two distances (a crest the truck must get
 * over before a descent pays back), from a sparse table over the profile.
 */
function peakEnergy(profile: RouteProfile): (fromM: number, toM: number) => number {
  const v = profile.energyKWh, n = v.length;
  const levels: Float64Array[] = [v];
  for (let w = 1; 2 * w <= n; w *= 2) {
    const prev = levels[levels.length - 1];
    const next = new Float64Array(n - 2 * w + 1);
    for (let i = 0; i < next.length; i++) next[i] = Math.max(prev[i], prev[i + w]);
    levels.push(next);
  }
  const index = (d: number) => {
    let lo = 0, hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (profile.distM[mid] <= d) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  return (fromM, toM) => {
    const i = index(fromM), j = Math.max(i, index(toM));
    const k = 31 - Math.clz32(j - i + 1);
    const inner = Math.max(levels[k][i], levels[k][j - (1 << k) + 1]);
    return Math.max(inner, energyAt(profile, fromM), energyAt(profile, toM));
  };
}
