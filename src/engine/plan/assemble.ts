// Turns the route and the optimizer's timeline (charging stops, breaks taken
// by the road, section ends) into the documented result sections. Times and
// states of charge at the events come from the optimizer; distances, energy,
// terrain, tolls and geometry between them from the route profile.
import type { ResultPOISummary, ResultSection } from "../../contract/result";
import type { BanPeriod } from "../bans/types";
import type { OptimizeInput, OptimizePlan, PlannedBanWait, PlannedBreak, PlannedStop, WaypointVisit } from "../charging/types";
import type { ChargeConnector } from "../vehicles/charging";
import { alternativesFor } from "./alternatives";
import { haversineM } from "../geo";
import { truckAccessOf } from "./truck-access";
import { turnByTurn } from "../network/narrative";
import { encodePolyline } from "../network/polyline";
import type { RoadNetwork } from "../network/types";
import { roundCents, tollsForEdges, tollVehicle } from "../tolls/compute";
import type { Candidate } from "./candidates";
import type { Leg } from "./legs";
import type { SectionCharger } from "./section-chargers";
import { ascentAt, descentAt, edgePiecesBetween, elevationAt, energyAt, legAt, slice, timeAt, type RouteProfile } from "./profile";
import { RESERVE_SOC } from "./rules";
import { capacityFacts } from "../stations/capacity";
import type { PlanInput } from "./types";
import { banReason, chargeStopReason, pauseReason, sectionEndReason } from "./stop-reasons";
import { banLabel } from "./driving-bans";
import { ambientOf } from "./weather";
import type { SectionWeather } from "./types";
import { stationZone, zoneOnRoad } from "../time/zones";
import type { LiveStatus } from "../stations/live-status";
import { liveStopFields } from "./live-stops";

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const floor1 = (x: number) => Math.floor(x * 10 + 1e-9) / 10;
const iso = (ms: number) => new Date(Math.round(ms)).toISOString();
/** A not-drivable tour runs the battery "below empty" on paper; report empty. */
const socOut = (x: number) => round(Math.max(0, x), 4);

type Event =
  | { kind: "charge"; distM: number; leg: number; stop: PlannedStop; candidate: Candidate }
  | { kind: "break"; distM: number; leg: number; pause: PlannedBreak }
  /** A wait for a driving ban by the road (or at the start): its own stop. */
  | { kind: "ban"; distM: number; leg: number; wait: PlannedBanWait }
  | { kind: "end"; distM: number; leg: number; visit: WaypointVisit | null };

export interface Timeline {
  sections: ResultSection[];
  /** Clock time (ms) at which the tour passes a global distance; for poi_arrival_time. */
  clockAt: (distM: number) => number;
  endSoc: number;
  /** Arrival at the destination; endMs: the end of its waiting and service, the tour's end. */
  arrivalMs: number;
  endMs: number;
  drivingMin: number;
  chargingMin: number;
  breakMin: number;
  waitMin: number;
  chargedKWh: number;
  energyKWh: number;
  distanceM: number;
  routeProfile: RouteProfileSamples;
  /** Where the state of charge first goes below the reserve (with findReserveCross); null when it never does or was not asked. */
  reserveCrossM: number | null;
  /** Per section, the route distance (cumulative from the start, detours left out) where it ends. */
  sectionEndM: number[];
}

/** SoC and ground elevation along the route (route distance, detours left out), for charts and colouring. */
export interface RouteProfileSamples {
  distance_m: number[];
  elevation_m: (number | null)[];
  soc: number[];
}

/** At most this many samples per tour; at least one per kilometre on short tours. */
const PROFILE_SAMPLES = 600;

