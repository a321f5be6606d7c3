import type { Said } from "../text/message";
import type { BanOverrides } from "../bans/overrides";
import type { TenantPrices } from "../cost/contracts";
import type { RoadNetwork, RoutePath, SnappedPoint } from "../network/types";
import type { Router } from "../network/router";
import type { Snapper } from "../network/snap";
import type { StationIndex } from "../stations/corridor";
import type { LiveStatus } from "../stations/live-status";
import type { PoiFilter } from "../stations/filter";
import type { VehicleModel } from "../vehicles/catalog";

export interface PlanSection {
  start: [number, number];
  stop: [number, number];
  payloadKg: number;
  sectionId?: string | null;
  serviceTimeMin?: number | null;
  openingTime?: string[] | null;
  powerAvailableKW?: number | null;
  /** The weather to plan this section in: the request's or a forecast's (plan/weather.ts); absent: the climate normal. */
  weather?: SectionWeather | null;
}

/** The weather a section is planned in, and where it came from. */
export interface SectionWeather {
  temperatureC: number;
  windSpeedMs?: number | null;
  /** Where the wind comes from, degrees clockwise from north. */
  windFromDeg?: number | null;
  /** In the hour, mm (rain and melted snow). */
  precipitationMm?: number | null;
  snowfallCm?: number | null;
  /** request: the request's ambient_temperature_c; forecast: WEATHER_URL; climate_normal: 1991-2020 normals; reference: none known, 20 C. */
  source: "request" | "forecast" | "climate_normal" | "reference";
  confidence?: "measured" | "forecast" | "estimate";
  note?: string;
}

export interface PlanInput {
  vehicle: VehicleModel;
  batteryLevelStart: number;
  batteryLevelEnd: number;
  sections: PlanSection[];
  poiInfo: PoiFilter;
  corridorM: number;
  minChargeDurationMin: number;
  /** Departure instant, epoch milliseconds. */
  departureMs: number;
  serviceTimeDepartureMin: number;
  /** EUR net per hour of truck and driver, for the plan's cost; absent: the documented default. */
  valueOfTimeEurPerH?: number;
  /** What the charging plan minimizes; absent: fastest (the engine's own default; requests default to balanced). */
  objective?: "balanced" | "fastest" | "cheapest";
  /** The value of time the balanced search uses, where it differs from the reported one (a cost option's). */
  searchValueOfTimeEurPerH?: number;
  /** "beam": the charging search's beam plan alone, no exact sweep (route choice past its work limit). */
  searchEffort?: "beam";
  /** EUR net per km driven, detours included; absent: 0. */
  costPerKmEur?: number;
  /** Also plan the time-money trade-off (cost_options). */
  costOptions?: boolean;
  /** The driver's hours at departure; absent: rested, 9 h day. */
  driver?: DriverInput;
  /** Look for alternative routes and plan the charging on each (route-choice.ts); absent: true. */
  alternatives?: boolean;
  /** Prefer a drivable toll-free route to any tolled one. */
  avoidTolls?: boolean;
  /** false: plan as if no truck driving ban applied (the request's driving_bans); default: every ban applies. */
  drivingBans?: boolean;
  /** Ban rules the truck is exempt from (a permit, an exempt load): rule ids of bans/rules.ts. */
  drivingBanExemptions?: string[];
  /** Plan this route only: per section, 0 = its fastest road, j = its j-th alternative (a route_alternatives entry's route_choice). */
  routeChoice?: number[];
  /** Epoch ms by which planning must end (a job's time limit); never stored with the tour. */
  deadlineMs?: number;
  /**
   * Chargers busy at times (other trucks of the fleet, held slots: engine/fleet): per poi_id, spans
   * [fromMs, toMs) in which no arrival may fall there; the fleet planner widens them by the stay.
   */
  busySites?: Record<string, [number, number][]>;
  /** What the planning process said of the weather sources it asked (a forecast that failed, points beyond its range). */
  weatherWarnings?: Said[];
  /** Plan with no charging stop strictly inside these stretches of the route: what a stop gains (stop-gains.ts). */
  withoutStops?: RouteStretch[];
}

/** A stretch of the route, by route distance from the start (detours left out), m. */
export interface RouteStretch {
  fromM: number;
  toM: number;
}

export interface DriverInput {
  extendedDailyDriving: boolean;
  drivenSinceBreakMin: number;
  drivenTodayMin: number;
  /** Minutes from the end of the last daily rest to the tour's start; absent: drivenTodayMin. */
  sinceDailyRestMin?: number | null;
  /** Reduced (9 h) daily rests left before the next weekly rest. */
  reducedRestsLeft?: number;
  /** The driver's preference: no daily rest before this much driving in the day (BreakRules.earliestRestDriveMin). */
  earliestRestDriveMin?: number;
}

/** A section routed: its snapped ends and the road between them (legs.ts). */
export interface Leg {
  section: PlanSection;
  index: number;
  path: RoutePath;
  /** Network edge of each path segment coords[i]..coords[i+1]; -1 for the pieces to the snapped points. */
  segmentEdge: Int32Array;
  /**
   * The edge each segment lies on, pieces included, and the share of that
   * edge's length it covers (1 for whole edges): energy and climb per piece.
   */
  segmentOn: Int32Array;
  segmentShare: Float64Array;
  /** Network node at each path coordinate; -1 at the snapped end points and at the points of edge shapes. */
  coordNode: Int32Array;
  /** Ground elevation at each path coordinate (m; a snapped end point takes its neighbour's); NaN without terrain. */
  coordElevationM: Float64Array;
  from: SnappedPoint;
  to: SnappedPoint;
}

/** A leg but for the section it serves: what routing a section's ends makes. */
export type LegRoad = Omit<Leg, "section" | "index">;
/** Legs routed before, by their section's ends (PlanData.routedLegs), and their length in all (legs.ts keeps it bounded). */
export interface RoutedLegs {
  legs: Map<string, LegRoad>;
  km: number;
}

/** Where the plan's ban data comes from besides the calendar. */
export interface BanData {
  /** The operator's corrections (lifted and added bans); absent: none. */
  overrides?: BanOverrides;
  /** The subdivisions a point may lie in (bans/regions.ts); null or absent: not known, regional bans hold country-wide. */
  regionsAt?: (lat: number, lon: number) => string[] | null;
  /** Why the operator's overrides could not be read (the calendar alone is used): said in every plan. */
  overridesProblem?: string;
}

/** Data the planner runs on, loaded once per process and not changed (but for a caller's routedLegs). */
export interface PlanData {
  network: RoadNetwork;
  snapper: Snapper;
  router: Router;
  stations: StationIndex;
  /** Pack id -> version, recorded in every result. */
  versions: Record<string, string>;
  /** The tenant's own prices and value of time; absent: none. */
  prices?: TenantPrices;
  /** The operator's ban overrides and the subdivisions of places (regional bans); absent: the calendar alone, country-wide. */
  bans?: BanData;
  /** Live EVSE statuses of the tenant's sites (OCPI feeds), read by the planning process; absent: static data alone. */
  live?: LiveStatus;
  /**
   * Legs routed before on this data, by their section's ends (legs.ts routeLegs), which a caller that plans
   * the same sections again passes: a fleet's day re-plans its tours around busy sites (fleet/plan-fleet.ts).
   * The one thing here that changes: it only grows (to MAX_ROUTED_LEGS_KM of road), and routing the same ends
   * again would make the same leg.
   */
  routedLegs?: RoutedLegs;
}
