// bench:plan's baseline, not part of the product: the service's first charging
// planner, kept to measure what the optimizer saves against it.
// Where to stop and how much to charge: a greedy rule. From where the truck
// is, look at the stations it can reach above the reserve, prefer power and
// progress (score below), and charge just enough to finish the tour
// at battery_level_end, or to PREFERRED_MAX_SOC when that is not enough (more
// only when the next hop needs it). Not optimal; feasible and explainable.
import type { VehicleModel } from "../../src/engine/vehicles/catalog";
import { chargeDurationMin, socAfterCharging } from "../../src/engine/vehicles/charging";
import type { Candidate } from "../../src/engine/plan/candidates";
import { energyAt, type RouteProfile } from "../../src/engine/plan/profile";
import { RESERVE_SOC } from "../../src/engine/plan/rules";

/** Charging beyond this is slow (the curve tapers); charge further only when the next hop needs it. */
const PREFERRED_MAX_SOC = 0.8;

export interface ChargeStop {
  candidate: Candidate;
  arrivalSoc: number;
  departureSoc: number;
  chargeMin: number;
  energyKWh: number;
}

export type ChargePlan =
  | { ok: true; stops: ChargeStop[] }
  | { ok: false; stops: ChargeStop[]; code: "no_chargers_available" | "battery_depleted_mid_route"; message: string; stuckAtM: number };

export interface ChargeRules {
  batteryLevelStart: number;
  batteryLevelEnd: number;
  minChargeDurationMin: number;
}

/**
 * How much progress counts against power when choosing the next stop: a
 * station halfway to the farthest reachable one scores 75 % of its power.
 */
const PROGRESS_WEIGHT = 0.5;
const EPS = 1e-9;

export function planChargingStops(profile: RouteProfile, candidates: Candidate[], vehicle: VehicleModel, rules: ChargeRules): ChargePlan {
  const cap = vehicle.usableBatteryKWh;
  const totalKWh = energyAt(profile, profile.totalM);
  const stops: ChargeStop[] = [];
  const usedGroups = new Set<number>();
  let soc = rules.batteryLevelStart;
  let atM = 0;
  let atKWh = 0;

  const socOnArrival = (c: Candidate, fromSoc: number, fromKWh: number) =>
    fromSoc - (energyAt(profile, c.distM, c.leg) - fromKWh + c.detourKWh / 2) / cap;
  const reachableFrom = (fromM: number, fromSoc: number, fromKWh: number) =>
    candidates.filter((c) => c.distM > fromM + 1 && !usedGroups.has(c.hit.station.mapping) && socOnArrival(c, fromSoc, fromKWh) >= RESERVE_SOC - EPS);

  for (let guard = 0; guard <= candidates.length; guard++) {
    const endSoc = soc - (totalKWh - atKWh) / cap;
    if (endSoc >= rules.batteryLevelEnd - EPS) return { ok: true, stops };

    const reachable = reachableFrom(atM, soc, atKWh);
    if (reachable.length === 0) return stuck(profile, candidates, stops, soc, atM, atKWh, cap, endSoc >= RESERVE_SOC - EPS, rules);

    const farthest = reachable[reachable.length - 1].distM;
    const score = (c: Candidate) => c.powerKW * (1 - PROGRESS_WEIGHT + (PROGRESS_WEIGHT * (c.distM - atM)) / Math.max(1, farthest - atM));
    const chosen = reachable.reduce((best, c) => (score(c) >= score(best) ? c : best));

    const arrivalSoc = socOnArrival(chosen, soc, atKWh);
    const chosenKWh = energyAt(profile, chosen.distM, chosen.leg);
    const needSoc = (chosen.detourKWh / 2 + totalKWh - chosenKWh) / cap + rules.batteryLevelEnd;
    let target = Math.max(arrivalSoc, Math.min(needSoc, PREFERRED_MAX_SOC));
    if (needSoc > PREFERRED_MAX_SOC) {
      usedGroups.add(chosen.hit.station.mapping);
      const leaveSoc = PREFERRED_MAX_SOC - chosen.detourKWh / 2 / cap;
      const canGoOn =
        leaveSoc - (totalKWh - chosenKWh) / cap >= RESERVE_SOC - EPS || reachableFrom(chosen.distM, leaveSoc, chosenKWh).length > 0;
      if (!canGoOn) target = Math.min(needSoc, 1);
    }
    let chargeMin = chargeDurationMin(vehicle, chosen.powerKW, chosen.connector, arrivalSoc, target);
    if (chargeMin < rules.minChargeDurationMin) {
      chargeMin = rules.minChargeDurationMin;
      target = socAfterCharging(vehicle, chosen.powerKW, chosen.connector, arrivalSoc, chargeMin);
    }
    usedGroups.add(chosen.hit.station.mapping);
    stops.push({ candidate: chosen, arrivalSoc, departureSoc: target, chargeMin, energyKWh: (target - arrivalSoc) * cap });
    soc = target - chosen.detourKWh / 2 / cap;
    atM = chosen.distM;
    atKWh = chosenKWh;
  }
  throw new Error("charging stop search did not terminate");
}

function stuck(
  profile: RouteProfile, candidates: Candidate[], stops: ChargeStop[],
  soc: number, atM: number, atKWh: number, cap: number, reachesEnd: boolean, rules: ChargeRules,
): ChargePlan {
  const km = (m: number) => `${Math.round(m / 1000)} km`;
  if (candidates.length === 0) {
    return {
      ok: false, stops, stuckAtM: reachesEnd ? profile.totalM : depletionPoint(profile, soc, atM, atKWh, cap),
      code: "no_chargers_available",
      message: "No station in the corridor can charge this vehicle (after the poi_info filters, the vehicle's connectors and the minimum stop power)" +
        (reachesEnd ? `, and the battery cannot reach the destination at battery_level_end ${rules.batteryLevelEnd} without charging.` : "."),
    };
  }
  if (reachesEnd) {
    return {
      ok: false, stops, stuckAtM: profile.totalM, code: "no_chargers_available",
      message: `The destination is reached above the reserve but below battery_level_end ${rules.batteryLevelEnd}, and no usable station lies after ${km(atM)}.`,
    };
  }
  const stuckAtM = depletionPoint(profile, soc, atM, atKWh, cap);
  const next = candidates.find((c) => c.distM > atM + 1);
  return {
    ok: false, stops, stuckAtM, code: "battery_depleted_mid_route",
    message: `The battery reaches the ${Math.round(RESERVE_SOC * 100)} % reserve ${km(stuckAtM)} after the start` +
      (next ? `, before the next usable station at ${km(next.distM)}.` : "; no usable station lies beyond that point."),
  };
}

/** Distance at which the state of charge falls to the reserve. */
function depletionPoint(profile: RouteProfile, soc: number, atM: number, atKWh: number, cap: number): number {
  const budget = (soc - RESERVE_SOC) * cap;
  let lo = atM, hi = profile.totalM;
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    if (energyAt(profile, mid) - atKWh <= budget) lo = mid;
    else hi = mid;
  }
  return lo;
}