/** Charging stops, roadside breaks and section ends in route order (a plan of null: driving only). */
function events(plan: OptimizePlan | null, candidates: Candidate[], profile: RouteProfile, legs: Leg[]): Event[] {
  const out: Event[] = legs.map((_, k) => ({ kind: "end" as const, distM: profile.legStartM[k + 1], leg: k, visit: plan?.waypoints[k] ?? null }));
  for (const stop of plan?.stops ?? []) {
    const candidate = candidates[stop.station];
    out.push({ kind: "charge", distM: candidate.distM, leg: candidate.leg, stop, candidate });
  }
  for (const pause of plan?.breaks ?? []) {
    // A ban wait that counts as the pause is the wait's stop.
    if (pause.at === "roadside" && !pause.banWait) out.push({ kind: "break", distM: pause.distM, leg: pauseLeg(profile, pause.distM), pause });
  }
  for (const wait of plan?.banWaits ?? []) {
    if (wait.at === "roadside" || wait.at === "start") out.push({ kind: "ban", distM: wait.distM, leg: pauseLeg(profile, wait.distM), wait });
  }
  const rank = { charge: 0, break: 1, ban: 1, end: 2 };
  return out.sort((a, b) => a.leg - b.leg || a.distM - b.distM || rank[a.kind] - rank[b.kind]);
}

/**
 * The leg of a roadside pause. One at a section end's distance falls due as the truck leaves it (a pause
 * due on arrival is taken there, not by the road), so it opens the next leg.
 */
function pauseLeg(profile: RouteProfile, distM: number): number {
  const k = legAt(profile, distM);
  return k + 2 < profile.legStartM.length && distM >= profile.legStartM[k + 1] ? k + 1 : k;
}

