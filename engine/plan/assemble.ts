// Turns legs, stops and the timeline into the documented result sections.
import type { ResultPOISummary, ResultSection } from "../../contract/result";
import { encodePolyline } from "../network/polyline";
import type { Candidate } from "./candidates";
import type { ChargeStop } from "./charging-stops";
import type { Leg } from "./legs";
import { turnByTurn } from "../network/narrative";
import { roundCents, tollsForEdges, tollVehicle } from "../tolls/compute";
import type { RoadNetwork } from "../network/types";
import { ascentAt, descentAt, edgesBetween, energyAt, slice, timeAt, type RouteProfile } from "./profile";
import { ALTERNATIVE_WINDOW_M, CHARGE_STOP_OVERHEAD_MIN, MAX_ALTERNATIVES } from "./rules";
import type { PlanInput } from "./types";

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;
const iso = (ms: number) => new Date(Math.round(ms)).toISOString();
/** A not-drivable tour runs the battery "below empty" on paper; report empty. */
const socOut = (x: number) => round(Math.max(0, x), 4);

/** One stretch of driving: from the previous stop to the next stop or section end. */
interface Stretch {
  leg: number;
  fromM: number;
  toM: number;
  stop: ChargeStop | null;
  /** Detour driven on this stretch: out of the previous station and into the next. */
  detourM: number;
  detourKWh: number;
  detourMin: number;
}

export interface Timeline {
  sections: ResultSection[];
  /** Clock time (ms) at which the tour passes a global distance; for poi_arrival_time. */
  clockAt: (distM: number) => number;
  endSoc: number;
  arrivalMs: number;
  drivingMin: number;
  chargingMin: number;
  chargedKWh: number;
  energyKWh: number;
  distanceM: number;
}

function stretches(legs: Leg[], profile: RouteProfile, stops: ChargeStop[]): Stretch[] {
  const out: Stretch[] = [];
  let pendingOut: Candidate | null = null;
  legs.forEach((leg, k) => {
    let fromM = profile.legStartM[k];
    const legStops = stops.filter((s) => s.candidate.leg === k);
    for (const stop of [...legStops, null]) {
      const toM = stop ? stop.candidate.distM : profile.legStartM[k + 1];
      const into = stop?.candidate;
      const detour = [pendingOut, into].filter((c): c is Candidate => c != null);
      out.push({
        leg: k, fromM, toM, stop,
        detourM: detour.reduce((a, c) => a + c.hit.detourM / 2, 0),
        detourKWh: detour.reduce((a, c) => a + c.detourKWh / 2, 0),
        detourMin: detour.reduce((a, c) => a + c.detourMin / 2, 0),
      });
      pendingOut = into ?? null;
      fromM = toM;
    }
  });
  return out;
}

