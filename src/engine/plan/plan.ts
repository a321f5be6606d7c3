// snap -> route -> corridor -> filter -> simulate + choose stops -> assemble.
import { FIGURE_NAMES, type VehicleFigures } from "../../contract/fleet";
import type { PlanResult, ResultAvailableStation, ResultPOI } from "../../contract/result";
import type { CorridorHit } from "../stations/corridor";
import { filterStations } from "../stations/filter";
import { periodAt, zoneOf } from "../stations/opening";
import { tollSummary, tollsForEdges, tollVehicle } from "../tolls/compute";
import { grossMassKg } from "../vehicles/energy";
import { flatConsumptionKWhPerKm } from "../vehicles/physics";
import { assembleSections } from "./assemble";
import { toCandidate, type Candidate } from "./candidates";
import type { BreakRules, OptimizeInfeasible, OptimizeInput, OptimizePlan } from "../charging/types";
import { probeCharging } from "../charging/optimize";
import { sameFieldsBut } from "../same-fields";
import type { ChargeConnector } from "../vehicles/charging";
import { DAY_MIN, dutyDays, keepsDailySpan, optimizeWithinDailySpanBelow, REDUCED_REST_MIN, spanMin, type SpanRules } from "./daily-span";
import { asRequestPlan, withCostOptions, withObjectiveTies } from "./cost-options";
import { rememberSectionEnds, withStopGains } from "./stop-gains";
import { optimizerInput, valueOfTime } from "./optimizer-input";
import { costPlan } from "../cost/plan-cost";
import { implausibleRoutes } from "./plausibility";
import { sectionChargers, type SectionCharger } from "./section-chargers";
import { routeLegs, type Leg } from "./legs";
import { chooseRoute } from "./route-choice";
import { checkDeadline } from "./deadline";
import { legDetourM, legHits } from "./leg-stations";
import { buildProfile, edgePiecesBetween, physicsEnergy, type RouteProfile } from "./profile";
import { NO_COUNTRY } from "../network/types";
import { DETOUR_SPEED_KMH, MIN_STOP_POWER_KW, RESERVE_SOC } from "./rules";
import type { PlanData, PlanInput, SectionWeather } from "./types";
import { banWaitWhereParkingIsForCharging, preferKnownTruckSites, TRUCK_SITE_MARGIN_MIN, truckAccessOf } from "./truck-access";
import { withLocalTimes } from "../time/result-times";
import { part, say, verbatim, warningFields, type MessageCode, type Said } from "../text/message";
import { banWarnings, drivingBansOf, routeBans } from "./driving-bans";
import { stationZone, zoneOnRoad } from "../time/zones";
import { ambientOf, isReference, legWeather } from "./weather";
import { preconditioningKWh } from "../vehicles/ambient";
import { liveWarnings } from "./live-stops";

/** The route and the stations along it, as the optimizer gets them (also the greedy baseline's input in bench:plan). */
export interface PlannedRoute {
  legs: Leg[];
  profile: RouteProfile;
  /** Every station of the corridor, each once (its first pass). */
  hits: CorridorHit[];
  /** The usable ones after poi_info, one per pass of the route, with road detours, in route order. */
  candidates: Candidate[];
  /** Per section, the charger at its end (the request's power there, or the tenant's own site); null where none. */
  sectionChargers: (SectionCharger | null)[];
  /** Per section, the weather it is planned in (weather.ts). */
  weather: SectionWeather[];
  /** The route's profile at 20 C in still air; null where every section's weather is that. */
  referenceProfile: RouteProfile | null;
  warnings: Said[];
}