export function assembleSections(
  input: PlanInput, net: RoadNetwork, legs: Leg[], profile: RouteProfile, plan: OptimizePlan | null, candidates: Candidate[],
  request: OptimizeInput<ChargeConnector>, chargers: (SectionCharger | null)[] = [],
  /** A plan that runs out: find where its state of charge first goes below the reserve. */
  findReserveCross = false,
  /** The ban periods the plan's waits refer to (PlannedBanWait.refs). */
  bans: BanPeriod[] = [],
  /** Per section its weather, and the route's profile at 20 C still air (null: no section's weather differs). */
  weather: { legs: SectionWeather[]; reference: RouteProfile | null } | null = null,
  /** Live EVSE statuses: each charging stop at a site with a feed says its live status. */
  live?: LiveStatus,
): Timeline {
  const cap = input.vehicle.usableBatteryKWh;
  const start = input.departureMs + input.serviceTimeDepartureMin * 60_000;
  let clock = start;
  let soc = input.batteryLevelStart;
  let fromM = 0;
  let leg = 0;
  let outOf: Candidate | null = null;
  let startPoint: [number, number] = profile.coords[0];
  let drivingMin = 0, energyKWh = 0, distanceM = 0;
  let destinationMs = start;
  let reserveCrossM: number | null = null;
  const marks: { distM: number; clockMs: number; offsetS: number }[] = [];
  const sections: ResultSection[] = [];
  const all = events(plan, candidates, profile, legs);
  const samples: RouteProfileSamples = { distance_m: [], elevation_m: [], soc: [] };
  const step = Math.max(1000, profile.totalM / PROFILE_SAMPLES);
  const sample = (d: number, k: number, x: number) => {
    const z = elevationAt(profile, d, k);
    samples.distance_m.push(Math.round(d));
    samples.elevation_m.push(Number.isFinite(z) ? Math.round(z) : null);
    // Above full, recuperation is lost (the optimizer caps the SoC at its points; here at every sample).
    samples.soc.push(Math.min(1, socOut(x)));
  };

  all.forEach((ev, i) => {
    if (ev.leg !== leg) {
      leg = ev.leg;
      fromM = profile.legStartM[leg];
    }
    const section = legs[leg].section;
    const into = ev.kind === "charge" ? ev.candidate : null;
    const halves = [outOf, into].filter((c): c is Candidate => c !== null);
    const detourM = halves.reduce((a, c) => a + c.hit.detourM / 2, 0);
    const kWh = energyAt(profile, ev.distM, leg) - energyAt(profile, fromM, leg) + halves.reduce((a, c) => a + c.detourKWh / 2, 0);
    const durationMin = (timeAt(profile, ev.distM, leg) - timeAt(profile, fromM, leg)) / 60 + halves.reduce((a, c) => a + c.detourMin / 2, 0);
    const lengthM = ev.distM - fromM + detourM;
    marks.push({ distM: fromM, clockMs: clock, offsetS: timeAt(profile, fromM, leg) });
    const departSoc = soc;
    const outKWh = outOf ? outOf.detourKWh / 2 : 0;
    for (let d = fromM; d < ev.distM; d += step) sample(d, leg, departSoc - (energyAt(profile, d, leg) - energyAt(profile, fromM, leg) + outKWh) / cap);
    if (findReserveCross && reserveCrossM === null) reserveCrossM = firstBelow(profile, leg, fromM, ev.distM, departSoc - outKWh / cap, cap, RESERVE_SOC);
    const coords = slice(profile, leg, fromM, ev.distM);
    const isLast = i === all.length - 1;
    let stopPoint: [number, number] = coords[coords.length - 1];
    let arrival: number, departure: number, arriveSoc: number;
    let summary: ResultPOISummary;

    if (ev.kind === "charge") {
      const { stop, candidate } = ev;
      const s = candidate.hit.station;
      stopPoint = [s.lat, s.lon];
      arrival = stop.arrivalMs;
      departure = stop.departureMs;
      arriveSoc = stop.arrivalSoc;
      // A wait for a free point (live status) comes first; the overhead, then the charging, after it.
      const queue = stop.queueMin ?? 0;
      const plugged = arrival + (queue + request.overheadMin) * 60_000;
      summary = {
        id: s.poiId,
        name: s.name,
        address: s.address,
        coordinate_lat: s.lat,
        coordinate_lon: s.lon,
        amenities: s.amenities,
        energy_kWh: round(stop.energyKWh, 1),
        power_available_kW: round(candidate.powerKW, 1),
        power_estimated: s.powerEstimated === true,
        charge_points: s.points > 0 ? s.points : null,
        ...capacityFacts(s),
        connector: candidate.connector,
        operator: s.operator,
        side_of_road: candidate.side,
        ...truckAccessFields(s),
        charge_time_min: round(stop.chargeMin, 1),
        break_kind: stop.breakKind,
        break_min: round(stop.breakMin, 1),
        ...pauseAndChargeTimes(plan!.breaks.find((b) => b.at === "charger" && b.key === stop.key && !b.banWait), plugged, stop.chargeMin),
        ...banWaitAtStop(plan!, stop.banWaitMin, { at: "charger", index: stop.station }, plugged, departure, bans),
        ...(queue > 0 ? { charge_point_wait_min: round(queue, 1), wait_min: round(queue + (stop.banWaitMin ?? 0), 1) } : {}),
        ...liveStopFields(s, live),
        service_time_min: round(stop.dwellMin, 1),
        arrival_time: iso(arrival),
        departure_time: iso(departure),
        additional_stops: false,
        bookable: s.bookable,
        location_id: s.locationId,
        start_soc: socOut(stop.arrivalSoc),
        stop_soc: socOut(stop.departureSoc),
        alternatives: alternatives(stop, plan!, request, candidates),
        ...chargeStopReason(stop, plan!, request, input.objective ?? "fastest"),
      };
      soc = stop.departureSoc;
    } else if (ev.kind === "ban") {
      const { wait } = ev;
      arrival = wait.startMs;
      departure = wait.startMs + wait.minutes * 60_000;
      arriveSoc = soc - kWh / cap;
      const counts = wait.counts_as === "none" ? null : wait.counts_as;
      summary = {
        name: "Driving ban",
        coordinate_lat: round(stopPoint[0], 6),
        coordinate_lon: round(stopPoint[1], 6),
        break_kind: counts,
        // Rounded down: the stay is never shorter than the pause it reports.
        break_min: counts ? floor1(wait.minutes) : 0,
        ...(counts ? { break_start_time: iso(arrival), break_end_time: iso(departure) } : {}),
        charge_time_min: 0,
        energy_kWh: 0,
        service_time_min: round(wait.minutes, 1),
        wait_min: round(wait.minutes, 1),
        ...banFields(wait.minutes, wait.refs, departure, bans),
        arrival_time: iso(arrival),
        departure_time: iso(departure),
        start_soc: socOut(arriveSoc),
        stop_soc: socOut(arriveSoc),
      };
      Object.assign(summary, banReason(wait.minutes, summary.driving_ban?.label_message));
      soc = arriveSoc;
    } else if (ev.kind === "break") {
      const { pause } = ev;
      arrival = pause.startMs;
      departure = pause.startMs + pause.minutes * 60_000;
      arriveSoc = soc - kWh / cap;
      summary = {
        name: pause.kind === "rest" ? "Daily rest" : "Break",
        coordinate_lat: round(stopPoint[0], 6),
        coordinate_lon: round(stopPoint[1], 6),
        break_kind: pause.kind,
        break_min: pause.minutes,
        ...pauseAndChargeTimes(pause, null, 0),
        charge_time_min: 0,
        energy_kWh: 0,
        service_time_min: pause.minutes,
        arrival_time: iso(arrival),
        departure_time: iso(departure),
        start_soc: socOut(arriveSoc),
        stop_soc: socOut(arriveSoc),
        ...pauseReason(pause.kind, pause.minutes, "by_road"),
      };
      soc = arriveSoc;
    } else {
      const visit = ev.visit;
      arrival = visit?.arrivalMs ?? clock + durationMin * 60_000;
      // The destination too: waiting for its window and its service are part of the tour.
      departure = visit?.departureMs ?? arrival + (section.serviceTimeMin ?? 0) * 60_000;
      if (isLast) destinationMs = arrival;
      arriveSoc = visit?.soc ?? soc - kWh / cap;
      const breakHere = plan?.breaks.find((b) => b.at === "waypoint" && b.index === leg && !b.banWait);
      // Charging at the section end's charger overlaps the wait and the service.
      const charge = visit?.charge ?? null;
      const charger = charge ? chargers[leg] : null;
      summary = {
        name: isLast ? "Destination" : section.sectionId ?? `Stop ${leg + 1}`,
        coordinate_lat: section.stop[0],
        coordinate_lon: section.stop[1],
        charge_time_min: charge ? round(charge.chargeMin, 1) : 0,
        energy_kWh: charge ? round(charge.energyKWh, 1) : 0,
        ...(charge && charger
          ? { power_available_kW: round(charger.powerKW, 1), connector: charger.connector, charger_source: charger.source, ...(charger.station ? { operator: charger.station.operator } : {}) }
          : {}),
        service_time_min: round((departure - arrival) / 60_000, 1),
        wait_min: visit ? round(visit.waitMin + (charge?.extraMin ?? 0) + (visit.banWaitMin ?? 0), 1) : 0,
        late_min: visit ? round(visit.lateMin, 1) : 0,
        break_kind: breakHere?.kind ?? null,
        break_min: breakHere ? breakHere.minutes : 0,
        ...pauseAndChargeTimes(breakHere, charge ? arrival : null, charge?.chargeMin ?? 0),
        ...(visit && plan ? banWaitAtStop(plan, visit.banWaitMin, { at: "waypoint", index: leg }, departure - (visit.banWaitMin ?? 0) * 60_000, departure, bans, true) : {}),
        arrival_time: iso(arrival),
        start_soc: socOut(arriveSoc),
        stop_soc: socOut(charge ? charge.departureSoc : arriveSoc),
        ...sectionEndReason(isLast, charge !== null),
      };
      summary.departure_time = iso(departure);
      soc = charge ? charge.departureSoc : arriveSoc;
    }
    sample(ev.distM, leg, arriveSoc);
    if (ev.kind !== "break" && soc !== arriveSoc) sample(ev.distM, leg, soc);
    summary.sec_length_km = round(lengthM / 1000, 3);
    summary.sec_duration_min = round(durationMin, 1);
    summary.sec_energy_consumption_kWhkm = lengthM > 0 ? round(kWh / (lengthM / 1000), 4) : 0;
    const weatherHere = weather ? sectionWeatherResult(weather.legs[leg], () => {
      const ref = weather.reference;
      const route = ref ? energyAt(profile, ev.distM, leg) - energyAt(profile, fromM, leg) - (energyAt(ref, ev.distM, leg) - energyAt(ref, fromM, leg)) : 0;
      return route + halves.reduce((a, c) => a + (c.weatherKWh ?? 0) / 2, 0);
    }, into?.preconditioningKWh) : null;
    const pieces = edgePiecesBetween(profile, leg, fromM, ev.distM);
    const edges = pieces.edges;
    const endsLeg = ev.kind === "end";
    // The zone of the place the stop is at: a station's own, else by its point and country (the road's at a section end or break).
    summary.time_zone = ev.kind === "charge"
      ? stationZone(ev.candidate.hit.station)
      : zoneOnRoad(net, endsLeg ? legs[leg].to.edge : edges.at(-1), summary.coordinate_lat!, summary.coordinate_lon!);
    sections.push({
      // The request's id stays on the section that ends where its section ends; stops the plan inserted have none.
      section_id: endsLeg ? section.sectionId ?? null : null,
      inserted: !endsLeg,
      request_section: leg,
      polyline: encodePolyline(coords),
      start_pos: [round(startPoint[0], 6), round(startPoint[1], 6), socOut(departSoc)],
      stop_pos: [round(stopPoint[0], 6), round(stopPoint[1], 6), socOut(arriveSoc)],
      payload_kg: section.payloadKg,
      length_m: Math.round(lengthM),
      ascent_m: Math.round(ascentAt(profile, ev.distM, leg) - ascentAt(profile, fromM, leg)),
      descent_m: Math.round(descentAt(profile, ev.distM, leg) - descentAt(profile, fromM, leg)),
      opening_time: endsLeg ? section.openingTime ?? null : null,
      service_time_min: endsLeg ? section.serviceTimeMin ?? null : null,
      power_available_kW: ev.kind === "charge" ? round(ev.candidate.powerKW, 1) : endsLeg ? section.powerAvailableKW ?? null : null,
      turnByTurnActions: turnByTurn(net, edges, pieces.lengthsM) as Record<string, unknown>[] | null,
      tolls: sectionTolls(net, pieces, input),
      poi_summary: summary,
      ...(weatherHere ? { weather: weatherHere } : {}),
    });
    drivingMin += durationMin;
    energyKWh += kWh;
    distanceM += lengthM;
    clock = departure;
    fromM = ev.distM;
    startPoint = stopPoint;
    outOf = into;
  });

  const clockAt = (distM: number) => {
    let m = marks[0];
    for (const x of marks) if (x.distM <= distM) m = x;
    return m.clockMs + (timeAt(profile, distM) - m.offsetS) * 1000;
  };
  return {
    sections,
    clockAt,
    endSoc: soc,
    arrivalMs: destinationMs,
    endMs: clock,
    drivingMin,
    chargingMin: plan?.totals.chargingMin ?? 0,
    breakMin: plan?.totals.breakMin ?? 0,
    // Waiting for windows and for driving bans (each stop's wait_min).
    waitMin: (plan?.totals.waitMin ?? 0) + (plan?.totals.banWaitMin ?? 0),
    chargedKWh: plan?.totals.chargedKWh ?? 0,
    energyKWh,
    distanceM,
    routeProfile: samples,
    reserveCrossM,
    sectionEndM: all.map((ev) => ev.distM),
  };
}

