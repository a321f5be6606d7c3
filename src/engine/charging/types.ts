// Input and output of the charging optimizer. Its own types, so it does not
// depend on the planner's internals; plan.ts maps its candidates onto these.
import type { Said } from "../text/message";

/** Minutes to charge from socFrom to socTo (0..1); Infinity when no power flows. */
export type ChargeTimeFn<C extends string = string> = (powerKW: number, connector: C, socFrom: number, socTo: number) => number;

/** A place along the route; all values cumulative from the tour start. */
export interface RoutePos {
  distM: number;
  /** Driving time from the start to this route point, minutes. */
  driveMin: number;
  /** Energy used from the start to this route point, kWh (may fall on descents). */
  energyKWh: number;
}

/** What charging costs at a charger, net EUR: per kWh into the battery, per session, per minute of charging. */
export interface ChargePrice {
  perKWh: number;
  sessionFee: number;
  perMin: number;
}

/** A price that depends on the arrival time (time-of-day tariffs). */
export interface ChargeTariff {
  at(arrivalMs: number): ChargePrice;
  /** The least perKWh it ever asks (for the bounds). */
  leastPerKWh: number;
}

export type Price = ChargePrice | ChargeTariff;

/**
 * What the search minimizes besides time: absent, the least time (ties: less
 * energy bought); else eurPerMin x time + the money spent on charging (a
 * charger without a price charges for free). A tiny eurPerMin is "cheapest":
 * money first, time only to break ties.
 */
export interface CostObjective {
  eurPerMin: number;
}

export interface StationPoint<C extends string = string> extends RoutePos {
  key: string;
  powerKW: number;
  connector: C;
  /** There and back between the route point and the station. */
  detourKWh: number;
  detourMin: number;
  /** Whether the station is open for arrivals over [fromMs, toMs]; absent: always open. */
  openDuring?: (fromMs: number, toMs: number) => boolean;
  /**
   * Expected wait for a free charging point on arrival, minutes (live status: engine/stations/live-status.ts):
   * part of the stop's fixed time, before the overhead and the charging; absent: 0.
   */
  queueMin?: number;
  /** At its arrival time (after the detour in); used by a cost objective. */
  price?: Price;
  /**
   * No daily rest by choice here: the site's parking is for vehicles while they charge (OCPI PLUGGED at
   * every point). A break, which charging mostly fills, is still taken; a wait for a driving ban is not a choice.
   */
  noRest?: boolean;
}

/** Window on the start of service, epoch ms; either end may be missing. */
export interface TimeWindow {
  earliestMs?: number | null;
  latestMs?: number | null;
}

/** A request section end; the last waypoint is the destination. */
export interface WaypointPoint<C extends string = string> extends RoutePos {
  key?: string;
  serviceMin: number;
  window?: TimeWindow | null;
  /**
   * A charger at the section end (a depot's or a customer's): it charges from
   * arrival through any wait, pause and the service, with no detour or overhead.
   */
  charger?: { powerKW: number; connector: C; price?: Price } | null;
}

export interface BreakRules {
  /** Driving allowed before a break is due (EU 561/2006: 4.5 h). */
  maxDriveMin: number;
  breakMin: number;
  /** Daily driving before the daily rest is due (9 h). */
  maxDailyDriveMin: number;
  restMin: number;
  /**
   * Shorter driving days than maxDailyDriveMin, by day of the tour (day i: after i daily rests;
   * day 0 includes the driver's driving before the tour); days beyond the list have the law's.
   * Where the 24-hour rule needs a day to end sooner (engine/plan/daily-span.ts).
   */
  dayCaps?: readonly number[];
  /**
   * The driver's preference: no daily rest before this much driving in the day (minutes), so a rest is not
   * taken hours after the last one only because charging fits it; a rest that falls due by the road, where
   * the day's driving ends, is always taken, and a wait for a driving ban long enough for a rest counts as one.
   */
  earliestRestDriveMin?: number;
}

export const EU_BREAK_RULES: BreakRules = { maxDriveMin: 270, breakMin: 45, maxDailyDriveMin: 540, restMin: 660 };

/** Driving already done when the tour starts. */
export interface DriverState {
  sinceBreakMin: number;
  todayMin: number;
}