export function planRoute(input: PlanInput, data: PlanData, legs = routeLegs(data, input.sections)): PlannedRoute {
  checkDeadline(input.deadlineMs, "the route search");
  const massKg = input.sections.map((s) => grossMassKg(input.vehicle, s.payloadKg));
  const weather = legWeather(input, data.network, legs, input.departureMs + input.serviceTimeDepartureMin * 60_000);
  const sectionWeather = weather.legs;
  // Detours are driven off the motorway: flat road at the detour speed, in the section's weather (no wind).
  const kWhPerKm = massKg.map((m, k) => flatConsumptionKWhPerKm(input.vehicle, m, DETOUR_SPEED_KMH, isReference(sectionWeather[k]) ? undefined : ambientOf(sectionWeather[k])));
  const profile = buildProfile(legs, physicsEnergy(data.network, input.vehicle, massKg, sectionWeather), data.network);
  // The same route at 20 C in still air: what the weather adds, section by section (only where it adds anything).
  const reference = sectionWeather.some((w) => !isReference(w)) ? buildProfile(legs, physicsEnergy(data.network, input.vehicle, massKg), data.network) : null;
  const refKWhPerKm = massKg.map((m) => flatConsumptionKWhPerKm(input.vehicle, m, DETOUR_SPEED_KMH));

  // Every pass of the route by a station is its own candidate: a road driven twice
  // (depot -> customer -> depot) has its chargers both times.
  const passes = legs.flatMap((leg, k) => legHits(data, leg, input.corridorM).map((hit) => ({ hit, k })));
  const hits = uniqueStations(passes.map((p) => p.hit));
  const { kept, warnings } = filterStations(hits, input.poiInfo);
  const keptIds = new Set(kept.map((h) => h.station.poiId));
  const usable = passes.filter((p) => keptIds.has(p.hit.station.poiId));
  // Only a network of the roads' own geometry tells which side of the road a site is on.
  const exactRoads = /OpenStreetMap/i.test(data.network.attribution ?? "");
  const measured = usable
    .map(({ hit, k }) => {
      // Only a station the vehicle can use is worth measuring on the road.
      if (!toCandidate(input.vehicle, hit, k, profile.legStartM[k], kWhPerKm[k])) return null;
      checkDeadline(input.deadlineMs, "measuring road detours to stations");
      return toCandidate(input.vehicle, { ...hit, detourM: legDetourM(data, legs[k], hit) }, k, profile.legStartM[k], kWhPerKm[k], exactRoads ? legs[k].path.coords : undefined);
    })
    .filter((c): c is Candidate => c !== null)
    .sort((a, b) => a.distM - b.distM);
  // A site of unknown truck access only where no known truck site nearly as good is near (truck-access.ts).
  // A cold battery is brought to charging temperature on the way in: that energy counts with the detour there.
  const candidates = preferKnownTruckSites(measured).map((c) => {
    if (!reference) return c;
    const warm = preconditioningKWh(sectionWeather[c.leg].temperatureC, input.vehicle);
    const weatherKWh = c.detourKWh - (c.hit.detourM / 1000) * refKWhPerKm[c.leg] + warm;
    return { ...c, detourKWh: c.detourKWh + warm, weatherKWh, preconditioningKWh: warm };
  });
  const usableSites = new Set(candidates.map((c) => c.hit.station.poiId)).size;
  if (kept.length > usableSites) {
    warnings.push(say("stations.not_usable", {
      unusable: kept.length - usableSites, total: kept.length, min_kw: MIN_STOP_POWER_KW, connectors: connectorsOf(input),
      closed: closedToTrucks(kept.map((h) => h.station)),
    }));
  }
  warnings.push(...weather.warnings);
  return { legs, profile, hits, candidates, sectionChargers: sectionChargers(input.vehicle, input.sections, data.stations), weather: weather.legs, referenceProfile: reference, warnings };
}