/**
 * First route distance in leg k between fromM and toM where the state of
 * charge, `soc` at fromM and falling with the profile's energy, goes below the
 * reserve (linear between the profile's points, as route_profile is drawn); null when it does not.
 */
function firstBelow(p: RouteProfile, k: number, fromM: number, toM: number, soc: number, cap: number, reserve: number): number | null {
  if (soc < reserve) return fromM;
  const e0 = energyAt(p, fromM, k);
  let prevD = fromM, prevS = soc;
  const below = (d: number, energy: number) => {
    const x = soc - (energy - e0) / cap;
    if (x < reserve) return prevD + ((d - prevD) * (prevS - reserve)) / (prevS - x);
    prevD = d;
    prevS = x;
    return null;
  };
  // The profile's own points inside the stretch, then its end.
  for (let i = p.legStart[k]; i < p.legStart[k + 1] && p.distM[i] < toM; i++) {
    const hit = p.distM[i] > fromM ? below(p.distM[i], p.energyKWh[i]) : null;
    if (hit !== null) return hit;
  }
  return below(toM, energyAt(p, toM, k));
}

/** Toll per system on this section's roads, for the vehicle on the departure date. */
function sectionTolls(net: RoadNetwork, pieces: { edges: number[]; lengthsM: number[] }, input: PlanInput): Record<string, unknown>[] | null {
  if (!net.attributes) return null;
  const t = tollsForEdges(net, pieces.edges, tollVehicle(input.vehicle), new Date(input.departureMs), undefined, pieces.lengthsM);
  const known = t.perSystem.map((s) => ({ tollSystem: s.tollSystem, currency: s.currency, country: s.country, km: round(s.km, 1), total: roundCents(s.total) }));
  const unknown = t.unknown.map((u) => ({ tollSystem: u.tollSystem, currency: null, country: u.country, km: round(u.km, 1), total: null }));
  return known.length + unknown.length ? [...known, ...unknown] : null;
}