export interface OptimizeInput<C extends string = string> {
  capacityKWh: number;
  startSoc: number;
  endSoc: number;
  reserveSoc: number;
  /** Per charging stop, beyond charging: parking, plugging, payment (not a break). */
  overheadMin: number;
  /** Floor on pure charging time per stop. */
  minChargeMin: number;
  departureMs: number;
  /** Sorted by distance or not; the optimizer sorts. */
  stations: StationPoint<C>[];
  /** In route order; at least one (the destination). */
  waypoints: WaypointPoint<C>[];
  chargeMinutes: ChargeTimeFn<C>;
  /**
   * Highest cumulative energy on the route between two distances. Without it,
   * the higher end: the reserve must also hold on a crest that recuperation
   * later pays back.
   */
  peakEnergyKWh?: (fromM: number, toM: number) => number;
  /**
   * Route distance at a driving time from the start (minutes): where a roadside pause that falls due
   * after that much driving is taken. Without it, linear in distance between the two points around it,
   * which places the pause where the route's real driving time may be more (or less) than the law's.
   */
  distAtDriveMin?: (driveMin: number) => number;
  breaks?: BreakRules;
  driver?: DriverState;
  /** SoC grid step (share of capacity) for charge targets that are not exact ones; default 0.005. */
  socStep?: number;
  /** Epoch ms after which the search stops with TimeLimitExceeded (a job's time limit). */
  deadlineMs?: number;
  /**
   * "beam": the heuristic pass's plan, no exact sweep unless the beam finds none (a re-plan of a
   * long tour, whose exact sweep would cost as much again); default "exact". Under a cutoff, where the
   * beam finds none below it and an exact sweep cannot settle that within a beam's work, the beam's plan
   * without the cutoff decides: not below it, OptimizeCutOff with stats.provenOptimal false.
   */
  effort?: "exact" | "beam";
  /**
   * Label sets (and the spaced bound's work, in set equivalents) the search may make before it gives up
   * with WorkLimitExceeded; absent: its own budgets alone (STEPS). daily-span.ts gives each re-plan what the earlier searches left of it.
   */
  maxWork?: number;
  /**
   * Only whether a plan exists matters where none does (a comparison, stop-gains.ts): when the bounds
   * after the first point show that no plan reaches the destination, say so then (battery_depleted, no
   * partial plan), without the search that finds how far the fullest plan gets (on an infeasible tour
   * nothing prunes it: 57,000 label sets, 1.7 s, seen).
   */
  failFast?: boolean;
  objective?: CostObjective;
  /** Driving bans on the route (bans.ts): no driving there during them; the truck waits before. */
  bans?: BanZone[];
}

/** A ban on a stretch of the route: no driving between the route's driving minutes fromDriveMin and toDriveMin during startMin..endMin (minutes from the departure). */
export interface BanZone {
  fromDriveMin: number;
  toDriveMin: number;
  startMin: number;
  endMin: number;
  /** The caller's reference (its ban period). */
  ref: number;
}

/** A wait for a driving ban: before the stretch from its place on, where the truck stopped or by the road. */
export interface PlannedBanWait {
  at: "roadside" | "charger" | "waypoint" | "start";
  /** Index into input.stations or input.waypoints (charger, waypoint). */
  index: number | null;
  distM: number;
  routeDriveMin: number;
  startMs: number;
  minutes: number;
  /** The pause the wait counts as (it is long enough for it): the driver's clocks start again. */
  counts_as: DriverOption;
  /** The zones (refs) it waits for. */
  refs: number[];
}

/** Planning ran past its deadline; the caller decides what that means for its job. */
export class TimeLimitExceeded extends Error {}

/** The charging search found no plan within its work limit (a tour too large to plan at once). */
export class SearchLimitExceeded extends Error {}

/** The charging search passed the caller's limit of work (OptimizeInput.maxWork) before it finished. */
export class WorkLimitExceeded extends Error {}

export type BreakKind = "break" | "rest";
export type DriverOption = "none" | BreakKind;

export interface PlannedStop {
  key: string;
  /** Index into input.stations. */
  station: number;
  distM: number;
  arrivalMs: number;
  departureMs: number;
  /** At the station, after the detour in / before the detour out. */
  arrivalSoc: number;
  departureSoc: number;
  chargeMin: number;
  energyKWh: number;
  /** Break or rest taken during the stop; it overlaps the charging. */
  breakKind: BreakKind | null;
  breakMin: number;
  /** Standing beyond overhead and charging: the part of a pause that charging does not fill. */
  waitMin: number;
  /** At the station: the wait for a free point + overhead + max(charge, break). */
  dwellMin: number;
  /** Waiting for a free charging point on arrival (StationPoint.queueMin), in dwellMin. */
  queueMin?: number;
  /** By the station's price (0 without one), net EUR. */
  moneyEur: number;
  /** Staying on for a driving ban (in dwellMin and departureMs). */
  banWaitMin?: number;
}