export function plan(input: PlanInput, data: PlanData): PlanResult {
  const startedMs = Date.now();
  const legs = routeLegs(data, input.sections);
  checkDeadline(input.deadlineMs, "the route search");
  let route: PlannedRoute, main: PlanResult;
  if (input.alternatives === false) {
    route = planRoute(input, data, legs);
    main = resultFor(input, data, route);
  } else {
    // The fastest road and its alternatives, each planned where it can still win (route-choice.ts).
    // Ties are broken only on the routes that can still win once all are planned (route-choice.ts settleTies).
    // A road is routed once, however often route choice looks at it (a probe, then its whole search).
    const routes = new Map<Leg[], PlannedRoute>();
    const routeOf = (l: Leg[]) => {
      let r = routes.get(l);
      if (!r) routes.set(l, (r = planRoute(input, data, l)));
      return r;
    };
    const chosen = chooseRoute(input, data, legs, (l, cutoff = Infinity, effort) => {
      const r = routeOf(l);
      return { route: r, ...searchTiesLater(effort ? { ...input, searchEffort: effort } : input, data, r, cutoff) };
    }, (l, cutoff) => {
      const { request } = searchRequest(input, data, routeOf(l));
      // Chargers that refuse arrivals by time (opening hours, a fleet's busy sites, live closures) make a
      // search under a cutoff approximate there (a set is refused whole): route choice keeps its first order.
      if (request.stations.some((st) => st.openDuring)) return null;
      const { objective, work, plan: beamPlan } = probeCharging(request, cutoff);
      // A plan that breaks the 24-hour rule is made again with shorter days: its objective is only a first estimate.
      return { objective, work, final: !beamPlan?.ok || keepsDailySpan(beamPlan, request, spanRules(input, request.breaks!)) };
    });
    route = chosen.route as PlannedRoute;
    main = { ...chosen.result, route_alternatives: chosen.alternatives };
  }
  // Each stop not needed says what it gains; one that gains too little is not made (stop-gains.ts).
  const planned = main;
  const gains = (i: PlanInput, r: PlanResult, spentMs: number, asMain: (x: PlanResult) => PlanResult) => withStopGains(i, data, r, spentMs,
    (without, deadlineMs) => resultFor({ ...i, withoutStops: without, deadlineMs, costOptions: false }, data, route), asMain);
  main = gains(input, planned, Date.now() - startedMs, (r) => asRequestPlan(planned, r, input.objective ?? "fastest"));
  if (!input.costOptions || main.status !== "succeeded") return main;
  // Each option's stops say what they gain under its own objective, as the request's plan's do.
  const alternatives = main.route_alternatives;
  const asOption = (r: PlanResult) => ({ ...r, route_alternatives: alternatives });
  return withCostOptions(input, data, main, (i) => {
    const t0 = Date.now();
    const r = asOption(resultFor(i, data, route));
    return gains(i, r, Date.now() - t0, asOption);
  }, (i, r) => gains(i, r, 0, asOption));
}

/** The plan on a routed tour under the input's objective, its ties broken. */
function resultFor(input: PlanInput, data: PlanData, route: PlannedRoute): PlanResult {
  const found = searchTiesLater(input, data, route, Infinity);
  return ("withTies" in found ? found.withTies() : found).result!;
}

/**
 * searchFor, and `withTies`: the objective's ties broken at the result's resolution against a second plan
 * (cost-options.ts), run when called (route choice runs it only on the routes that can still win).
 */
function searchTiesLater(input: PlanInput, data: PlanData, route: PlannedRoute, cutoff: number): ReturnType<typeof searchFor> | (ReturnType<typeof searchFor> & { result: PlanResult; withTies: () => { result: PlanResult; work: number } }) {
  const found = searchFor(input, data, route, cutoff);
  const result = found.result;
  if (!result) return found;
  return { ...found, result, withTies: () => withObjectiveTies(input, data.prices, { result, work: found.work }, (i, c) => searchFor(i, data, route, c)) };
}

/**
 * The charging search's request on a routed tour, made once per input (but for its effort): a probe of
 * the road and its whole search then pass the same objects (optimize.ts probeCharging).
 */
function searchRequest(input: PlanInput, data: PlanData, route: PlannedRoute): ReturnType<typeof requestOf> {
  let made = requests.get(route);
  if (!made) requests.set(route, (made = []));
  let hit = made.find((m) => m.data === data && sameFieldsBut(m.input, input, ["searchEffort"]));
  if (!hit) {
    hit = { input, data, made: requestOf({ ...input, searchEffort: undefined }, data, route) };
    made.push(hit);
    if (made.length > MAX_REQUESTS_PER_ROUTE) made.shift();
  }
  const { request } = hit.made;
  return {
    ...hit.made,
    request: input.searchEffort ? { ...request, effort: input.searchEffort } : request,
  };
}

/** Requests kept per route: its plan, its tie search, a few comparisons (stop gains) at most share one. */
const MAX_REQUESTS_PER_ROUTE = 8;
const requests = new WeakMap<PlannedRoute, { input: PlanInput; data: PlanData; made: ReturnType<typeof requestOf> }[]>();