/**
 * When a stop's pause and its charging start and end, as the plan times them (the pause at a charger
 * starts after the stop's overhead, with the charging; at a section end on arrival, over the wait): the
 * timeline and the stop list read these, so they never disagree.
 */
function pauseAndChargeTimes(pause: PlannedBreak | undefined, chargeStartMs: number | null, chargeMin: number) {
  return {
    ...(pause ? { break_start_time: iso(pause.startMs), break_end_time: iso(pause.startMs + pause.minutes * 60_000) } : {}),
    ...(chargeStartMs !== null && chargeMin > 0 ? { charge_start_time: iso(chargeStartMs), charge_end_time: iso(chargeStartMs + chargeMin * 60_000) } : {}),
  };
}

/** What a stop says of a driving ban it waits for: how long, and the ban whose end it waits for. */
function banFields(minutes: number, refs: number[], endMs: number, bans: BanPeriod[]) {
  const periods = refs.map((r) => bans[r]).filter((p): p is BanPeriod => p !== undefined && p.startMs < endMs);
  const last = periods.reduce<BanPeriod | null>((a, p) => (!a || p.endMs > a.endMs ? p : a), null);
  return {
    driving_ban_wait_min: round(minutes, 1),
    ...(last ? { driving_ban: { rule: last.rule, country: last.country, label: last.label, label_message: banLabel(last), start_time: iso(last.startMs), end_time: iso(last.endMs), confidence: last.confidence } } : {}),
  };
}