export interface PlannedBreak {
  kind: BreakKind;
  minutes: number;
  /** Taken while waiting for a driving ban (banWaits has the wait). */
  banWait?: boolean;
  /** Roadside: where it fell due; at a waypoint it overlaps the waiting; at a charger, the charging. */
  at: "roadside" | "waypoint" | "charger";
  distM: number;
  /** Route driving time where it is taken (cumulative from the start), minutes. */
  routeDriveMin: number;
  startMs: number;
  /** At a charger or waypoint: its key and index into input.stations / input.waypoints. */
  key?: string;
  index?: number;
}

export interface WaypointVisit {
  key?: string;
  /** Index into input.waypoints. */
  waypoint: number;
  distM: number;
  arrivalMs: number;
  serviceStartMs: number;
  departureMs: number;
  /** Waiting for the window beyond any break taken there. */
  waitMin: number;
  /** Charging at the section end's charger: from arrival; keeps the truck past its service only as long as it must. */
  charge: WaypointCharge | null;
  /** Service start after the window's latest; 0 when met. */
  lateMin: number;
  soc: number;
  /** Staying on after the service for a driving ban (in departureMs). */
  banWaitMin?: number;
}

export interface WaypointCharge {
  powerKW: number;
  chargeMin: number;
  energyKWh: number;
  arrivalSoc: number;
  departureSoc: number;
  /** Standing after the service (and any wait or pause) has ended, only for the charge. */
  extraMin: number;
  moneyEur: number;
}

export interface OptimizeTotals {
  totalMin: number;
  /** Route driving plus detours. */
  drivingMin: number;
  chargingMin: number;
  /** All breaks and rests, including those overlapping charging. */
  breakMin: number;
  overheadMin: number;
  /** Waiting for windows, for a free charging point, and standing at a section end past its service only to charge. */
  waitMin: number;
  /** Waiting for driving bans (not in waitMin; a wait that counts as a pause is in breakMin too). */
  banWaitMin?: number;
  serviceMin: number;
  chargedKWh: number;
  /** Charging bought, by the points' prices, net EUR. */
  moneyEur: number;
  /** eurPerMin x totalMin + moneyEur under a cost objective; else totalMin. */
  objective: number;
}

export interface OptimizePlan {
  ok: true;
  stops: PlannedStop[];
  /** Every break and rest in time order, wherever it is taken. */
  breaks: PlannedBreak[];
  waypoints: WaypointVisit[];
  /** Waits for driving bans, in time order. */
  banWaits?: PlannedBanWait[];
  totals: OptimizeTotals;
  arrivalMs: number;
  endSoc: number;
  /** null when no waypoint has a window. */
  timeWindowsReachable: boolean | null;
  stats: OptimizeStats;
}

export interface OptimizeInfeasible {
  ok: false;
  code: "battery_depleted" | "end_soc_unreachable";
  message: string;
  /** The message as a code and values, where the search has one. */
  said?: Said;
  /** Where the battery reaches the reserve at best (interpolated), or the destination. */
  atM: number;
  /** Cumulative route energy at that place, for the caller's own profile. */
  atEnergyKWh: number;
  /** battery_depleted: the next usable station beyond that place; null when none. */
  nextStationM: number | null;
  /**
   * The fullest plan up to where it fails (its stops, pauses and visits before that place), re-simulated
   * on to the destination with the battery going below the reserve: the caller's own profile shows it.
   */
  partial?: OptimizePlan;
  stats: OptimizeStats;
}

export type OptimizeResult = OptimizePlan | OptimizeInfeasible;

/**
 * optimizeChargingBelow: no plan, drivable or not, has an objective below the cutoff; with
 * stats.provenOptimal false, only the beam's word (effort "beam").
 */
export interface OptimizeCutOff {
  ok: false;
  code: "none_better";
  stats: OptimizeStats;
}

export interface OptimizeStats {
  /** Label sets created and the most alive at one point. */
  sets: number;
  maxSetsAtPoint: number;
  cells: number;
  /** Sweeps run: a heuristic and an exact one, twice when no plan meets the windows' latest. */
  passes: number;
  /** The dynamic programme's objective before re-simulation: minutes, or EUR under a cost objective. */
  dpMin: number;
  /**
   * Whether an exact sweep proved the plan the best; if not, how much better a plan could at most be
   * (minutes, or EUR under a cost objective).
   */
  provenOptimal?: boolean;
  gapMin?: number;
  /**
   * What building the spaced-rest bound costs, in label-set equivalents (a point and driver state
   * each, about a set's work), also where an earlier search's was taken over (boundShared), so that
   * limits of work do not depend on what earlier searches left; absent where none was needed.
   */
  boundWork?: number;
  /** The spaced-rest bound was an earlier search's that read the same (bounds.ts spaceRests): not built again. */
  boundShared?: true;
}
