// The fleet planner's own terms: tours, the charger use each plan of a tour
// makes, and the sites' capacities. Pure; engine/fleet/plan-fleet.ts maps the
// single planner's results onto these.

/** One truck on one site over [startMs, endMs): its charging plus the stop's overhead. */
export interface SiteUse {
  site: string;
  startMs: number;
  endMs: number;
}

/** A plan of a tour as the fleet sees it: the sites it uses and what it costs. */
export interface TourOption {
  /** What distinguishes it (e.g. the sites it was re-planned without). */
  key: string;
  uses: SiteUse[];
  /** The tour's objective with this plan (minutes under `fastest`, EUR under a cost objective). */
  objective: number;
}

export interface FleetTour {
  id: string;
  /** Higher goes first; its objective weighs (1 + priority) in the fleet's total. */
  priority: number;
  /** Plans to choose from; the first is the tour's own, planned alone. */
  options: TourOption[];
  /** What a minute of delay (departing later) adds to the objective (1 for minutes; the value of time for cost). */
  delayPerMin: number;
}

export interface FleetInstance {
  tours: FleetTour[];
  /** Trucks a site charges at once; a site not listed has 1. */
  capacity: ReadonlyMap<string, number>;
  /** Uses held already (committed plans): fixed, counted against capacity. */
  held?: SiteUse[];
  /** Longest delay a tour may be given, ms. */
  maxDelayMs: number;
}

/** What the fleet planner decided for a tour. */
export interface TourChoice {
  id: string;
  /** Index into the tour's options; -1 where no option fits within maxDelayMs. */
  option: number;
  delayMs: number;
  /** The option's objective plus the delay's. */
  objective: number;
}

export interface FleetSchedule {
  choices: TourChoice[];
  /** Sum over tours of (1 + priority) x objective: what the planner minimizes. */
  weighted: number;
  /** Sum of the tours' objectives. */
  total: number;
  /** Tours that could not be placed. */
  unplaced: string[];
}

export const weightOf = (t: FleetTour) => 1 + Math.max(0, t.priority);