/**
 * A charger's or section end's stay made longer for a driving ban: the ban's fields, and where the wait
 * counts as a pause the stop had not taken, that pause (from `pauseFromMs` to the departure).
 */
function banWaitAtStop(
  plan: OptimizePlan, minutes: number | undefined, place: { at: "charger" | "waypoint"; index: number }, pauseFromMs: number, departureMs: number, bans: BanPeriod[], wait = false,
) {
  if (!minutes) return {};
  const here = (x: { at: string; index?: number | null }) => x.at === place.at && x.index === place.index;
  const wt = (plan.banWaits ?? []).filter(here);
  const credit = plan.breaks.find((b) => b.banWait && here(b));
  const own = plan.breaks.find((b) => !b.banWait && here(b));
  // (A pause of the stop's own runs on through the wait already: the re-simulation made it so.)
  const pause = credit && !own
    ? { break_kind: credit.kind, break_min: floor1((departureMs - pauseFromMs) / 60_000), break_start_time: iso(pauseFromMs), break_end_time: iso(departureMs) }
    : {};
  return { ...pause, ...(wait ? {} : { wait_min: round(minutes, 1) }), ...banFields(minutes, wt.flatMap((w) => w.refs), departureMs, bans) };
}

/** A section's weather as the result gives it: its source, the road the physics assumed, what it added. */
function sectionWeatherResult(w: SectionWeather, extraKWh: () => number, preconditioningKWh: number | undefined) {
  const a = ambientOf(w);
  return {
    ambient_temperature_c: round(w.temperatureC, 1),
    source: w.source,
    confidence: w.confidence ?? null,
    wind_speed_ms: w.windSpeedMs ?? null,
    wind_from_deg: w.windFromDeg ?? null,
    precipitation_mm: w.precipitationMm ?? null,
    snowfall_cm: w.snowfallCm ?? null,
    road: a.snowRoad ? "snow" as const : a.wetRoad ? "wet" as const : "dry" as const,
    winter_tyres: a.winterTyres === true,
    note: w.note ?? null,
    extra_kWh: round(extraKWh(), 2),
    ...(preconditioningKWh ? { preconditioning_kWh: round(preconditioningKWh, 2) } : {}),
  };
}