/** The charging search's request on a routed tour: its candidates (less the stretches `withoutStops` names) and the bans on its road. */
function requestOf(input: PlanInput, data: PlanData, route: PlannedRoute) {
  const without = input.withoutStops ?? [];
  const candidates = without.length
    ? route.candidates.filter((c) => !without.some((w) => c.distM > w.fromM && c.distM < w.toM))
    : route.candidates;
  const bans = routeBans(input, data.network, route.profile, input.departureMs + input.serviceTimeDepartureMin * 60_000, data.bans);
  const chargeTemperatureC = Math.min(...route.weather.map((w) => w.temperatureC));
  const request = {
    ...optimizerInput(input, route.profile, candidates, route.sectionChargers, data.prices, chargeTemperatureC, data.live), ...(bans.zones.length ? { bans: bans.zones } : {}),
    // A plan without some stops is a comparison: where it cannot be driven, that is all it needs to say.
    ...(without.length ? { failFast: true } : {}),
    ...(input.searchEffort ? { effort: input.searchEffort } : {}),
  };
  return { candidates, bans, request, chargeTemperatureC };
}

/** The charging search's request on the fastest road of a tour, as a plan makes it (bench/exactness.ts audits the search with it). */
export function fastestRoadRequest(input: PlanInput, data: PlanData): OptimizeInput<ChargeConnector> {
  return searchRequest(input, data, planRoute(input, data)).request;
}

/**
 * The plan, and the label sets its search made. `cutoff` (route choice): no result where no plan has an
 * optimizer objective below it (optimizeWithinDailySpanBelow); `unproven`: only the beam's word for that.
 */