export function assembleSections(
  input: PlanInput, net: RoadNetwork, legs: Leg[], profile: RouteProfile, stops: ChargeStop[], candidates: Candidate[],
): Timeline {
  const cap = input.vehicle.usableBatteryKWh;
  let clock = input.departureMs + input.serviceTimeDepartureMin * 60_000;
  let soc = input.batteryLevelStart;
  let startPoint: [number, number] = profile.coords[0];
  let drivingMin = 0, chargingMin = 0, chargedKWh = 0, energyKWh = 0, distanceM = 0;
  const marks: { distM: number; clockMs: number; offsetS: number }[] = [];
  const sections: ResultSection[] = [];
  const all = stretches(legs, profile, stops);

  all.forEach((st, i) => {
    const leg = legs[st.leg];
    const roadKWh = energyAt(profile, st.toM, st.leg) - energyAt(profile, st.fromM, st.leg);
    const roadS = timeAt(profile, st.toM, st.leg) - timeAt(profile, st.fromM, st.leg);
    const kWh = roadKWh + st.detourKWh;
    const durationMin = roadS / 60 + st.detourMin;
    const lengthM = st.toM - st.fromM + st.detourM;
    marks.push({ distM: st.fromM, clockMs: clock, offsetS: timeAt(profile, st.fromM, st.leg) });
    const departSoc = soc;
    const arriveSoc = soc - kWh / cap;
    const arrival = clock + durationMin * 60_000;
    const coords = slice(profile, st.leg, st.fromM, st.toM);
    const endsLeg = st.stop === null;
    const isLast = i === all.length - 1;
    let stopPoint: [number, number] = coords[coords.length - 1];
    let summary: ResultPOISummary;
    let stopMin: number;

    if (st.stop) {
      const s = st.stop.candidate.hit.station;
      stopPoint = [s.lat, s.lon];
      stopMin = st.stop.chargeMin + CHARGE_STOP_OVERHEAD_MIN;
      summary = {
        id: s.poiId,
        name: s.name,
        address: s.address,
        coordinate_lat: s.lat,
        coordinate_lon: s.lon,
        amenities: s.amenities,
        energy_kWh: round(st.stop.energyKWh, 1),
        power_available_kW: round(st.stop.candidate.powerKW, 1),
        connector: st.stop.candidate.connector,
        operator: s.operator,
        charge_time_min: round(st.stop.chargeMin, 1),
        service_time_min: round(stopMin, 1),
        arrival_time: iso(arrival),
        departure_time: iso(arrival + stopMin * 60_000),
        additional_stops: false,
        bookable: s.bookable,
        location_id: s.locationId,
        start_soc: round(st.stop.arrivalSoc, 4),
        stop_soc: round(st.stop.departureSoc, 4),
        alternatives: alternatives(st.stop.candidate, candidates),
      };
      soc = st.stop.departureSoc;
      chargingMin += st.stop.chargeMin;
      chargedKWh += st.stop.energyKWh;
    } else {
      stopMin = isLast ? 0 : leg.section.serviceTimeMin ?? 0;
      summary = {
        name: isLast ? "Destination" : leg.section.sectionId ?? `Stop ${st.leg + 1}`,
        coordinate_lat: leg.section.stop[0],
        coordinate_lon: leg.section.stop[1],
        charge_time_min: 0,
        energy_kWh: 0,
        service_time_min: round(leg.section.serviceTimeMin ?? 0, 1),
        arrival_time: iso(arrival),
        start_soc: socOut(arriveSoc),
        stop_soc: socOut(arriveSoc),
      };
      if (!isLast) summary.departure_time = iso(arrival + stopMin * 60_000);
      soc = arriveSoc;
    }
    summary.sec_length_km = round(lengthM / 1000, 3);
    summary.sec_duration_min = round(durationMin, 1);
    summary.sec_energy_consumption_kWhkm = lengthM > 0 ? round(kWh / (lengthM / 1000), 4) : 0;

    sections.push({
      section_id: leg.section.sectionId ?? null,
      polyline: encodePolyline(coords),
      start_pos: [round(startPoint[0], 6), round(startPoint[1], 6), socOut(departSoc)],
      stop_pos: [round(stopPoint[0], 6), round(stopPoint[1], 6), socOut(arriveSoc)],
      payload_kg: leg.section.payloadKg,
      length_m: Math.round(lengthM),
      opening_time: endsLeg ? leg.section.openingTime ?? null : null,
      service_time_min: endsLeg ? leg.section.serviceTimeMin ?? null : null,
      power_available_kW: st.stop ? round(st.stop.candidate.powerKW, 1) : endsLeg ? leg.section.powerAvailableKW ?? null : null,
      ascent_m: Math.round(ascentAt(profile, st.toM, st.leg) - ascentAt(profile, st.fromM, st.leg)),
      descent_m: Math.round(descentAt(profile, st.toM, st.leg) - descentAt(profile, st.fromM, st.leg)),
      turnByTurnActions: turnByTurn(net, edgesBetween(profile, st.leg, st.fromM, st.toM)) as Record<string, unknown>[] | null,
      tolls: sectionTolls(net, edgesBetween(profile, st.leg, st.fromM, st.toM), input),
      poi_summary: summary,
    });
    drivingMin += durationMin;
    energyKWh += kWh;
    distanceM += lengthM;
    clock = arrival + (isLast ? 0 : stopMin * 60_000);
    startPoint = stopPoint;
  });

  const clockAt = (distM: number) => {
    let m = marks[0];
    for (const x of marks) if (x.distM <= distM) m = x;
    return m.clockMs + (timeAt(profile, distM) - m.offsetS) * 1000;
  };
  return { sections, clockAt, endSoc: soc, arrivalMs: clock, drivingMin, chargingMin, chargedKWh, energyKWh, distanceM };
}

/** Toll per system on this section's roads, for the vehicle on the departure date. */
function sectionTolls(net: RoadNetwork, edges: number[], input: PlanInput): Record<string, unknown>[] | null {
  if (!net.attributes) return null;
  const t = tollsForEdges(net, edges, tollVehicle(input.vehicle), new Date(input.departureMs));
  const known = t.perSystem.map((s) => ({ tollSystem: s.tollSystem, currency: s.currency, country: s.country, km: round(s.km, 1), total: roundCents(s.total) }));
  const unknown = t.unknown.map((u) => ({ tollSystem: u.tollSystem, currency: null, country: u.country, km: round(u.km, 1), total: null }));
  return known.length + unknown.length ? [...known, ...unknown] : null;
}

/** Other stations near a chosen stop that this vehicle could use instead. */
function alternatives(chosen: Candidate, candidates: Candidate[]) {
  return candidates
    .filter((c) => c !== chosen && c.hit.station.mapping !== chosen.hit.station.mapping)
    .filter((c) => Math.abs(c.distM - chosen.distM) <= ALTERNATIVE_WINDOW_M && c.powerKW >= 0.8 * chosen.powerKW)
    .sort((a, b) => Math.abs(a.distM - chosen.distM) - Math.abs(b.distM - chosen.distM))
    .slice(0, MAX_ALTERNATIVES)
    .map((c) => ({
      name: c.hit.station.name,
      address: c.hit.station.address,
      coordinate_lat: c.hit.station.lat,
      coordinate_lon: c.hit.station.lon,
      power_available_kW: c.powerKW,
      distance_from_route_m: Math.round(c.hit.offRouteM),
    }));
}