/** A stop's truck access as the result says it (truck-access.ts). */
function truckAccessFields(s: Candidate["hit"]["station"]) {
  const a = truckAccessOf(s);
  return { truck_access: a.known ? "known" as const : "unknown" as const, truck_access_evidence: a.evidence };
}

/** An alternative's side of the road beside the chosen stop's, where both are known. */
const sideText = (side: Candidate["side"], stopSide: Candidate["side"]) =>
  side && stopSide ? `${side === stopSide ? "same" : "other"} side of the road` : null;

/**
 * Stations that could replace a chosen stop at a small extra time (alternatives.ts), each told apart from
 * the stop and from the others where a name repeats (a site across the motorway has the stop's name):
 * its side of the road, straight-line distance from the stop and address in `label`.
 */
function alternatives(stop: PlannedStop, plan: OptimizePlan, request: OptimizeInput<ChargeConnector>, candidates: Candidate[]) {
  const chosen = candidates[stop.station];
  const found = alternativesFor(stop, plan, request, candidates);
  const names = [chosen.hit.station.name, ...found.map((a) => a.candidate.hit.station.name)];
  return found.map((a) => {
    const s = a.candidate.hit.station;
    const apartM = Math.round(haversineM(s.lat, s.lon, chosen.hit.station.lat, chosen.hit.station.lon));
    const repeated = names.filter((n) => n === s.name).length > 1;
    return {
      id: s.poiId,
      name: s.name,
      label: repeated ? `${s.name} (${[sideText(a.candidate.side, chosen.side), `${apartM} m from the stop`, s.address].filter(Boolean).join(", ")})` : s.name,
      address: s.address,
      coordinate_lat: s.lat,
      coordinate_lon: s.lon,
      operator: s.operator,
      side_of_road: a.candidate.side,
      ...truckAccessFields(s),
      distance_to_stop_m: apartM,
      power_available_kW: round(a.candidate.powerKW, 1),
      connector: a.candidate.connector,
      detour_from_route: Math.round(a.candidate.hit.detourM),
      distance_from_stop_m: Math.round(a.candidate.distM - chosen.distM),
      energy_kWh: round(a.energyKWh, 1),
      charge_time_min: round(a.chargeMin, 1),
      start_soc: round(a.arrivalSoc, 4),
      stop_soc: round(a.departureSoc, 4),
      extra_time_min: round(Math.max(0, a.extraMin), 1),
    };
  });
}