function searchFor(input: PlanInput, data: PlanData, route: PlannedRoute, cutoff: number): { result: PlanResult | null; work: number; unproven?: true } {
  const { legs, profile, hits, sectionChargers: chargers } = route;
  const { candidates, bans, request, chargeTemperatureC } = searchRequest(input, data, route);
  const warnings = [...route.warnings];
  // Times in warnings and the result's local siblings: on the departure's clock.
  const departureZone = zoneOnRoad(data.network, legs[0].from.edge, input.sections[0].start[0], input.sections[0].start[1]);
  const span = spanRules(input, request.breaks!);
  const outcome = optimizeWithinDailySpanBelow(request, span, cutoff);
  if ("cutOff" in outcome) return { result: null, work: outcome.work, ...(outcome.unproven ? { unproven: true as const } : {}) };
  const { result: optimized, shortenedDays, tooLong, work } = outcome;
  checkDeadline(input.deadlineMs, "the charging search");
  // A plan that runs out shows what it can do before that: its stops up to there, then driving on.
  const timeline = assembleSections(input, data.network, legs, profile, optimized.ok ? optimized : optimized.partial ?? null, candidates, request, chargers, !optimized.ok, bans.periods, { legs: route.weather, reference: route.referenceProfile }, data.live);
  const drivable = optimized.ok;
  // A plan re-made for the 24-hour rule is not proven the fastest under it anyway; its warning says so.
  if (optimized.ok && optimized.stats.provenOptimal === false && !shortenedDays.some((c) => c !== null)) {
    const gap = optimized.stats.gapMin ?? 0;
    warnings.push(request.objective
      ? say("search.not_proven_best", { objective: input.objective ?? "fastest", gap_eur: Math.ceil(gap * 100) / 100 })
      : say("search.not_proven_fastest", { gap_minutes: Math.ceil(gap) }));
  }
  // What each shortened day drives in the plan (the stops show the same), beside the most it was allowed.
  const planDays = optimized.ok ? dutyDays(optimized, request, span) : [];
  const before = request.driver?.todayMin ?? 0;
  const shortened = shortenedDays.flatMap((c, i) => {
    if (c === null) return [];
    const driven = planDays[i] ? planDays[i].driveMin - (i === 0 ? before : 0) : null;
    // The driver's day began long enough before the tour that it ends before any driving.
    if (i === 0 && driven !== null && driven < 0.5) return [part("drivers.day_rests_first", { began_min: (request.departureMs - span.restEndedMs) / 60_000 })];
    return [driven === null
      ? part("drivers.day_ends_at_most", { day: i + 1, cap_min: c })
      : part("drivers.day_ends_after", { day: i + 1, driven_min: driven, cap_min: c, before: i === 0 && before ? "yes" : "no", before_min: before })];
  });
  if (shortened.length) {
    warnings.push(say("drivers.day_span_shortened", {
      max_span_min: span.maxSpanMin, last_span_min: span.lastSpanMin, last_differs: span.lastSpanMin !== span.maxSpanMin ? "yes" : "no", days: shortened,
    }));
  }
  for (const d of tooLong) {
    warnings.push(say("drivers.day_too_long", {
      from_time: new Date(d.fromMs).toISOString(), to_time: new Date(d.toMs).toISOString(), zone: departureZone,
      span_min: spanMin(d), limit_min: d.last ? span.lastSpanMin : span.maxSpanMin,
    }));
  }
  const earliestRest = input.driver?.earliestRestDriveMin ?? 0;
  if (earliestRest > 0 && optimized.ok && optimized.breaks.some((b) => b.kind === "rest")) {
    warnings.push(say("drivers.earliest_rest", { earliest_min: earliestRest }));
  }
  const estimated = optimized.ok ? estimatedStops(optimized, candidates) : null;
  if (estimated) warnings.push(estimated);
  const unknownAccess = optimized.ok ? unknownTruckAccess(optimized, candidates) : null;
  if (unknownAccess) warnings.push(unknownAccess);
  const parkingWait = optimized.ok ? banWaitWhereParkingIsForCharging(optimized, candidates) : null;
  if (parkingWait) warnings.push(parkingWait);
  if (optimized.ok) warnings.push(...liveWarnings(optimized, candidates, data.live));
  warnings.push(...banWarnings(optimized.ok ? optimized : null, bans));
  if (data.bans?.overridesProblem && input.drivingBans !== false) warnings.push(say("bans.overrides_unreadable", { detail: data.bans.overridesProblem }));
  warnings.push(...implausibleRoutes(input.sections, legs.map((_, k) => profile.legStartM[k + 1] - profile.legStartM[k]), data.network));
  const departure = input.departureMs + input.serviceTimeDepartureMin * 60_000;
  const windows = input.sections.some((s) => s.openingTime);
  const reachable = optimized.ok ? optimized.timeWindowsReachable : null;
  const tolls = tollSummaryFor(data.network, profile, input);
  const durationMin = round1((timeline.endMs - input.departureMs) / 60_000);
  const sites = new Map(candidates.map((c) => [c.hit.station.poiId, c.hit.station]));
  // A not-drivable plan has no cost to speak of (its stops after the gap are not reachable).
  const cost = drivable ? { ...costPlan(timeline.sections, (id) => sites.get(id), tolls, durationMin, valueOfTime(input, data.prices), data.prices, input.costPerKmEur ?? 0), objective: input.objective ?? "fastest" } : null;
  const result: PlanResult = {
    status: drivable ? "succeeded" : "not_drivable",
    battery_level_start: input.batteryLevelStart,
    battery_level_end: Math.max(0, Math.round(timeline.endSoc * 10_000) / 10_000),
    qualification: drivable ? "Driveable" : "not_drivable",
    sections: timeline.sections,
    // Every station of the corridor, also where a stretch was planned without stops (what a stop gains).
    poi_list: poiList(route.candidates, timeline.clockAt),
    poi_filter: input.poiInfo,
    optimal_departure_time: optimized.ok && windows && reachable ? new Date(optimalDeparture(optimized, departure, request.waypoints.map((w) => w.window?.latestMs ?? null))).toISOString() : null,
    time_windows_reachable: !windows || reachable === null ? "Not considered" : reachable ? "True" : "False",
    available_charging_stations: hits.map(availableStation),
    not_drivable_reason: optimized.ok ? null : notDrivableReason(optimized, candidates.length, timeline.reserveCrossM, uncovered(data, profile, timeline.reserveCrossM ?? optimized.atM)),
    toll_summary: tolls,
    driving_bans: input.drivingBans === false ? null : drivingBansOf(bans, optimized.ok ? optimized : null, departure, timeline.endMs),
    ...warningFields(warnings),
    totals: {
      distance_m: Math.round(timeline.distanceM),
      driving_time_min: round1(timeline.drivingMin),
      charging_time_min: round1(timeline.chargingMin),
      break_time_min: round1(timeline.breakMin),
      waiting_time_min: round1(timeline.waitMin),
      duration_min: durationMin,
      service_time_min: round1(input.serviceTimeDepartureMin + input.sections.reduce((a, s) => a + (s.serviceTimeMin ?? 0), 0)),
      energy_kWh: round1(timeline.energyKWh),
      charged_kWh: round1(timeline.chargedKWh),
      // A stop that only hosts a pause (a cost objective's early rest at a site) charges nothing.
      charging_stops: optimized.ok ? optimized.stops.filter((s) => s.energyKWh > 1e-9).length : 0,
      departure_time: new Date(departure).toISOString(),
      arrival_time: new Date(Math.round(timeline.arrivalMs)).toISOString(),
      end_time: new Date(Math.round(timeline.endMs)).toISOString(),
      cost,
      weather: weatherTotals(timeline.sections, chargeTemperatureC),
    },
    planned_on: data.versions,
    driving_rules: {
      max_driving_before_break_min: request.breaks!.maxDriveMin,
      break_min: request.breaks!.breakMin,
      max_daily_driving_min: request.breaks!.maxDailyDriveMin,
      daily_rest_min: request.breaks!.restMin,
      driven_since_break_min: request.driver!.sinceBreakMin,
      driven_today_min: request.driver!.todayMin,
      daily_rest_ended_at: new Date(span.restEndedMs).toISOString(),
      max_duty_span_min: span.maxSpanMin,
      max_last_duty_span_min: span.lastSpanMin,
      duty_span_kept: tooLong.length === 0,
      daily_driving_shortened_to_min: shortenedDays.length ? shortenedDays : null,
    },
    vehicle: { model_code: input.vehicle.code, figures: figuresOf(input.vehicle) },
    route_profile: timeline.routeProfile,
  };
  const out = withLocalTimes(result, departureZone);
  rememberSectionEnds(out.sections, timeline.sectionEndM, optimized.ok && optimized.stats.provenOptimal === false);
  return { result: out, work };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/** The 24-hour rule for this driver: the last rest's end, and how long a day may span with 11 h (or a reduced 9 h) rest after it. */
function spanRules(input: PlanInput, rules: BreakRules): SpanRules {
  const since = input.driver?.sinceDailyRestMin ?? input.driver?.drivenTodayMin ?? 0;
  return {
    restEndedMs: input.departureMs - since * 60_000,
    maxSpanMin: DAY_MIN - rules.restMin,
    lastSpanMin: DAY_MIN - ((input.driver?.reducedRestsLeft ?? 0) > 0 ? Math.min(rules.restMin, REDUCED_REST_MIN) : rules.restMin),
  };
}

/** Each station once, at its first pass. */
function uniqueStations(hits: CorridorHit[]): CorridorHit[] {
  const seen = new Set<number>();
  return hits.filter((h) => !seen.has(h.station.poiId) && seen.add(h.station.poiId));
}


function figuresOf(v: PlanInput["vehicle"]): VehicleFigures {
  return Object.fromEntries(FIGURE_NAMES.map((k) => [k, v[k]])) as VehicleFigures;
}

/**
 * The departure that removes the plan's first wait: later by that wait, as far
 * as earlier windows' latest allow. The truck then arrives as that window opens,
 * with the window's whole length left as a buffer against delays, and the rest
 * of the plan is unchanged (the wait absorbed the shift). Departing later still
 * would also wait less, but eat into that buffer.
 */
function optimalDeparture(plan: OptimizePlan, departure: number, latest: (number | null)[]): number {
  let slack = Infinity;
  for (const v of plan.waypoints) {
    if (v.waitMin > 0) return departure + Math.min(v.waitMin * 60_000, slack);
    const l = latest[v.waypoint];
    if (l != null) slack = Math.min(slack, l - v.serviceStartMs);
  }
  return departure;
}

/**
 * Why the tour cannot be driven, at the place where the result's own simulation
 * (its sections and route_profile) first goes below the reserve.
 */
/** Countries of the station data, per index. */
const covered = new WeakMap<PlanData["stations"], Set<string>>();

/** The country where the tour runs out, when the charger data has no station there at all; else null. */
function uncovered(data: PlanData, profile: RouteProfile, atM: number): string | null {
  const a = data.network.attributes;
  if (!a) return null;
  let i = 0;
  for (let lo = 0, hi = profile.distM.length - 1; lo <= hi; ) {
    const mid = (lo + hi) >> 1;
    if (profile.distM[mid] <= atM) (i = mid), (lo = mid + 1);
    else hi = mid - 1;
  }
  let e = -1;
  for (let j = i; j >= 0 && e < 0; j--) e = profile.segmentEdge[j];
  const country = e >= 0 && a.country[e] !== NO_COUNTRY ? a.countries[a.country[e]] : null;
  if (!country) return null;
  let have = covered.get(data.stations);
  if (!have) covered.set(data.stations, (have = new Set(data.stations.stations.map((s) => s.country))));
  return have.has(country) ? null : country;
}

/** Says how many stops charge at a power the data only assumes, and where. */
function estimatedStops(plan: OptimizePlan, candidates: Candidate[]): Said | null {
  const sites = plan.stops.map((s) => candidates[s.station].hit.station).filter((s) => s.powerEstimated);
  if (sites.length === 0) return null;
  return say("stations.power_estimated", { count: sites.length, stops: plan.stops.length, countries: [...new Set(sites.map((s) => s.country))].sort().join(", ") });
}

/** The plan's charging stops whose truck access no data states (truck_access "unknown"), said rather than assumed. */
function unknownTruckAccess(plan: OptimizePlan, candidates: Candidate[]): Said | null {
  const sites = [...new Map(plan.stops.map((s) => candidates[s.station].hit.station).filter((s) => !truckAccessOf(s).known).map((s) => [s.poiId, s])).values()];
  if (sites.length === 0) return null;
  return say("stations.truck_access_unknown", {
    count: sites.length, names: sites.slice(0, 5).map((s) => s.name).join("; "), more: Math.max(0, sites.length - 5), margin_minutes: TRUCK_SITE_MARGIN_MIN,
  });
}

/** Who closed sites to trucks: the source's OSM tag ("source"), a station overlay, both, or none. */
function closedToTrucks(sites: Candidate["hit"]["station"][]): "source" | "overlay" | "both" | "none" {
  const closed = sites.filter((s) => s.truckAccess === "no");
  const byOverlay = (s: Candidate["hit"]["station"]) => s.provenance?.truckAccess?.startsWith("overlay") === true;
  const bySource = closed.some((s) => !byOverlay(s)), overlay = closed.some(byOverlay);
  return bySource && overlay ? "both" : bySource ? "source" : overlay ? "overlay" : "none";
}

function notDrivableReason(r: OptimizeInfeasible, usable: number, crossM: number | null, noData: string | null) {
  const code = r.code === "battery_depleted" && usable > 0 ? "battery_depleted_mid_route" : "no_chargers_available";
  const atM = r.code === "battery_depleted" && crossM !== null ? crossM : r.atM;
  const km = (m: number) => Math.round(m / 1000);
  const what = r.code !== "battery_depleted" ? r.said ?? verbatim(r.message)
    : say("not_drivable.depleted", {
      reserve_percent: Math.round(RESERVE_SOC * 100), at_km: km(atM),
      next: r.nextStationM != null && r.nextStationM > atM ? "yes" : "no", next_km: r.nextStationM != null ? km(r.nextStationM) : 0,
    });
  const said = say("not_drivable.reason", { no_station: usable === 0 ? "yes" : "no", what: [what], no_data: noData ? "yes" : "no", country: noData ?? "" });
  return { code, message: said.text, text_message: { code: said.code, values: said.values }, distance_from_start_m: Math.round(atM) } as const;
}

/** Per toll system over the whole tour; null when no tolled road is driven (as the spec has it). */
function tollSummaryFor(net: PlanData["network"], profile: RouteProfile, input: PlanInput) {
  if (!net.attributes) return null;
  // The same pieces as the sections' tolls (assemble.ts), leg by leg: the sections add up to this.
  const edges: number[] = [], lengthsM: number[] = [];
  for (let k = 0; k + 1 < profile.legStartM.length; k++) {
    const p = edgePiecesBetween(profile, k, profile.legStartM[k], profile.legStartM[k + 1]);
    edges.push(...p.edges);
    lengthsM.push(...p.lengthsM);
  }
  const summary = tollSummary(tollsForEdges(net, edges, tollVehicle(input.vehicle), new Date(input.departureMs), undefined, lengthsM));
  return summary.length ? summary.map((s) => ({ ...s })) : null;
}

function connectorsOf(input: PlanInput): string {
  const v = input.vehicle;
  return [v.maxCcsKW ? `CCS ${v.maxCcsKW} kW` : null, v.maxMcsKW ? `MCS ${v.maxMcsKW} kW` : null].filter(Boolean).join(", ") || "none";
}

function poiList(candidates: Candidate[], clockAt: (distM: number) => number): ResultPOI[] {
  const positions = new Map<string, number>();
  for (const c of candidates) {
    const key = `${c.hit.station.lat.toFixed(6)},${c.hit.station.lon.toFixed(6)}`;
    positions.set(key, (positions.get(key) ?? 0) + 1);
  }
  return candidates.map((c) => {
    const s = c.hit.station;
    return {
      title: s.name,
      address: s.address,
      distance_from_start: Math.round(c.distM),
      position_lat: s.lat,
      position_lon: s.lon,
      power: s.powerKW,
      detour_from_route: Math.round(c.hit.detourM),
      section: c.leg,
      position_lat_route: Math.round(c.hit.routeLat * 1e6) / 1e6,
      position_lon_route: Math.round(c.hit.routeLon * 1e6) / 1e6,
      poi_id: s.poiId,
      mapping: s.mapping,
      represents: s.represents,
      poi_crash: (positions.get(`${s.lat.toFixed(6)},${s.lon.toFixed(6)}`) ?? 0) > 1 ? 1 : 0,
      ...openingPeriod(s, clockAt(c.distM) + (c.detourMin / 2) * 60_000),
      poi_arrival_time: new Date(Math.round(clockAt(c.distM))).toISOString(),
      time_zone: stationZone(s),
      bookable: s.bookable,
      location_id: s.locationId,
      operator: s.operator,
      connectors: s.connectors,
      usable_power_kW: c.powerKW,
      ...stationFacts(s),
    };
  });
}

/** Where a site comes from, and each attribute's source where sources were merged or overlaid. */
function stationFacts(s: Candidate["hit"]["station"]) {
  return {
    charge_points: s.points > 0 ? s.points : null,
    power_estimated: s.powerEstimated === true,
    external_id: s.externalId,
    source: s.source,
    ...(s.mergedFrom ? { merged_from: s.mergedFrom } : {}),
    ...(s.provenance ? { attribute_sources: s.provenance } : {}),
  };
}

/** The opening period holding the planned arrival (or the next); null for 24/7 or unstated hours. */
function openingPeriod(s: Candidate["hit"]["station"], arrivalMs: number) {
  const p = periodAt(s.openingTimes, zoneOf(s), arrivalMs);
  return { opening_time: p?.opening ?? null, closing_time: p?.closing ?? null };
}

function availableStation(hit: CorridorHit): ResultAvailableStation {
  const s = hit.station;
  return {
    id: s.poiId,
    name: s.name,
    address: s.address,
    latitude: s.lat,
    longitude: s.lon,
    power_available_kW: s.powerKW,
    truck_approved: s.truckApproved,
    amenities: s.amenities.length ? s.amenities.join(", ") : null,
    bookable: s.bookable,
    location_id: s.locationId,
    uses_company_vehicle_types: s.privateTo != null,
    operator: s.operator,
    connectors: s.connectors,
    connector_pos: s.connectorPos,
    ...stationFacts(s),
  };
}

/** What the plan assumed of the weather: the sections' extra energy summed, and in words. */
function weatherTotals(sections: PlanResult["sections"], chargeTemperatureC: number) {
  const ws = sections.map((s) => s.weather).filter((w): w is NonNullable<typeof w> => !!w);
  if (!ws.length) return null;
  const temps = ws.map((w) => w.ambient_temperature_c);
  const sources = [...new Set(ws.map((w) => w.source))];
  const lo = Math.min(...temps), hi = Math.max(...temps);
  const assumption = say("weather.assumption", {
    low_c: lo, high_c: hi, same: lo === hi ? "yes" : "no",
    sources_list: sources.map((s) => part(`weather.source.${s}` as MessageCode)),
  });
  return {
    extra_kWh: round1(ws.reduce((a, w) => a + w.extra_kWh, 0)),
    charging_temperature_c: Math.round(chargeTemperatureC * 10) / 10,
    sources,
    assumption: assumption.text,
    assumption_message: { code: assumption.code, values: assumption.values },
  };
}
